// A run as adapters see it: its id, its report, and its progress as an async iterable. Progress is
// coalesced (a slow reader gets the latest state, never a backlog); the stream ends with the run.
import type { CodeIndex } from '../index/code-index';
import type { ProgressEvent, UpdateOptions } from '../index/report';
import type { IndexRun } from './contract';

export function startRun(index: CodeIndex, options: UpdateOptions): IndexRun {
  let latest: ProgressEvent | undefined;
  let finished = false;
  const waiters: (() => void)[] = [];
  const wake = () => {
    for (const w of waiters.splice(0)) w();
  };
  const { runId, report } = index.startUpdate({
    ...options,
    onProgress: (e) => {
      latest = e;
      wake();
      options.onProgress?.(e);
    },
  });
  const end = () => {
    finished = true;
    wake();
  };
  // Handled here so a caller that only iterates never meets an unhandled rejection; awaiting
  // `report` still sees it.
  report.then(end, end);
  return {
    id: runId,
    report,
    async *[Symbol.asyncIterator]() {
      let seen: ProgressEvent | undefined;
      for (;;) {
        if (latest && latest !== seen) {
          seen = latest;
          yield latest;
          continue;
        }
        if (finished) return;
        await new Promise<void>((r) => waiters.push(r));
      }
    },
  };
}
