// When the language server dies, start it again, unless it keeps dying: then a restart loop would
// burn CPU in the background for nothing. Pure (no vscode): tested in test/vscode-restart-policy.test.ts.

export class RestartPolicy {
  private readonly restarts: number[] = [];

  constructor(
    private readonly max = 4,
    private readonly windowMs = 3 * 60_000,
  ) {}

  /** Called when the server died: true to restart it (and count the restart), false to give up. */
  allow(now = Date.now()): boolean {
    while (this.restarts.length && now - this.restarts[0] > this.windowMs) this.restarts.shift();
    if (this.restarts.length >= this.max) return false;
    this.restarts.push(now);
    return true;
  }

  get gaveUpMessage(): string {
    return `The CodeRAG server stopped ${this.max + 1} times in ${this.windowMs / 60_000} minutes and will not be restarted; see the CodeRAG output, then reload the window.`;
  }
}
