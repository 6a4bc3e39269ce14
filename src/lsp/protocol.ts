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

// --- The @coderag chat participant and the language-model tools (src/lsp/chat-requests.ts) ---
/** Request: search for the chat, each hit with the text of its range. ChatSearchParams → ChatSearchResult. */
export const CHAT_SEARCH_REQUEST = 'coderag/chat/search';
/** Request: the token-budgeted repo map and the ranked files of each folder. ChatMapParams → ChatMapResult. */
export const CHAT_MAP_REQUEST = 'coderag/chat/map';
/** Request: where symbols of that name (exact, then prefix, then substring) are defined and used. ChatSymbolsParams → ChatSymbolHit[]. */
export const CHAT_SYMBOLS_REQUEST = 'coderag/chat/symbols';
/** Request: the evidence to explain one symbol, by name or by position. ChatExplainParams → ChatExplainResult. */
export const CHAT_EXPLAIN_REQUEST = 'coderag/chat/explain';

/** How ready the folders were when a chat request was answered: results may be partial while indexing. */
export interface ChatIndexState {
  state: IndexState;
  /** Said to the user when the answer may be incomplete or empty for a reason other than no match. */
  note?: string;
}

export interface ChatSearchParams {
  query: string;
  limit?: number;
}

export interface ChatHit extends SearchHit {
  /** The chunk's lines (startLine..endLine), cut to a few thousand characters. */
  text: string;
  /** The words of the query matched it (a keyword hit), not only its meaning (a vector hit). */
  matchedWords: boolean;
}

export interface ChatSearchResult extends ChatIndexState {
  hits: ChatHit[];
}

export interface ChatMapParams {
  /** cl100k tokens for the map text (default 1024). */
  tokens?: number;
  /** Absolute paths of the files the user works in: the ranking is personalized around them. */
  focus?: string[];
  /** At most this many ranked files per folder (default 30). */
  files?: number;
}

export interface ChatMapDefinition {
  name: string;
  category: string;
  line: number;
  endLine: number;
  signature: string;
}

export interface ChatMapFolder {
  root: string;
  text: string;
  tokens: number;
  ranked: { file: string; path: string; rank: number; definitions: ChatMapDefinition[] }[];
}

export interface ChatMapResult extends ChatIndexState {
  folders: ChatMapFolder[];
}

export interface ChatSymbolsParams {
  query: string;
  limit?: number;
  /** Also the places that use the symbol (default: definitions only). */
  references?: boolean;
}

export interface ChatSymbolHit {
  name: string;
  kind: 'def' | 'ref';
  category: string;
  file: string;
  path: string;
  line: number;
  /** The definition's last line (its chunk's end when indexed); `line` for a reference. */
  endLine: number;
  match: string;
  /** The line itself and a couple around it. */
  context: { line: number; text: string }[];
}

export interface ChatExplainParams {
  /** A symbol name; or else a position: */
  symbol?: string;
  /** Absolute path, 1-based line, 0-based column. */
  file?: string;
  line?: number;
  column?: number;
}

export interface ChatPlace {
  file: string;
  path: string;
  line: number;
  endLine: number;
}

export interface ChatExplainResult extends ChatIndexState {
  /** Undefined when nothing of that name is defined or used in the workspace. */
  name?: string;
  definitions: (ChatPlace & { category: string; signature?: string; docstring?: string; text: string })[];
  references: (ChatPlace & { caller?: string })[];
  callers: (ChatPlace & { name: string })[];
  /** Chunks found by searching for the symbol, its definitions left out. */
  related: ChatHit[];
}
