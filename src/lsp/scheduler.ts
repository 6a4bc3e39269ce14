// One background job at a time across the workspace folders: two indexers at once would fight
// over the cores. Every folder's full pass (searchable keyword index) comes before any folder's
// vectors. Pause holds everything where it is; the editor's small change updates run beside it.
import type { FolderTasks, JobKind } from './folder-tasks';

export class Scheduler {
  private busy = false;
  private pausedNow = false;

  constructor(private readonly folders: () => FolderTasks[]) {}

  get paused(): boolean {
    return this.pausedNow;
  }

  /** Starts the next job if the slot is free; called whenever something may have become runnable. */
  kick(): void {
    if (this.busy || this.pausedNow) return;
    const next = this.pick();
    if (!next) return;
    this.busy = true;
    void next.tasks.run(next.kind).finally(() => {
      this.busy = false;
      this.kick();
    });
  }

  private pick(): { tasks: FolderTasks; kind: JobKind } | undefined {
    const now = Date.now();
    const wanted = this.folders().map((tasks) => ({ tasks, kind: tasks.wants(now) }));
    const first = (kind: JobKind) => wanted.find((w) => w.kind === kind) as { tasks: FolderTasks; kind: JobKind } | undefined;
    return first('full') ?? first('vectors');
  }

  pause(): void {
    this.pausedNow = true;
    for (const f of this.folders()) f.folder.pause();
  }

  resume(): void {
    this.pausedNow = false;
    for (const f of this.folders()) {
      f.folder.resume();
      void f.drain();
    }
    this.kick();
  }
}
