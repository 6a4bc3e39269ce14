// glibc malloc settings for the long-running commands (index, watch, map, mcp, lsp), applied by
// starting the command again with them: glibc reads them only when a process starts.
// Why: every thread that allocates (parse workers, LanceDB's writer threads, the index thread)
// gets its own malloc arena, and large buffers freed in one come back to that arena, not to the
// system. On a 10,000-file tree that was 230 MB of the 930 MB peak. Two arenas and a fixed mmap
// threshold (buffers of 256 KB and more are mapped and returned when freed) cost about 5% more
// CPU in system calls.
const { spawn } = require('node:child_process');

const MALLOC_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '262144' };
const LONG_RUNNING = new Set(['index', 'watch', 'map', 'mcp', 'lsp']);

function usesGlibc() {
  if (process.platform !== 'linux') return false;
  try {
    return !!process.report.getReport().header.glibcVersionRuntime;
  } catch {
    return false;
  }
}

/** The environment with the malloc settings added (values already set by the user win). */
function withMallocEnv(env) {
  return { ...MALLOC_ENV, ...env };
}

/**
 * Starts this command again with the malloc settings when it is long-running and they are not in
 * effect yet. Returns true when it did (the caller then does nothing: the child's exit is ours).
 */
function relaunchWithMallocEnv(argv) {
  if (!LONG_RUNNING.has(argv[2]) || process.env.MALLOC_ARENA_MAX !== undefined || process.env.CODERAG_NO_RELAUNCH || !usesGlibc()) return false;
  // The IPC channel is how the child learns that this process died (kill -9 included): it closes.
  const child = spawn(process.execPath, [...process.execArgv, ...argv.slice(1)], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...withMallocEnv(process.env), [FOLLOW]: '1' },
  });
  // Ctrl-C reaches the whole process group; a signal sent to this process alone is passed on.
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
  child.on('error', (err) => {
    process.stderr.write(`coderag: could not start: ${err.message}\n`);
    process.exit(1);
  });
  return true;
}

const FOLLOW = 'CODERAG_FOLLOW_PARENT';

/**
 * In the relaunched child: die at once when the launcher goes away, however it died, so a killed
 * `coderag` never leaves an indexer writing. An interrupted run is resumed by the next one
 * (crash-safe by design); the lock it leaves names a dead pid and is taken over.
 *
 * SIGKILL, not exit(): exit() waits for the embedding workers to come back from ONNX Runtime
 * (seconds on a busy machine) and could abort natively (Napi::Error) tearing it down. And a
 * watchdog thread, besides the IPC channel's 'disconnect': the main thread may be busy for a
 * while between two turns of its event loop, a thread of its own is not.
 */
function followParent() {
  if (!process.env[FOLLOW] || !process.channel) return;
  delete process.env[FOLLOW]; // not for the processes this one starts
  process.channel.unref(); // the channel alone must not keep the command running
  const die = () => process.kill(process.pid, 'SIGKILL');
  process.on('disconnect', die);
  const { Worker } = require('node:worker_threads');
  // An orphan is adopted by another process: its parent pid changes.
  const watchdog = new Worker(
    `const { workerData } = require('node:worker_threads');
     setInterval(() => { if (process.ppid !== workerData) process.kill(process.pid, 'SIGKILL'); }, 25);`,
    { eval: true, workerData: process.ppid, resourceLimits: { maxOldGenerationSizeMb: 8 } },
  );
  watchdog.unref();
}

module.exports = { MALLOC_ENV, withMallocEnv, relaunchWithMallocEnv, usesGlibc, followParent };
