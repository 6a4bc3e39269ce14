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
  /** Index updates applied since the server opened the folder: a change tells views to refresh. */
  updates?: number;
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

// --- Repo map and "Explain this symbol" (src/lsp/map.ts, src/lsp/explain.ts) -------------------

/** Request: every folder's repo map, PageRank-ranked, personalized by files and symbols. MapParams → MapResponse. */
export const MAP_REQUEST = 'coderag/map';
/** Request: the evidence about the symbol at a position. ExplainParams → ExplainResponse. */
export const EXPLAIN_REQUEST = 'coderag/explain';

export interface MapParams {
  /** Absolute paths of the files the user works in (active and visible editors); empty or absent: the plain ranking. */
  focus?: string[];
  /** Identifiers to favour (references to them weigh ×10). */
  symbols?: string[];
  /** The text's budget in cl100k tokens (64-16384, default 1024). */
  tokens?: number;
  /** Ranked files per folder (1-500, default 100). */
  files?: number;
}

/** A definition of a ranked file; lines 1-based, inclusive. */
export interface MapDefinitionEntry {
  name: string;
  /** What the tags query called it: function, class, method, variable, signal… */
  kind: string;
  /** Its first line, trimmed. */
  signature: string;
  startLine: number;
  endLine: number;
}

export interface MapFileEntry {
  /** Absolute path. */
  file: string;
  /** Relative to its folder, `/`-separated. */
  path: string;
  /** PageRank share (a folder's files sum to about 1); personalized: ¾ the focused walk's + ¼ the plain one's (src/lsp/map.ts). */
  rank: number;
  /** Best ranked first. */
  definitions: MapDefinitionEntry[];
}

/** A file loading another: Godot's scene → script (`file.script`), instanced scene (`file.scene`), `file.preload`, `file.load`, `file.resource`, or signal `handler`. Folder-relative paths. */
export interface MapEdge {
  from: string;
  to: string;
  kinds: string[];
}

export interface FolderMap {
  folder: string;
  state: IndexState;
  /** Why the folder has no map (still indexing, failed). */
  message?: string;
  files: MapFileEntry[];
  edges: MapEdge[];
  /** The token-budgeted map for a language model ("Copy Repo Map"). */
  text: string;
  /** The text follows the focus; false: the plain map (also when the focus files reach too little to fill a quarter of the budget). */
  textPersonalized?: boolean;
  tokens: number;
  budget: number;
}

export interface MapResponse {
  folders: FolderMap[];
  /** Some focus file or symbol was known to a folder's map. */
  personalized: boolean;
  tookMs: number;
}

export interface ExplainParams {
  /** Absolute path of the document. */
  file: string;
  /** 1-based line. */
  line: number;
  /** 0-based column (UTF-16); absent: the line's first definition or reference. */
  column?: number;
}

/** Where a piece of evidence is: lines 1-based, inclusive. */
export interface EvidenceRange {
  /** Absolute path. */
  file: string;
  /** Relative to the folder, `/`-separated. */
  path: string;
  startLine: number;
  endLine: number;
}

export interface ExplainDefinition extends EvidenceRange {
  name: string;
  qualifiedName: string;
  /** The chunk's kind (function, method, class…). */
  kind: string;
  language: string;
  signature?: string;
  docstring?: string;
  /** The whole chunk's code. */
  text: string;
}

export interface ExplainResponse {
  folder: string;
  /** The identifier at the position (or the enclosing chunk's name when the position holds none). */
  name: string;
  /** The definition's chunk; absent when the symbol is defined outside the workspace. */
  definition?: ExplainDefinition;
  /** Further definitions of the same name (overloads, other files). */
  otherDefinitions: (EvidenceRange & { kind: string })[];
  /** Where it is referenced, with the definition enclosing each reference (at most 50). */
  references: (EvidenceRange & { caller?: string })[];
  referencesTotal: number;
  /** The distinct definitions that reference it. */
  callers: (EvidenceRange & { name: string })[];
  /** Other chunks hybrid search finds for the definition (not the definition itself). */
  related: (EvidenceRange & { name: string; kind: string; score: number; snippet: string })[];
  /** Set when nothing could be found, and why (for the panel). */
  notFound?: string;
}
