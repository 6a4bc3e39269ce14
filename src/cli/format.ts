// Human-readable output for the CLI; --json prints the raw objects instead.
import { type IndexReport, quotePath, type SearchResult, type SkippedFile, type Status } from '../core/service/api';

export { quotePath };

/** `debug.log  ignored by "*.log" (.gitignore:3)`; other details in parentheses. */
export function describeSkip(s: SkippedFile): string {
  if (!s.detail) return s.reason;
  return s.detail.startsWith('by ') ? `${s.reason} ${s.detail}` : `${s.reason} (${s.detail})`;
}

export function summary(r: IndexReport): Record<string, number> {
  return { indexed: r.indexed, unchanged: r.unchanged, deleted: r.deleted, chunks: r.chunks };
}

export function formatReport(r: IndexReport): string {
  const lines = [JSON.stringify(summary(r)).replace(/"/g, '').replace(/,/g, ', ').replace(/:/g, ': ')];
  if (r.embedded || r.reusedVectors) lines.push(`vectors: ${r.embedded} embedded, ${r.reusedVectors} reused by content hash`);
  if (r.skipped) lines.push(`skipped: ${r.skipped} files (coderag status --skipped lists them with their reasons)`);
  if (r.fallbacks.length) lines.push(`line windows instead of a parse: ${r.fallbacks.length} files`);
  if (r.errors.length) lines.push(...r.errors.slice(0, 20).map((e) => `error: ${quotePath(e.path)}: ${e.error}`));
  if (r.rebuilt) lines.push(`index rebuilt: ${r.rebuilt}`);
  if (r.scanChanged) lines.push(`file set changed: ${r.scanChanged} (saved in the index for later runs)`);
  for (const what of r.repaired) lines.push(`index repaired: ${what}`);
  if (r.embeddingError) lines.push(`embeddings unavailable, keyword search still works: ${r.embeddingError}`);
  const t = r.timings;
  lines.push(`time: ${((t.totalMs ?? 0) / 1000).toFixed(1)} s (scan ${t.scanMs} ms, parse ${t.parseMs} ms, save ${t.saveMs} ms${t.embedMs !== undefined ? `, embed ${t.embedMs} ms` : ''}${t.annIndexMs ? `, vector index ${t.annIndexMs} ms` : ''})`);
  return lines.join('\n');
}

export function formatResults(results: SearchResult[]): string {
  if (!results.length) return 'no results';
  return results
    .map((r, i) => {
      const head = `${i + 1}. ${quotePath(r.path)}:${r.startLine}-${r.endLine}  ${r.kind} ${r.qualifiedName}  (${r.score.toFixed(3)})`;
      const body = terminalLines(r.snippet).map((l) => `     ${l}`).join('\n');
      const copies = r.copies?.length ? `\n     also at ${r.copies.map((c) => `${quotePath(c.path)}:${c.startLine}-${c.endLine}`).join(', ')}` : '';
      const why = r.why?.length ? `\n     pointed at by: ${r.why.join('; ')}` : '';
      return `${head}${copies}${why}\n${body}`;
    })
    .join('\n\n');
}

const TERMINAL_LINES = 6;
const TERMINAL_WIDTH = 200;

/**
 * A snippet as the terminal shows it: 6 lines of at most 200 characters. Where it stops short of
 * the chunk, its last line says how much is left of the chunk, counted from what is shown (the
 * snippet's own marker counts from its 12 lines).
 */
function terminalLines(snippet: string): string[] {
  const all = snippet.split('\n');
  const marker = /^… \(cut: (\d+) more (lines?|characters)\)$/.exec(all[all.length - 1]);
  const text = marker ? all.slice(0, -1) : all;
  const shown = text.slice(0, TERMINAL_LINES).map((l) => (l.length > TERMINAL_WIDTH ? `${l.slice(0, TERMINAL_WIDTH)}…` : l));
  const hiddenLines = text.length - shown.length + (marker && marker[2] !== 'characters' ? Number(marker[1]) : 0);
  const hiddenChars = marker?.[2] === 'characters' ? Number(marker[1]) : 0;
  const parts = [hiddenLines && `${hiddenLines} more line${hiddenLines === 1 ? '' : 's'}`, hiddenChars && `${hiddenChars} more characters`].filter(Boolean);
  if (parts.length) shown.push(`… (cut: ${parts.join(' and ')})`);
  return shown;
}

export function formatStatus(s: Status): string {
  const lines = [
    `root: ${s.root}`,
    `index: ${s.indexDir} (${(s.diskBytes / 1e6).toFixed(1)} MB)`,
    `files: ${s.files} indexed, ${s.skippedCount} skipped`,
    `chunks: ${s.chunks} (${s.embedded} with vectors)`,
    `model: ${s.model ? `${s.model.id} (${s.model.dim}-d)` : 'none (no vectors)'}`,
    `last run: ${s.updatedAt ? new Date(s.updatedAt).toLocaleString() : 'unknown'}`,
    `languages: ${Object.entries(s.languages).sort((a, b) => b[1] - a[1]).map(([l, n]) => `${l} ${n}`).join(', ')}`,
  ];
  for (const n of s.notices) lines.push(`note: ${n}`);
  if (s.fallbacks.length) {
    lines.push(`notes (${s.fallbacks.length}):`, ...s.fallbacks.slice(0, 50).map((f) => `  ${quotePath(f.path)}: ${f.note}`));
  }
  if (s.skipped) {
    lines.push('skipped:');
    for (const k of s.skipped) lines.push(`  ${quotePath(k.path)}  ${describeSkip(k)}`);
  }
  return lines.join('\n');
}
