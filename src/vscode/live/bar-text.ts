// The status bar's words for the live index: idle · indexing n% · embedding n% · paused · stopped · error,
// across every workspace folder. Pure (no vscode): tested in test/vscode-live-bar.test.ts.
import type { FolderStatus, ServerStatus } from '../../lsp/protocol';
import { barText, type ClientPhase, plural } from '../describe';

/** A folder by its name, as the Explorer shows it. */
export function folderLabel(root: string): string {
  return root.split(/[\\/]/).filter(Boolean).pop() ?? root;
}

const percentOf = (f?: FolderStatus): string => (f?.progress?.percent !== undefined ? ` ${f.progress.percent}%` : '');

/** The status-bar text (codicons included); phases other than `running` read as before. */
export function liveBarText(phase: ClientPhase, s?: ServerStatus): string {
  if (phase !== 'running' || !s || s.state === 'starting') return barText(phase, s);
  const by = (a: FolderStatus['activity']) => s.folders.find((f) => f.activity === a);
  if (s.paused && by('paused')) return '$(debug-pause) CodeRAG: paused';
  const indexing = by('indexing');
  if (indexing) return `$(sync~spin) CodeRAG: indexing${percentOf(indexing)}`;
  const embedding = by('embedding');
  if (embedding) return `$(sync~spin) CodeRAG: embedding${percentOf(embedding)}`;
  if (s.state === 'error' || by('error')) return '$(error) CodeRAG: error';
  // Cancelled from the progress notification: the index is partial until Reindex, which must show.
  if (s.folders.some((f) => f.stoppedByUser)) return `$(debug-stop) CodeRAG: stopped · ${plural(s.files, 'file')}`;
  // Older servers send no activity: their state still says whether a first pass runs.
  if (s.state === 'indexing') return barText(phase, s);
  return `$(database) CodeRAG: ${plural(s.files, 'file')}`;
}

/** One line per folder for the tooltip: what it is doing and how far it is. */
export function folderLines(s: ServerStatus): string[] {
  return s.folders.map((f) => {
    const p = f.progress;
    const doing = p ? `${f.activity ?? f.state} (${p.phase} ${p.done}/${p.total}${p.etaSeconds !== undefined ? `, ~${p.etaSeconds} s left` : ''})` : (f.activity ?? f.state);
    const skipped = f.skipped ? `, ${f.skipped} skipped` : '';
    return `${folderLabel(f.root)}: ${doing}; ${plural(f.files, 'file')}, ${plural(f.chunks, 'chunk')} (${f.embedded} with vectors)${skipped}${f.message ? ` — ${f.message}` : ''}`;
  });
}

/** The progress notification's message for the folders in a visible run. */
export function progressMessage(folders: FolderStatus[]): string {
  return folders
    .map((f) => {
      const p = f.progress;
      const name = folders.length > 1 ? `${folderLabel(f.root)}: ` : '';
      if (!p) return `${name}${f.activity === 'paused' ? 'paused' : 'waiting'}`;
      const what = p.phase === 'embed' ? `embedding ${p.done}/${p.total} chunks` : `${p.phase} ${p.done}/${p.total} files${p.chunks ? `, ${plural(p.chunks, 'chunk')}` : ''}`;
      return `${name}${what}${p.etaSeconds !== undefined ? `, ~${p.etaSeconds} s left` : ''}`;
    })
    .join(' · ');
}
