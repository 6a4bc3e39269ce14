// What the extension and the language server say to each other beyond LSP itself. Both sides
// import this file, and it imports nothing: the extension host must not load the core (layering.test.ts).

/** Request: the server's state now. No parameters. */
export const STATUS_REQUEST = 'coderag/status';
/** Notification from the server whenever its state changes; carries a ServerStatus. */
export const STATUS_NOTIFICATION = 'coderag/statusChanged';
/** Request: hybrid search over the workspace folders. SearchParams → SearchResponse (invalid filters: error InvalidParams). */
export const SEARCH_REQUEST = 'coderag/search';
/** Request: what the search filters accept (the core's languages and chunk kinds). No parameters → SearchFilterChoices. */
export const SEARCH_FILTERS_REQUEST = 'coderag/searchFilters';

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
  /** Results per response (1-100, default 20): the best across every folder. */
  limit?: number;
  /** Language ids or aliases (`python`, `py`, `ts`); empty or absent: any. */
  languages?: string[];
  /** Chunk kinds (`function`, `method`, `class`…); empty or absent: any. */
  kinds?: string[];
  /** A glob over folder-relative paths (`src/**\/*.ts`); empty or absent: any. */
  path?: string;
}

export interface SearchHit {
  /** The core's chunk id (unique within its folder). */
  id: string;
  /** The workspace folder's absolute path (as the initialize request named it). */
  folder: string;
  /** Absolute path of the file. */
  file: string;
  /** Path relative to its workspace folder, `/`-separated. */
  path: string;
  /** 1-based, inclusive. */
  startLine: number;
  endLine: number;
  kind: string;
  language: string;
  name: string;
  qualifiedName: string;
  signature?: string;
  score: number;
  /** The chunk's head (at most 12 lines, 1,000 characters); when cut its last line says so. */
  snippet: string;
  snippetCut?: boolean;
  /** The same definition elsewhere in the folder (build outputs, declarations), ranked below this one. */
  copies?: { path: string; startLine: number; endLine: number }[];
}

export interface SearchResponse {
  /** Best first, across every folder. */
  hits: SearchHit[];
  /** Set when a folder searched without vectors, and why. */
  keywordOnly?: string;
  /** Chunks with a vector and in all, summed over the folders. */
  vectors: { embedded: number; total: number };
  /** A folder was still indexing: results cover what was indexed so far. */
  indexing?: boolean;
  /** The server's own time for the search, in ms. */
  tookMs: number;
}

export interface SearchFilterChoices {
  languages: string[];
  kinds: string[];
}
