// What one workspace folder's index does next, and what it is doing now. Background work comes in
// two jobs the scheduler runs one at a time across folders: a full pass (scan, parse, save: the
// keyword index, searchable while it runs) and a vectors pass. The editor's changes are applied
// between them: a change preempts a vectors pass (it stops at its next batch and starts again
// afterwards, the changed files first) but waits for a full pass, which reads every file anyway.
import { ProgressTracker } from './progress';
import type { Activity, FolderProgress, FolderStatus, RunSummary } from './protocol';
import type { FolderConfig } from './settings';
import { type FolderCounts, IndexedFolder, type IndexReport, isLocked, type ProgressEvent, reportLines, summarize } from './workspace';

/** A vectors pass waits this long after the last change: typing must not restart it at every pause. */
export const QUIET_MS = 1500;
/** Stored counts (LanceDB and a walk of the index folder) are read again at most this often while nothing ends. */
const COUNTS_EVERY_MS = 2000;
/** Another process holding the index's writer lock is retried after this long. */
const LOCKED_RETRY_MS = 30_000;
/** Recently changed files are embedded first, with the open ones. */
const RECENT = 50;

export type JobKind = 'full' | 'vectors';

export interface TasksHost {
  paused(): boolean;
  /** Look for background work (a job ended, a quiet period passed). */
  kick(): void;
  /** The folder's status changed: push it (throttled by the caller). */
  changed(): void;
  log(level: 'info' | 'warn' | 'error', text: string): void;
  /** Workspace-relative paths of this folder's open documents. */
  openPaths(root: string): string[];
}

export class FolderTasks {
  readonly folder: IndexedFolder;
  private readonly name: string;
  private readonly pending = new Set<string>();
  private recent: string[] = [];
  private fullPassNeeded = true;
  private rebuild?: string;
  private vectorsDone = false;
  private stopped = false;
  private retryAt = 0;
  /** The first whole full pass ended: the core's watcher may start, changes may be applied. */
  private watchReady = false;
  private job?: { kind: JobKind; id?: number; abort: AbortController; done: Promise<void> };
  private applying?: Promise<void>;
  private lastChangeAt = 0;
  private quietTimer?: NodeJS.Timeout;
  private readonly tracker = new ProgressTracker();
  private progress?: FolderProgress;
  private counts?: FolderCounts;
  private countsAt = 0;
  private counting?: Promise<void>;
  private visible = false;
  private lastRun?: RunSummary;
  private failure?: string;
  private closed = false;

  constructor(
    root: string,
    readonly config: FolderConfig,
    readFile: (rel: string) => string | undefined,
    private readonly host: TasksHost,
    carried: { changes?: string[]; rebuild?: string } = {},
  ) {
    this.name = root.split(/[\\/]/).filter(Boolean).pop() ?? root;
    this.folder = new IndexedFolder(root, config, readFile, {
      progress: (e) => this.onProgress(e),
      updated: (report, paths) => this.onUpdated(report, paths),
      error: (err) => this.host.log('error', `${this.name}: ${err.message}`),
    });
    for (const p of carried.changes ?? []) this.pending.add(p);
    this.rebuild = carried.rebuild;
  }

  get root(): string {
    return this.folder.root;
  }

  /** Opens the index; failures end in state `error`, never a throw. */
  async open(): Promise<void> {
    try {
      const { complete, problem } = await this.folder.open();
      if (this.closed) return void (await this.folder.close());
      if (this.host.paused()) this.folder.pause();
      await this.refreshCounts();
      const c = this.counts!;
      // The first index of this folder (or one a killed run left unfinished): worth a notification.
      this.visible = !complete || !!this.rebuild || (this.config.embeddings && c.embedded < c.chunks);
      this.folder.status.state = complete && !this.rebuild ? 'ready' : 'indexing';
      this.host.log('info', `${this.name}: index at ${this.config.indexDir}: ${complete ? `${c.files} files, ${c.chunks} chunks, ${c.embedded} with vectors` : c.files ? `unfinished (${c.files} files so far): resuming` : 'new'}${problem ? ` (${problem})` : ''}`);
    } catch (err) {
      this.failure = (err as Error).message;
      this.folder.status.state = 'error';
      this.host.log('error', `${this.name}: cannot open the index at ${this.config.indexDir}: ${this.failure}`);
    }
    this.host.changed();
    this.host.kick();
  }

  /** The background job this folder wants now, if any. */
  wants(now = Date.now()): JobKind | undefined {
    if (this.closed || !this.folder.opened || this.stopped || now < this.retryAt || this.job) return undefined;
    if (this.fullPassNeeded) return 'full';
    if (this.config.embeddings && !this.vectorsDone && !this.pending.size && !this.applying && now - this.lastChangeAt >= QUIET_MS) return 'vectors';
    return undefined;
  }

  /** Runs one background job (the scheduler holds the slot until this resolves). */
  async run(kind: JobKind): Promise<void> {
    let finish!: () => void;
    const job = { kind, abort: new AbortController(), done: new Promise<void>((r) => (finish = r)) } as NonNullable<FolderTasks['job']>;
    this.job = job;
    try {
      if (kind === 'vectors') {
        await this.refreshCounts();
        this.tracker.setBase(this.counts?.embedded ?? 0, this.counts?.chunks ?? 0);
        this.folder.prioritize([...new Set([...this.host.openPaths(this.root), ...this.recent])]);
      }
      const handle = kind === 'full' ? this.folder.fullPass(job.abort.signal, this.rebuild) : this.folder.vectorPass(job.abort.signal);
      job.id = handle.id;
      this.host.changed();
      const report = await handle.report;
      this.lastRun = summarize(report);
      this.failure = undefined;
      if (report.cancelled) return;
      if (kind === 'full') {
        this.fullPassNeeded = false;
        this.rebuild = undefined;
        this.watchReady = true;
        this.folder.status.state = 'ready';
      } else {
        // A model that fails to load is reported once, not retried at every change.
        this.vectorsDone = true;
      }
    } catch (err) {
      const message = (err as Error).message;
      this.failure = message;
      const locked = isLocked(err);
      this.retryAt = locked ? Date.now() + LOCKED_RETRY_MS : Infinity;
      if (this.folder.status.state !== 'ready') this.folder.status.state = 'error';
      this.host.log('error', `${this.name}: ${kind === 'full' ? 'indexing' : 'vectors'} failed: ${message}${locked ? ` (tried again in ${LOCKED_RETRY_MS / 1000} s)` : ''}`);
      if (locked) setTimeout(() => this.host.kick(), LOCKED_RETRY_MS + 10).unref();
    } finally {
      this.job = undefined;
      this.progress = undefined;
      this.tracker.reset();
      finish();
      await this.refreshCounts();
      if (!this.backgroundLeft()) this.visible = false;
      this.host.changed();
      void this.drain();
    }
  }

  /** Files changed on disk or in an editor (workspace-relative). */
  changed(paths: string[]): void {
    if (this.closed || !paths.length) return;
    for (const p of paths) this.pending.add(p);
    this.recent = [...new Set([...paths, ...this.recent])].slice(0, RECENT);
    this.lastChangeAt = Date.now();
    this.vectorsDone = false;
    clearTimeout(this.quietTimer);
    this.quietTimer = setTimeout(() => this.host.kick(), QUIET_MS + 10);
    this.quietTimer.unref();
    void this.drain();
  }

  /** Applies pending changes when nothing stands in the way; a running vectors pass is stopped for them. */
  async drain(): Promise<void> {
    if (this.closed || this.applying || !this.pending.size || !this.watchReady || this.host.paused()) return;
    if (this.job?.kind === 'vectors') {
      // Its run() ends soon (the next batch) and drains again.
      this.job.abort.abort();
      return;
    }
    if (this.job) return;
    const paths = [...this.pending];
    this.pending.clear();
    this.applying = this.folder
      .applyChanges(paths)
      .catch((err) => this.host.log('error', `${this.name}: applying ${paths.length} changes failed: ${(err as Error).message}`))
      .finally(() => {
        this.applying = undefined;
        this.host.changed();
        void this.drain();
        this.host.kick();
      });
    await this.applying;
  }

  /** The user stopped indexing: the running job ends at its next file or batch; nothing starts until reindex(). */
  cancel(): void {
    this.stopped = true;
    this.visible = false;
    this.job?.abort.abort();
    this.host.log('info', `${this.name}: indexing stopped by the user (Reindex resumes it)`);
    this.host.changed();
  }

  /** A full pass again (resuming a stopped one), then vectors; shown in a notification. */
  reindex(rebuild?: string): void {
    this.stopped = false;
    this.fullPassNeeded = true;
    this.vectorsDone = false;
    this.retryAt = 0;
    this.failure = undefined;
    this.visible = true;
    if (rebuild) this.rebuild = rebuild;
    // A vectors pass gives way at once; a full pass does too when the index is to be emptied.
    if (this.job && (this.job.kind === 'vectors' || rebuild)) this.job.abort.abort();
    else if (this.job?.kind === 'full') this.fullPassNeeded = true;
    this.host.log('info', `${this.name}: ${rebuild ? `rebuilding (${rebuild})` : 'reindexing'}`);
    this.host.changed();
    this.host.kick();
  }

  /** Changes not applied yet and recent ones: a reopened folder applies them again (unsaved buffers). */
  carry(): string[] {
    return [...new Set([...this.pending, ...this.recent])];
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.quietTimer);
    this.job?.abort.abort();
    await this.job?.done;
    await this.applying;
    await this.folder.close();
  }

  /** The folder's status from what is known now (counts are read again in the background when old). */
  status(): FolderStatus {
    if (Date.now() - this.countsAt > COUNTS_EVERY_MS) void this.refreshCounts().then(() => this.host.changed());
    const c = this.counts;
    const message = this.failure ?? c?.lastError ?? (this.stopped ? 'indexing stopped: Reindex resumes it' : undefined) ?? c?.degraded ?? c?.notices[0];
    const s: FolderStatus = {
      ...this.folder.status,
      ...(c ? { files: c.files, chunks: c.chunks, embedded: c.embedded, skipped: c.skipped } : {}),
      activity: this.activity(),
      ...(this.progress ? { progress: this.progress } : {}),
      ...(message ? { message } : {}),
      ...(this.visible && this.backgroundLeft() ? { visibleRun: true } : {}),
      ...(this.stopped ? { stoppedByUser: true } : {}),
      ...(this.lastRun ? { lastRun: this.lastRun } : {}),
    };
    return s;
  }

  private activity(): Activity {
    if (this.host.paused() && (this.job || this.backgroundLeft() || this.pending.size)) return 'paused';
    if (this.job) return this.job.kind === 'full' ? 'indexing' : 'embedding';
    if (this.failure || this.counts?.lastError || this.folder.status.state === 'error') return 'error';
    return 'idle';
  }

  /** Background work not done yet (and not stopped). */
  private backgroundLeft(): boolean {
    return !this.stopped && this.retryAt !== Infinity && (this.fullPassNeeded || (this.config.embeddings && !this.vectorsDone));
  }

  private refreshCounts(): Promise<void> {
    if (!this.folder.opened) return Promise.resolve();
    this.counting ??= this.folder
      .counts()
      .then((c) => {
        this.counts = c;
        this.countsAt = Date.now();
      })
      .catch(() => undefined)
      .finally(() => (this.counting = undefined));
    return this.counting;
  }

  private onProgress(e: ProgressEvent): void {
    if (!this.job || e.runId !== this.job.id) return;
    this.progress = this.tracker.update(e);
    this.host.changed();
  }

  private onUpdated(report: IndexReport, paths: string[] | 'all'): void {
    const ms = report.timings.totalMs ?? 0;
    if (paths === 'all') {
      const kind = this.job && report.runId === this.job.id ? (this.job.kind === 'full' ? 'full pass' : 'vectors pass') : 'full update (ignore rules changed)';
      const what = report.cancelled ? 'stopped' : 'done';
      this.host.log('info', `${this.name}: ${kind} ${what}: ${report.indexed} indexed, ${report.unchanged} unchanged, ${report.deleted} deleted, ${report.chunks} chunks, ${report.embedded} vectors (${report.reusedVectors} reused) in ${(ms / 1000).toFixed(1)} s`);
    } else {
      this.host.log('info', `${this.name}: updated ${paths.slice(0, 5).join(', ')}${paths.length > 5 ? ` and ${paths.length - 5} more` : ''} (${report.indexed} indexed, ${report.deleted} deleted, ${ms} ms)`);
    }
    for (const line of reportLines(report)) this.host.log(line.level, `${this.name}: ${line.text}`);
  }
}
