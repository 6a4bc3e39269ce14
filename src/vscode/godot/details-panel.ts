// "CodeRAG: Show Godot Migration Details": a panel beside the editor that follows the cursor and
// shows what the analysis did with the fragment under it (asked of the language server; nothing is
// analyzed here). The page is dist/godot-details.js under the sidebar's CSP.
import * as vscode from 'vscode';
import { GODOT_FRAGMENT_REQUEST, type GodotFragmentAnswer } from '../../lsp/protocol';
import { createNonce } from '../webview-shell';
import { type ClientSource, request } from './client';
import { detailsPage } from './details-page';
import type { DetailsMessage } from './messages';

const FOLLOW_MS = 150;

export class DetailsPanel implements vscode.Disposable {
  private static current?: DetailsPanel;
  private readonly subscriptions: vscode.Disposable[] = [];
  private timer?: NodeJS.Timeout;
  private last?: DetailsMessage;
  /** Only the newest request's answer is shown. */
  private asked = 0;
  private target?: { uri: vscode.Uri; line: number };

  static show(context: vscode.ExtensionContext, client: ClientSource): void {
    if (DetailsPanel.current) {
      DetailsPanel.current.panel.reveal(vscode.ViewColumn.Beside, true);
      DetailsPanel.current.follow();
      return;
    }
    DetailsPanel.current = new DetailsPanel(context, client);
  }

  private readonly panel: vscode.WebviewPanel;

  private constructor(
    context: vscode.ExtensionContext,
    private readonly client: ClientSource,
  ) {
    const dist = vscode.Uri.joinPath(context.extensionUri, 'dist');
    this.panel = vscode.window.createWebviewPanel('coderag.godotDetails', 'Godot Migration Details', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, { enableScripts: true, localResourceRoots: [dist] });
    this.panel.iconPath = new vscode.ThemeIcon('debug-alt');
    const uri = (file: string) => this.panel.webview.asWebviewUri(vscode.Uri.joinPath(dist, file)).toString();
    this.panel.webview.html = detailsPage({
      cspSource: this.panel.webview.cspSource,
      nonce: createNonce(),
      scriptUri: uri('godot-details.js'),
      styleUris: [uri('codicon.css'), uri('godot-details.css')],
      codiconFontUri: uri('codicon.ttf'),
    });
    this.subscriptions.push(
      this.panel.webview.onDidReceiveMessage((m: { type?: string }) => {
        if (m?.type === 'ready' && this.last) void this.panel.webview.postMessage(this.last);
      }),
      vscode.window.onDidChangeTextEditorSelection((e) => e.textEditor === vscode.window.activeTextEditor && this.follow()),
      vscode.window.onDidChangeActiveTextEditor(() => this.follow()),
      // A new analysis (an edit, a fix) changes what the fragment holds.
      vscode.languages.onDidChangeDiagnostics((e) => this.target && e.uris.some((u) => u.toString() === this.target!.uri.toString()) && this.follow(true)),
    );
    this.panel.onDidDispose(() => this.dispose());
    this.follow();
  }

  /** Asks for the fragment at the active editor's cursor, once the cursor rests. */
  private follow(force = false): void {
    const editor = vscode.window.activeTextEditor;
    // Focus in the panel itself leaves no active editor: keep showing the last one.
    if (!editor || editor.document.uri.scheme !== 'file') return;
    const target = { uri: editor.document.uri, line: editor.selection.active.line };
    if (!force && this.target && this.target.uri.toString() === target.uri.toString() && this.target.line === target.line) return;
    this.target = target;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.ask(target, vscode.workspace.asRelativePath(editor.document.uri)), FOLLOW_MS);
  }

  private async ask(target: { uri: vscode.Uri; line: number }, label: string): Promise<void> {
    const id = ++this.asked;
    let message: DetailsMessage;
    try {
      const answer = await request<GodotFragmentAnswer>(this.client, GODOT_FRAGMENT_REQUEST, { uri: target.uri.toString(), line: target.line });
      message = { type: 'details', file: label, line: target.line + 1, answer };
    } catch (err) {
      message = { type: 'details', file: label, line: target.line + 1, answer: { found: false, reason: `The analysis failed: ${(err as Error).message}` } };
    }
    if (id !== this.asked) return;
    this.last = message;
    void this.panel.webview.postMessage(message);
  }

  dispose(): void {
    DetailsPanel.current = undefined;
    clearTimeout(this.timer);
    for (const s of this.subscriptions) s.dispose();
  }
}
