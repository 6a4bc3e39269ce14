// A pool of parse workers, one per core by default. Parsing is CPU-bound wasm: workers keep it
// off the caller's thread (the extension host) and use every core.
//
// A worker has a capped heap, so a pathological file fails its worker instead of swallowing the
// machine's memory. A worker that dies fails no file but the one that killed it: the files it held
// are parsed again one at a time, which finds the culprit; a culprit that ran out of memory gets
// one more try in a worker whose heap is sized to the file, and after that is a skipped file
// with its reason ('parse-failed'), never an error that takes its neighbours down.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ParseRequest, ParseResult } from './parse-job';
import { workersInBackground } from '../base/priority';

/**
 * The heap of a parse worker. V8 lets a heap grow towards its cap before collecting it: 128 MB
 * (live data stays under 40 MB, 1 MB files included) kept the 10k-file tree's peak 30 MB lower
 * than 256 did, at the same speed.
 */
export const WORKER_HEAP_MB = 128;
/** Heap a parse can need per MB of file at worst: dense small definitions (a Python file of one-line functions: 1 MB parsed in a 128 MB heap, 2 MB did not). */
const HEAP_PER_FILE_MB = 128;
/** The largest heap a retry gets. */
export const MAX_WORKER_HEAP_MB = 2048;
/** The largest file a worker can be sure to hold: a size limit above it is refused up front. */
export const MAX_PARSE_FILE_BYTES = Math.floor(MAX_WORKER_HEAP_MB / HEAP_PER_FILE_MB) * 1024 * 1024;

export interface ParsePoolOptions {
  workers?: number;
  maxTokens: number;
  /** Heap of each worker (default WORKER_HEAP_MB); tests make it small. */
  heapMb?: number;
  /** Largest heap of a retry (default MAX_WORKER_HEAP_MB). */
  maxHeapMb?: number;
}

interface Job {
  req: ParseRequest;
  resolve: (r: ParseResult) => void;
  reject: (e: Error) => void;
  /** Parsed with no other file in its worker: it was in a worker that died. */
  alone?: boolean;
  /** The heap of the worker it gets to itself: it ran out of memory alone. */
  heapMb?: number;
}

const PER_WORKER = 8;

interface Slot {
  worker: Worker;
  heapMb: number;
  inFlight: number;
  /** Set after a large file: the worker takes no new job and is replaced once idle. */
  draining?: boolean;
  /** Running one job that must be alone in its worker. */
  alone?: boolean;
  /** A worker made for one job (a larger heap): it goes when the job is done. */
  temporary?: boolean;
  dead?: boolean;
}

/**
 * web-tree-sitter's wasm memory grows to fit the largest tree a worker has parsed and never
 * shrinks (a 1 MB file costs a few hundred MB). A worker that parsed a file this large is retired
 * and replaced, which returns that memory.
 */
const RECYCLE_AFTER_BYTES = 768 * 1024;

export class ParsePool {
  private readonly slots: Slot[] = [];
  private big?: Slot;
  private readonly pending = new Map<number, { job: Job; slot: Slot }>();
  private nextId = 1;
  private queue: Job[] = [];
  private closed = false;
  private readonly heapMb: number;
  private readonly maxHeapMb: number;

  constructor(private readonly opts: ParsePoolOptions) {
    this.heapMb = opts.heapMb ?? WORKER_HEAP_MB;
    this.maxHeapMb = opts.maxHeapMb ?? MAX_WORKER_HEAP_MB;
    const n = Math.max(1, opts.workers ?? Math.min(os.availableParallelism(), 8));
    for (let i = 0; i < n; i++) this.slots.push(this.spawn(this.heapMb));
  }

  private spawn(heapMb: number, temporary = false): Slot {
    const file = path.join(__dirname, 'parse-worker.js');
    const worker = new Worker(file, { workerData: { maxTokens: this.opts.maxTokens, background: workersInBackground() }, resourceLimits: { maxOldGenerationSizeMb: heapMb } });
    const slot: Slot = { worker, heapMb, inFlight: 0, temporary };
    worker.on('message', (msg: { id: number; result?: ParseResult; error?: string }) => {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      slot.alone = false;
      if (--slot.inFlight === 0) worker.unref();
      const r = msg.result;
      if (r && 'size' in r && r.status !== 'unchanged' && (r.size ?? 0) > RECYCLE_AFTER_BYTES) slot.draining = true;
      if (msg.error) p.job.reject(new Error(msg.error));
      else p.job.resolve(msg.result!);
      if (slot.temporary) this.retire(slot);
      else if (slot.draining && slot.inFlight === 0) this.replace(slot);
      this.dispatch();
    });
    worker.on('error', (err) => this.failSlot(slot, err));
    worker.on('exit', (code) => {
      if (!this.closed) this.failSlot(slot, new Error(`parse worker exited with code ${code}`));
    });
    worker.unref();
    return slot;
  }

  /** A worker died (out of memory, a wasm abort): its files are parsed again, the culprit found and skipped. */
  private failSlot(slot: Slot, err: Error): void {
    if (slot.dead) return;
    slot.dead = true;
    const held = [...this.pending].filter(([, p]) => p.slot === slot);
    for (const [id] of held) this.pending.delete(id);
    if (slot.temporary) this.big = undefined;
    else {
      const i = this.slots.indexOf(slot);
      if (i >= 0 && !this.closed) this.slots[i] = this.spawn(this.heapMb);
    }
    void slot.worker.terminate();
    if (held.length === 1) this.culprit(held[0][1].job, slot, err);
    else this.queue.unshift(...held.map(([, p]) => ({ ...p.job, alone: true })));
    this.dispatch();
  }

  /** The one file a worker held when it died. */
  private culprit(job: Job, slot: Slot, err: Error): void {
    const outOfMemory = (err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
    if (this.closed) return job.reject(err);
    if (outOfMemory) {
      const bytes = fs.statSync(job.req.absPath, { throwIfNoEntry: false })?.size ?? 0;
      const heapMb = Math.min(this.maxHeapMb, Math.max(2 * slot.heapMb, Math.ceil((HEAP_PER_FILE_MB * bytes) / 2 ** 20)));
      if (heapMb > slot.heapMb) {
        this.queue.unshift({ ...job, heapMb });
        return;
      }
    }
    const detail = outOfMemory ? `the parse worker ran out of memory on it (${slot.heapMb} MB heap)` : `the parse worker crashed on it: ${err.message.split('\n')[0]}`;
    job.resolve({ path: job.req.path, status: 'skipped', reason: 'parse-failed', detail });
  }

  parse(req: ParseRequest): Promise<ParseResult> {
    if (this.closed) return Promise.reject(new Error('parse pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ req, resolve, reject });
      this.dispatch();
    });
  }

  private replace(slot: Slot): void {
    const i = this.slots.indexOf(slot);
    if (i < 0 || this.closed) return;
    this.slots[i] = this.spawn(this.heapMb);
    this.retire(slot);
  }

  private retire(slot: Slot): void {
    slot.dead = true;
    if (slot === this.big) this.big = undefined;
    slot.worker.removeAllListeners('exit');
    void slot.worker.terminate();
  }

  private send(slot: Slot, job: Job): void {
    const id = this.nextId++;
    // Busy workers keep the process alive; idle ones must not (a CLI should exit when done).
    if (slot.inFlight++ === 0) slot.worker.ref();
    this.pending.set(id, { job, slot });
    slot.worker.postMessage({ id, req: job.req });
  }

  /** Feeds idle workers from the queue, a couple of jobs each so none waits on a round trip. */
  private dispatch(): void {
    if (this.closed) return;
    const left: Job[] = [];
    // A file waiting to be parsed alone waits for a worker to empty: none gets new files meanwhile.
    let waiting = false;
    for (const job of this.queue) {
      if (waiting && !job.heapMb) {
        left.push(job);
        continue;
      }
      if (job.heapMb) {
        // One worker with a large heap at a time.
        if (this.big) left.push(job);
        else this.send((this.big = this.spawn(job.heapMb, true)), job);
        continue;
      }
      const slot = job.alone
        ? this.slots.find((s) => !s.draining && !s.dead && s.inFlight === 0)
        : this.slots.find((s) => !s.draining && !s.dead && !s.alone && s.inFlight < PER_WORKER);
      if (!slot) {
        waiting ||= !!job.alone;
        left.push(job);
        continue;
      }
      if (job.alone) slot.alone = true;
      this.send(slot, job);
    }
    this.queue = left;
  }

  get size(): number {
    return this.slots.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.slots, ...(this.big ? [this.big] : [])].map((s) => s.worker.terminate()));
  }
}
