// The index of one workspace: scan → parse (workers) → artifacts (chunk rows in LanceDB, keyword
// engine, tags, symbols) → vectors (workers). One change set per run, computed from size/mtime
// then content hash; every artifact's sink applies it. Crash-safe by ordering: a file's products are written
// before its files-table row records the new hash, so a killed run redoes exactly the files it had
// not finished, without duplicates. This file owns the object's lifetime; the work is in open.ts
// (reading), repair.ts (mending under the lock), run.ts (a run), embed-phase.ts (vectors),
// keyword-file.ts (keyword.bin) and symbol-file.ts (symbols.json).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SkippedFile } from '../base/types';
import { estimateTokens } from '../chunk/split';
import { type Embedder, resolveModel } from '../embed/embedder';
import { EmbedPool } from '../embed/embed-pool';
import type { ChunkStore } from '../store/chunk-store';
import { type ParseRequest, type ParseResult, parseOne } from '../parse/parse-job';
import { ParsePool } from '../parse/parse-pool';
import type { FileRow } from '../store/rows';
import type { TagCache } from '../tags/tag-cache';
import type { KeywordEngine } from '../keyword/engine';
import type { SymbolIndex } from '../symbols/symbol-index';
import { Gate } from './gate';
import { saveKeyword } from './keyword-file';
import { acquireLock } from './lock';
import type { IndexMeta, ScanSettings } from './meta';
import { resolveScan } from './meta';
import { loadIndex, sameVersions } from './open';
import type { IndexReport, ProgressEvent, UpdateOptions } from './report';
import { saveLocked } from './save-locked';
import { runUpdate } from './run';
import { type CodeIndexOptions, defaultIndexDir, type IndexHealth, IndexState } from './state';

export type { CodeIndexOptions, IndexHealth, IndexReport, ProgressEvent, UpdateOptions };
export { CorruptIndexFound, defaultIndexDir } from './state';

export class CodeIndex {
  private pool?: ParsePool;
  private embedPool?: EmbedPool;
  private readonly s: IndexState;
  private readonly gate = new Gate();
  private runs = 0;
  /** Set by close(): running updates stop at their next batch; the next run resumes the work. */
  private closing = false;

  private constructor(root: string, dir: string, private readonly opts: CodeIndexOptions) {
    this.s = new IndexState(root, dir, opts);
  }

  /**
   * Opens the index read-only: nothing on disk changes, whatever is found (damage, a run in
   * flight, other artifact versions). `health` says what was found; update() repairs it.
   */
  static async open(opts: CodeIndexOptions): Promise<CodeIndex> {
    const root = path.resolve(opts.root);
    const index = new CodeIndex(root, path.resolve(opts.indexDir ?? defaultIndexDir(root)), opts);
    const s = index.s;
    await loadIndex(s);
    const { scan, change } = resolveScan(opts, s.meta.scan, s.files.size > 0);
    s.scan = scan;
    s.scanChanged = change;
    return index;
  }

  get root(): string {
    return this.s.root;
  }

  get dir(): string {
    return this.s.dir;
  }

  get health(): IndexHealth {
    return this.s.health;
  }

  get store(): ChunkStore {
    return this.s.store;
  }

  /** Whether there is a store to read (an index exists and opened, or a run made one). */
  get readable(): boolean {
    return !!this.s.opened;
  }

  get keyword(): KeywordEngine {
    return this.s.keyword;
  }

  get tags(): TagCache {
    return this.s.tags;
  }

  /**
   * The symbol index: symbols.json read on first use and brought up to date with the files table
   * (from the tags where a file's definitions are stale, lost or damaged; a reader only in memory).
   */
  async symbols(): Promise<SymbolIndex> {
    const index = await this.s.symbols.load();
    const damage = this.s.symbols.damage;
    const note = damage && `the symbol index file is unreadable (${damage}): rebuilt in memory from the tags; \`coderag index\` saves it`;
    if (note && !this.s.health.notices.includes(note)) this.s.health.notices.push(note);
    return index;
  }

  corruptMessage(): string {
    return this.s.corruptMessage();
  }

  /**
   * Brings the index up to date with the workspace. With `paths`, only those files are looked at
   * (the watcher's change list); otherwise the whole workspace is scanned.
   */
  update(options: UpdateOptions = {}): Promise<IndexReport> {
    return this.startUpdate(options).report;
  }

  /** update(), with the run's id known before it starts (its progress events carry it). */
  startUpdate(options: UpdateOptions = {}): { runId: number; report: Promise<IndexReport> } {
    // Updates from one process run one at a time (the watcher, a background embed, a tool call);
    // the lock file keeps other processes, and other index objects of this one, out.
    const runId = ++this.runs;
    const run = this.updating.then(async () => {
      fs.mkdirSync(this.s.dir, { recursive: true });
      const release = acquireLock(this.s.lockFile);
      try {
        return await runUpdate(this.s, this.host, runId, options);
      } finally {
        release();
      }
    });
    this.updating = run.catch(() => undefined);
    return { runId, report: run };
  }

  private updating: Promise<unknown> = Promise.resolve();

  /** Running and later updates wait at their next file or batch until resume(). */
  pause(): void {
    this.gate.pause();
  }

  resume(): void {
    this.gate.resume();
  }

  get paused(): boolean {
    return this.gate.paused;
  }

  private readonly listeners = new Set<(e: ProgressEvent) => void>();

  /** Progress of every run of this index (the CLI's bar, an editor's status). */
  onProgress(listener: (e: ProgressEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private readonly host = {
    parse: (req: ParseRequest) => this.parse(req),
    parallelism: () => this.parser()?.size ?? 1,
    releaseParseWorkers: () => this.releaseParseWorkers(),
    embedder: () => this.embedder(),
    gate: this.gate,
    closing: () => this.closing,
    emit: (e: ProgressEvent, own?: (e: ProgressEvent) => void) => {
      this.opts.onProgress?.(e);
      own?.(e);
      for (const l of this.listeners) l(e);
    },
  };

  private parser(): ParsePool | undefined {
    if (this.opts.inProcess) return undefined;
    this.pool ??= new ParsePool({
      workers: this.opts.parseWorkers,
      maxTokens: this.opts.maxTokens ?? 512,
      heapMb: this.opts.parseHeapMb?.worker,
      maxHeapMb: this.opts.parseHeapMb?.max,
    });
    return this.pool;
  }

  private parse(req: ParseRequest): Promise<ParseResult> {
    const pool = this.parser();
    if (pool) return pool.parse(req);
    return parseOne(req, { maxTokens: this.opts.maxTokens ?? 512, countTokens: estimateTokens, compact: true });
  }

  private async releaseParseWorkers(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.close();
  }

  private async embedder(): Promise<EmbedPool> {
    this.embedPool ??= await EmbedPool.start(resolveModel(this.opts.embedding), this.opts.embedWorkers);
    return this.embedPool;
  }

  /**
   * The embedding workers, when a run has started them and one of them is free: a query can use
   * them instead of loading its own model. A busy pool is not offered: a worker answers in order,
   * and a query queued behind the background batches of a large workspace waited 15-30 s.
   */
  runningEmbedder(): Embedder | undefined {
    return this.embedPool?.idle ? this.embedPool : undefined;
  }

  /** What the stored vectors are: the model they were made with, and whether they are usable yet. */
  get vectors(): { model?: IndexMeta['model']; stale: boolean } {
    return { model: this.s.meta.model, stale: this.s.vectorsStale };
  }

  get embedding(): CodeIndexOptions['embedding'] {
    return this.opts.embedding;
  }

  fileRows(): FileRow[] {
    return [...this.s.files.values()];
  }

  fileRow(p: string): FileRow | undefined {
    return this.s.files.get(p);
  }

  skipped(): SkippedFile[] {
    return this.s.skippedFiles();
  }

  get scanSettings(): ScanSettings {
    return this.s.scan;
  }

  get updatedAt(): string | undefined {
    return this.s.health.missing ? undefined : this.s.meta.updatedAt;
  }

  get model(): IndexMeta['model'] {
    return this.s.meta.model;
  }

  async close(): Promise<void> {
    this.closing = true;
    this.gate.resume();
    await this.updating;
    const s = this.s;
    if (s.wrote && !s.health.degraded) {
      const unsaved: (() => Promise<void>)[] = [];
      if (s.keyword.isDirty) unsaved.push(() => saveKeyword(s));
      if (s.symbols.isDirty) unsaved.push(() => s.symbols.save());
      await saveLocked(s, sameVersions, unsaved);
    }
    await this.pool?.close();
    await this.embedPool?.close();
    this.pool = undefined;
    this.embedPool = undefined;
    this.s.opened?.close();
    this.s.opened = undefined;
  }
}
