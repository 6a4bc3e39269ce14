// "CodeRAG: Go to Symbol in Workspace": a quick pick asking the language server's symbol index
// as the user types (coderag/symbols/search), and opening the chosen definition.
import * as vscode from 'vscode';
import { SYMBOL_SEARCH_REQUEST, type SymbolSearchHit, type SymbolSearchParams, type SymbolSearchResponse } from '../../lsp/protocol';
import type { ServerSession } from '../server-session';
import { emptyText, symbolItemText } from './symbol-items';

export const GO_TO_SYMBOL = 'coderag.goToSymbol';
// Light: a search takes milliseconds; this only folds keys typed in one burst into one request.
const DEBOUNCE_MS = 40;
const LIMIT = 50;

interface SymbolItem extends vscode.QuickPickItem {
  hit?: SymbolSearchHit;
}

/** `unavailable` says why the server cannot answer (untrusted, no folder, starting…). */
export function registerGoToSymbol(server: ServerSession, unavailable: () => string): vscode.Disposable {
  return vscode.commands.registerCommand(GO_TO_SYMBOL, () => showSymbolPick(server, unavailable));
}

function showSymbolPick(server: ServerSession, unavailable: () => string): void {
  const pick = vscode.window.createQuickPick<SymbolItem>();
  pick.title = 'CodeRAG: Go to Symbol in Workspace';
  pick.placeholder = 'A definition by name: a prefix, camelCase or snake_case words (procReq), Class.name, or a misspelling';
  let timer: NodeJS.Timeout | undefined;
  let inFlight: vscode.CancellationTokenSource | undefined;
  let asked = 0;

  const search = async (query: string) => {
    inFlight?.cancel();
    const mine = ++asked;
    if (!query.trim()) {
      pick.items = [];
      pick.busy = false;
      return;
    }
    inFlight = new vscode.CancellationTokenSource();
    pick.busy = true;
    let items: SymbolItem[];
    try {
      const params: SymbolSearchParams = { query, limit: LIMIT };
      const r = await server.send<SymbolSearchResponse>(SYMBOL_SEARCH_REQUEST, params, inFlight.token);
      const manyFolders = (vscode.workspace.workspaceFolders?.length ?? 0) > 1;
      // alwaysShow: the server has matched already (typos included); the quick pick's own
      // label filter would hide every fuzzy match.
      items = r.hits.length ? r.hits.map((hit) => ({ ...symbolItemText(hit, manyFolders), alwaysShow: true, hit })) : [{ label: emptyText(query, r.unavailable), alwaysShow: true }];
    } catch (err) {
      if (mine !== asked) return;
      const why = server.phase === 'running' ? `symbol search failed: ${(err as Error).message}` : unavailable();
      items = [{ label: `$(warning) ${why}`, alwaysShow: true }];
    }
    if (mine !== asked) return;
    pick.items = items;
    pick.busy = false;
  };

  pick.onDidChangeValue((value) => {
    clearTimeout(timer);
    timer = setTimeout(() => void search(value), DEBOUNCE_MS);
  });
  pick.onDidAccept(() => {
    const hit = pick.selectedItems[0]?.hit;
    if (!hit) return;
    pick.hide();
    void openDefinition(hit);
  });
  pick.onDidHide(() => {
    clearTimeout(timer);
    inFlight?.cancel();
    pick.dispose();
  });
  pick.show();
}

/** Opens the file with the cursor on the definition's name, its lines in view. */
async function openDefinition(hit: SymbolSearchHit): Promise<void> {
  try {
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(hit.file));
    const first = Math.min(hit.line - 1, doc.lineCount - 1);
    const last = Math.min(Math.max(hit.endLine - 1, first), doc.lineCount - 1);
    const at = doc.lineAt(first).text.indexOf(hit.name);
    const name = at < 0 ? new vscode.Range(first, 0, first, 0) : new vscode.Range(first, at, first, at + hit.name.length);
    const editor = await vscode.window.showTextDocument(doc, { selection: name });
    editor.revealRange(new vscode.Range(first, 0, last, doc.lineAt(last).text.length), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  } catch (err) {
    void vscode.window.showErrorMessage(`CodeRAG: cannot open ${hit.path}:${hit.line} (${(err as Error).message}); the index may be behind the file: it catches up on the next change.`);
  }
}
