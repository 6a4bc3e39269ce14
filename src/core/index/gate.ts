// Pause and resume for a running update: the parse loop and the embedding loop wait here between
// files and batches, so a pause never leaves a batch half-written.
export class Gate {
  private waiting?: { promise: Promise<void>; open: () => void };

  get paused(): boolean {
    return !!this.waiting;
  }

  pause(): void {
    if (this.waiting) return;
    let open!: () => void;
    const promise = new Promise<void>((r) => (open = r));
    this.waiting = { promise, open };
  }

  resume(): void {
    const w = this.waiting;
    this.waiting = undefined;
    w?.open();
  }

  /** Resolves at once unless paused; `signal` ends the wait too (a cancelled run must not hang). */
  async pass(signal?: AbortSignal): Promise<void> {
    const w = this.waiting;
    if (!w) return;
    if (!signal) return w.promise;
    if (signal.aborted) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        signal.removeEventListener('abort', done);
        resolve();
      };
      signal.addEventListener('abort', done);
      void w.promise.then(done);
    });
  }
}
