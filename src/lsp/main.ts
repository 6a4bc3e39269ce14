// Starting the language server in this process. The transport comes from the command line as
// vscode-languageserver reads it: --node-ipc (the extension), --stdio (`coderag lsp --stdio`), --socket=N.
import * as os from 'node:os';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { tuneJitForIndexing } from '../core/service/api';
import { serve } from './server';

/**
 * Indexing is background work: below the editor and the user's own programs. On Linux the nice
 * value belongs to a thread, and threads started later (parse workers, libuv's pool, LanceDB's)
 * inherit it, so this runs before anything else starts.
 */
export function lowerPriority(): void {
  try {
    os.setPriority(0, Math.max(os.getPriority(0), 10));
  } catch {
    /* not permitted here: run at normal priority */
  }
}

const TRANSPORTS = ['--stdio', '--node-ipc'];

export function hasTransport(argv: string[]): boolean {
  return argv.some((a) => TRANSPORTS.includes(a) || a.startsWith('--socket=') || a.startsWith('--pipe='));
}

/** Serves until the client says exit or the connection closes (vscode-languageserver then exits the process). */
export function runServer(): void {
  lowerPriority();
  // This process is ours: tuned for the parse workers it starts.
  tuneJitForIndexing();
  serve(createConnection(ProposedFeatures.all));
}

/** `coderag lsp --stdio`; `err` writes a line of diagnostics (the CLI's Io). */
export async function runLsp(argv: string[], err: (line: string) => void): Promise<number> {
  if (!hasTransport(argv)) {
    err('usage: coderag lsp --stdio   (a language server for editors; it speaks LSP on stdin/stdout)');
    return 2;
  }
  runServer();
  return new Promise<number>(() => undefined);
}
