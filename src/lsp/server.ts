// The CodeRAG language server: the workspace folders indexed in the background and kept current
// from the editor's events, answering coderag/status, coderag/search, the commands' requests and the
// Godot feature's diagnostics, code actions and requests. Runs in its own process, started by the
// extension (IPC) or by `coderag lsp --stdio`; never inside the editor's extension host. One line
// per handler: the logic lives in files of its own.
import { type Connection, TextDocuments } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { registerCommands } from './commands';
import { GODOT_CAPABILITIES, GodotFeature } from './godot/feature';
import { foldersOf, LiveIndex } from './live';
import { registerSymbolSearch } from './symbol-search';
import { registerMap } from './map';
import { registerExplain } from './explain';
import { registerChatRequests } from './chat-requests';
import { STATUS_REQUEST } from './protocol';
import { registerSearch } from './search';

export { foldersOf } from './live';

export function serve(connection: Connection): void {
  // The one TextDocuments of this server (its notification handlers are single slots): features
  // subscribe to its events rather than listening to the connection themselves.
  const documents = new TextDocuments(TextDocument);
  const live = new LiveIndex(connection, documents);
  const godot = new GodotFeature(connection, documents);
  let roots: string[] = [];
  connection.onInitialize((params) => {
    roots = foldersOf(params);
    const result = live.initialize(params);
    return { ...result, capabilities: { ...result.capabilities, ...GODOT_CAPABILITIES, textDocumentSync: result.capabilities.textDocumentSync } };
  });
  connection.onInitialized(() => {
    live.initialized();
    void godot.start(roots);
  });
  connection.onRequest(STATUS_REQUEST, () => live.status());
  registerSearch(connection, () => live.indexed());
  registerSymbolSearch(connection, () => live.indexed());
  registerCommands(connection, () => live.folders, () => live.changed());
  connection.onDidChangeWatchedFiles((p) => live.filesChanged(p));
  connection.onDidChangeConfiguration(() => live.reconfigure());
  registerMap(connection, () => live.indexed());
  registerExplain(connection, () => live.indexed());
  registerChatRequests(connection, () => live.indexed());
  connection.onShutdown(async () => {
    godot.dispose();
    await live.dispose();
  });
  documents.listen(connection);
  connection.listen();
}
