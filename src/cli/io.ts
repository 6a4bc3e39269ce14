// Where a command's output goes: the process's streams for the `coderag` binary, strings for
// tests that run commands in-process (one process per test spawn cost a second or more each).
export interface Io {
  /** A line (or block) of results on stdout. */
  out(text: string): void;
  /** Text as is on stdout (a repo map already ends with its newline). */
  raw(text: string): void;
  /** A line of diagnostics on stderr. */
  err(text: string): void;
  /** Overwritable progress on an interactive terminal; absent when stderr is not one. */
  progress?(text: string): void;
  /** Resolves when whoever reads the output has gone (a closed pipe): there is no one to write for. */
  closed?: Promise<void>;
}

/**
 * The process's streams. A reader that goes away (`coderag symbols … | head`) closes stdout: the
 * write fails with EPIPE, which ends the output quietly, not with a stack trace; a long-running
 * command (watch) hears it through `closed` and stops as on Ctrl-C.
 */
export function processIo(): Io {
  let gone = false;
  let onGone!: () => void;
  const closed = new Promise<void>((resolve) => (onGone = resolve));
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
    gone = true;
    onGone();
  });
  const write = (text: string) => void (gone || process.stdout.write(text));
  return {
    out: (text) => write(text + '\n'),
    raw: write,
    err: (text) => void process.stderr.write(text + '\n'),
    progress: process.stderr.isTTY ? (text) => void process.stderr.write(text) : undefined,
    closed,
  };
}

/** An Io that keeps what was written, for tests. */
export function capturingIo(): Io & { stdout: string; stderr: string } {
  const io = {
    stdout: '',
    stderr: '',
    out: (text: string) => void (io.stdout += text + '\n'),
    raw: (text: string) => void (io.stdout += text),
    err: (text: string) => void (io.stderr += text + '\n'),
  };
  return io;
}
