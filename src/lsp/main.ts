// Starting the language server in this process. The transport comes from the command line as
// vscode-languageserver reads it: --node-ipc (the extension), --stdio (`coderag lsp --stdio`), --socket=N.
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { runWorkersInBackground, tuneJitForIndexing } from '../core/service/api';
import { serve } from './server';

const TRANSPORTS = ['--stdio', '--node-ipc'];

export function hasTransport(argv: string[]): boolean {
  return argv.some((a) => TRANSPORTS.includes(a) || a.startsWith('--socket=') || a.startsWith('--pipe='));
}

/** Serves until the client says exit or the connection closes (vscode-languageserver then exits the process). */
export function runServer(): void {
  // Indexing is background work, below the editor and the user's programs; this thread, which
  // answers the editor's requests, is not (base/priority.ts says why).
  runWorkersInBackground();
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
