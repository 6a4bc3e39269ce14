// The contract between the core and its adapters: what a workspace offers and what each call
// means exactly. Adapters reach it through api.ts, the core's one door.
import type { Chunk } from '../base/types';
import type { IndexHealth, IndexReport, ProgressEvent } from '../index/code-index';
import type { IdentifierHit, IdentifierSearchOptions } from '../repomap/identifiers';
import type { MapRequest, RepoMapView } from '../repomap/repo-map';

export type { MapDefinition, MapFile, RepoMapView } from '../repomap/repo-map';
import type { SearchOptions, SearchResult } from '../search/hybrid';
import type { SymbolMatch } from '../symbols/symbol-index';

export type { MatchKind, SymbolMatch } from '../symbols/symbol-index';
import type { Staleness, Status } from './status';

export interface OpenOptions {
  /** The workspace folder. Every path in and out is relative to it, with `/` separators. */
  root: string;
  /** Where the index lives; default `<root>/.coderag`. */
  indexDir?: string;
  /** `enabled: false`: keyword search only, no model loaded. `model`: a transformers.js id or folder (default: the offline USE-lite). */
  embedding?: { enabled?: boolean; model?: string };
  /** Leave documentation out; undefined keeps what the index was built with. */
  codeOnly?: boolean;
  /**
   * Files larger than this are skipped (default 1 MB); undefined keeps the index's. Above
   * MAX_PARSE_FILE_BYTES (16 MB) openWorkspace refuses it (InvalidArgumentError): a parse worker
   * may not hold such a file. A file that still kills its worker is skipped ('parse-failed').
   */
  maxFileBytes?: number;
  /**
   * More exclude patterns in .gitignore syntax, relative to the root, read as if they ended the
   * root's .coderagignore (`!pattern` re-includes); undefined keeps the index's, [] clears them.
   */
  exclude?: string[];
  /** Globs over root-relative paths: only files matching one are indexed; undefined keeps the index's, [] clears them. */
  include?: string[];
  /**
   * The text of a file as the editor holds it (an unsaved buffer), by relative path; undefined
   * reads the disk. Asked once for each file a run reads: keep it a cheap lookup.
   */
  readFile?: (path: string) => string | undefined | Promise<string | undefined>;
  /** Parse in the caller's thread instead of worker threads (tests, tiny workspaces). */
  inProcess?: boolean;
  parseWorkers?: number;
  embedWorkers?: number;
  /**
   * Chunks given vectors per store write. A run stops (cancel, pause, close) only between
   * writes: an editor that preempts background embedding for an edit wants a few hundred
   * (default 4096, the fastest for a one-off run).
   */
  embedBatch?: number;
}

export interface IndexRunOptions {
  /** Stops the run at the next file or batch boundary, nothing half-written; the report says `cancelled`. */
  signal?: AbortSignal;
  /** Empty the index and build it again (the reason is reported). */
  rebuild?: string;
  /** Compute vectors in this run (default: the workspace's `embedding.enabled`). */
  embeddings?: boolean;
}

/**
 * A run: its progress as an async iterable (coalesced: a slow reader sees the latest state, not a
 * backlog; the last event has phase 'done'), and its report. The report rejects only for a failure
 * of the run itself (another process holds the writer lock: IndexLockedError).
 */
export interface IndexRun extends AsyncIterable<ProgressEvent> {
  readonly id: number;
  readonly report: Promise<IndexReport>;
}

export interface WatchOptions {
  /** 'chokidar' (default) watches the folder itself; 'external' relies on notifyChanged (an editor that watches already). */
  source?: 'chokidar' | 'external';
  /** Vectors for changed files too (default: the workspace's `embedding.enabled`). */
  embeddings?: boolean;
}

export interface SearchResponse {
  results: SearchResult[];
  /** Set when the vector side did not run in a hybrid search, and why. */
  keywordOnly?: string;
  /** Chunks with a vector and in all: vectors may still be filling in behind keyword results. */
  vectors: { embedded: number; total: number };
  /** A run was indexing while this answered: results cover what was indexed so far. */
  indexing?: boolean;
  /**
   * Stored chunks this search read that failed their checksum (garbled index data): left out of
   * the results, never served. The next `coderag index` repairs them.
   */
  damaged?: string;
  tookMs: number;
}

/** The chunk holding a line: what "explain this" and the editor's hovers start from. */
export type ChunkView = Pick<Chunk, 'id' | 'path' | 'startLine' | 'endLine' | 'kind' | 'language' | 'name' | 'qualifiedName' | 'signature' | 'docstring' | 'text'>;

export interface Location {
  path: string;
  line: number;
}

export interface DefinitionView {
  /** The identifier at the position. */
  name: string;
  /** Where it is defined (its chunk when indexed), best first: the same file, then by path. */
  definitions: (Location & { endLine: number; category: string; chunk?: ChunkView })[];
  /** Every reference in the workspace, with the definition enclosing it when there is one (the caller). */
  references: (Location & { caller?: string })[];
  /** The distinct enclosing definitions of the references. */
  callers: (Location & { name: string })[];
}

export interface UpdateEvent {
  report: IndexReport;
  /** The paths the update looked at, or 'all' for a full pass. */
  paths: string[] | 'all';
}

export interface Disposable {
  dispose(): void;
}

/** One workspace folder's index as an adapter uses it. Paths are relative to `root`; a path outside it is refused (OutsideRootError). */
export interface Workspace {
  readonly root: string;
  readonly indexDir: string;
  /** What open() found (missing, corrupt, notices, another writer, degraded), as runs have since updated it. */
  readonly health: IndexHealth;
  /** Why the index cannot be read, as a user should read it (damaged, being built by another process); undefined when it can. */
  problem(): string | undefined;
  /** The index exists and every file it knows is fully indexed (not known by its tags only). */
  readonly complete: boolean;
  /** Starts a run: scan, parse, save, then vectors. Runs of one workspace are serialized. */
  index(opts?: IndexRunOptions): IndexRun;
  /**
   * The structural index (no vectors) brought up to date once per workspace object; while another
   * process writes, what is stored (with a note saying so). A failure is not kept: the next call tries again.
   */
  ready(): Promise<IndexReport>;
  /** Keeps the index current: a first structural pass, vectors in the background, then changes as they come. Errors go to onDidError. */
  watch(opts?: WatchOptions): Promise<void>;
  /**
   * Files changed, created or deleted (relative or absolute paths inside the root), batched like
   * watcher events; they are embedded first. Resolves once the change is in the index.
   */
  notifyChanged(paths: string[]): Promise<void>;
  /** Files to embed first and to favour (the editor's open files). */
  prioritize(paths: string[]): void;
  /** Running and later runs wait at their next boundary until resume(); notifyChanged keeps collecting. */
  pause(): void;
  resume(): void;
  readonly paused: boolean;
  /** Hybrid search over what is indexed now; never starts a run. Invalid options: InvalidArgumentError. */
  search(query: string, opts?: SearchOptions, signal?: AbortSignal): Promise<SearchResponse>;
  /**
   * The repo map of the index as stored: reading never writes (stale() says what changed since;
   * index() and watch() update). On a workspace never indexed it tags first (a tags-only pass,
   * several times faster than a full run): the one write a reader makes, as search() builds the
   * keyword index where there is none.
   */
  map(request?: MapRequest, signal?: AbortSignal): Promise<RepoMapView>;
  /**
   * Where a symbol is defined and used: exact, prefix, then substring matches of the name. When
   * none match (and `fuzzy` is not false), the names the symbol index finds nearest — a typo,
   * other word separators: `procesRequest` and `process_request` reach `processRequest` — with
   * their definitions and references, each marked `match: 'fuzzy'`.
   * Read as map() reads.
   */
  symbols(query: string, opts?: IdentifierSearchOptions): Promise<IdentifierHit[]>;
  /**
   * "Go to symbol in workspace": definitions matching a name as typed (`Class.name` and
   * `module.name` narrow it), best first — exact, prefix, camelCase/snake_case words (`procReq`),
   * then fuzzy — each with its `match`. Built for a keystroke: milliseconds on the Python standard
   * library's 78k definitions once loaded (the first call reads the symbol index; an empty query
   * only does that). Answers from what is indexed now and never starts a run. `limit` 1–1000,
   * default 50 (else InvalidArgumentError).
   */
  searchSymbols(query: string, limit?: number): Promise<SymbolMatch[]>;
  /** Indexed files changed on disk or gone since they were indexed (one stat each; new files are not seen). */
  stale(): Promise<Staleness>;
  /** The innermost chunk holding the 1-based line, if the file is indexed. */
  chunkAt(path: string, line: number): Promise<ChunkView | undefined>;
  /** The identifier at a 1-based line (and 0-based column, else the line's first tag): its definitions, references and callers; read as map() reads. */
  definitionAt(path: string, line: number, column?: number): Promise<DefinitionView | undefined>;
  status(opts?: { skipped?: boolean }): Promise<Status>;
  onDidUpdate(listener: (e: UpdateEvent) => void): Disposable;
  onDidError(listener: (err: Error) => void): Disposable;
  onDidProgress(listener: (e: ProgressEvent) => void): Disposable;
  /** Stops runs at their next boundary, the watcher, the workers and models, and releases the lock. */
  dispose(): Promise<void>;
}
