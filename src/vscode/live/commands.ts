// The live index's commands: Reindex, Pause/Resume, Clear Index, Show Skipped Files, Show Index
// Log, and a hidden search for tests and other extensions. Each one is a request to the server.
import * as vscode from 'vscode';
import { CANCEL_REQUEST, CLEAR_REQUEST, type FolderParams, PAUSE_REQUEST, REINDEX_REQUEST, RESUME_REQUEST, SEARCH_REQUEST, type SearchHit, type SearchParams, type SearchResponse, SKIPPED_REQUEST, type SkippedFolder } from '../../lsp/protocol';
import { folderLabel } from './bar-text';

export interface LiveServer {
  send<T>(method: string, params?: unknown): Promise<T>;
}

export const LIVE_COMMANDS = {
  reindex: 'coderag.reindex',
  pause: 'coderag.pause',
  resume: 'coderag.resume',
  clear: 'coderag.clearIndex',
  skipped: 'coderag.showSkipped',
  log: 'coderag.showLog',
  /** Hidden from the palette: SearchParams → SearchHit[] across the workspace folders. */
  search: 'coderag.internal.search',
} as const;

/** A folder argument (a Uri from a menu, or a path) as the server names it; absent: every folder. */
function folderParams(arg: unknown): FolderParams {
  if (arg instanceof vscode.Uri) return { folder: arg.fsPath };
  return typeof arg === 'string' ? { folder: arg } : {};
}

/** A failed request said in the UI: what failed and why. */
function reporting<A extends unknown[]>(what: string, fn: (...a: A) => Promise<unknown>): (...a: A) => Promise<unknown> {
  return async (...a) => {
    try {
      return await fn(...a);
    } catch (err) {
      void vscode.window.showErrorMessage(`CodeRAG: ${what} failed: ${(err as Error).message}`);
      return undefined;
    }
  };
}

async function showSkipped(server: LiveServer): Promise<void> {
  const folders = await server.send<SkippedFolder[]>(SKIPPED_REQUEST, {});
  const total = folders.reduce((n, f) => n + f.skipped.length, 0);
  if (!total) return void vscode.window.showInformationMessage('CodeRAG: no file was skipped.');
  type Item = vscode.QuickPickItem & { file?: vscode.Uri };
  const items: Item[] = folders.flatMap((f) => [
    ...(folders.length > 1 ? [{ label: folderLabel(f.root), kind: vscode.QuickPickItemKind.Separator } as Item] : []),
    ...f.skipped.map((s) => ({ label: s.path, description: s.reason, ...(s.detail ? { detail: s.detail } : {}), file: vscode.Uri.file(`${f.root}/${s.path}`) })),
  ]);
  const pick = await vscode.window.showQuickPick(items, { title: `CodeRAG: ${total} skipped file${total === 1 ? '' : 's'} and why`, matchOnDescription: true, placeHolder: 'A file and the reason it is not indexed (pick one to open it)' });
  if (pick?.file) await vscode.window.showTextDocument(pick.file, { preview: true });
}

export function registerLiveCommands(server: LiveServer, output: vscode.OutputChannel): vscode.Disposable[] {
  const request = (method: string) => (arg?: unknown) => server.send<void>(method, folderParams(arg));
  return [
    vscode.commands.registerCommand(LIVE_COMMANDS.reindex, reporting('Reindex', request(REINDEX_REQUEST))),
    vscode.commands.registerCommand(LIVE_COMMANDS.pause, reporting('Pause Indexing', () => server.send<void>(PAUSE_REQUEST))),
    vscode.commands.registerCommand(LIVE_COMMANDS.resume, reporting('Resume Indexing', () => server.send<void>(RESUME_REQUEST))),
    vscode.commands.registerCommand(LIVE_COMMANDS.clear, reporting('Clear Index', request(CLEAR_REQUEST))),
    vscode.commands.registerCommand(LIVE_COMMANDS.skipped, reporting('Show Skipped Files', () => showSkipped(server))),
    vscode.commands.registerCommand(LIVE_COMMANDS.log, () => output.show(true)),
    // Its hits name definitions by their qualified name, as before coderag/search answered with a SearchResponse.
    vscode.commands.registerCommand(LIVE_COMMANDS.search, async (p: SearchParams): Promise<SearchHit[]> =>
      (await server.send<SearchResponse>(SEARCH_REQUEST, p)).hits.map((h) => ({ ...h, name: h.qualifiedName }))),
  ];
}

/** The progress notification's Cancel: every folder stops until Reindex. */
export function cancelIndexing(server: LiveServer): void {
  server.send<void>(CANCEL_REQUEST, {}).catch((err: Error) => void vscode.window.showErrorMessage(`CodeRAG: Cancel failed: ${err.message}`));
}
