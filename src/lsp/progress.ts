// A run's progress as the editor shows it: the phase, how far (percent) and how long is left.
// Pure (no connection; the core's types only): tested in test/lsp-progress.test.ts.
import type { ProgressEvent } from '../core/service/api';
import type { FolderProgress } from './protocol';

/** A rate needs this much of a phase behind it before it predicts anything. */
const MIN_ELAPSED_MS = 1500;
const MIN_FRACTION = 0.02;

export class ProgressTracker {
  private phase?: { runId: number; name: string; startedAt: number; startDone: number };
  /** Chunks and chunks with a vector when the embedding phase began: its percent is over the whole index. */
  private base = { embedded: 0, chunks: 0 };

  constructor(private readonly now: () => number = Date.now) {}

  /** What the index held when a vectors run started. */
  setBase(embedded: number, chunks: number): void {
    this.base = { embedded, chunks };
  }

  reset(): void {
    this.phase = undefined;
  }

  /** The editor's view of one event, or undefined once the run is done. */
  update(e: ProgressEvent): FolderProgress | undefined {
    if (e.phase === 'done') {
      this.phase = undefined;
      return undefined;
    }
    const embed = e.phase === 'embed';
    const [done, total] = embed ? [e.vectors.done, e.vectors.total] : [e.files.done, e.files.total];
    // Scan and save are short and count nothing: they share the parse phase's clock.
    const name = embed ? 'embed' : 'files';
    if (!this.phase || this.phase.runId !== e.runId || this.phase.name !== name) this.phase = { runId: e.runId, name, startedAt: this.now(), startDone: done };
    const percent = embed ? this.embedPercent(done, total) : total ? Math.floor((done / total) * 100) : 0;
    const eta = this.eta(done, total);
    return { phase: e.waitingOn === 'paused' ? 'paused' : e.phase, done, total, chunks: e.chunks, percent, ...(eta !== undefined ? { etaSeconds: eta } : {}) };
  }

  private embedPercent(done: number, total: number): number {
    // The run embeds what is missing: `total` is that, the rest of the index had its vectors already.
    // Before the run has counted what is missing (total 0), the index's own share is the answer.
    if (!total) return this.base.chunks ? Math.floor((this.base.embedded / this.base.chunks) * 100) : 0;
    const chunks = Math.max(this.base.chunks, total);
    const have = Math.max(0, chunks - total) + done;
    return Math.min(100, Math.floor((have / chunks) * 100));
  }

  private eta(done: number, total: number): number | undefined {
    const p = this.phase!;
    const elapsed = this.now() - p.startedAt;
    const progressed = done - p.startDone;
    if (!total || progressed <= 0 || elapsed < MIN_ELAPSED_MS || done / total < MIN_FRACTION) return undefined;
    return Math.max(0, Math.round(((total - done) * elapsed) / progressed / 1000));
  }
}
