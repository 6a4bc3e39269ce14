// Embedding in worker threads: one model per worker, one ORT thread each (on a 2-core laptop this
// beats ORT's own threading and leaves the caller's thread free). Batches go to the least busy worker.
import * as os from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { type Embedder, ModelLoadError, type ResolvedModel, runtimeTelemetryOff } from './embedder';
import { workersInBackground } from '../base/priority';

interface Slot {
  worker: Worker;
  busy: number;
}

export class EmbedPool implements Embedder {
  private readonly pending = new Map<number, { resolve: (v: Float32Array[]) => void; reject: (e: Error) => void; slot: Slot }>();
  private nextId = 1;

  private constructor(readonly id: string, readonly dim: number, private readonly slots: Slot[]) {}

  static async start(model: ResolvedModel, workers?: number): Promise<EmbedPool> {
    const n = Math.max(1, workers ?? Math.min(os.availableParallelism(), 4));
    runtimeTelemetryOff();
    const file = path.join(__dirname, 'embed-worker.js');
    const slots: Slot[] = [];
    const loading = await Promise.allSettled(
      Array.from({ length: n }, () => {
        const worker = new Worker(file, { workerData: { model, background: workersInBackground() } });
        slots.push({ worker, busy: 0 });
        return new Promise<number>((resolve, reject) => {
          const onMessage = (m: { ready?: boolean; dim?: number; error?: string }) => {
            if (m.ready === undefined) return;
            worker.off('message', onMessage);
            if (m.ready) resolve(m.dim!);
            else reject(new ModelLoadError(m.error ?? 'model failed to load'));
          };
          worker.on('message', onMessage);
          worker.once('error', (e) => reject(new ModelLoadError(e.message)));
        });
      }),
    );
    // Every worker has answered before any is stopped: one may fail while another is still
    // inside ONNX Runtime, and terminating it there aborts the process (Napi::Error).
    const failed = loading.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) {
      await Promise.all(slots.map((s) => s.worker.terminate()));
      throw failed.reason;
    }
    const dims = loading.map((r) => (r as PromiseFulfilledResult<number>).value);
    const pool = new EmbedPool(model.id, dims[0], slots);
    for (const slot of slots) pool.listen(slot);
    return pool;
  }

  private listen(slot: Slot): void {
    slot.worker.unref();
    slot.worker.on('message', (m: { id?: number; flat?: Float32Array; dim?: number; error?: string }) => {
      if (m.id === undefined) return;
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (--slot.busy === 0) slot.worker.unref();
      if (m.error) p.reject(new Error(m.error));
      else {
        const out: Float32Array[] = [];
        for (let i = 0; i < m.flat!.length; i += m.dim!) out.push(m.flat!.subarray(i, i + m.dim!));
        p.resolve(out);
      }
    });
    slot.worker.on('error', (err) => {
      for (const [id, p] of this.pending) if (p.slot === slot) (this.pending.delete(id), p.reject(err));
    });
  }

  get workers(): number {
    return this.slots.length;
  }

  /** Whether some worker has nothing queued: a request sent now starts at once. */
  get idle(): boolean {
    return this.slots.some((s) => s.busy === 0);
  }

  embed(texts: string[]): Promise<Float32Array[]> {
    if (!texts.length) return Promise.resolve([]);
    const slot = this.slots.reduce((a, b) => (b.busy < a.busy ? b : a));
    const id = this.nextId++;
    if (slot.busy++ === 0) slot.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, slot });
      slot.worker.postMessage({ id, texts });
    });
  }

  /**
   * Waits for requests in flight (at most `graceMs`), then stops the workers: terminating a
   * worker inside an ONNX Runtime call aborts the process.
   */
  async close(graceMs = 30_000): Promise<void> {
    const inFlight = [...this.pending.values()].map(
      (p) => new Promise<void>((resolve) => {
        const { resolve: done, reject: fail } = p;
        p.resolve = (v) => (done(v), resolve());
        p.reject = (e) => (fail(e), resolve());
      }),
    );
    if (inFlight.length) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(inFlight), new Promise<void>((r) => (timer = setTimeout(r, graceMs)))]);
      clearTimeout(timer);
    }
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
