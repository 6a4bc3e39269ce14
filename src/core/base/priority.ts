// Background work below the user's. On Linux a nice value belongs to a thread, and a thread
// inherits its creator's: a process that lowers its workers' threads (parse, embedding, and the
// ONNX runtime's threads they start) keeps its own thread, the one answering queries, at the
// user's priority. Lowering the whole process instead made a search wait behind the embedding
// run: 3.5 s median in the editor while the stdlib's vectors were computed (bench/editor.ts).
import * as os from 'node:os';

let background = false;

/** From now on, workers a pool starts lower their own priority (the language server does this). */
export function runWorkersInBackground(on = true): void {
  background = on;
}

export function workersInBackground(): boolean {
  return background;
}

/** In a worker, first thing: nice 10 for this thread and those it starts; silently kept where not permitted. */
export function lowerThisThread(): void {
  try {
    os.setPriority(0, Math.max(os.getPriority(0), 10));
  } catch {
    /* not permitted here: run at normal priority */
  }
}
