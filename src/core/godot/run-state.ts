// The resumable state of an analysis: one line per event in an append-only file, so a run killed
// at any point (kill -9 included) loses at most the fragment it was judging. `start` is written
// before a fragment is judged and `done` with its judgment after; on the next run a fragment with
// `done` is never judged again, and one that only `start`ed is the one that was interrupted.
// Entries are keyed by content (the fragment's text, route and what the judgment depends on),
// so an unchanged file is never re-judged and a renamed one is not either.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Candidate, Hint, Judgment } from './model';

export interface DoneEntry {
  judgment: Judgment;
  hints: Hint[];
  candidates: Candidate[];
  /** The line its fragment started on when judged: a reuse elsewhere moves the evidence by the difference. */
  startLine?: number;
}

export type FragmentStatus = 'done' | 'interrupted' | 'pending';

const FORMAT = 1;

/** `E`: what a finished entry holds (the judge's entries by default; the model pass keeps its answers). */
export class RunState<E = DoneEntry> {
  private readonly done = new Map<string, E>();
  private readonly started = new Set<string>();
  private fd: number | undefined;

  private constructor(readonly file: string | undefined) {}

  /** Reads the state file (a missing one is an empty state); undefined: in memory only. */
  static open<E = DoneEntry>(file: string | undefined): RunState<E> {
    const state = new RunState<E>(file);
    if (!file || !fs.existsSync(file)) return state;
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      if (!line) continue;
      let e: { f?: number; start?: string; done?: string; entry?: E };
      try {
        e = JSON.parse(line);
      } catch {
        continue; // the line a kill cut short
      }
      if (e.f !== undefined && e.f !== FORMAT) return new RunState<E>(file); // another format: start over
      if (e.start) state.started.add(e.start);
      if (e.done && e.entry) state.done.set(e.done, e.entry);
    }
    return state;
  }

  status(key: string): FragmentStatus {
    return this.done.has(key) ? 'done' : this.started.has(key) ? 'interrupted' : 'pending';
  }

  get(key: string): E | undefined {
    return this.done.get(key);
  }

  start(key: string): void {
    this.started.add(key);
    this.append({ start: key });
  }

  finish(key: string, entry: E): void {
    this.done.set(key, entry);
    this.append({ done: key, entry });
  }

  private append(event: object): void {
    if (!this.file) return;
    if (this.fd === undefined) {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      const fresh = !fs.existsSync(this.file) || fs.statSync(this.file).size === 0;
      this.fd = fs.openSync(this.file, 'a');
      if (fresh) fs.writeSync(this.fd, JSON.stringify({ f: FORMAT }) + '\n');
    }
    // One write per line: a kill leaves whole lines and at most one cut one.
    fs.writeSync(this.fd, JSON.stringify(event) + '\n');
  }

  /** Rewrites the file with the finished entries only (the live set), dropping stale ones. */
  compact(live: Set<string>): void {
    this.close();
    if (!this.file) return;
    const lines = [JSON.stringify({ f: FORMAT })];
    for (const [k, entry] of this.done) if (live.has(k)) lines.push(JSON.stringify({ done: k, entry }));
    const tmp = `${this.file}.tmp`;
    fs.writeFileSync(tmp, lines.join('\n') + '\n');
    fs.renameSync(tmp, this.file);
  }

  close(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
  }
}
