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
}

export const processIo: Io = {
  out: (text) => void process.stdout.write(text + '\n'),
  raw: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text + '\n'),
  progress: process.stderr.isTTY ? (text) => void process.stderr.write(text) : undefined,
};

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
