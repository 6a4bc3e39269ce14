// "CodeRAG: Explain This Symbol": asks the server for the evidence about the symbol under the
// cursor, shows it in a webview panel, and on top either a language model's streamed explanation
// citing the evidence ([n] links to the ranges) or, without a model, a structured summary.
import { createNonce } from '../webview-shell';
import * as vscode from 'vscode';
import { EXPLAIN_REQUEST, type EvidenceRange, type ExplainParams, type ExplainResponse } from '../../lsp/protocol';
import { revealLines } from '../reveal';
import type { ServerSession } from '../server-session';
import { explainPrompt, numberSources, type Source, splitCitations } from './evidence';
import { explainPage } from './page';
import { panelModel } from './view-model';

export const EXPLAIN_COMMAND = 'coderag.explainSymbol';

/** The evidence for a position, from the server (the chat's /explain can call this too). */
export function requestEvidence(server: ServerSession, params: ExplainParams, token?: vscode.CancellationToken): Promise<ExplainResponse> {
  return server.send<ExplainResponse>(EXPLAIN_REQUEST, params, token);
}

/** The chat model to use: the first vscode.lm offers (Copilot's GPT-4o family first when present). */
export async function chooseModel(): Promise<vscode.LanguageModelChat | undefined> {
  const models = await vscode.lm.selectChatModels();
  const copilot = models.filter((m) => m.vendor === 'copilot');
  return copilot.find((m) => m.family === 'gpt-4o') ?? copilot[0] ?? models[0];
}

export class ExplainPanel implements vscode.Disposable {
  private panel?: vscode.WebviewPanel;
  private ready = false;
  private queue: unknown[] = [];
  private links: EvidenceRange[] = [];
  private run?: vscode.CancellationTokenSource;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly server: ServerSession,
  ) {}

  async explainAtCursor(): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document.uri.scheme !== 'file') {
      return void vscode.window.showWarningMessage('CodeRAG: Explain This Symbol needs a file open in the editor with the cursor on a symbol.');
    }
    const pos = editor.selection.active;
    const word = editor.document.getText(editor.document.getWordRangeAtPosition(pos)) || `line ${pos.line + 1}`;
    this.run?.cancel();
    const run = (this.run = new vscode.CancellationTokenSource());
    this.show(word);
    this.post({ type: 'loading', title: `Explain: ${word}` });
    if (this.server.phase !== 'running') {
      return this.post({ type: 'error', final: true, text: 'The CodeRAG index server is not running yet, so there is no evidence to show. Wait for the status bar to say the files are indexed, then try again.' });
    }
    let ev: ExplainResponse;
    try {
      ev = await requestEvidence(this.server, { file: editor.document.uri.fsPath, line: pos.line + 1, column: pos.character }, run.token);
    } catch (err) {
      return this.post({ type: 'error', final: true, text: `Could not gather the evidence: ${(err as Error).message}` });
    }
    if (run.token.isCancellationRequested) return;
    const sources = numberSources(ev);
    const model = panelModel(ev, sources);
    this.links = model.links;
    this.post({ type: 'evidence', model });
    if (!ev.definition && !ev.references.length) return this.post({ type: 'summary', reason: ev.notFound ?? 'Nothing found in the index.' });
    await this.answer(ev, sources, run.token);
  }

  /** The model's explanation, streamed; without a model (or when it fails) the summary. */
  private async answer(ev: ExplainResponse, sources: Source[], token: vscode.CancellationToken): Promise<void> {
    const enabled = vscode.workspace.getConfiguration('coderag').get<boolean>('languageModel.enabled', true);
    if (!enabled) return this.post({ type: 'summary', reason: 'Language-model explanations are off (setting coderag.languageModel.enabled): a summary from the index.' });
    let chat: vscode.LanguageModelChat | undefined;
    try {
      chat = await chooseModel();
    } catch {
      chat = undefined;
    }
    if (!chat) return this.post({ type: 'summary', reason: 'No language model is available (a chat model provider such as GitHub Copilot adds explanations): a summary from the index.' });
    const linkOf = (n: number) => {
      const s = sources[n - 1];
      return this.links.findIndex((l) => l.path === s.path && l.startLine === s.startLine && l.endLine === s.endLine);
    };
    let text = '';
    const segments = () => splitCitations(text, sources.length).map((s) => ('cite' in s ? { cite: s.cite, link: linkOf(s.cite) } : s));
    this.post({ type: 'answerStart', model: chat.name });
    try {
      const messages = [vscode.LanguageModelChatMessage.User(explainPrompt(ev, sources))];
      const response = await chat.sendRequest(messages, { justification: 'CodeRAG explains the symbol under the cursor from the code it retrieved.' }, token);
      for await (const chunk of response.text) {
        if (token.isCancellationRequested) return;
        text += chunk;
        this.post({ type: 'answer', segments: segments() });
      }
      if (!text.trim()) throw new Error('the model returned an empty reply');
      this.post({ type: 'answer', segments: segments(), done: true });
    } catch (err) {
      if (token.isCancellationRequested) return;
      this.post({ type: 'error', text: `${chat.name} could not explain it (${(err as Error).message}): a summary from the index instead.` });
      this.post({ type: 'summary', reason: 'The language model failed: a summary from the index.' });
    }
  }

  private show(word: string): void {
    if (this.panel) {
      this.panel.title = `Explain: ${word}`;
      this.panel.reveal(vscode.ViewColumn.Beside, true);
      return;
    }
    const media = vscode.Uri.joinPath(this.extensionUri, 'media');
    const panel = vscode.window.createWebviewPanel('coderag.explain', `Explain: ${word}`, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
      enableScripts: true,
      localResourceRoots: [media],
      retainContextWhenHidden: true,
    });
    this.panel = panel;
    this.ready = false;
    panel.webview.html = explainPage({
      cspSource: panel.webview.cspSource,
      nonce: createNonce(),
      scriptUri: panel.webview.asWebviewUri(vscode.Uri.joinPath(media, 'explain.js')).toString(),
      styleUri: panel.webview.asWebviewUri(vscode.Uri.joinPath(media, 'explain.css')).toString(),
    });
    panel.webview.onDidReceiveMessage((m: { type?: string; link?: unknown }) => {
      if (m?.type === 'ready') {
        this.ready = true;
        this.queue.splice(0).forEach((q) => void panel.webview.postMessage(q));
      } else if (m?.type === 'open') {
        // The page renders workspace text: its messages are untrusted, so only a link we made opens.
        const target = typeof m.link === 'number' ? this.links[m.link] : undefined;
        if (target) void revealLines(target.file, target.startLine, target.endLine).catch((err) => vscode.window.showErrorMessage(`CodeRAG: cannot open ${target.path}: ${(err as Error).message}`));
      }
    });
    panel.onDidDispose(() => {
      this.run?.cancel();
      this.panel = undefined;
      this.queue = [];
    });
  }

  private post(message: unknown): void {
    if (!this.panel) return;
    if (this.ready) void this.panel.webview.postMessage(message);
    else this.queue.push(message);
  }

  dispose(): void {
    this.run?.cancel();
    this.panel?.dispose();
  }
}
