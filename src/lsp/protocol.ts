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
  /** Set while a run goes on: the phase and how far it got (FolderProgress has the rest). */
  progress?: FolderProgress;
  message?: string;
  /** What the folder's index is doing now (the live index's fields below; absent from older servers). */
  activity?: Activity;
  /** Files the scan or the parser left out (`coderag/skipped` lists them with their reasons). */
  skipped?: number;
  /** A run the user should see in a progress notification: the first index, or one they asked for (Reindex, Clear Index). */
  visibleRun?: boolean;
  /** The user stopped indexing (Cancel): nothing runs in the background until Reindex. */
  stoppedByUser?: boolean;
  /** The last whole run's summary. */
  lastRun?: RunSummary;
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
  /** Indexing is paused (Pause Indexing) in every folder. */
  paused?: boolean;
}

/** What the extension passes in `initializationOptions`. */
export interface ServerOptions {
  /** Compute vectors in the background after the keyword index (default true). */
  embeddings?: boolean;
  /**
   * Where indexes live (one subfolder per workspace folder) unless a folder's settings say
   * `workspaceFolder`; the editor passes its workspace storage. Absent: `<folder>/.coderag`.
   */
  storageDir?: string;
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
  /** `file`: files ranked by the evidence of all their chunks and their path (SearchResponse.files; `limit` counts files). Absent: `chunk`. */
  groupBy?: 'chunk' | 'file';
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

/** A file of the file view (the core's `groupBy: 'file'`). */
export interface SearchFileHit {
  /** The workspace folder's absolute path. */
  folder: string;
  /** Absolute path of the file. */
  file: string;
  /** Path relative to its workspace folder, `/`-separated. */
  path: string;
  score: number;
  /** What in the query pointed at the file (a trace frame, an import, a definition it names). */
  why?: string[];
  /** Its best chunks, best first (at most three): the file view's pick, then the chunk ranking's others in the file. */
  chunks: SearchHit[];
}

export interface SearchResponse {
  /** Best first, across every folder; empty for `groupBy: 'file'`. */
  hits: SearchHit[];
  /** `groupBy: 'file'`: files best first, across every folder. */
  files?: SearchFileHit[];
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

// ─── The live index: lifecycle, settings and commands ────────────────────────────────────────────
// Requests from the editor's commands, the settings the server asks for, and the status fields
// above that describe a run. `folder` is a workspace folder's absolute path; absent: every folder.

/** Request: index again (resumes a stopped or interrupted run; unchanged files cost a stat). FolderParams → void. */
export const REINDEX_REQUEST = 'coderag/reindex';
/** Request: running and later runs wait until resume. No parameters → void. */
export const PAUSE_REQUEST = 'coderag/pause';
/** Request: runs go on where they waited. No parameters → void. */
export const RESUME_REQUEST = 'coderag/resume';
/** Request: stop the running index at its next file or batch; nothing runs until Reindex. FolderParams → void. */
export const CANCEL_REQUEST = 'coderag/cancel';
/** Request: empty the index and build it again from nothing. FolderParams → void. */
export const CLEAR_REQUEST = 'coderag/clearIndex';
/** Request: the files left out and why. FolderParams → SkippedFolder[]. */
export const SKIPPED_REQUEST = 'coderag/skipped';

export interface FolderParams {
  folder?: string;
}

/** idle · indexing (scan, parse, save) · embedding (vectors) · paused · error. */
export type Activity = 'idle' | 'indexing' | 'embedding' | 'paused' | 'error';

export interface FolderProgress {
  /** The core's phase: scan, parse, save, embed. */
  phase: string;
  /** Files (scan to save) or vectors (embed) of this run. */
  done: number;
  total: number;
  /** Chunks written by this run so far. */
  chunks?: number;
  /** How far the activity is, 0-100: files of this run; for embedding, chunks with a vector over all chunks. */
  percent?: number;
  /** Seconds left at this phase's rate so far, once there is a rate to tell. */
  etaSeconds?: number;
}

export interface RunSummary {
  indexed: number;
  unchanged: number;
  deleted: number;
  chunks: number;
  embedded: number;
  ms: number;
  cancelled?: boolean;
  /** Why the index was emptied and built again. */
  rebuilt?: string;
  /** What an interrupted run left and this one mended (the journal's batch, counts). */
  repaired?: string[];
}

export interface SkippedFolder {
  root: string;
  skipped: { path: string; reason: string; detail?: string }[];
}

/** The `coderag` settings as workspace/configuration returns them for a folder (every field optional). */
export interface CodeRagSettings {
  embeddings?: { enabled?: boolean; model?: string };
  index?: {
    /** `workspaceStorage` (the editor's storage for this workspace) or `workspaceFolder` (`<folder>/.coderag`, shared with the CLI and MCP server). */
    location?: string;
    include?: string[];
    exclude?: string[];
    maxFileSizeKB?: number;
    codeOnly?: boolean;
  };
}

// ---- The Godot 3 → 4 migration analysis (src/lsp/godot on the server, src/vscode/godot in the
// editor). Diagnostics and code actions are LSP's own; these are the rest. Lines are 1-based here,
// as the analysis counts them, except in GodotFragmentParams (an editor position, 0-based).

/** Request: the fragment holding a position, and what the analysis did with it. GodotFragmentParams → GodotFragmentAnswer. */
export const GODOT_FRAGMENT_REQUEST = 'coderag/godot/fragmentAt';
/** Request: every Godot project of the workspace, its verdict and its fragments' status. GodotProjectsParams → GodotProjectReport[]. */
export const GODOT_PROJECTS_REQUEST = 'coderag/godot/projects';
/** Notification to the server: the `coderag.godot` settings changed; it reads them again. */
export const GODOT_SETTINGS_NOTIFICATION = 'coderag/godot/settingsChanged';
/** Notification to the server: Godot files created, changed or deleted on disk (`{ uris }`), as the editor's watcher saw them. */
export const GODOT_FILES_NOTIFICATION = 'coderag/godot/filesChanged';
/**
 * Request from the server to the extension: one prompt through the editor's language models
 * (vscode.lm). LmChatParams → LmChatResult; fails with a message saying why no model answered
 * (none available, `coderag.languageModel.enabled` off, the model's error). Cancellable.
 */
export const LM_CHAT_REQUEST = 'coderag/lm/chat';
/** The error code of LM_CHAT_REQUEST when no model may answer at all (asking again for another prompt would only repeat it). */
export const LM_UNAVAILABLE = 4001;

export interface LmChatParams {
  /** The instructions, then the request: sent as two user messages (vscode.lm has no system role). */
  system: string;
  user: string;
  /** Why CodeRAG asks, shown when the editor asks the user's consent. */
  justification: string;
}

export interface LmChatResult {
  text: string;
  /** The model's name, as the details view shows who judged. */
  model: string;
}

export interface GodotFragmentParams {
  uri: string;
  /** 0-based, as the editor counts. */
  line: number;
}

export interface GodotCandidate {
  id: string;
  title: string;
  score: number;
}

export interface GodotEvidenceView {
  version: 'godot3' | 'godot4';
  rule: string;
  confidence: 'high' | 'medium' | 'low';
  what: string;
  godot4?: string;
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** Candidate ids backing it. */
  support: string[];
  /** The safe edit's text, when the judge is sure. */
  fix?: string;
  link?: string;
}

export interface GodotFragmentDetails {
  /** Attached to the fragment for tracking only: never searched, never evidence. */
  tracking: {
    folder: string;
    /** The project's folder relative to the workspace folder ('' for the folder itself). */
    project: string;
    /** The file relative to the project. */
    path: string;
    startLine: number;
    endLine: number;
    route: string;
    kind: string;
    name: string;
    key: string;
    /** judged in the last run, reused from the saved state, or pending. */
    status: 'judged' | 'reused' | 'pending';
  };
  /** What went into the search: the fragment's text and the hints taken from it. */
  sent: { text: string; hints: { kind: string; text: string; line?: number }[] };
  /** The retriever's rows per table: evidence, not answers. */
  candidates: { api_mapping: GodotCandidate[]; label_prototypes: GodotCandidate[]; docs_chunks: GodotCandidate[] };
  judgment: {
    verdict: 'godot3' | 'godot4' | 'neutral';
    by: 'rules' | 'llm';
    explanation?: string;
    evidence: GodotEvidenceView[];
    /** The model that re-validated it (by: 'llm'). */
    model?: string;
    /**
     * The model pass (`coderag.godot.languageModel`): off, not asked (no finding to check), pending,
     * done, or failed (the deterministic judgment stands; `modelError` says why).
     */
    modelState?: 'off' | 'not-needed' | 'pending' | 'done' | 'failed';
    modelError?: string;
    /** Evidence the deterministic judge found and the model dropped. */
    dropped?: GodotEvidenceView[];
  };
}

export type GodotFragmentAnswer = { found: true; details: GodotFragmentDetails } | { found: false; reason: string };

export interface GodotProjectsParams {
  /** Wait for running and pending analyses to finish (else: the state now, `running` says whether one is under way). */
  wait?: boolean;
  /** Include every finding (`findingList`), as `coderag migrate --json` lists them: for chat and tools. */
  findings?: boolean;
}

/** One finding; `path` is relative to the workspace folder, lines and columns 1-based (end exclusive). */
export interface GodotFindingView {
  path: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  rule: string;
  severity: 'error' | 'warning' | 'information';
  message: string;
  godot4?: string;
  /** The safe edit's text (it replaces the finding's span's edit range), when the judge is sure. */
  replacement?: { line: number; column: number; endLine: number; endColumn: number; text: string };
  link?: string;
}

export interface GodotProjectReport {
  folder: string;
  /** Relative to the workspace folder ('' for the folder itself). */
  dir: string;
  hasProjectFile: boolean;
  running: boolean;
  files: number;
  /** Undefined until a first analysis finished. */
  verdict?: {
    verdict: 'godot3' | 'godot4' | 'mixed' | 'unknown';
    counts: { godot3: number; godot4: number; neutral: number };
    reason: string;
    config?: { version: 'godot3' | 'godot4'; what: string };
    /** The strongest evidence for each side, with the file it is in. */
    strongest: { path: string; version: 'godot3' | 'godot4'; rule: string; what: string; line: number; message: string }[];
  };
  findings: number;
  fixable: number;
  /** Only when asked (`findings: true`). */
  findingList?: GodotFindingView[];
  /** Each fragment's state in the resumable run. */
  fragments: { path: string; startLine: number; endLine: number; kind: string; name: string; status: 'done' | 'interrupted' | 'pending' }[];
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

/** A search hit as the chat features carry it (main's shape: the sidebar's SearchHit has more fields). */
export interface ChatHit {
  file: string;
  path: string;
  folder?: string;
  startLine: number;
  endLine: number;
  kind: string;
  /** The qualified name. */
  name: string;
  score: number;
  snippet: string;
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
