// What to read when a test fails: the tail of code-server's log and of the extension host's logs
// (the extension host's own log, and the output channels of extensions, CodeRAG's included).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { RunDir } from './run-dir';

export function tail(file: string, lines = 40): string {
  if (!fs.existsSync(file)) return `(${file} does not exist)`;
  return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
}

function logFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile() && e.name.endsWith('.log')).map((e) => path.join(e.parentPath, e.name));
}

/** The extension host's own log (remoteexthost.log in code-server) and CodeRAG's output channel. */
export function extensionHostLogs(run: RunDir): string[] {
  return logFiles(path.join(run.userData, 'logs')).filter((f) => /exthost\.log$/i.test(f) || /coderag/i.test(path.basename(f)));
}

/** The tails of code-server's and the extension host's logs, to print on failure. */
export function logTails(run: RunDir, codeServerLog?: string): string {
  const parts: string[] = [];
  if (codeServerLog) parts.push(`--- ${codeServerLog} (tail)\n${tail(codeServerLog)}`);
  for (const f of extensionHostLogs(run)) parts.push(`--- ${f} (tail)\n${tail(f, 25)}`);
  return parts.join('\n');
}
