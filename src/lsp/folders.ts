// The workspace folders the server indexes: one index per folder, added and removed as the editor
// says, reopened when their settings change, fed the editor's file events, and their statuses
// combined into one.
import * as path from 'node:path';
import { FolderTasks, type TasksHost } from './folder-tasks';
import type { CodeRagSettings, FolderStatus, IndexState, ServerStatus } from './protocol';
import { Scheduler } from './scheduler';
import { folderConfig, reconfiguration } from './settings';

export interface FolderSetHost {
  log(level: 'info' | 'warn' | 'error', text: string): void;
  /** A folder's status changed (the caller throttles the push). */
  changed(): void;
  /** The `coderag` settings of each folder; undefined entries when the client cannot tell. */
  settings(roots: string[]): Promise<(CodeRagSettings | undefined)[]>;
  /** The editor's text of an open document (absolute path), if it is open. */
  text(file: string): string | undefined;
  /** Open documents under `root`, relative to it. */
  openPaths(root: string): string[];
}

const SEVERITY: IndexState[] = ['ready', 'indexing', 'starting', 'error'];
const started = Date.now();

/** A path inside `root`, as the index names it, or undefined. */
export function relativeTo(root: string, file: string): string | undefined {
  const rel = path.relative(root, file);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  return rel.split(path.sep).join('/');
}

export class FolderSet {
  private readonly tasks = new Map<string, FolderTasks>();
  readonly scheduler = new Scheduler(() => this.list());
  /** Adds, removals and reconfigurations happen one after the other. */
  private queue: Promise<void> = Promise.resolve();
  private readonly tasksHost: TasksHost;
  /** Folders on their way in (their settings being asked): no folder yet reads as starting, not as an error. */
  private adding = 0;

  constructor(
    private readonly host: FolderSetHost,
    private readonly storageDir: string | undefined,
    private readonly initEmbeddings = true,
  ) {
    this.tasksHost = {
      paused: () => this.scheduler.paused,
      kick: () => this.scheduler.kick(),
      changed: () => host.changed(),
      log: (level, text) => host.log(level, text),
      openPaths: (root) => host.openPaths(root),
    };
  }

  list(): FolderTasks[] {
    return [...this.tasks.values()];
  }

  /** The folder named (a workspace folder's path), or every folder. */
  pick(folder?: string): FolderTasks[] {
    if (!folder) return this.list();
    const t = this.tasks.get(path.resolve(folder));
    return t ? [t] : [];
  }

  add(roots: string[]): Promise<void> {
    this.adding++;
    return this.serial(async () => {
      const fresh = roots.filter((r) => !this.tasks.has(r));
      const settings = await this.settingsOf(fresh).finally(() => this.adding--);
      const opened = fresh.map((root, i) => {
        const t = this.make(root, settings[i]);
        this.tasks.set(root, t);
        return t;
      });
      this.host.changed();
      await Promise.all(opened.map((t) => t.open()));
    });
  }

  remove(roots: string[]): Promise<void> {
    return this.serial(async () => {
      for (const root of roots) {
        const t = this.tasks.get(root);
        if (!t) continue;
        this.tasks.delete(root);
        this.host.log('info', `${root}: removed from the workspace; its index is kept`);
        await t.close();
      }
      this.host.changed();
      this.scheduler.kick();
    });
  }

  /** Settings changed: folders whose index options differ are reopened (rebuilt when the model changed). */
  reconfigure(): Promise<void> {
    return this.serial(async () => {
      const roots = [...this.tasks.keys()];
      const settings = await this.settingsOf(roots);
      for (const [i, root] of roots.entries()) {
        const before = this.tasks.get(root)!;
        const after = folderConfig(root, settings[i], this.storageDir, this.initEmbeddings);
        const change = reconfiguration(before.config, after);
        if (!change.reopen) continue;
        this.host.log('info', `${root}: settings changed: reopening the index${change.rebuild ? ` and rebuilding it (${change.rebuild})` : ''}`);
        const carried = before.carry();
        await before.close();
        const t = new FolderTasks(root, after, (rel) => this.host.text(path.join(root, rel)), this.tasksHost, { changes: carried, rebuild: change.rebuild });
        this.tasks.set(root, t);
        await t.open();
      }
      this.host.changed();
    });
  }

  /** The editor's file events (absolute paths), given to every folder holding them. */
  filesChanged(files: string[]): void {
    const indexDirs = this.list().map((t) => t.config.indexDir);
    const byFolder = new Map<FolderTasks, string[]>();
    for (const file of files) {
      // Writes to an index (its own, or a nested folder's) are no change to the code, and would loop.
      if (indexDirs.some((d) => file === d || relativeTo(d, file) !== undefined)) continue;
      for (const t of this.list()) {
        const rel = relativeTo(t.root, file);
        if (rel === undefined || rel.split('/').includes('.git')) continue;
        byFolder.set(t, [...(byFolder.get(t) ?? []), rel]);
      }
    }
    for (const [t, rels] of byFolder) t.changed(rels);
  }

  status(): ServerStatus {
    const folders: FolderStatus[] = this.list().map((t) => t.status());
    const state = folders.reduce<IndexState>((worst, f) => (SEVERITY.indexOf(f.state) > SEVERITY.indexOf(worst) ? f.state : worst), folders.length ? 'ready' : this.adding ? 'starting' : 'error');
    return {
      state,
      files: folders.reduce((n, f) => n + f.files, 0),
      folders,
      pid: process.pid,
      uptimeMs: Date.now() - started,
      ...(this.scheduler.paused ? { paused: true } : {}),
    };
  }

  async dispose(): Promise<void> {
    await this.serial(async () => {
      await Promise.all(this.list().map((t) => t.close()));
      this.tasks.clear();
    });
  }

  private make(root: string, settings: CodeRagSettings | undefined): FolderTasks {
    const config = folderConfig(root, settings, this.storageDir, this.initEmbeddings);
    return new FolderTasks(root, config, (rel) => this.host.text(path.join(root, rel)), this.tasksHost);
  }

  private async settingsOf(roots: string[]): Promise<(CodeRagSettings | undefined)[]> {
    if (!roots.length) return [];
    try {
      return await this.host.settings(roots);
    } catch (err) {
      this.host.log('warn', `the editor's settings could not be read (${(err as Error).message}): using the defaults`);
      return roots.map(() => undefined);
    }
  }

  private serial(fn: () => Promise<void>): Promise<void> {
    const next = this.queue.then(fn);
    this.queue = next.catch((err) => this.host.log('error', (err as Error).message));
    return next;
  }
}
