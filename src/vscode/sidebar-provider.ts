// "Ask the codebase": the host side of the sidebar webview. It serves the page (src/vscode/sidebar),
// turns the view's searches into coderag/search requests to the language server, posts the results,
// then an answer when a chat model is available, and opens what the user picks. Messages from the
// view are untrusted (the view shows text from the workspace): each is checked before use.
import * as vscode from 'vscode';
import { SEARCH_FILTERS_REQUEST, SEARCH_REQUEST, type SearchFilterChoices, type SearchParams, type SearchResponse, type ServerStatus } from '../lsp/protocol';
import { answer } from './answer/answerer';
import type { ClientPhase } from './describe';
import { lineRange, relativeSegments, selectionOf } from './open-location';
import { type HostFolder, resultsMessage, statusMessage } from './sidebar-messages';
import { sidebarPage } from './sidebar/page';
import { createNonce } from './webview-shell';
import type { HostMessage, SearchFilters, StatusMessage, ViewMessage } from './sidebar/protocol';

export const SIDEBAR_VIEW = 'coderag.sidebar';
/** Command: focus the view's query box; with a selection in the editor, search for it. */
export const ASK = 'coderag.ask';

/** The editor's selection when it is a phrase worth searching for (one line, not too long). */
export function askQuery(editor: vscode.TextEditor | undefined): string | undefined {
  const text = editor && !editor.selection.isEmpty ? editor.document.getText(editor.selection).trim() : '';
  return text && !text.includes('\n') && text.length <= 200 ? text : undefined;
}
/** Results per search: enough to scan, few enough to render at once. */
const LIMIT = 30;
/** Files per file-view search: each brings up to three chunks, so about as many rows as LIMIT. */
const FILE_LIMIT = 12;

/** The server as the sidebar uses it (ServerSession). */
export interface SearchServer {
  readonly phase: ClientPhase;
  send<R>(method: string, params?: unknown, token?: vscode.CancellationToken): Promise<R>;
}

/** One query's messages, kept so a view shown again (and so reloaded) gets them back. */
interface QueryRecord {
  queryId: number;
  sent: HostMessage[];
}

export class SidebarProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  private view?: vscode.WebviewView;
  private status: StatusMessage = { type: 'status', state: 'starting' };
  private choices?: SearchFilterChoices;
  private running?: { queryId: number; cts: vscode.CancellationTokenSource };
  private last?: QueryRecord;
  private readonly disposables: vscode.Disposable[] = [];
  /** The loaded page said `ready`: messages reach it. */
  private viewReady = false;
  /** A focus asked for before the page was ready, delivered on `ready`. */
  private pendingFocus?: HostMessage;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly server: SearchServer,
  ) {
    this.disposables.push(vscode.workspace.onDidChangeWorkspaceFolders(() => this.postInit()));
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    this.viewReady = false;
    const dist = vscode.Uri.joinPath(this.extensionUri, 'dist');
    view.webview.options = { enableScripts: true, localResourceRoots: [dist] };
    const uri = (file: string) => view.webview.asWebviewUri(vscode.Uri.joinPath(dist, file)).toString();
    view.webview.html = sidebarPage({
      cspSource: view.webview.cspSource,
      nonce: createNonce(),
      scriptUri: uri('sidebar.js'),
      styleUris: [uri('codicon.css'), uri('sidebar.css')],
      codiconFontUri: uri('codicon.ttf'),
    });
    const sub = view.webview.onDidReceiveMessage((m: unknown) => void this.onMessage(m));
    view.onDidDispose(() => {
      sub.dispose();
      if (this.view === view) this.view = undefined;
    });
  }

  /** The index's state (the ServerSession's listener); the filter choices once the server runs. */
  show(phase: ClientPhase, status?: ServerStatus): void {
    this.status = statusMessage(phase, status);
    this.send(this.status);
    if (phase === 'running' && !this.choices) void this.fetchChoices();
  }

  /** "CodeRAG: Ask the Codebase": the view shown, the caret in its query box (with `query` filled in and run, if given). */
  async focus(query?: string): Promise<void> {
    const m: HostMessage = { type: 'focus', ...(query ? { query, run: true } : {}) };
    await vscode.commands.executeCommand(`${SIDEBAR_VIEW}.focus`);
    if (this.view && this.viewReady) this.send(m);
    else this.pendingFocus = m;
  }

  private async fetchChoices(): Promise<void> {
    try {
      this.choices = await this.server.send<SearchFilterChoices>(SEARCH_FILTERS_REQUEST);
      this.postInit();
    } catch {
      /* the view keeps its own lists; asked again on the next status */
    }
  }

  private send(m: HostMessage): void {
    void this.view?.webview.postMessage(m);
  }

  /** Sent and kept for the query it belongs to; a streamed answer is kept as one growing chunk. */
  private post(record: QueryRecord, m: HostMessage): void {
    const prev = record.sent[record.sent.length - 1];
    if (m.type === 'answerChunk' && prev?.type === 'answerChunk') record.sent[record.sent.length - 1] = { ...prev, text: prev.text + m.text };
    else record.sent.push(m);
    this.send(m);
  }

  private folders(): HostFolder[] {
    return (vscode.workspace.workspaceFolders ?? []).map((f) => ({ uri: f.uri.toString(), name: f.name, fsPath: f.uri.fsPath }));
  }

  private postInit(): void {
    const folders = this.folders().map(({ uri, name }) => ({ uri, name }));
    this.send({ type: 'init', folders, ...(this.choices ? { languages: this.choices.languages, kinds: this.choices.kinds } : {}) });
  }

  private async onMessage(raw: unknown): Promise<void> {
    if (!raw || typeof raw !== 'object' || typeof (raw as { type?: unknown }).type !== 'string') return;
    const m = raw as ViewMessage;
    switch (m.type) {
      case 'ready':
        this.viewReady = true;
        this.postInit();
        this.send(this.status);
        if (this.last && m.lastQueryId === this.last.queryId) for (const sent of this.last.sent) this.send(sent);
        if (this.pendingFocus) this.send(this.pendingFocus);
        this.pendingFocus = undefined;
        return;
      case 'search':
        return this.search(m.queryId, m.query, m.filters, m.groupBy === 'file');
      case 'cancel':
        if (this.running?.queryId === m.queryId) this.running.cts.cancel();
        return;
      case 'open':
        return this.open(m.folder, m.path, m.startLine, m.endLine, m.side === true, m.preserveFocus === true);
      case 'copy':
        if (typeof m.text === 'string') await vscode.env.clipboard.writeText(m.text.slice(0, 1_000_000));
        return;
    }
  }

  private async search(queryId: unknown, query: unknown, filters: Partial<SearchFilters> | undefined, byFile: boolean): Promise<void> {
    if (typeof queryId !== 'number' || typeof query !== 'string' || !query.trim()) return;
    // A new query stops the last one's search and answer.
    this.running?.cts.cancel();
    const cts = new vscode.CancellationTokenSource();
    this.running = { queryId, cts };
    const record: QueryRecord = { queryId, sent: [] };
    this.last = record;
    const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
    const params: SearchParams = {
      query,
      limit: byFile ? FILE_LIMIT : LIMIT,
      languages: strings(filters?.languages),
      kinds: strings(filters?.kinds),
      path: typeof filters?.path === 'string' ? filters.path : '',
      ...(byFile ? { groupBy: 'file' as const } : {}),
    };
    const t0 = performance.now();
    try {
      let res: SearchResponse;
      try {
        res = await this.server.send<SearchResponse>(SEARCH_REQUEST, params, cts.token);
      } catch (err) {
        if (!cts.token.isCancellationRequested) this.post(record, { type: 'error', queryId, message: this.searchError(err) });
        return;
      }
      if (cts.token.isCancellationRequested) return;
      const results = resultsMessage(queryId, query, res, this.folders(), performance.now() - t0);
      this.post(record, results);
      await answer({ queryId, question: query, results, token: cts.token, post: (msg) => this.post(record, msg) });
    } finally {
      if (this.running?.cts === cts) this.running = undefined;
      cts.dispose();
    }
  }

  private searchError(err: unknown): string {
    if (this.server.phase !== 'running') return `CodeRAG cannot search now: ${this.status.message ?? 'its index is starting'}`;
    return (err as Error)?.message ?? String(err);
  }

  /** Opens a result with its lines selected, only inside a workspace folder. */
  private async open(folderUri: unknown, path: unknown, startLine: unknown, endLine: unknown, side: boolean, preserveFocus: boolean): Promise<void> {
    const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.toString() === folderUri);
    const segments = relativeSegments(path);
    const range = lineRange(startLine, endLine);
    if (!folder || !segments || !range) {
      this.send({ type: 'error', message: `Not opened: ${JSON.stringify(path)} is not a file inside a workspace folder.` });
      return;
    }
    try {
      const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, ...segments));
      const s = selectionOf(range, doc.lineCount, (line) => doc.lineAt(line).text.length);
      await vscode.window.showTextDocument(doc, {
        selection: new vscode.Range(s.startLine, s.startCharacter, s.endLine, s.endCharacter),
        viewColumn: side ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active,
        preserveFocus,
        preview: true,
      });
    } catch (err) {
      this.send({ type: 'error', message: `Could not open ${segments.join('/')}: ${(err as Error).message}` });
    }
  }

  dispose(): void {
    this.running?.cts.cancel();
    for (const d of this.disposables) d.dispose();
  }
}
