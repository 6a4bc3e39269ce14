// Words for the server's state, shared by the status bar, the notification and the view.
// Pure (no vscode): tested in test/vscode-describe.test.ts.
import type { ServerStatus } from '../lsp/protocol';

/** What the extension knows besides the server's own status. */
export type ClientPhase = 'untrusted' | 'no-folder' | 'starting' | 'running' | 'restarting' | 'stopped';

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The status-bar text (codicons included). */
export function barText(phase: ClientPhase, s?: ServerStatus): string {
  if (phase === 'untrusted') return '$(workspace-untrusted) CodeRAG: restricted';
  if (phase === 'no-folder') return '$(database) CodeRAG: no folder';
  if (phase === 'restarting') return '$(sync~spin) CodeRAG: restarting…';
  if (phase === 'stopped') return '$(error) CodeRAG: stopped';
  if (!s || s.state === 'starting') return '$(sync~spin) CodeRAG: starting…';
  if (s.state === 'indexing') {
    const p = s.folders.find((f) => f.progress)?.progress;
    return `$(sync~spin) CodeRAG: indexing…${p && p.total ? ` ${p.done}/${p.total}` : ''}`;
  }
  if (s.state === 'error') return '$(error) CodeRAG: error';
  return `$(database) CodeRAG: ${plural(s.files, 'file')}`;
}

/** A folder by its name, as the Explorer shows it. */
function folderName(root: string): string {
  return root.split(/[\\/]/).filter(Boolean).pop() ?? root;
}

/** The view's heading: the state in a word or two. */
export function heading(phase: ClientPhase, s?: ServerStatus): string {
  if (phase === 'untrusted') return 'Restricted mode';
  if (phase === 'no-folder') return 'No folder open';
  if (phase === 'restarting') return 'Restarting…';
  if (phase === 'stopped') return 'Stopped';
  if (!s || s.state === 'starting') return 'Starting…';
  return { indexing: 'Indexing…', ready: 'Indexed', error: 'Failed' }[s.state];
}

/** One sentence or two for a notification or the view. */
export function statusSentence(phase: ClientPhase, s?: ServerStatus): string {
  if (phase === 'untrusted') return 'This workspace is not trusted, so CodeRAG reads and indexes nothing in it. Trust the workspace to index it.';
  if (phase === 'no-folder') return 'No folder is open: CodeRAG indexes workspace folders.';
  if (phase === 'restarting') return 'The CodeRAG server stopped; it is being restarted.';
  if (phase === 'stopped') return 'The CodeRAG server is not running (see the CodeRAG output).';
  if (!s) return 'The CodeRAG server is starting.';
  const parts = s.folders.map((f) => {
    const name = folderName(f.root);
    if (f.state === 'error') return `${name}: failed: ${f.message ?? 'unknown error'}`;
    if (f.state !== 'ready') return `${name}: ${f.state}${f.progress ? ` (${f.progress.phase} ${f.progress.done}/${f.progress.total})` : ''}`;
    return `${name}: ${plural(f.files, 'file')} indexed, ${plural(f.chunks, 'chunk')} (${f.embedded} with vectors)`;
  });
  return `CodeRAG ${s.state}. ${parts.join('; ')}.`;
}
