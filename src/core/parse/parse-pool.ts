// A pool of parse workers, one per core by default. Parsing is CPU-bound wasm: workers keep it
// off the caller's thread (the extension host) and use every core.
import * as os from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ParseRequest, ParseResult } from './parse-job';

export interface ParsePoolOptions {
  workers?: number;
  maxTokens: number;
}

interface Pending {
  resolve: (r: ParseResult) => void;
  reject: (e: Error) => void;
}

const PER_WORKER = 8;

interface Slot {
  worker: Worker;
  inFlight: number;
  /** Set after a large file: the worker takes no new job and is replaced once idle. */
  draining?: boolean;
}

/**
 * web-tree-sitter's wasm memory grows to fit the largest tree a worker has parsed and never
 * shrinks (a 1 MB file costs a few hundred MB). A worker that parsed a file this large is retired
 * and replaced, which returns that memory.
 */
const RECYCLE_AFTER_BYTES = 768 * 1024;

export class ParsePool {
  private readonly slots: Slot[] = [];
  private readonly pending = new Map<number, Pending & { slot: Slot }>();
  private nextId = 1;
  private readonly queue: (Pending & { req: ParseRequest })[] = [];
  private closed = false;

  constructor(private readonly opts: ParsePoolOptions) {
    const n = Math.max(1, opts.workers ?? Math.min(os.availableParallelism(), 8));
    for (let i = 0; i < n; i++) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const file = path.join(__dirname, 'parse-worker.js');
    const worker = new Worker(file, {
      workerData: { maxTokens: this.opts.maxTokens },
      // A cap on the worker heap: a pathological file fails its worker (which is replaced and
      // the file reported) instead of swallowing the machine's memory. V8 lets a heap grow
      // towards its cap before collecting it: 128 MB (live data stays under 40 MB, 1 MB files
      // included) kept the 10k-file tree's peak 30 MB lower than 256 did, at the same speed.
      resourceLimits: { maxOldGenerationSizeMb: 128 },
    });
    const slot: Slot = { worker, inFlight: 0 };
    worker.on('message', (msg: { id: number; result?: ParseResult; error?: string }) => {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (--slot.inFlight === 0) worker.unref();
      const r = msg.result;
      if (r && 'size' in r && r.status !== 'unchanged' && (r.size ?? 0) > RECYCLE_AFTER_BYTES) slot.draining = true;
      if (msg.error) p.reject(new Error(msg.error));
      else p.resolve(msg.result!);
      if (slot.draining && slot.inFlight === 0) this.replace(slot);
      this.dispatch();
    });
    worker.on('error', (err) => this.failSlot(slot, err));
    worker.on('exit', (code) => {
      if (!this.closed) this.failSlot(slot, new Error(`parse worker exited with code ${code}`));
    });
    worker.unref();
    return slot;
  }

  /** A crashed worker (e.g. a wasm abort on a pathological file) fails its jobs and is replaced. */
  private failSlot(slot: Slot, err: Error): void {
    for (const [id, p] of this.pending) {
      if (p.slot === slot) {
        this.pending.delete(id);
        p.reject(err);
      }
    }
    const i = this.slots.indexOf(slot);
    if (i >= 0 && !this.closed) {
      void slot.worker.terminate();
      this.slots[i] = this.spawn();
      this.dispatch();
    }
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
    this.slots[i] = this.spawn();
    slot.worker.removeAllListeners('exit');
    void slot.worker.terminate();
  }

  /** Feeds idle workers from the queue, a couple of jobs each so none waits on a round trip. */
  private dispatch(): void {
    for (const slot of this.slots) {
      while (!slot.draining && slot.inFlight < PER_WORKER && this.queue.length) {
        const job = this.queue.shift()!;
        const id = this.nextId++;
        // Busy workers keep the process alive; idle ones must not (a CLI should exit when done).
        if (slot.inFlight++ === 0) slot.worker.ref();
        this.pending.set(id, { resolve: job.resolve, reject: job.reject, slot });
        slot.worker.postMessage({ id, req: job.req });
      }
    }
  }

  get size(): number {
    return this.slots.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
