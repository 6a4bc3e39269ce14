// Keeps an index current while files change. Events are batched: after the first change we wait
// for a short quiet period (and never longer than maxWait), so a branch switch touching 5,000
// files is one update pass, while a single save is searchable within a fraction of a second.
import * as path from 'node:path';
import chokidar, { type FSWatcher } from 'chokidar';
import * as fs from 'node:fs';
import type { Stats } from 'node:fs';
import { DEFAULT_EXCLUDED_DIRS } from '../scan/rules';
import { type PathCheck, pathChecker } from '../scan/walker';
import type { CodeIndex, IndexReport } from '../index/code-index';
import { type OuterWatch, watchOuterRules } from './outer-watch';

export interface WatchOptions {
  quietMs?: number;
  maxWaitMs?: number;
  embeddings?: boolean;
  /**
   * 'chokidar' (default): this process watches the workspace. 'external': changes arrive through
   * notify() from a host that watches already (an editor); only the rule files outside the root,
   * which no workspace watcher sees, are watched here.
   */
  source?: 'chokidar' | 'external';
  onUpdate?: (report: IndexReport, paths: string[] | 'all') => void;
  onError?: (err: Error) => void;
}

/** Collects changed paths and flushes them once the burst is over. */
export class ChangeBatcher {
  private paths = new Set<string>();
  private full = false;
  private timer?: NodeJS.Timeout;
  private first = 0;

  private readonly trees = new Set<string>();

  constructor(
    private readonly flush: (paths: string[] | 'all') => Promise<void>,
    private readonly quietMs = 60,
    private readonly maxWaitMs = 1000,
    /** The files under a folder as they are when the batch is flushed. */
    private readonly filesUnder: (dir: string) => string[] = () => [],
  ) {}

  add(rel: string): void {
    this.paths.add(rel);
    this.schedule();
  }

  /**
   * A folder that appeared: every file under it is looked at when the batch flushes. A folder
   * deleted and written again within a burst loses events (the watch on the new folder starts
   * after files are already in it), so what is in it is read, not what was heard.
   */
  addTree(rel: string): void {
    this.trees.add(rel);
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
    if (!this.full) for (const dir of this.trees) for (const f of this.filesUnder(dir)) this.paths.add(f);
    this.trees.clear();
    const batch: string[] | 'all' = this.full ? 'all' : [...this.paths];
    this.paths.clear();
    this.full = false;
    // Updates never overlap: the next batch waits for the previous one.
    this.running = this.running.then(() => this.flush(batch)).catch(() => undefined);
  }

  /** Resolves when everything received so far has been flushed, retries of transient skips included. */
  async idle(): Promise<void> {
    for (;;) {
      while (this.timer || this.retryTimer) await new Promise((r) => setTimeout(r, 5));
      await this.running;
      if (!this.timer && !this.retryTimer) return;
    }
  }

  private retryTimer?: NodeJS.Timeout;
  private readonly attempts = new Map<string, number>();

  /**
   * Files a pass skipped for a reason that passes (vanished and back, changed while read) are
   * flushed again once things are quiet, with no event to wait for: the event that brought a file
   * back may have come before the pass that found it missing. A few tries, further apart each
   * time; after that the next event or full pass reads it.
   */
  retry(paths: string[], done: string[]): void {
    const again = new Set(paths);
    for (const p of done) if (!again.has(p)) this.attempts.delete(p);
    const due = paths.filter((p) => (this.attempts.get(p) ?? 0) < RETRIES);
    if (!due.length) return;
    const attempt = Math.max(...due.map((p) => this.attempts.get(p) ?? 0));
    for (const p of due) this.attempts.set(p, (this.attempts.get(p) ?? 0) + 1);
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      for (const p of due) this.paths.add(p);
      this.schedule();
    }, RETRY_MS * 2 ** attempt);
  }

  /** Retries not due yet are dropped (stopping: the next run reads those files anyway). */
  cancelRetries(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.cancelRetries();
  }
}

const excluded = new Set(DEFAULT_EXCLUDED_DIRS);
/** Tries of a transient skip, the first RETRY_MS after its pass, each twice as late as the last. */
const RETRIES = 4;
const RETRY_MS = 150;

export class IndexWatcher {
  private watcher?: FSWatcher;
  private outer?: OuterWatch;
  private readonly batcher: ChangeBatcher;
  private stopped = false;
  private rewatching?: Promise<void>;
  private rewatchAgain = false;

  constructor(private readonly index: CodeIndex, private readonly opts: WatchOptions = {}) {
    this.batcher = new ChangeBatcher((paths) => this.apply(paths), opts.quietMs, opts.maxWaitMs, (dir) => this.filesUnder(dir));
  }

  private async apply(paths: string[] | 'all'): Promise<void> {
    try {
      const changed = paths === 'all' ? undefined : paths;
      // Changed files get their vectors before whatever an earlier run left unembedded.
      const report = await this.index.update({ paths: changed, embeddings: this.opts.embeddings, priority: () => changed ?? [] });
      if (!this.stopped) this.batcher.retry(report.retry, changed ?? []);
      this.opts.onUpdate?.(report, paths);
    } catch (err) {
      this.opts.onError?.(err as Error);
    }
  }

  /**
   * Whether the watcher skips a path. Built-in folders (node_modules, dist…) are pruned, since
   * inotify watches are a limited resource, unless the scanner would walk into this one (a
   * `!dist/` in .coderagignore): its own rules decide, asked about a file inside the folder that
   * cannot exist. Everything else is watched; the update's path checks filter the events.
   */
  private ignores(p: string, stats?: Stats): boolean {
    const root = this.index.root;
    if (p === root) return false;
    const indexDir = this.index.dir;
    if (p === indexDir || p.startsWith(indexDir + path.sep)) return true;
    if (stats && !stats.isDirectory()) return false;
    if (this.loops(p)) return true;
    const rel = this.rel(p);
    // Below a built-in folder too: reopening node_modules/mylib/ walks node_modules only to reach
    // mylib, and its other folders must stay unwatched.
    if (!rel.split('/').some((segment) => excluded.has(segment))) return false;
    return !!this.check!(`${rel}/\0`).skipped;
  }

  private rootReal?: string;

  /**
   * A symbolic link back to a folder it is inside: the scanner skips it (symlink-loop), and
   * chokidar would follow it until ELOOP, 40 levels of copies of the tree. Only a path that
   * crosses a link can loop, so the others cost one realpath.
   */
  private loops(p: string): boolean {
    const root = this.index.root;
    let real: string;
    try {
      this.rootReal ??= fs.realpathSync.native(root);
      real = fs.realpathSync.native(p);
    } catch {
      return false;
    }
    if (real === path.join(this.rootReal, path.relative(root, p))) return false;
    for (let a = path.dirname(p); a.length >= root.length; a = path.dirname(a)) {
      try {
        if (fs.realpathSync.native(a) === real) return true;
      } catch {
        // gone meanwhile: not a loop we can see
      }
      if (a === root) break;
    }
    return false;
  }

  /** The scanner's rules as they stand at start(): a rule edit restarts the watcher (rewatch). */
  private check?: (rel: string) => PathCheck;

  async start(): Promise<void> {
    const root = this.index.root;
    this.check = pathChecker(root, this.index.scanSettings);
    if (this.opts.source === 'external') {
      this.outer = watchOuterRules(root, () => this.rulesChanged(), (err) => this.opts.onError?.(err));
      return;
    }
    const watcher = chokidar.watch(root, {
      ignoreInitial: true,
      // The scanner follows symbolic links to folders inside the root: so does the watcher.
      followSymlinks: true,
      ignored: (p: string, stats?: Stats) => this.ignores(p, stats),
    });
    this.watcher = watcher;
    // chokidar tells deleted folders apart (unlinkDir, below).
    const onFile = (p: string) => this.notify(this.rel(p), false);
    watcher.on('add', onFile).on('change', onFile).on('unlink', onFile);
    watcher.on('addDir', (p) => p !== root && this.batcher.addTree(this.rel(p)));
    watcher.on('unlinkDir', (p) => {
      const prefix = this.rel(p) + '/';
      for (const row of this.index.fileRows()) if (row.path.startsWith(prefix)) this.batcher.add(row.path);
    });
    watcher.on('error', (err) => this.opts.onError?.(err as Error));
    // The rule files above the root: a change re-applies the rules and restarts the watch, since
    // the rules may now name other files (a new core.excludesFile) or reopen other folders.
    this.outer = watchOuterRules(root, () => this.rulesChanged(), (err) => this.opts.onError?.(err));
    await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  }

  /**
   * A file under the root changed, was created or deleted (workspace-relative). A folder deleted
   * as a whole stands for every indexed file below it.
   */
  notify(rel: string, mayBeFolder = true): void {
    // The repository's info/exclude is one of the outer rule files (watchOuterRules).
    if (/(^|\/)\.(gitignore|coderagignore)$/.test(rel)) return this.rulesChanged();
    this.batcher.add(rel);
    // Not a file the index knows, and gone: perhaps a folder, whose files are gone with it.
    if (!mayBeFolder || this.index.fileRow(rel) || fs.existsSync(path.join(this.index.root, rel))) return;
    const prefix = rel + '/';
    for (const row of this.index.fileRows()) if (row.path.startsWith(prefix)) this.batcher.add(row.path);
  }

  /** Every file checked again in one pass: what changed before the watch began is caught up. */
  catchUp(): void {
    this.batcher.addAll();
  }

  /** Files under a folder (relative), walking what the watcher watches: built-in excludes and link loops pruned. */
  private filesUnder(dir: string): string[] {
    const out: string[] = [];
    const stack = [path.join(this.index.root, dir)];
    const folder = { isDirectory: () => true } as Stats;
    while (stack.length) {
      const d = stack.pop()!;
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(d, { withFileTypes: true });
      } catch {
        continue; // gone again: its files' deletions are events of their own
      }
      for (const e of entries) {
        const abs = path.join(d, e.name);
        const isDir = e.isDirectory() || (e.isSymbolicLink() && !!fs.statSync(abs, { throwIfNoEntry: false })?.isDirectory());
        if (!isDir) out.push(this.rel(abs));
        else if (!this.ignores(abs, folder)) stack.push(abs);
      }
    }
    return out;
  }

  /** A path under the root as the index names it. */
  private rel(p: string): string {
    return path.relative(this.index.root, p).split(path.sep).join('/');
  }

  /**
   * An ignore file changed: every file is checked again, and the watch restarts, since which
   * folders are pruned depends on the rules (a new `!dist/` reopens dist/).
   */
  private rulesChanged(): void {
    this.batcher.addAll();
    if (this.opts.source !== 'external') this.rewatch();
  }

  /** Watches again from scratch with the current rules, then rescans what changed meanwhile. */
  private rewatch(): void {
    // A rule edit seen while restarting may name other files or folders than the rules the
    // restart read: one more restart follows it.
    if (this.rewatching) {
      this.rewatchAgain = true;
      return;
    }
    this.rewatchAgain = false;
    this.rewatching = (async () => {
      await new Promise((r) => setTimeout(r, 50)); // one restart for a burst of rule edits
      if (this.stopped) return;
      // The old watch stays open until the new one is ready: an edit made after start() read the
      // rules is seen by one of them, and restarts again (rewatchAgain).
      const old = { watcher: this.watcher, outer: this.outer };
      try {
        await this.start();
      } finally {
        old.outer?.close();
        await old.watcher?.close();
      }
      this.batcher.addAll();
    })()
      .catch((err) => this.opts.onError?.(err as Error))
      .finally(() => {
        this.rewatching = undefined;
        if (this.rewatchAgain && !this.stopped) this.rewatch();
      });
  }

  /** Folders being watched, relative to the root ('' for the root), sorted: what inotify holds. */
  watchedFolders(): string[] {
    const root = this.index.root;
    const dirs = Object.keys(this.watcher?.getWatched() ?? {}).filter((d) => d === root || d.startsWith(root + path.sep));
    return dirs.map((d) => this.rel(d)).sort();
  }

  idle(): Promise<void> {
    return this.batcher.idle();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.rewatching;
    this.outer?.close();
    await this.watcher?.close();
    // Let an update already under way finish: stopping must not leave a half-written batch.
    this.batcher.cancelRetries();
    await this.batcher.idle();
    this.batcher.dispose();
  }
}
