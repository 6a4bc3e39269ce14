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
  judgment: { verdict: 'godot3' | 'godot4' | 'neutral'; by: 'rules' | 'llm'; explanation?: string; evidence: GodotEvidenceView[] };
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
