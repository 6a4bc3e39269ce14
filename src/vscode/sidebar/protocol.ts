// The messages between the extension host and the "Ask the codebase" webview. Plain data both
// ways (structured clone), no imports: the host side (the WebviewViewProvider) and the browser
// bundle (view/) both compile this file, and neither may pull the core into the other.
//
// Lines are 1-based and inclusive everywhere, as in the core's SearchResult. Paths are relative to
// their workspace folder with `/` separators. A workspace folder is named by its URI string as the
// host sent it (FolderRef.uri): names can repeat across folders, URIs cannot.
//
// One query is one `queryId`, chosen by the view and increasing; the host echoes it on everything
// it sends about that query, and the view drops what carries an older id.

// ── host → view ──────────────────────────────────────────────────────────────────────────────

export type HostMessage =
  | InitMessage
  | ResultsMessage
  | AnswerStartMessage
  | AnswerChunkMessage
  | AnswerEndMessage
  | NoModelMessage
  | StatusMessage
  | ErrorMessage
  | FocusMessage;

/** Sent in reply to `ready`: what the filters offer and whether the workspace has several folders. */
export interface InitMessage {
  type: 'init';
  /** Language ids the index knows (`typescript`, `python`, `godot-resource`…); the view has a default list. */
  languages?: string[];
  /** Chunk kinds (`function`, `method`, `class`…); the view has a default list. */
  kinds?: string[];
  /** The workspace folders, in the workspace's order. */
  folders: FolderRef[];
}

export interface FolderRef {
  /** The folder's URI, `vscode.WorkspaceFolder.uri.toString()`: what `open` sends back. */
  uri: string;
  /** Its display name, `vscode.WorkspaceFolder.name`. */
  name: string;
}

/** The results of one search, across every folder. */
export interface ResultsMessage {
  type: 'results';
  queryId: number;
  query: string;
  /** One group per folder that has results, best first; a single-root workspace has at most one. */
  folders: FolderResults[];
  /** True when the workspace has several folders: groups are then labelled by folder. */
  multiRoot: boolean;
  /** Number of results in all groups. */
  count: number;
  /** Wall time of the search as the host measured it, in ms. */
  tookMs: number;
  /** Set when any folder searched without vectors, and why (the core's `keywordOnly`). */
  keywordOnly?: string;
  /** Summed over the folders: vectors may still be filling in behind keyword results. */
  vectors: { embedded: number; total: number };
  /** A folder was still indexing: results cover what was indexed so far. */
  indexing?: boolean;
  /** `file`: the files are the ranking (FileResults.rank, why) and each holds its best chunks; absent: chunk results grouped for display. */
  groupBy?: 'file';
}

export interface FolderResults {
  folder: FolderRef;
  files: FileResults[];
}

export interface FileResults {
  path: string;
  results: ResultItem[];
  /** File view: the file's 1-based rank across every folder. */
  rank?: number;
  /** File view: what in the query pointed at the file (`in the trace: vat_cents`, `defines: Cart`…). */
  why?: string[];
}

/** A core SearchResult as the view shows it, numbered across the whole response. */
export interface ResultItem {
  /** 1-based rank across every folder: the number an answer cites as `[n]`. */
  n: number;
  /** The core's chunk id (unique within its folder). */
  id: string;
  startLine: number;
  endLine: number;
  kind: string;
  language: string;
  name: string;
  qualifiedName: string;
  signature?: string;
  score: number;
  /** The chunk's head (the core's snippet); its last line says so when it was cut. */
  snippet: string;
  snippetCut?: boolean;
  /** The same definition elsewhere (build outputs, declarations), ranked below this one. */
  copies?: { path: string; startLine: number; endLine: number }[];
}

/** A language model starts answering; `sources[i]` is what the answer cites as `[sources[i].n]`. */
export interface AnswerStartMessage {
  type: 'answerStart';
  queryId: number;
  /** The model's display name, e.g. `GPT-4o`. */
  model: string;
  sources: AnswerSource[];
}

export interface AnswerSource {
  /** The citation number, equal to the cited ResultItem's `n`. */
  n: number;
  folder: string;
  path: string;
  startLine: number;
  endLine: number;
  /** The result's qualified name, shown as the citation's tooltip. */
  label: string;
}

/** More Markdown for the answer, appended to what came before. */
export interface AnswerChunkMessage {
  type: 'answerChunk';
  queryId: number;
  text: string;
}

export interface AnswerEndMessage {
  type: 'answerEnd';
  queryId: number;
  /** `done`: complete; `cancelled`: stopped by `cancel` or a new query; `error`: see message. */
  reason: 'done' | 'cancelled' | 'error';
  message?: string;
}

/** No language model is available: the view shows the results alone with a one-line hint. */
export interface NoModelMessage {
  type: 'noModel';
  queryId: number;
  /** The hint's whole line when given (e.g. answers are turned off); the view has its own sentence otherwise. */
  reason?: string;
}

/** The index behind the search, whenever it changes. */
export interface StatusMessage {
  type: 'status';
  /** `untrusted`: Restricted Mode, nothing is read or indexed. */
  state: 'starting' | 'indexing' | 'ready' | 'error' | 'untrusted';
  /** While indexing: 0-100. */
  percent?: number;
  /** While indexing: the phase in words ("parsing", "embedding"). */
  phase?: string;
  /** Chunks with a vector and in all; vectors fill in after the index is searchable. */
  vectors?: { embedded: number; total: number };
  /** A sentence for the user (the error, or why nothing is indexed). */
  message?: string;
}

/** A search (or the host itself) failed. */
export interface ErrorMessage {
  type: 'error';
  /** The query that failed, if it was one. */
  queryId?: number;
  message: string;
}

/** Put the caret in the query box, optionally with a query to run (a "search for this" command). */
export interface FocusMessage {
  type: 'focus';
  query?: string;
  run?: boolean;
}

// ── view → host ──────────────────────────────────────────────────────────────────────────────

export type ViewMessage = ReadyMessage | SearchMessage | OpenMessage | CancelMessage | CopyMessage;

/** The view loaded (first time, or again after being hidden). The host answers with `init` and `status`. */
export interface ReadyMessage {
  type: 'ready';
  /** The last query the view knows of (restored from its state), so the host can replay an answer still streaming for it. */
  lastQueryId?: number;
}

export interface SearchFilters {
  /** Language ids; empty: any. */
  languages: string[];
  /** Chunk kinds; empty: any. */
  kinds: string[];
  /** A glob over folder-relative paths (`src/**\/*.ts`); empty: any. */
  path: string;
}

/** Run a search (and an answer, if a model is available). The host cancels the previous query's answer itself too. */
export interface SearchMessage {
  type: 'search';
  queryId: number;
  query: string;
  filters: SearchFilters;
  /** `file`: files ranked by the evidence of all their chunks and their path ("Results: Files"); absent: chunks. */
  groupBy?: 'file';
}

/** Open a result's file with the exact range selected. */
export interface OpenMessage {
  type: 'open';
  folder: string;
  path: string;
  startLine: number;
  endLine: number;
  /** Open beside the current editor (Ctrl/Cmd+Enter, Ctrl/Cmd+click). */
  side?: boolean;
  /** Keep the focus in the view (Space: look without leaving the list). */
  preserveFocus?: boolean;
}

/** Stop the answer (and search) of this query. */
export interface CancelMessage {
  type: 'cancel';
  queryId: number;
}

/** Put text on the clipboard (the view's own clipboard access is not reliable in every host). */
export interface CopyMessage {
  type: 'copy';
  text: string;
}
