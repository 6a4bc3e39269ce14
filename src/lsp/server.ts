// The CodeRAG language server: the workspace folders indexed in the background and kept current
// from the editor's events, answering coderag/status, coderag/search and the commands' requests.
// Runs in its own process, started by the extension (IPC) or by `coderag lsp --stdio`; never
// inside the editor's extension host. One line per handler: the logic lives in files of its own.
import type { Connection } from 'vscode-languageserver/node';
import { registerCommands } from './commands';
import { LiveIndex } from './live';
import { registerSymbolSearch } from './symbol-search';
import { type SearchParams, SEARCH_REQUEST, STATUS_REQUEST } from './protocol';

export { foldersOf } from './live';

export function serve(connection: Connection): void {
  const live = new LiveIndex(connection);
  connection.onInitialize((params) => live.initialize(params));
  connection.onInitialized(() => live.initialized());
  connection.onRequest(STATUS_REQUEST, () => live.status());
  connection.onRequest(SEARCH_REQUEST, async (p: SearchParams) => {
    const limit = Math.min(Math.max(p.limit ?? 20, 1), 100);
    const hits = (await Promise.all(live.indexed().map((f) => f.search(p.query, limit)))).flat();
    return hits.sort((a, b) => b.score - a.score).slice(0, limit);
  });
  registerSymbolSearch(connection, () => live.indexed());
  registerCommands(connection, () => live.folders, () => live.changed());
  connection.onDidChangeWatchedFiles((p) => live.filesChanged(p));
  connection.onDidChangeConfiguration(() => live.reconfigure());
  connection.onShutdown(() => live.dispose());
  connection.listen();
}
