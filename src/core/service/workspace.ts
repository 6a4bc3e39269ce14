// One workspace folder as adapters use it (contract.ts says what each call means): the index kept
// current, hybrid search, the repo map, symbols and position lookups, status and events, with
// every path confined to the root.
import * as path from 'node:path';
import { CodeIndex } from '../index/code-index';
import { MAX_PARSE_FILE_BYTES, MAX_WORKER_HEAP_MB } from '../parse/parse-pool';
import { InvalidArgumentError } from './search-options';
import { CorruptIndexError } from '../store/store';
import { IndexLockedError } from '../index/lock';
import { emptyReport, type IndexReport, type ProgressEvent } from '../index/report';
import { identifierHitsOf, searchIdentifiers } from '../repomap/identifiers';
import { RepoMap } from '../repomap/repo-map';
import { search, type SearchOptions, usesVectors } from '../search/hybrid';
import { QueryModel, searchSource } from '../search/query-model';
import { IndexWatcher } from '../watch/watch';
import { confine, confineGlob } from './confine';
import type { Disposable, IndexRun, IndexRunOptions, OpenOptions, SearchResponse, UpdateEvent, WatchOptions, Workspace } from './contract';
import { startRun } from './index-run';
import { chunkAt, definitionAt } from './lookup';
import { type Staleness, staleFiles, type Status, storedStatus } from './status';

export async function openWorkspace(opts: OpenOptions): Promise<Workspace> {
  const root = path.resolve(opts.root);
  if (opts.maxFileBytes !== undefined && opts.maxFileBytes > MAX_PARSE_FILE_BYTES) {
    throw new InvalidArgumentError(`maxFileBytes ${opts.maxFileBytes}: ${tooLarge}`);
  }
  const index = await CodeIndex.open({
    root,
    indexDir: opts.indexDir,
    embedding: opts.embedding,
    codeOnly: opts.codeOnly,
    maxFileBytes: opts.maxFileBytes,
    extraExcludes: opts.exclude,
    include: opts.include,
    readFile: opts.readFile,
    inProcess: opts.inProcess,
    parseWorkers: opts.parseWorkers,
    embedWorkers: opts.embedWorkers,
    embedBatch: opts.embedBatch,
  });
  return new WorkspaceService(index, opts);
}

/** Why a size limit above MAX_PARSE_FILE_BYTES is refused: a file that large may not fit a parse worker. */
export const tooLarge = `more than a parse worker can be sure to hold (at most ${MAX_PARSE_FILE_BYTES / 2 ** 20} MB: a file of small definitions needs ~${Math.round(MAX_WORKER_HEAP_MB / (MAX_PARSE_FILE_BYTES / 2 ** 20))} times its size in memory)`;

/** A vector search was asked for where there are no usable vectors; the message says why. */
export class NoVectorsError extends Error {}

class Emitter<T> {
  private readonly listeners = new Set<(e: T) => void>();

  on(listener: (e: T) => void): Disposable {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  fire(e: T): void {
    for (const l of this.listeners) {
      try {
        l(e);
      } catch {
        // A listener's failure is its own: the others still hear the event.
      }
    }
  }
}

class WorkspaceService implements Workspace {
  private readonly repoMap: RepoMap;
  private readonly queryModel: QueryModel;
  private readonly updates = new Emitter<UpdateEvent>();
  private readonly errors = new Emitter<Error>();
  private readonly progress = new Emitter<ProgressEvent>();
  private structural?: Promise<IndexReport>;
  private tagged?: Promise<IndexReport>;
  private watcher?: IndexWatcher;
  private watching = false;
  private readonly priority = new Set<string>();
  private running = 0;
  private latest?: ProgressEvent;
  private lastError?: string;
  private disposed = false;
  /** A run of this object has given every chunk its vector. */
  private embedded = false;

  constructor(
    private readonly core: CodeIndex,
    private readonly opts: OpenOptions,
  ) {
    this.repoMap = new RepoMap(core);
    this.queryModel = new QueryModel(core);
    core.onProgress((e) => {
      this.latest = e.phase === 'done' ? undefined : e;
      this.progress.fire(e);
    });
  }

  get root(): string {
    return this.core.root;
  }

  get indexDir(): string {
    return this.core.dir;
  }

  get health() {
    return this.core.health;
  }

  get paused(): boolean {
    return this.core.paused;
  }

  problem(): string | undefined {
    const h = this.core.health;
    if (h.corrupt && !this.core.readable) return this.core.corruptMessage();
    if (h.missing && h.writer && h.writer !== process.pid && !this.core.readable) return `the index at ${this.core.dir} is being built by another CodeRAG process (pid ${h.writer}); try again when it finishes`;
    return undefined;
  }

  get complete(): boolean {
    const rows = this.core.fileRows();
    return this.core.readable && !this.core.health.missing && rows.length > 0 && !rows.some((r) => r.state === 'tags');
  }

  private embeddingsOn(asked?: boolean): boolean {
    return asked ?? this.opts.embedding?.enabled ?? true;
  }

  index(opts: IndexRunOptions = {}): IndexRun {
    this.running++;
    const embeddings = this.embeddingsOn(opts.embeddings);
    const run = startRun(this.core, { signal: opts.signal, rebuild: opts.rebuild, embeddings, priority: () => this.priority });
    const settle = (report?: IndexReport, err?: unknown) => {
      this.running--;
      if (report && !report.cancelled) {
        // A whole run is what ready() and watch() would have started: they need not run again.
        this.structural ??= Promise.resolve(report);
        if (embeddings && !report.embeddingError) this.embedded = true;
      }
      if (report) this.afterRun(report, 'all');
      else this.failed(err);
    };
    run.report.then((r) => settle(r), (err) => settle(undefined, err));
    return run;
  }

  private afterRun(report: IndexReport, paths: string[] | 'all'): void {
    this.lastError = report.embeddingError ? `vectors: ${report.embeddingError}` : report.errors.length ? `${report.errors.length} files could not be read` : undefined;
    this.updates.fire({ report, paths });
    // The structural index is saved whatever happened to the vectors; the caller hears why they are missing.
    if (report.embeddingError) this.errors.fire(new Error(`vectors not computed: ${report.embeddingError}`));
  }

  private failed(err: unknown): void {
    const e = err instanceof Error ? err : new Error(String(err));
    this.lastError = e.message;
    this.errors.fire(e);
  }

  ready(): Promise<IndexReport> {
    this.structural ??= this.orStored(() => this.index({ embeddings: false }).report).catch((err) => {
      // A failure is not kept: the next caller tries again.
      this.structural = undefined;
      throw err;
    });
    return this.structural;
  }

  /** An update, or, while another process writes the index, what is stored as it is. */
  private async orStored(update: () => Promise<IndexReport>): Promise<IndexReport> {
    try {
      return await update();
    } catch (err) {
      if (!(err instanceof IndexLockedError) || this.core.health.missing) throw err;
      const stored = emptyReport();
      stored.notes.push({ path: '', note: `${err.message}: answering from what is stored` });
      return stored;
    }
  }

  /**
   * What the repo map and symbol search read. An index that exists is read as it is stored, never
   * brought up to date here (stale() says how far behind it is; index() and watch() write). On a
   * workspace never indexed, a tags-only pass first (no chunking: several times faster).
   */
  private ensureTags(): Promise<unknown> {
    if (this.structural) return this.structural;
    if (this.core.readable && !this.core.health.missing) return Promise.resolve();
    this.tagged ??= this.orStored(() => this.core.update({ tagsOnly: true })).catch((err) => {
      this.tagged = undefined;
      throw err;
    });
    return this.tagged;
  }

  async stale(): Promise<Staleness> {
    return staleFiles(this.core);
  }

  async watch(opts: WatchOptions = {}): Promise<void> {
    if (this.watching) return;
    this.watching = true;
    const embeddings = this.embeddingsOn(opts.embeddings);
    // Watching first: a change made while the first pass runs is an event, not a loss. A pass that
    // ran (or began) before the watch may have read the tree before such a change: one full pass
    // after the watch began catches up, since no event will come for what changed meanwhile.
    this.watcher = this.makeWatcher(opts.source ?? 'chokidar', embeddings);
    await this.watcher.start();
    const readBefore = this.structural !== undefined;
    await this.ready();
    // Vectors in the background: keyword search answers meanwhile. Being a full pass, it is the catch-up too.
    if (embeddings && !this.embedded) this.index({ embeddings: true });
    else if (readBefore) this.watcher.catchUp();
  }

  private makeWatcher(source: 'chokidar' | 'external', embeddings: boolean): IndexWatcher {
    return new IndexWatcher(this.core, {
      source,
      embeddings,
      onUpdate: (report, paths) => this.afterRun(report, paths),
      onError: (err) => this.failed(err),
    });
  }

  async notifyChanged(paths: string[]): Promise<void> {
    const rels = paths.map((p) => confine(this.root, p));
    // Without watch(), changes still reach the index: a watcher fed only by this call.
    if (!this.watcher) {
      this.watcher = this.makeWatcher('external', this.embeddingsOn());
      await this.watcher.start();
    }
    for (const rel of rels) {
      this.priority.add(rel);
      this.watcher.notify(rel);
    }
    await this.watcher.idle();
  }

  prioritize(paths: string[]): void {
    this.priority.clear();
    for (const p of paths) this.priority.add(confine(this.root, p));
  }

  pause(): void {
    this.core.pause();
  }

  resume(): void {
    this.core.resume();
  }

  async search(query: string, opts: SearchOptions = {}, signal?: AbortSignal): Promise<SearchResponse> {
    const t0 = performance.now();
    const problem0 = this.problem();
    if (problem0) throw new Error(problem0);
    const vectors = { embedded: 0, total: 0 };
    if (!this.core.readable) return { results: [], vectors, tookMs: 0, keywordOnly: 'no index yet' };
    const mode = opts.mode ?? 'hybrid';
    // A long query in hybrid mode reads no vectors: its model is not loaded, and their absence is no problem.
    const problem = usesVectors(query, opts) ? await this.queryModel.problem() : undefined;
    if (problem && mode === 'vector') throw new NoVectorsError(problem);
    signal?.throwIfAborted();
    const damagedBefore = this.core.store.damaged.size;
    let results;
    try {
      results = await search(searchSource(this.core, this.queryModel), query, { ...opts, path: opts.path ? confineGlob(this.root, opts.path) : undefined });
    } catch (err) {
      // Damage found only now, by the rows this search read: said as open() says it.
      if (err instanceof CorruptIndexError) throw new Error(`the index at ${this.indexDir} is corrupt (${err.message}); run \`coderag index\` to rebuild it`);
      throw err;
    }
    signal?.throwIfAborted();
    const damaged = this.core.store.damaged.size - damagedBefore;
    vectors.total = await this.core.store.countChunks();
    vectors.embedded = vectors.total ? await this.core.store.countChunks('embedded') : 0;
    return {
      results,
      vectors,
      tookMs: Math.round(performance.now() - t0),
      ...(problem ? { keywordOnly: problem } : {}),
      ...(this.running ? { indexing: true } : {}),
      ...(damaged ? { damaged: `${damaged} stored chunks failed their checksum (garbled index data) and were left out; run \`coderag index\` to repair the index` } : {}),
    };
  }

  async map(req: Parameters<Workspace['map']>[0] = {}, signal?: AbortSignal) {
    await this.ensureTags();
    await this.core.tags.load();
    signal?.throwIfAborted();
    const rel = (ps?: string[]) => ps?.map((p) => confine(this.root, p));
    return this.repoMap.view({ ...req, focus: rel(req.focus), mentionedFiles: rel(req.mentionedFiles) });
  }

  async symbols(query: string, opts: Parameters<Workspace['symbols']>[1] = {}) {
    await this.ensureTags();
    await this.core.tags.load();
    const hits = searchIdentifiers(this.root, this.repoMap.taggedFiles(), query, opts);
    if (hits.length || opts.fuzzy === false || !query.trim()) return hits;
    // The names of the best class of near matches (a typo: all fuzzy; other separators: exact
    // once normalized), at most ten: their definitions and references.
    const near = (await this.core.symbols()).search(query, { limit: 10 });
    const names = [...new Set(near.filter((m) => m.match === near[0].match).map((m) => m.name))];
    return identifierHitsOf(this.root, this.repoMap.taggedFiles(), names, 'fuzzy', opts);
  }

  async searchSymbols(query: string, limit = 50) {
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new InvalidArgumentError(`limit ${limit}: not an integer from 1 to 1000`);
    const problem = this.problem();
    if (problem) throw new Error(problem);
    if (!this.core.readable) return [];
    const index = await this.core.symbols();
    return index.search(query, { limit });
  }

  async chunkAt(file: string, line: number) {
    return chunkAt(this.core, confine(this.root, file), line);
  }

  async definitionAt(file: string, line: number, column?: number) {
    await this.ensureTags();
    await this.core.tags.load();
    return definitionAt(this.core, () => this.repoMap.taggedFiles(), confine(this.root, file), line, column, async (p) => this.opts.readFile?.(p));
  }

  async status(opts: { skipped?: boolean } = {}): Promise<Status> {
    const stored = await storedStatus(this.core, !!opts.skipped);
    const progress = this.latest;
    const state: Status['state'] = this.core.paused
      ? 'paused'
      : progress
        ? progress.phase === 'embed'
          ? 'embedding'
          : 'indexing'
        : this.lastError
          ? 'error'
          : 'idle';
    return { ...stored, state, ...(progress ? { progress } : {}), watching: this.watching, ...(this.lastError ? { lastError: this.lastError } : {}) };
  }

  onDidUpdate(listener: (e: UpdateEvent) => void): Disposable {
    return this.updates.on(listener);
  }

  onDidError(listener: (err: Error) => void): Disposable {
    return this.errors.on(listener);
  }

  onDidProgress(listener: (e: ProgressEvent) => void): Disposable {
    return this.progress.on(listener);
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    await this.watcher?.stop();
    await this.core.close();
    await this.queryModel.close();
  }
}
