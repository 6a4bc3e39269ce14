// The Godot migration feature on the extension's side: two commands, the setting and the editor's
// file watcher forwarded to the language server, where the analysis runs (diagnostics and code
// actions come from there through LSP itself). Nothing is analyzed in the extension host.
import * as vscode from 'vscode';
import { GODOT_FILES_NOTIFICATION, GODOT_SETTINGS_NOTIFICATION } from '../../lsp/protocol';
import { type ClientSource, notify } from './client';
import { DetailsPanel } from './details-panel';
import { GODOT_FILE_GLOB } from './selector';
import { showVerdict } from './verdict';

export const ANALYZE_COMMAND = 'coderag.godot.analyze';
export const DETAILS_COMMAND = 'coderag.godot.showDetails';
/** Disk changes are sent in batches: a branch switch is one message. */
const BATCH_MS = 200;

export function registerGodot(context: vscode.ExtensionContext, client: ClientSource, output: vscode.LogOutputChannel): void {
  // The editor's own watcher (no second recursive watcher): files changed outside the editor.
  const watcher = vscode.workspace.createFileSystemWatcher(GODOT_FILE_GLOB);
  const changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const queue = (uri: vscode.Uri) => {
    changed.add(uri.toString());
    clearTimeout(timer);
    timer = setTimeout(() => {
      notify(client, GODOT_FILES_NOTIFICATION, { uris: [...changed] });
      changed.clear();
    }, BATCH_MS);
  };
  context.subscriptions.push(
    watcher,
    watcher.onDidCreate(queue),
    watcher.onDidChange(queue),
    watcher.onDidDelete(queue),
    { dispose: () => clearTimeout(timer) },
    vscode.workspace.onDidChangeConfiguration((e) => (e.affectsConfiguration('coderag.godot') || e.affectsConfiguration('coderag.languageModel')) && notify(client, GODOT_SETTINGS_NOTIFICATION, {})),
    // A model that appears may answer what found none (the server asks again only when its model pass is on).
    vscode.lm.onDidChangeChatModels(() => notify(client, GODOT_SETTINGS_NOTIFICATION, {})),
    vscode.commands.registerCommand(ANALYZE_COMMAND, () => showVerdict(client, output)),
    vscode.commands.registerCommand(DETAILS_COMMAND, () => DetailsPanel.show(context, client)),
  );
}
