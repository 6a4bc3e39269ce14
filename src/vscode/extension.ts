// The CodeRAG extension. It runs in the editor's extension host, which every extension shares:
// it never parses, embeds, walks files or opens LanceDB here. All of that happens in the language
// server child (src/lsp); this side starts it, shows its state and forwards commands.
import * as vscode from 'vscode';
import type { ServerStatus } from '../lsp/protocol';
import { registerChat } from './chat/register';
import { type ClientPhase, statusSentence } from './describe';
import { cancelIndexing, registerLiveCommands } from './live/commands';
import { IndexProgress } from './live/index-progress';
import { registerGodot } from './godot/feature';
import { ServerSession } from './server-session';
import { ASK, askQuery, SIDEBAR_VIEW, SidebarProvider } from './sidebar-provider';
import { StatusBar } from './status-bar';
import { registerGoToSymbol } from './symbols/go-to-symbol';
import { registerRepoMap } from './repomap/register';
import { EXPLAIN_COMMAND, ExplainPanel } from './explain/panel';

const SHOW_STATUS = 'coderag.showStatus';
/** Hidden from the palette: the status as data, for tests and other extensions. */
const STATUS_DATA = 'coderag.internal.status';

let session: ServerSession | undefined;

export function activate(context: vscode.ExtensionContext): void {
  const started = performance.now();
  const output = vscode.window.createOutputChannel('CodeRAG', { log: true });
  const bar = new StatusBar(SHOW_STATUS);
  const show = (phase: ClientPhase, status?: ServerStatus) => {
    bar.show(phase, status);
    sidebar.show(phase, status);
    progress.show(phase, status);
    repoMap?.onStatus(phase, status);
  };
  const progress = new IndexProgress(() => cancelIndexing(server));
  const server = new ServerSession(context, output, show);
  const sidebar = new SidebarProvider(context.extensionUri, server);
  session = server;
  const repoMap = registerRepoMap(context, server);
  const explain = new ExplainPanel(context.extensionUri, server);
  context.subscriptions.push(explain, vscode.commands.registerCommand(EXPLAIN_COMMAND, () => explain.explainAtCursor()));
  let activationMs = 0;

  const currentPhase = (): ClientPhase => (!vscode.workspace.isTrusted ? 'untrusted' : !vscode.workspace.workspaceFolders?.length ? 'no-folder' : server.phase);
  context.subscriptions.push(
    output,
    bar,
    server,
    sidebar,
    progress,
    ...registerLiveCommands(server, output),
    vscode.window.registerWebviewViewProvider(SIDEBAR_VIEW, sidebar),
    vscode.commands.registerCommand(ASK, () => sidebar.focus(askQuery(vscode.window.activeTextEditor))),
    registerChat(context, server),
    vscode.commands.registerCommand(SHOW_STATUS, async () => {
      const phase = currentPhase();
      const status = phase === 'running' ? await server.request() : undefined;
      output.info(`status: ${JSON.stringify(status ?? { phase })}; activated in ${activationMs.toFixed(1)} ms`);
      // With an action the toast shows its whole text (a plain one is cut to one line).
      const text = `${statusSentence(phase, status)} Activated in ${activationMs.toFixed(1)} ms.`;
      void vscode.window.showInformationMessage(text, 'Open Log').then((pick) => pick && output.show());
      return status;
    }),
    registerGoToSymbol(server, () => statusSentence(currentPhase(), server.status)),
    vscode.commands.registerCommand(STATUS_DATA, async () => ({
      phase: currentPhase(),
      trusted: vscode.workspace.isTrusted,
      activationMs,
      status: currentPhase() === 'running' ? await server.request() : server.status,
    })),
  );

  registerGodot(context, () => server.languageClient, output);

  // Restricted mode: nothing is read until the user trusts the workspace (package.json declares
  // untrustedWorkspaces "limited" so the view can say why).
  const begin = () => {
    if (!vscode.workspace.workspaceFolders?.length) return show('no-folder');
    void server.start();
  };
  if (vscode.workspace.isTrusted) begin();
  else {
    show('untrusted');
    context.subscriptions.push(vscode.workspace.onDidGrantWorkspaceTrust(begin));
  }

  activationMs = performance.now() - started;
  output.info(`activated in ${activationMs.toFixed(1)} ms (server starts in the background)`);
}

export function deactivate(): Promise<void> | undefined {
  return session?.dispose();
}
