// Keeps an index current while files change. Events are batched: after the first change we wait
// for a short quiet period (and never longer than maxWait), so a branch switch touching 5,000
// files is one update pass, while a single save is searchable within a fraction of a second.
import * as path from 'node:path';
import chokidar, { type FSWatcher } from 'chokidar';
import { DEFAULT_EXCLUDED_DIRS } from '../scan/rules';
import type { CodeIndex, IndexReport } from './code-index';

export interface WatchOptions {
  quietMs?: number;
  maxWaitMs?: number;
  embeddings?: boolean;
  onUpdate?: (report: IndexReport, paths: string[] | 'all') => void;
  onError?: (err: Error) => void;
}

/** Collects changed paths and flushes them once the burst is over. */
export class ChangeBatcher {
  private paths = new Set<string>();
  private full = false;
  private timer?: NodeJS.Timeout;
  private first = 0;

  constructor(
    private readonly flush: (paths: string[] | 'all') => Promise<void>,
    private readonly quietMs = 60,
    private readonly maxWaitMs = 1000,
  ) {}

  add(rel: string): void {
    this.paths.add(rel);
    this.schedule();
  }

  addAll(): void {
    this.full = true;
    this.schedule();
  }

  private running = Promise.resolve();

  private schedule(): void {
    const now = Date.now();
    if (!this.timer) this.first = now;
    clearTimeout(this.timer);
    const wait = Math.max(0, Math.min(this.quietMs, this.first + this.maxWaitMs - now));
    this.timer = setTimeout(() => this.fire(), wait);
  }

  private fire(): void {
    this.timer = undefined;
    const batch: string[] | 'all' = this.full ? 'all' : [...this.paths];
    this.paths.clear();
    this.full = false;
    // Updates never overlap: the next batch waits for the previous one.
    this.running = this.running.then(() => this.flush(batch)).catch(() => undefined);
  }

  /** Resolves when everything received so far has been flushed. */
  async idle(): Promise<void> {
    while (this.timer) await new Promise((r) => setTimeout(r, 5));
    await this.running;
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}

const excluded = new Set(DEFAULT_EXCLUDED_DIRS);

export class IndexWatcher {
  private watcher?: FSWatcher;
  private readonly batcher: ChangeBatcher;

  constructor(private readonly index: CodeIndex, private readonly opts: WatchOptions = {}) {
    this.batcher = new ChangeBatcher((paths) => this.apply(paths), opts.quietMs, opts.maxWaitMs);
  }

  private async apply(paths: string[] | 'all'): Promise<void> {
    try {
      const report = await this.index.update({ paths: paths === 'all' ? undefined : paths, embeddings: this.opts.embeddings });
      this.opts.onUpdate?.(report, paths);
    } catch (err) {
      this.opts.onError?.(err as Error);
    }
  }

  async start(): Promise<void> {
    const root = this.index.root;
    const indexDir = this.index.dir;
    this.watcher = chokidar.watch(root, {
      ignoreInitial: true,
      followSymlinks: false,
      // Prune heavy folders at the watcher too: inotify watches are a limited resource.
      ignored: (p: string) => {
        if (p === root) return false;
        if (p.startsWith(indexDir)) return true;
        return excluded.has(path.basename(p));
      },
    });
    const rel = (p: string) => path.relative(root, p).split(path.sep).join('/');
    const onFile = (p: string) => {
      const r = rel(p);
      if (/(^|\/)\.(gitignore|coderagignore)$/.test(r) || r === '.git/info/exclude') this.batcher.addAll();
      else this.batcher.add(r);
    };
    this.watcher.on('add', onFile).on('change', onFile).on('unlink', onFile);
    this.watcher.on('unlinkDir', (p) => {
      const prefix = rel(p) + '/';
      for (const row of this.index.fileRows()) if (row.path.startsWith(prefix)) this.batcher.add(row.path);
    });
    this.watcher.on('error', (err) => this.opts.onError?.(err as Error));
    await new Promise<void>((resolve) => this.watcher!.once('ready', () => resolve()));
  }

  idle(): Promise<void> {
    return this.batcher.idle();
  }

  async stop(): Promise<void> {
    await this.watcher?.close();
    // Let an update already under way finish: stopping must not leave a half-written batch.
    await this.batcher.idle();
    this.batcher.dispose();
  }
}
