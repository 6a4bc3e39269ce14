// What the extension and the language server say to each other beyond LSP itself. Both sides
// import this file, and it imports nothing: the extension host must not load the core (layering.test.ts).

/** Request: the server's state now. No parameters. */
export const STATUS_REQUEST = 'coderag/status';
/** Notification from the server whenever its state changes; carries a ServerStatus. */
export const STATUS_NOTIFICATION = 'coderag/statusChanged';
/** Request: hybrid search over the workspace folders. SearchParams → SearchHit[]. */
export const SEARCH_REQUEST = 'coderag/search';

/** starting: not opened yet; indexing: the first pass runs; ready: searchable; error: see message. */
export type IndexState = 'starting' | 'indexing' | 'ready' | 'error';

export interface FolderStatus {
  root: string;
  indexDir: string;
  state: IndexState;
  /** Files indexed (chunks, keyword, tags), once known. */
  files: number;
  chunks: number;
  /** Chunks with a vector: grows after `ready` while embeddings are computed in the background. */
  embedded: number;
  /** Set in state `indexing`: the phase and how far it got. */
  progress?: { phase: string; done: number; total: number };
  message?: string;
}

export interface ServerStatus {
  /** The worst state of all folders (error > starting > indexing > ready). */
  state: IndexState;
  files: number;
  folders: FolderStatus[];
  /** The server process, so a test (or a user) can tell which process serves. */
  pid: number;
  /** How long the server has run, in ms. */
  uptimeMs: number;
}

/** What the extension passes in `initializationOptions`. */
export interface ServerOptions {
  /** Compute vectors in the background after the keyword index (default true). */
  embeddings?: boolean;
}

export interface SearchParams {
  query: string;
  limit?: number;
}

export interface SearchHit {
  /** Absolute path of the file. */
  file: string;
  /** Path relative to its workspace folder. */
  path: string;
  startLine: number;
  endLine: number;
  kind: string;
  name: string;
  score: number;
  snippet: string;
}

/** Request: "Go to symbol in workspace" over every folder's symbol index. SymbolSearchParams → SymbolSearchResponse. */
export const SYMBOL_SEARCH_REQUEST = 'coderag/symbols/search';

export interface SymbolSearchParams {
  /** The name as typed: `processRequest`, `procReq`, `Class.name`, a typo of one. */
  query: string;
  /** 1–200, default 50. */
  limit?: number;
}

export interface SymbolSearchHit {
  /** The workspace folder's root (absolute) and its name, to label hits when there are several. */
  folder: string;
  folderName: string;
  /** Absolute path of the file, and relative to its folder. */
  file: string;
  path: string;
  name: string;
  qualifiedName: string;
  /** class, method, function, constant… */
  kind: string;
  /** 1-based, inclusive. */
  line: number;
  endLine: number;
  /** exact, prefix, words (`procReq`), fuzzy (a typo). */
  match: 'exact' | 'prefix' | 'words' | 'fuzzy';
}

export interface SymbolSearchResponse {
  hits: SymbolSearchHit[];
  /** Folders whose symbols are missing from `hits`, and why (not opened yet, or an error). */
  unavailable: { folder: string; reason: string }[];
}
