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
import type { SkippedFile } from '../base/types';
import { type ParseRequest, type ParseResult, parseOne } from '../parse/parse-job';
import { ParsePool } from '../parse/parse-pool';
import { TagCache } from '../tags/tag-cache';
import type { ScannedFile } from '../scan/walker';
import { search, type SearchOptions, type SearchResult } from '../search/hybrid';
import { applyBatch } from './batch';
import { changeSet } from './change-set';
import { embedMissing } from './embed-phase';
import { Journal } from './journal';
import { KeywordEngine } from '../keyword/engine';
import { acquireLock, lockHolder } from './lock';
import { CHUNKER_VERSION, INDEX_FORMAT, type IndexMeta, readMetaChecked, readSkipped, resolveScan, type ScanSettings, writeMeta, writeSkipped } from './meta';
import { emptyReport, type IndexReport, type Progress, type ProgressEvent, type UpdateOptions } from './report';
import { type ChunkRow, type FileRow, fromRow } from '../store/rows';
import { CorruptIndexError, lanceDir, Store } from '../store/store';
import { packFileDocs } from '../keyword/terms';

export type { IndexReport, ProgressEvent, UpdateOptions };

export interface CodeIndexOptions {
  root: string;
  /** Default `<root>/.coderag`. */
  indexDir?: string;
  embedding?: EmbedderConfig & { enabled?: boolean };
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

/**
 * What open() found. A reader repairs nothing: damage and unfinished work wait for the next
 * writer, which repairs them under the lock (prepareWrite).
 */
export interface IndexHealth {
  /** No index at this folder yet (no meta.json). */
  missing: boolean;
  /** The index cannot be read (damaged or outdated): `coderag index` rebuilds it. */
  corrupt?: string;
  /** Readable, with something the next `coderag index` repairs (an interrupted run, a keyword file…). */
  notices: string[];
  /** The live process holding the writer lock when this one opened, if any. */
  writer?: number;
}

export class CorruptIndexFound extends Error {}

/** Why meta.json rules the index out (unreadable, or an older format); undefined when usable or absent. */
function metaProblem(found: ReturnType<typeof readMetaChecked>): string | undefined {
  if (!found.ok) return found.error;
  if (found.meta && found.meta.format !== INDEX_FORMAT) return `index format ${found.meta.format} is outdated (now ${INDEX_FORMAT})`;
  return undefined;
}

function sameVersions(a: number[] | undefined, b: number[] | undefined): boolean {
  return !!a && !!b && a.length === b.length && a.every((v, i) => v === b[i]);
}

export class CodeIndex {
  private pool?: ParsePool;
  private embedPool?: EmbedPool;
  /** The files table, held in memory. */
  readonly files = new Map<string, FileRow>();
  readonly tags: TagCache;
  readonly journal: Journal;
  keyword = KeywordEngine.empty();
  health: IndexHealth = { missing: true, notices: [] };
  private meta: IndexMeta;
  /** What decides the file set: the options given, else the ones the index was built with. */
  private scan: ScanSettings = { codeOnly: false };
  /** Set when this process indexes another file set than the index was built with; told by the next update. */
  private scanChanged?: string;
  private opened?: Store;
  /** The table versions the in-memory state (files, keyword, tags) was read at or last wrote. */
  private versions?: number[];
  /** Vectors made from another embedding input: not searched until a writer re-embeds them. */
  private vectorsStale = false;
  /** Set once this object has written (run an update): only then does close() save the keyword index. */
  private wrote = false;

  private constructor(
    readonly root: string,
    readonly dir: string,
    private readonly opts: CodeIndexOptions,
  ) {
    this.meta = CodeIndex.freshMeta(root);
    this.tags = new TagCache(() => this.store.loadTags());
    this.journal = new Journal(path.join(dir, 'journal.json'));
  }

  private static freshMeta(root: string): IndexMeta {
    const now = new Date().toISOString();
    return { format: INDEX_FORMAT, root, createdAt: now, updatedAt: now };
  }

  /** The LanceDB tables; throws when the index is missing or could not be read. */
  get store(): Store {
    if (this.opened) return this.opened;
    if (this.health.corrupt) throw new CorruptIndexFound(this.corruptMessage());
    throw new CorruptIndexFound(`no index yet at ${this.dir}; run \`coderag index\``);
  }

  /** What a reader tells the user about an index it cannot read. */
  corruptMessage(): string {
    if (this.health.writer) return `the index at ${this.dir} is being written by another CodeRAG process (pid ${this.health.writer}) and could not be read (${this.health.corrupt}); try again when it finishes`;
    return `the index at ${this.dir} is corrupt (${this.health.corrupt}); run \`coderag index\` to rebuild it`;
  }

  get lockFile(): string {
    return path.join(this.dir, 'lock');
  }

  /**
   * Opens the index read-only: nothing on disk changes, whatever is found (damage, a run in
   * flight, another chunker version). `health` says what was found; update() repairs it.
   */
  static async open(opts: CodeIndexOptions): Promise<CodeIndex> {
    const root = path.resolve(opts.root);
    const dir = path.resolve(opts.indexDir ?? defaultIndexDir(root));
    const index = new CodeIndex(root, dir, opts);
    await index.load();
    const { scan, change } = resolveScan(opts, index.meta.scan, index.files.size > 0);
    index.scan = scan;
    index.scanChanged = change;
    return index;
  }

  /** Reads meta, tables, files and keyword index without writing anything. */
  private async load(): Promise<void> {
    const health: IndexHealth = { missing: false, notices: [], writer: lockHolder(this.lockFile) };
    this.health = health;
    const found = readMetaChecked(this.dir);
    health.corrupt = metaProblem(found);
    if (health.corrupt || !found.ok) return;
    if (!found.meta) {
      health.missing = true;
      return;
    }
    this.meta = found.meta;
    try {
      const store = await Store.open(lanceDir(this.dir), this.meta.model?.dim ?? DEFAULT_DIM);
      this.opened = store;
      // Read before the files: a write in between shows as a version change to a later writer.
      this.versions = await store.versions();
      for (const [p, row] of await store.loadFiles()) this.files.set(p, row);
    } catch (err) {
      this.opened?.close();
      this.opened = undefined;
      this.files.clear();
      health.corrupt = err instanceof CorruptIndexError ? err.message : `the tables are unreadable: ${(err as Error).message}`;
      return;
    }
    this.readKeyword();
    if (this.keywordDamage) health.notices.push(`the keyword index file is unreadable (${this.keywordDamage}): rebuilt in memory from the chunk store; \`coderag index\` saves it`);
    const pending = this.journal.pending();
    if (pending.length && !health.writer) health.notices.push(`an interrupted run left ${pending.length} files half-written: \`coderag index\` indexes them again`);
    if ((this.meta.chunker ?? 0) !== CHUNKER_VERSION && this.files.size) {
      health.notices.push(`the index was chunked by chunker version ${this.meta.chunker ?? 0} (now ${CHUNKER_VERSION}): \`coderag index\` parses every file again`);
    }
    if (this.opened.cacheDamage) health.notices.push(`the vector cache is unreadable (${this.opened.cacheDamage}): \`coderag index\` makes it again`);
    if (this.meta.model && (this.meta.model.input ?? 0) !== EMBEDDING_INPUT_VERSION) {
      this.vectorsStale = true;
      health.notices.push(`vectors were made from embedding input version ${this.meta.model.input ?? 'unknown'} (now ${EMBEDDING_INPUT_VERSION}): not searched until \`coderag index\` embeds again`);
    }
    await this.catchUpKeyword();
  }

  /**
   * Under the writer lock, before anything is written: reads the index again if another process
   * wrote since this one looked (or was killed mid-batch), repairs what it finds and rebuilds what
   * cannot be read. Returns true when files were dropped for repair: the run must scan everything.
   */
  private async prepareWrite(report: IndexReport, rebuild?: string): Promise<boolean> {
    let reason = rebuild;
    let rescan = false;
    if (!reason) {
      const found = readMetaChecked(this.dir);
      reason = metaProblem(found);
      if (!reason && found.ok) {
        let current = false;
        if (this.opened && found.meta && !this.journal.pending().length) {
          try {
            current = sameVersions(await this.opened.versions(), this.versions);
          } catch {
            current = false;
          }
        }
        if (!current) {
          this.meta = found.meta ?? CodeIndex.freshMeta(this.root);
          reason = await this.reload(report, !!found.meta);
          rescan = true;
        }
      }
    }
    if (reason) {
      this.opened?.close();
      this.opened = undefined;
      Store.destroy(this.dir);
      this.meta = CodeIndex.freshMeta(this.root);
      this.files.clear();
      this.keyword = KeywordEngine.empty();
      this.keywordDamage = undefined;
      this.tags.reset();
      this.vectorsStale = false;
      this.opened = await Store.open(lanceDir(this.dir), DEFAULT_DIM, true);
      report.rebuilt = reason;
      // A rebuilt index starts from the options given: --rebuild also resets a saved code-only mode.
      this.scan = resolveScan(this.opts, undefined, false).scan;
      this.scanChanged = undefined;
    }
    if ((this.meta.chunker ?? 0) !== CHUNKER_VERSION && this.files.size) {
      // The chunker changed since this index was built: forget the parse results, keep vectors.
      await this.store.deleteChunksOf([...this.files.keys()]);
      await this.store.deleteFiles([...this.files.keys()]);
      this.files.clear();
      for (const p of this.keyword.paths()) this.keyword.removeFile(p);
      report.rebuilt ??= `chunker version ${this.meta.chunker ?? 0} → ${CHUNKER_VERSION}: files parsed again, vectors reused`;
    }
    if (this.meta.model && (this.meta.model.input ?? 0) !== EMBEDDING_INPUT_VERSION) {
      // Vectors were made from another embedding input (or an unknown one): same content hash,
      // different text given to the model. Re-embed everything; idempotent if a run dies midway.
      await this.store.forgetVectors();
      report.rebuilt ??= `embedding input version ${this.meta.model.input ?? 'unknown'} → ${EMBEDDING_INPUT_VERSION}: chunks embedded again`;
      this.meta.model.input = EMBEDDING_INPUT_VERSION;
    }
    this.vectorsStale = false;
    if (this.store.cacheDamage) await this.mendVectorCache(report, this.store.cacheDamage);
    if (await this.repairCounts(report, this.interrupted)) rescan = true;
    // The keyword index agrees with the files table before anything is added to it: another
    // writer's unsaved progress, a killed run's, a lost or damaged keyword file.
    await this.catchUpKeyword();
    if (this.keywordDamage) {
      this.saveKeyword();
      report.repaired.push(`the keyword index file was unreadable (${this.keywordDamage}): rebuilt from the chunk store`);
      this.keywordDamage = undefined;
    }
    this.interrupted = false;
    // Written before any data: a reader of a first run (or of a run after a chunker change)
    // finds the version the rows are being written with.
    this.meta.chunker = CHUNKER_VERSION;
    this.meta.scan = this.scan;
    if (this.scanChanged) {
      report.scanChanged = this.scanChanged;
      this.scanChanged = undefined;
    }
    writeMeta(this.dir, this.meta);
    this.health = { missing: false, notices: [] };
    return rescan;
  }

  /** Set by reload() when a killed run's half-written files were dropped: their counts are checked file by file. */
  private interrupted = false;

  private async mendVectorCache(report: IndexReport, why: string): Promise<void> {
    const kept = await this.store.resetVectorCache();
    report.repaired.push(`the vector cache was unreadable (${why}): made again from the ${kept} vectors the chunks hold`);
  }

  /**
   * Reads tables, files and keyword index again under the lock, first dropping what a killed run
   * half-wrote (the journal). Returns why the index must be rebuilt, if it must.
   */
  private async reload(report: IndexReport, hadMeta: boolean): Promise<string | undefined> {
    this.opened?.close();
    this.opened = undefined;
    this.files.clear();
    this.tags.reset();
    try {
      this.opened = await Store.open(lanceDir(this.dir), this.meta.model?.dim ?? DEFAULT_DIM, true);
      const interrupted = this.journal.pending();
      if (interrupted.length) {
        this.interrupted = true;
        // A run was killed mid-batch: drop what it half-wrote; those files are indexed again.
        await this.opened.deleteChunksOf(interrupted);
        await this.opened.deleteFiles(interrupted);
        this.journal.end();
        report.repaired.push(`${interrupted.length} files half-written by an interrupted run: indexed again`);
      }
      for (const [p, row] of await this.opened.loadFiles()) this.files.set(p, row);
    } catch (err) {
      if (err instanceof CorruptIndexError) return err.message;
      throw err;
    }
    if (!hadMeta && this.files.size) return 'meta.json is missing';
    this.readKeyword();
    return undefined;
  }

  /** Why keyword.bin could not be used, until a writer has saved it again. */
  private keywordDamage?: string;

  private readKeyword(): void {
    const { index, error } = KeywordEngine.read(this.keywordFile);
    this.keyword = index ?? KeywordEngine.empty();
    this.keywordDamage = error;
  }

  /**
   * The cheap check that every indexed file's chunks are all stored, once each: the chunk count
   * against the files table's total (~15 ms at 25k chunks), and per file (~150 ms) when the
   * totals differ or a run was interrupted. A file that does not match (duplicates, holes) loses
   * its rows and is indexed again in this run. Holes and duplicates of exactly equal total in an
   * index no run was interrupted on go unseen: a price for not scanning every run.
   */
  private async repairCounts(report: IndexReport, suspect: boolean): Promise<boolean> {
    let expected = 0;
    for (const row of this.files.values()) if (row.state === 'indexed') expected += row.chunkCount;
    if (!suspect && (await this.store.countChunks()) === expected) return false;
    const counts = await this.store.chunkCountsByPath();
    const bad = new Set<string>();
    for (const [p, row] of this.files) if ((counts.get(p) ?? 0) !== (row.state === 'indexed' ? row.chunkCount : 0)) bad.add(p);
    for (const p of counts.keys()) if (!this.files.has(p)) bad.add(p);
    if (!bad.size) return false;
    const paths = [...bad];
    await this.store.deleteChunksOf(paths);
    await this.store.deleteFiles(paths.filter((p) => this.files.has(p)));
    for (const p of paths) {
      this.files.delete(p);
      this.keyword.removeFile(p);
      this.tags.forget(p);
    }
    report.repaired.push(`${paths.length} files whose stored chunks did not match the files table (duplicates or missing chunks): indexed again`);
    return true;
  }

  private keywordSavedAt = Date.now();

  private saveKeyword(): void {
    this.keyword.save(this.keywordFile);
    this.keywordSavedAt = Date.now();
  }

  get keywordFile(): string {
    return path.join(this.dir, 'keyword.bin');
  }

  /**
   * Makes the keyword index agree with the files table (after a crash, a lost keyword file, or a
   * writer's unsaved progress), in memory: a writer saves it under the lock.
   */
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
      fs.mkdirSync(this.dir, { recursive: true });
      const release = acquireLock(this.lockFile);
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
    const t0 = performance.now();
    this.wrote = true;
    // Files dropped for repair are found again only by a full scan.
    if (await this.prepareWrite(report, options.rebuild)) options = { ...options, paths: undefined };
    const progress: Progress = this.opts.onProgress ?? (() => undefined);
    progress({ phase: 'scan', done: 0, total: 0 });
    const { todo, unchanged, skipped, gone } = changeSet(this.root, this.dir, this.files, this.keyword, options, { ...this.scan, indexDir: this.dir });
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
        // Another model than the vectors' is refused even when nothing needs embedding: a silent
        // accept would let the user believe the index now uses it.
        const asked = this.opts.embedding?.model ? resolveModel(this.opts.embedding).id : undefined;
        if (asked && this.meta.model && asked !== this.meta.model.id) {
          throw new Error(`the index holds vectors of ${this.meta.model.id}; --model ${this.opts.embedding!.model} (${asked}) requires \`coderag index --rebuild\``);
        }
        if (await this.store.countChunks('embedded = false')) {
          const embedder = await this.embedderFor();
          await embedMissing(this.store, embedder, report, progress, () => this.closing, this.opts.embedBatch);
        }
        // Compaction and the vector index, timed apart from the embedding itself.
        t4 = performance.now();
        if (!this.closing && this.meta.model) await this.store.afterEmbedding(report.embedded + report.reusedVectors);
        report.timings.annIndexMs = Math.round(performance.now() - t4);
      } catch (err) {
        report.embeddingError = (err as Error).message;
      }
      report.timings.embedMs = Math.round((t4 ?? performance.now()) - t3);
    }
    this.meta.updatedAt = new Date().toISOString();
    writeMeta(this.dir, this.meta);
    this.versions = await this.store.versions();
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
  /** Why the query model is unavailable, once a load failed or made another model's vectors. */
  private queryModelError?: string;

  /**
   * The embedder for queries: the pool when it is running, else one in this thread (a single query
   * does not pay for starting workers). Undefined when nothing is embedded or the model cannot load.
   */
  async queryEmbedder(): Promise<Embedder | undefined> {
    if (!this.meta.model || this.vectorsStale) return undefined;
    if (this.embedPool) return this.embedPool;
    this.queryModel ??= TransformersEmbedder.load(resolveModel(this.opts.embedding)).then(
      (e) => {
        if (e.id === this.meta.model?.id) return e;
        this.queryModelError = `the index's vectors were made by ${this.meta.model?.id}, the query model is ${e.id}: pass --model ${this.meta.model?.id} or run \`coderag index --rebuild\``;
        return undefined;
      },
      (err: Error) => {
        this.queryModelError = `the query model could not be loaded: ${err.message.split('\n')[0]}`;
        return undefined;
      },
    );
    return this.queryModel;
  }

  /** Why a vector search would find nothing, or undefined when it can run. */
  async vectorProblem(): Promise<string | undefined> {
    if (!this.meta.model) return 'the index has no vectors (built with --no-embeddings, or no embedding pass has run): run `coderag index`';
    if (this.vectorsStale) return 'the vectors are from an older embedding input: run `coderag index` to embed again';
    if (!(await this.queryEmbedder())) return this.queryModelError ?? 'no query model';
    if (!(await this.store.countChunks('embedded = true'))) return 'no chunk has a vector yet (the embedding pass was interrupted or failed): run `coderag index`';
    return undefined;
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

  get scanSettings(): ScanSettings {
    return this.scan;
  }

  get updatedAt(): string | undefined {
    return this.health.missing ? undefined : this.meta.updatedAt;
  }

  get model(): IndexMeta['model'] {
    return this.meta.model;
  }

  /** Set by close(): running updates stop at their next batch; the next run resumes the work. */
  private closing = false;

  async close(): Promise<void> {
    this.closing = true;
    await this.updating;
    if (this.wrote && this.keyword.isDirty) await this.saveKeywordLocked();
    await this.pool?.close();
    await this.embedPool?.close();
    this.pool = undefined;
    this.embedPool = undefined;
    this.opened?.close();
    this.opened = undefined;
  }

  /**
   * The keyword index a writer left unsaved, saved under the lock and only if no other process
   * wrote since (its copy would be stale; the next open catches up from the chunk store anyway).
   */
  private async saveKeywordLocked(): Promise<void> {
    let release: () => void;
    try {
      release = acquireLock(this.lockFile);
    } catch {
      return;
    }
    try {
      if (this.opened && sameVersions(await this.opened.versions(), this.versions)) this.saveKeyword();
    } finally {
      release();
    }
  }
}

