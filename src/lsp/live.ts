// The server's life with its client: the folders of the initialize request and those added later,
// their settings (asked with workspace/configuration, per folder), the editor's open documents and
// file events, and the status pushed as it moves.
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Connection, type DidChangeWatchedFilesParams, type InitializeParams, type InitializeResult, TextDocumentSyncKind, type TextDocuments, type WorkspaceFolder } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { OpenDocuments } from './documents';
import { FolderSet } from './folders';
import { type ServerOptions, type ServerStatus, STATUS_NOTIFICATION } from './protocol';
import { StatusPush } from './status-push';
import type { IndexedFolder } from './workspace';

/** A workspace folder's URI as a local path; undefined for other schemes (a remote or virtual folder). */
function rootOf(uri: string): string | undefined {
  return uri.startsWith('file:') ? path.resolve(fileURLToPath(uri)) : undefined;
}

/** The folders of an initialize request as local paths (rootUri / rootPath for older clients). */
export function foldersOf(params: InitializeParams): string[] {
  const uris = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
  const paths = uris.map(rootOf).filter((p): p is string => !!p);
  if (!paths.length && params.rootPath) paths.push(path.resolve(params.rootPath));
  return paths;
}

export class LiveIndex {
  private set?: FolderSet;
  private params?: InitializeParams;
  private readonly uris = new Map<string, string>();
  private readonly push: StatusPush;
  private readonly documents: OpenDocuments;

  constructor(
    private readonly connection: Connection,
    documents: TextDocuments<TextDocument>,
  ) {
    this.push = new StatusPush(() => this.status(), (s) => void connection.sendNotification(STATUS_NOTIFICATION, s));
    this.documents = new OpenDocuments(documents, (files) => this.set?.filesChanged(files));
  }

  get folders(): FolderSet {
    if (!this.set) throw new Error('the server is not initialized');
    return this.set;
  }

  /** The indexed folders (for search). */
  indexed(): IndexedFolder[] {
    return this.set?.list().map((t) => t.folder) ?? [];
  }

  initialize(params: InitializeParams): InitializeResult {
    this.params = params;
    const options = (params.initializationOptions ?? {}) as ServerOptions;
    const canConfigure = !!params.capabilities.workspace?.configuration;
    const log = (level: 'info' | 'warn' | 'error', text: string) => this.connection.console[level](text);
    this.set = new FolderSet(
      {
        log,
        changed: () => this.push.changed(),
        settings: async (roots) =>
          canConfigure ? ((await this.connection.workspace.getConfiguration(roots.map((r) => ({ scopeUri: this.uriOf(r), section: 'coderag' })))) as never) : roots.map(() => undefined),
        text: (file) => this.documents.text(file),
        openPaths: (root) => this.documents.under(root),
      },
      options.storageDir,
      options.embeddings !== false,
    );
    for (const f of params.workspaceFolders ?? []) this.remember(f);
    log('info', `CodeRAG server pid ${process.pid} for ${foldersOf(params).join(', ') || 'no folder'}; indexes in ${options.storageDir ?? 'each folder (.coderag)'}`);
    return {
      capabilities: {
        // Open documents' text is what the index reads for them; saves are changes at once.
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'coderag', version: '0.1.0' },
    };
  }

  initialized(): void {
    if (this.params?.capabilities.workspace?.workspaceFolders) {
      this.connection.workspace.onDidChangeWorkspaceFolders((e) => {
        for (const f of e.added) this.remember(f);
        const gone = e.removed.map((f) => rootOf(f.uri)).filter((p): p is string => !!p);
        const added = e.added.map((f) => rootOf(f.uri)).filter((p): p is string => !!p);
        void this.folders.remove(gone).then(() => this.folders.add(added));
      });
    }
    const adding = this.folders.add(foldersOf(this.params!));
    // At once, not throttled: the editor shows 'starting' before opening an index blocks the loop.
    this.push.flush();
    void adding;
  }

  status(): ServerStatus {
    return this.folders.status();
  }

  changed(): void {
    this.push.changed();
  }

  filesChanged(p: DidChangeWatchedFilesParams): void {
    this.set?.filesChanged(p.changes.map((c) => rootOf(c.uri)).filter((f): f is string => !!f));
  }

  reconfigure(): void {
    void this.set?.reconfigure();
  }

  async dispose(): Promise<void> {
    this.push.dispose();
    await this.set?.dispose();
  }

  private remember(f: WorkspaceFolder): void {
    const root = rootOf(f.uri);
    if (root) this.uris.set(root, f.uri);
  }

  /** The folder's URI as the client named it (scopes its settings); made up for rootPath-only clients. */
  private uriOf(root: string): string {
    return this.uris.get(root) ?? pathToFileURL(root).href;
  }
}
