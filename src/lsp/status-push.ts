// coderag/statusChanged: the status pushed as it moves, so the editor follows without polling.
// At most one push per interval (progress events come by the hundred), never the same one twice.
import type { ServerStatus } from './protocol';

export class StatusPush {
  private timer?: NodeJS.Timeout;
  private lastAt = 0;
  private lastKey = '';

  constructor(
    private readonly compute: () => ServerStatus,
    private readonly send: (s: ServerStatus) => void,
    private readonly everyMs = 250,
  ) {}

  changed(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), Math.max(0, this.lastAt + this.everyMs - Date.now()));
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.lastAt = Date.now();
    const s = this.compute();
    const key = JSON.stringify({ ...s, uptimeMs: 0 });
    if (key === this.lastKey) return;
    this.lastKey = key;
    this.send(s);
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}
