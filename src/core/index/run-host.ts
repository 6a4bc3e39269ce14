// What a run needs from the CodeIndex that owns it, and the progress it reports as it goes.
import type { Embedder } from '../embed/embedder';
import type { ParseRequest, ParseResult } from '../parse/parse-job';
import type { Gate } from './gate';
import type { ProgressEvent, UpdateOptions } from './report';

/** What a run needs from the CodeIndex that owns it: parsing, the embedder, and when to stop. */
export interface RunHost {
  parse(req: ParseRequest): Promise<ParseResult>;
  /** Workers to parse with in parallel (1 in process). */
  parallelism(): number;
  releaseParseWorkers(): Promise<void>;
  embedder(): Promise<Embedder>;
  readonly gate: Gate;
  /** The index is closing: stop at the next boundary. */
  closing(): boolean;
  emit(e: ProgressEvent, own?: UpdateOptions['onProgress']): void;
}

/** The counts a run's progress events carry, updated as it goes. */
export class RunProgress {
  readonly event: ProgressEvent;

  constructor(runId: number, private readonly host: RunHost, private readonly own?: UpdateOptions['onProgress']) {
    this.event = { runId, phase: 'scan', files: { done: 0, total: 0 }, chunks: 0, vectors: { done: 0, total: 0 } };
  }

  emit(patch: Partial<ProgressEvent> = {}): void {
    Object.assign(this.event, patch);
    this.host.emit({ ...this.event, files: { ...this.event.files }, vectors: { ...this.event.vectors } }, this.own);
  }

  /** Waits while paused, saying so; returns whether the run should stop. */
  async checkpoint(stopped: () => boolean, signal?: AbortSignal): Promise<boolean> {
    if (this.host.gate.paused && !stopped()) {
      this.emit({ waitingOn: 'paused' });
      await this.host.gate.pass(signal);
      this.emit({ waitingOn: undefined });
    }
    return stopped();
  }
}
