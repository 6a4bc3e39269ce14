// The server's one contact with the core (through its service API): a workspace folder's index
// opened, run, fed the editor's changes, searched and described. What runs when is decided in
// folder-tasks.ts; this file only translates between the core and the protocol's plain data.
import { CHUNK_KINDS, IndexLockedError, InvalidArgumentError, openWorkspace, type IndexReport, type ProgressEvent, SEARCH_LANGUAGES, searchOptionsOf, type SearchOptions, type Workspace } from '../core/service/api';
import { filesOf, hitOf } from './hits';
import type { FolderStatus, RunSummary, SearchFilterChoices, SearchParams, SearchResponse } from './protocol';
import type { FolderConfig } from './settings';

export { InvalidArgumentError };
export type { SearchOptions };

/** A folder's part of a search response: its hits and what it says about them. */
export type FolderSearch = Omit<SearchResponse, 'tookMs'>;

/** The request's filters checked by the core, as the CLI's flags are; throws InvalidArgumentError listing what is valid. */
export function searchOptions(p: SearchParams, limit: number): SearchOptions {
  if (p.groupBy !== undefined && p.groupBy !== 'chunk' && p.groupBy !== 'file') throw new InvalidArgumentError(`groupBy ${String(p.groupBy)}: not one of chunk, file`);
  return searchOptionsOf({
    limit,
    lang: p.languages?.length ? p.languages : undefined,
    kind: p.kinds?.length ? p.kinds : undefined,
    path: p.path?.trim() || undefined,
    'group-by': p.groupBy === 'file' ? 'file' : undefined,
  }, '');
}

export function searchFilterChoices(): SearchFilterChoices {
  return { languages: [...SEARCH_LANGUAGES], kinds: [...CHUNK_KINDS] };
}

export type { IndexReport, ProgressEvent };

/** Another process (the CLI, an MCP server) holds the index's writer lock. */
export function isLocked(err: unknown): boolean {
  return err instanceof IndexLockedError;
}

/** Chunks ranked per file asked for, to find each file's other chunks (most fall in the first files). */
const FILE_VIEW_CHUNKS = 4;
const MAX_FILE_VIEW_CHUNKS = 100;

/** Chunks per store write while embedding: a preempted or paused vectors run stops within about this many (seconds, not a minute). */
const EMBED_BATCH = 256;

export interface FolderEvents {
  /** Every run's progress (background runs and change updates alike: tell them by runId). */
  progress(e: ProgressEvent): void;
  /** A run of any kind finished: its report and the paths it looked at. */
  updated(report: IndexReport, paths: string[] | 'all'): void;
  error(err: Error): void;
}

/** What the stored index holds (the slow part of a status: LanceDB counts and a walk of the index folder). */
export interface FolderCounts {
  files: number;
  chunks: number;
  embedded: number;
  skipped: number;
  lastError?: string;
  degraded?: string;
  notices: string[];
}

export type RunHandle = { id: number; report: Promise<IndexReport> };

export class IndexedFolder {
  private ws?: Workspace;
  private watching?: Promise<void>;
  /** The plain status the server reports; folder-tasks.ts keeps its state and activity current. */
  readonly status: FolderStatus;

  constructor(
    readonly root: string,
    readonly config: FolderConfig,
    private readonly readFile: (rel: string) => string | undefined,
    private readonly events: FolderEvents,
  ) {
    this.status = { root, indexDir: config.indexDir, state: 'starting', files: 0, chunks: 0, embedded: 0 };
  }

  get opened(): boolean {
    return !!this.ws;
  }

  /** Opens the index (reads, never writes); `complete` is false for a new index or an interrupted first run. */
  async open(): Promise<{ complete: boolean; problem?: string }> {
    const c = this.config;
    const ws = await openWorkspace({
      root: this.root,
      indexDir: c.indexDir,
      embedding: { enabled: c.embeddings, ...(c.model ? { model: c.model } : {}) },
      codeOnly: c.codeOnly,
      maxFileBytes: c.maxFileBytes,
      exclude: c.exclude,
      include: c.include,
      readFile: this.readFile,
      embedBatch: EMBED_BATCH,
    });
    this.ws = ws;
    ws.onDidProgress((e) => this.events.progress(e));
    ws.onDidUpdate((e) => {
      // Counted so views built on the index (the repo map) know to refresh.
      this.status.updates = (this.status.updates ?? 0) + 1;
      this.events.updated(e.report, e.paths);
    });
    ws.onDidError((err) => this.events.error(err));
    return { complete: ws.complete, ...(ws.problem() ? { problem: ws.problem() } : {}) };
  }

  /** The open workspace once the first pass is done (map, explain and chat read it through the API); undefined before. */
  get workspace(): Workspace | undefined {
    return this.status.state === 'ready' ? this.ws : undefined;
  }

  get state(): FolderStatus {
    return { ...this.status };
  }

  /** Scan, parse and save every file that changed (all of them the first time); no vectors. */
  fullPass(signal: AbortSignal, rebuild?: string): RunHandle {
    const run = this.current.index({ signal, embeddings: false, ...(rebuild ? { rebuild } : {}) });
    return { id: run.id, report: run.report };
  }

  /** Vectors for every chunk without one, the prioritized files' first. */
  vectorPass(signal: AbortSignal): RunHandle {
    const run = this.current.index({ signal, embeddings: true });
    return { id: run.id, report: run.report };
  }

  /**
   * The editor's changes (relative paths). The first call starts the core's watcher on the
   * editor's events (no watcher of its own, no vectors: the vectors pass makes those, and can be
   * preempted); call it only after a whole fullPass, or the watcher would start one.
   */
  async applyChanges(paths: string[]): Promise<void> {
    this.watching ??= this.current.watch({ source: 'external', embeddings: false });
    await this.watching;
    await this.current.notifyChanged(paths);
  }

  prioritize(paths: string[]): void {
    this.ws?.prioritize(paths);
  }

  pause(): void {
    this.ws?.pause();
  }

  resume(): void {
    this.ws?.resume();
  }

  async counts(): Promise<FolderCounts> {
    const st = await this.current.status();
    return {
      files: st.files,
      chunks: st.chunks,
      embedded: st.embedded,
      skipped: st.skippedCount,
      ...(st.lastError ? { lastError: st.lastError } : {}),
      ...(st.degraded ? { degraded: st.degraded } : {}),
      notices: st.notices,
    };
  }

  async skipped(): Promise<{ path: string; reason: string; detail?: string }[]> {
    if (!this.ws) return [];
    const st = await this.ws.status({ skipped: true });
    return (st.skipped ?? []).map((s) => ({ path: s.path, reason: s.reason, ...(s.detail ? { detail: s.detail } : {}) }));
  }

  /** Undefined until the index is open; while the first pass runs, what is indexed so far (keyword results first, vectors fill in behind). */
  async search(query: string, opts: SearchOptions, signal?: AbortSignal): Promise<FolderSearch | undefined> {
    if (!this.ws || (this.status.state !== 'ready' && this.status.state !== 'indexing')) return undefined;
    const r = await this.ws.search(query, opts, signal);
    let found: Pick<FolderSearch, 'hits' | 'files'>;
    if (opts.groupBy === 'file') {
      // The file view names files; the chunk ranking of the same query adds each file's other chunks.
      const limit = Math.min((opts.limit ?? 10) * FILE_VIEW_CHUNKS, MAX_FILE_VIEW_CHUNKS);
      const chunks = await this.ws.search(query, { ...opts, groupBy: undefined, limit }, signal);
      found = { hits: [], files: filesOf(this.root, r.results, chunks.results) };
    } else found = { hits: r.results.map((h) => hitOf(this.root, h)) };
    // The first pass, not the vectors filling in behind it (the core counts both as a run).
    const indexing = this.status.state === 'indexing';
    // The core's reason speaks to the CLI ("run `coderag index`"); here the server computes them.
    // (The core counts the vectors after searching: some may have come in since it found none.)
    const computing = r.keywordOnly && this.config.embeddings && r.vectors.embedded < r.vectors.total && !this.status.message;
    const keywordOnly = computing ? 'the vectors are still being computed' : r.keywordOnly && !this.config.embeddings ? 'vectors are turned off (setting coderag.embeddings.enabled)' : r.keywordOnly;
    return { ...found, vectors: r.vectors, ...(keywordOnly ? { keywordOnly } : {}), ...(indexing ? { indexing } : {}) };
  }

  async close(): Promise<void> {
    const ws = this.ws;
    this.ws = undefined;
    await ws?.dispose();
  }

  /** "Go to symbol": undefined until the index is open; while the first pass runs, what it has so far. */
  async searchSymbols(query: string, limit: number) {
    return this.ws?.searchSymbols(query, limit);
  }

  /** The open workspace, for the runs this file starts: they need one. */
  private get current(): Workspace {
    if (!this.ws) throw new Error(`${this.root}: the index is not open`);
    return this.ws;
  }
}

export function summarize(r: IndexReport): RunSummary {
  return {
    indexed: r.indexed,
    unchanged: r.unchanged,
    deleted: r.deleted,
    chunks: r.chunks,
    embedded: r.embedded,
    ms: r.timings.totalMs ?? 0,
    ...(r.cancelled ? { cancelled: true } : {}),
    ...(r.rebuilt ? { rebuilt: r.rebuilt } : {}),
    ...(r.repaired.length ? { repaired: r.repaired } : {}),
  };
}

/** A report's lines for the index log: what the core noted, fell back on, failed on, mended. */
export function reportLines(r: IndexReport): { level: 'info' | 'warn' | 'error'; text: string }[] {
  const out: { level: 'info' | 'warn' | 'error'; text: string }[] = [];
  if (r.rebuilt) out.push({ level: 'warn', text: `rebuilt: ${r.rebuilt}` });
  if (r.scanChanged) out.push({ level: 'info', text: `the file set changed: ${r.scanChanged}` });
  for (const m of r.repaired) out.push({ level: 'warn', text: `repaired: ${m}` });
  for (const n of r.notes) out.push({ level: 'info', text: `${n.path ? `${n.path}: ` : ''}${n.note}` });
  for (const f of r.fallbacks) out.push({ level: 'info', text: `${f.path}: ${f.reason}` });
  for (const e of r.errors) out.push({ level: 'error', text: `${e.path}: ${e.error}` });
  if (r.embeddingError) out.push({ level: 'error', text: `vectors: ${r.embeddingError}` });
  return out;
}
