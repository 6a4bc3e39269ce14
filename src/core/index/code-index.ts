// The index of one workspace: scan → parse (workers) → chunk rows in LanceDB + keyword index →
// vectors (workers). One change set per run, computed from size/mtime then content hash; every
// store (LanceDB, keyword, vectors) applies it. Crash-safe by ordering: a file's chunks are
// deleted then written before its files-table row records the new hash, so a killed run redoes
// exactly the files it had not finished, without duplicates.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeTokenCounter } from '../chunk/token-counter';
import { type Embedder, type EmbedderConfig, EMBEDDING_INPUT_VERSION, resolveModel } from '../embed/embedder';
import { EmbedPool } from '../embed/embed-pool';
import { TransformersEmbedder } from '../embed/transformers-embedder';
import type { SkippedFile } from '../model';
import { type ParseRequest, type ParseResult, parseOne } from '../parse/parse-job';
import { ParsePool } from '../parse/parse-pool';
import { TagCache } from '../repomap/tag-cache';
import type { ScannedFile } from '../scan/walker';
import { search, type SearchOptions, type SearchResult } from '../search/hybrid';
import { applyBatch } from './batch';
import { changeSet } from './change-set';
import { embedMissing } from './embed-phase';
import { Journal } from './journal';
import { KeywordIndex } from './keyword';
import { acquireLock } from './lock';
import { CHUNKER_VERSION, INDEX_FORMAT, type IndexMeta, readMeta, readSkipped, resolveScan, type ScanSettings, writeMeta, writeSkipped } from './meta';
import { emptyReport, type IndexReport, type Progress, type ProgressEvent, type UpdateOptions } from './report';
import { type ChunkRow, type FileRow, fromRow } from './rows';
import { CorruptIndexError, Store } from './store';
import { packFileDocs } from './terms';

export type { IndexReport, ProgressEvent, UpdateOptions };

export interface CodeIndexOptions {
  root: string;
  /** Default `<root>/.coderag`. */
  indexDir?: string;
  embedding?: EmbedderConfig & { enabled?: boolean };
  /** These three decide the file set. Left out, each is the one the index was built with (meta.json). */
  maxFileBytes?: number;
  codeOnly?: boolean;
  extraExcludes?: string[];
  /** Chunks over this many model tokens are split (default 512). */
  maxTokens?: number;
  parseWorkers?: number;
  embedWorkers?: number;
  /** Chunks per store round trip while embedding (default EMBED_BATCH); tests make it small. */
  embedBatch?: number;
  /** Parse in this thread instead of workers (tests, tiny updates). */
  inProcess?: boolean;
  onProgress?: (e: ProgressEvent) => void;
}

const DEFAULT_DIM = 512;
const BATCH_FILES = 200;
const BATCH_CHUNKS = 4000;
const RELEASE_WORKERS_AFTER = 1000;

export function defaultIndexDir(root: string): string {
  return path.join(root, '.coderag');
}

export class CodeIndex {
  private pool?: ParsePool;
  private embedPool?: EmbedPool;
  /** The files table, held in memory. */
  readonly files = new Map<string, FileRow>();
  readonly tags: TagCache;
  readonly journal: Journal;
  private meta: IndexMeta;

  private constructor(
    readonly root: string,
    readonly dir: string,
    readonly store: Store,
    readonly keyword: KeywordIndex,
    private readonly opts: CodeIndexOptions,
    meta: IndexMeta,
    readonly openReport: { rebuilt?: string; scanChanged?: string },
  ) {
    this.meta = meta;
    this.tags = new TagCache(() => store.loadTags());
    this.journal = new Journal(path.join(dir, 'journal.json'));
  }

  /** Opens the index, detecting damage (then rebuilding it empty) and catching the keyword index up. */
  static async open(opts: CodeIndexOptions): Promise<CodeIndex> {
    const root = path.resolve(opts.root);
    const dir = path.resolve(opts.indexDir ?? defaultIndexDir(root));
    let rebuilt: string | undefined;
    let meta = readMeta(dir);
    if (meta && meta.format !== INDEX_FORMAT) {
      rebuilt = `index format ${meta.format} is outdated (now ${INDEX_FORMAT})`;
      Store.destroy(dir);
      meta = undefined;
    }
    const dim = meta?.model?.dim ?? DEFAULT_DIM;
    let store: Store;
    try {
      store = await Store.open(path.join(dir, 'lance'), dim);
    } catch (err) {
      if (!(err instanceof CorruptIndexError)) throw err;
      rebuilt = err.message;
      Store.destroy(dir);
      meta = undefined;
      store = await Store.open(path.join(dir, 'lance'), DEFAULT_DIM);
    }
    const now = new Date().toISOString();
    meta ??= { format: INDEX_FORMAT, root, createdAt: now, updatedAt: now };
    const keywordFile = path.join(dir, 'keyword.bin');
    let keyword = KeywordIndex.load(keywordFile);
    if (!keyword && fs.existsSync(keywordFile)) rebuilt ??= 'keyword index was unreadable; rebuilt from the chunk store';
    keyword ??= KeywordIndex.empty();
    const index = new CodeIndex(root, dir, store, keyword, opts, meta, { rebuilt });
    const interrupted = index.journal.pending();
    if (interrupted.length) {
      // A run was killed mid-batch: drop what it half-wrote; those files are indexed again.
      await store.deleteChunksOf(interrupted);
      await store.deleteFiles(interrupted);
      index.journal.end();
    }
    for (const [p, row] of await store.loadFiles()) index.files.set(p, row);
    if ((meta.chunker ?? 0) !== CHUNKER_VERSION && index.files.size) {
      // The chunker changed since this index was built: forget the parse results, keep vectors.
      await store.deleteChunksOf([...index.files.keys()]);
      await store.deleteFiles([...index.files.keys()]);
      index.files.clear();
      for (const p of index.keyword.paths()) index.keyword.removeFile(p);
      index.openReport.rebuilt = `chunker version ${meta.chunker ?? 0} → ${CHUNKER_VERSION}: files parsed again, vectors reused`;
    }
    meta.chunker = CHUNKER_VERSION;
    const { scan, change } = resolveScan(opts, meta.scan, index.files.size > 0);
    meta.scan = scan;
    index.openReport.scanChanged = change;
    if (meta.model && (meta.model.input ?? 0) !== EMBEDDING_INPUT_VERSION) {
      // Vectors were made from another embedding input (or an unknown one): same content hash,
      // different text given to the model. Re-embed everything; idempotent if a run dies midway.
      await store.forgetVectors();
      index.openReport.rebuilt ??= `embedding input version ${meta.model.input ?? 'unknown'} → ${EMBEDDING_INPUT_VERSION}: chunks embedded again`;
      meta.model.input = EMBEDDING_INPUT_VERSION;
    }
    await index.catchUpKeyword();
    return index;
  }

  private keywordSavedAt = Date.now();

  private saveKeyword(): void {
    this.keyword.save(this.keywordFile);
    this.keywordSavedAt = Date.now();
  }

  get keywordFile(): string {
    return path.join(this.dir, 'keyword.bin');
  }

  /** Makes the keyword index agree with the files table (after a crash, or a lost keyword file). */
  private async catchUpKeyword(): Promise<void> {
    const stale: string[] = [];
    for (const [p, row] of this.files) {
      if (row.state === 'indexed' && this.keyword.fileShas.get(p) !== row.sha256) stale.push(p);
    }
    for (const p of this.keyword.paths()) if (!this.files.has(p) || this.files.get(p)!.state !== 'indexed') this.keyword.removeFile(p);
    for (let i = 0; i < stale.length; i += 500) {
      const batch = stale.slice(i, i + 500);
      const rows = await this.store.chunksOfPaths(batch);
      const byPath = new Map<string, ChunkRow[]>();
      for (const r of rows) {
        const list = byPath.get(r.path);
        if (list) list.push(r);
        else byPath.set(r.path, [r]);
      }
      for (const p of batch) {
        const chunks = (byPath.get(p) ?? []).map(fromRow).sort((a, b) => a.startLine - b.startLine);
        this.keyword.setFile(p, this.files.get(p)!.sha256, packFileDocs(chunks));
      }
    }
    if (this.keyword.isDirty) this.saveKeyword();
  }

  private parser(): ParsePool | undefined {
    if (this.opts.inProcess) return undefined;
    this.pool ??= new ParsePool({
      workers: this.opts.parseWorkers,
      maxTokens: this.opts.maxTokens ?? 512,
      tokenizer: { maxTokens: this.opts.maxTokens ?? 512 },
    });
    return this.pool;
  }

  private inProcessCounter?: ReturnType<typeof makeTokenCounter>;

  private parse(req: ParseRequest): Promise<ParseResult> {
    const pool = this.parser();
    if (pool) return pool.parse(req);
    this.inProcessCounter ??= makeTokenCounter({ maxTokens: this.opts.maxTokens ?? 512 });
    return parseOne(req, { maxTokens: this.opts.maxTokens ?? 512, countTokens: this.inProcessCounter, compact: true });
  }

  /**
   * Brings the index up to date with the workspace. With `paths`, only those files are looked at
   * (the watcher's change list); otherwise the whole workspace is scanned.
   */
  async update(options: UpdateOptions = {}): Promise<IndexReport> {
    // Updates from one process run one at a time (the watcher, a background embed, a tool call);
    // the lock file keeps other processes out.
    const run = this.updating.then(async () => {
      const release = acquireLock(path.join(this.dir, 'lock'));
      try {
        return await this.runUpdate(options);
      } finally {
        release();
      }
    });
    this.updating = run.catch(() => undefined);
    return run;
  }

  private updating: Promise<unknown> = Promise.resolve();

  private async runUpdate(options: UpdateOptions): Promise<IndexReport> {
    const report = emptyReport();
    if (this.openReport.rebuilt) {
      report.rebuilt = this.openReport.rebuilt;
      this.openReport.rebuilt = undefined;
    }
    if (this.openReport.scanChanged) {
      report.scanChanged = this.openReport.scanChanged;
      this.openReport.scanChanged = undefined;
    }
    const t0 = performance.now();
    const progress: Progress = this.opts.onProgress ?? (() => undefined);
    progress({ phase: 'scan', done: 0, total: 0 });
    const { todo, unchanged, skipped, gone } = changeSet(this.root, this.dir, this.files, this.keyword, options, { ...this.scanSettings, indexDir: this.dir });
    report.unchanged = unchanged;
    report.timings.scanMs = Math.round(performance.now() - t0);

    const t1 = performance.now();
    await this.parseAll(todo, report, progress, !!options.tagsOnly);
    report.timings.parseMs = Math.round(performance.now() - t1);

    if (gone.length) {
      await this.store.deleteChunksOf(gone);
      await this.store.deleteFiles(gone);
      for (const p of gone) {
        this.keyword.removeFile(p);
        this.files.delete(p);
        this.tags.forget(p);
      }
      report.deleted = gone.length;
    }
    const t2 = performance.now();
    progress({ phase: 'save', done: 0, total: 1 });
    // The keyword file is rewritten whole: after small updates (the watcher) it waits, at most
    // half a minute or until close(). A crash meanwhile costs nothing: open() catches up from the
    // chunk store.
    if (this.keyword.isDirty && (report.indexed + report.deleted >= 100 || Date.now() - this.keywordSavedAt > 30_000)) this.saveKeyword();
    writeSkipped(this.dir, skipped);
    report.skipped = skipped.length + report.skipped;
    // Compaction rewrites every table (0.8 s after the stdlib's cold pass). The embedding phase
    // compacts once its writes are in; a structural index waits until its fragments pile up.
    if (report.indexed + report.deleted > 1000) await this.store.compactIfFragmented();
    report.timings.saveMs = Math.round(performance.now() - t2);

    if (!options.tagsOnly && (options.embeddings ?? this.opts.embedding?.enabled ?? true)) {
      const t3 = performance.now();
      let t4: number | undefined;
      try {
        if (await this.store.countChunks('embedded = false')) {
          const embedder = await this.embedderFor();
          await embedMissing(this.store, embedder, report, progress, () => this.closing, this.opts.embedBatch);
        }
        // Compaction and the vector index, timed apart from the embedding itself.
        t4 = performance.now();
        if (!this.closing && this.meta.model) await this.store.afterEmbedding(report.embedded + report.reusedVectors);
        report.timings.vectorIndexMs = Math.round(performance.now() - t4);
      } catch (err) {
        report.embeddingError = (err as Error).message;
      }
      report.timings.embedMs = Math.round((t4 ?? performance.now()) - t3);
    }
    this.meta.updatedAt = new Date().toISOString();
    writeMeta(this.dir, this.meta);
    report.timings.totalMs = Math.round(performance.now() - t0);
    return report;
  }

  /** Parses files in the pool and applies results in batches (each batch: chunks, keyword, files). */
  private async parseAll(todo: ScannedFile[], report: IndexReport, progress: Progress, tagsOnly: boolean): Promise<void> {
    let pending: ParseResult[] = [];
    let pendingChunks = 0;
    let done = 0;
    // Writes run while parsing goes on; a few batches may wait behind the one being written.
    let writing: Promise<void> = Promise.resolve();
    let queued = 0;
    const flush = async () => {
      const batch = pending;
      pending = [];
      pendingChunks = 0;
      while (queued >= 6) await writing;
      queued++;
      writing = writing.then(() => applyBatch(this, batch, report)).finally(() => queued--);
    };
    const inFlight = Math.max(4, (this.parser()?.size ?? 1) * 10);
    let next = 0;
    const worker = async () => {
      while (next < todo.length && !this.closing) {
        const f = todo[next++];
        const row = this.files.get(f.path);
        let result: ParseResult;
        try {
          // A file known only by its tags must be read again in full even if its content is the same.
          const knownSha = row && (row.state !== 'tags' || tagsOnly) ? row.sha256 : undefined;
          result = await this.parse({ path: f.path, absPath: f.absPath, knownSha, withTags: true, tagsOnly });
        } catch (err) {
          report.errors.push({ path: f.path, error: (err as Error).message.split('\n')[0] });
          continue;
        }
        pending.push(result);
        if (result.status === 'parsed') pendingChunks += result.chunkCount;
        progress({ phase: 'parse', done: ++done, total: todo.length });
        if (pending.length >= BATCH_FILES || pendingChunks >= BATCH_CHUNKS) await flush();
      }
    };
    await Promise.all(Array.from({ length: Math.min(inFlight, todo.length) }, worker));
    // After a large pass the parse workers hold hundreds of MB (tree-sitter's wasm memory never
    // shrinks): they go before the last batches are written, the save and the embedding phase,
    // which is when the index thread holds the most. Fresh ones start in a fraction of a second.
    if (todo.length >= RELEASE_WORKERS_AFTER) await this.releaseParseWorkers();
    await flush();
    await writing;
  }

  private async releaseParseWorkers(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.close();
  }

  private async embedder(): Promise<EmbedPool> {
    if (this.embedPool) return this.embedPool;
    const model = resolveModel(this.opts.embedding);
    this.embedPool = await EmbedPool.start(model, this.opts.embedWorkers);
    return this.embedPool;
  }

  /** The embedding pool, checked against what the stored vectors were made with. */
  private async embedderFor(): Promise<Embedder> {
    const embedder = await this.embedder();
    if (this.meta.model && (this.meta.model.id !== embedder.id || this.meta.model.dim !== embedder.dim)) {
      throw new Error(
        `the index holds vectors of ${this.meta.model.id} (${this.meta.model.dim}-d) but the model is ${embedder.id} (${embedder.dim}-d): run \`coderag index --rebuild\``,
      );
    }
    if (embedder.dim !== this.store.dim) throw new Error(`model dimension ${embedder.dim} differs from the index (${this.store.dim}): run \`coderag index --rebuild\``);
    this.meta.model = { id: embedder.id, dim: embedder.dim, input: EMBEDDING_INPUT_VERSION };
    writeMeta(this.dir, this.meta);
    return embedder;
  }

  private queryModel?: Promise<Embedder | undefined>;

  /**
   * The embedder for queries: the pool when it is running, else one in this thread (a single query
   * does not pay for starting workers). Undefined when nothing is embedded or the model cannot load.
   */
  async queryEmbedder(): Promise<Embedder | undefined> {
    if (!this.meta.model) return undefined;
    if (this.embedPool) return this.embedPool;
    this.queryModel ??= TransformersEmbedder.load(resolveModel(this.opts.embedding)).then(
      (e) => (e.id === this.meta.model?.id ? e : undefined),
      () => undefined,
    );
    return this.queryModel;
  }

  search(query: string, opts: SearchOptions = {}): Promise<SearchResult[]> {
    return search(this, query, opts);
  }

  fileRows(): FileRow[] {
    return [...this.files.values()];
  }

  skipped(): SkippedFile[] {
    return readSkipped(this.dir);
  }

  /** What decides the file set for this index: the options given, else the ones it was built with. */
  get scanSettings(): ScanSettings {
    return this.meta.scan!;
  }

  get model(): IndexMeta['model'] {
    return this.meta.model;
  }

  /** Set by close(): running updates stop at their next batch; the next run resumes the work. */
  private closing = false;

  async close(): Promise<void> {
    this.closing = true;
    await this.updating;
    if (this.keyword.isDirty) this.saveKeyword();
    await this.pool?.close();
    await this.embedPool?.close();
    this.pool = undefined;
    this.embedPool = undefined;
    this.store.close();
  }
}

