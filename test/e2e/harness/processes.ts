// Every process a test starts is registered here and ended with its whole process group, on
// success, on failure and on Ctrl-C: a failed run must not leave code-server or Chromium behind.
import type { ChildProcess } from 'node:child_process';

type Cleanup = () => Promise<void> | void;
const cleanups: Cleanup[] = [];

/** Runs `fn` at cleanup (last registered, first run). Returns a function that unregisters it. */
export function onCleanup(fn: Cleanup): () => void {
  cleanups.push(fn);
  return () => {
    const i = cleanups.indexOf(fn);
    if (i >= 0) cleanups.splice(i, 1);
  };
}

export async function cleanupAll(): Promise<void> {
  while (cleanups.length) {
    try {
      await cleanups.pop()!();
    } catch (err) {
      process.stderr.write(`e2e cleanup: ${(err as Error).message}\n`);
    }
  }
}

/** Ends a process started with `detached: true` (its own group), waiting up to `ms` before SIGKILL. */
export async function killGroup(child: ChildProcess, ms = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      /* already gone */
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), ms);
  await exited;
  clearTimeout(timer);
  // Children that outlived the group leader (the extension host, the language server) go too.
  signal('SIGKILL');
}

let installed = false;
/** Ctrl-C or a kill of the test process: clean up, then exit as the signal would. */
export function cleanupOnSignals(): void {
  if (installed) return;
  installed = true;
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(sig, () => {
      process.stderr.write(`e2e: ${sig}: stopping every process started\n`);
      void cleanupAll().finally(() => process.exit(128 + (sig === 'SIGINT' ? 2 : sig === 'SIGTERM' ? 15 : 1)));
    });
  }
}
