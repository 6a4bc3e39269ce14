// The CodeRAG language server: the workspace folders it was started with, indexed in the
// background, answering coderag/status and coderag/search. Runs in its own process, started by the
// extension (IPC) or by `coderag lsp --stdio`; never inside the editor's extension host.
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Connection, InitializeParams } from 'vscode-languageserver/node';
import { type IndexState, type ServerOptions, type ServerStatus, STATUS_NOTIFICATION, STATUS_REQUEST } from './protocol';
import { registerSearch } from './search';
import { IndexedFolder } from './workspace';

const started = Date.now();
const SEVERITY: IndexState[] = ['ready', 'indexing', 'starting', 'error'];

/** The folders of an initialize request as local paths (rootUri / rootPath for older clients). */
export function foldersOf(params: InitializeParams): string[] {
  const uris = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
  const paths = uris.filter((u) => u.startsWith('file:')).map((u) => fileURLToPath(u));
  if (!paths.length && params.rootPath) paths.push(params.rootPath);
  return paths.map((p) => path.resolve(p));
}

export function serve(connection: Connection): void {
  let folders: IndexedFolder[] = [];
  let options: ServerOptions = {};
  let announced = '';

  const status = async (): Promise<ServerStatus> => {
    const each = await Promise.all(folders.map((f) => f.current()));
    const state = each.reduce<IndexState>((worst, f) => (SEVERITY.indexOf(f.state) > SEVERITY.indexOf(worst) ? f.state : worst), folders.length ? 'ready' : 'error');
    return { state, files: each.reduce((n, f) => n + f.files, 0), folders: each, pid: process.pid, uptimeMs: Date.now() - started };
  };

  // Pushed so the status bar follows without polling; identical states are not sent twice.
  const announce = () => {
    void status().then((s) => {
      const key = JSON.stringify({ ...s, uptimeMs: 0 });
      if (key === announced) return;
      announced = key;
      void connection.sendNotification(STATUS_NOTIFICATION, s);
    });
  };

  connection.onInitialize((params) => {
    options = (params.initializationOptions ?? {}) as ServerOptions;
    folders = foldersOf(params).map((root) => new IndexedFolder(root, { embeddings: options.embeddings !== false, onChange: announce }));
    connection.console.info(`CodeRAG server pid ${process.pid} for ${folders.map((f) => f.root).join(', ') || 'no folder'}`);
    return { capabilities: {}, serverInfo: { name: 'coderag', version: '0.1.0' } };
  });

  connection.onInitialized(() => {
    announce();
    // One folder after the other: two indexers at once would fight over two cores.
    void (async () => {
      for (const f of folders) await f.start();
      announce();
    })();
  });

  connection.onRequest(STATUS_REQUEST, () => status());

  registerSearch(connection, () => folders);

  connection.onShutdown(async () => {
    await Promise.all(folders.map((f) => f.close()));
  });

  connection.listen();
}
