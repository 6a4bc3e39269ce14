// What the view says and shows, as pure functions: icons, labels, the summary line, which snippet
// lines to show. No DOM: unit-tested in Node.
import type { ResultsMessage } from '../protocol';
import { highlightRanges } from './highlight';

/** Offered in the filters until the host's `init` says which the index knows (the core's languages and text formats). */
export const DEFAULT_LANGUAGES = [
  'c', 'cpp', 'csharp', 'gdscript', 'go', 'java', 'javascript', 'python', 'ruby', 'rust', 'tsx', 'typescript',
  'godot-project', 'godot-resource', 'ini', 'json', 'markdown', 'text', 'toml', 'yaml',
];
/** The core's chunk kinds (base/types.ts CHUNK_KINDS). */
export const DEFAULT_KINDS = ['function', 'method', 'class', 'constant', 'declaration', 'section', 'documentation', 'window'];

const LANGUAGE_LABELS: Record<string, string> = {
  c: 'C', cpp: 'C++', csharp: 'C#', gdscript: 'GDScript', go: 'Go', java: 'Java', javascript: 'JavaScript',
  python: 'Python', ruby: 'Ruby', rust: 'Rust', tsx: 'TSX', typescript: 'TypeScript',
  'godot-project': 'Godot project', 'godot-resource': 'Godot scene/resource', ini: 'INI', json: 'JSON',
  markdown: 'Markdown', text: 'Plain text', toml: 'TOML', yaml: 'YAML',
};
export const languageLabel = (id: string): string => (Object.hasOwn(LANGUAGE_LABELS, id) ? LANGUAGE_LABELS[id] : id);
export const kindLabel = (kind: string): string => kind.charAt(0).toUpperCase() + kind.slice(1);

/** The codicon of a chunk kind, and the symbol colour VS Code's outline gives it. */
const KIND_ICONS: Record<string, [icon: string, colour: string]> = {
  function: ['symbol-function', 'function'],
  method: ['symbol-method', 'method'],
  class: ['symbol-class', 'class'],
  constant: ['symbol-constant', 'constant'],
  declaration: ['symbol-variable', 'variable'],
  section: ['symbol-key', 'key'],
  documentation: ['book', 'text'],
  window: ['file-text', 'text'],
};
export function kindIcon(kind: string): { icon: string; colour: string } {
  const [icon, colour] = Object.hasOwn(KIND_ICONS, kind) ? KIND_ICONS[kind] : ['symbol-misc', 'text'];
  return { icon, colour };
}

export const plural = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export const lineRange = (start: number, end: number): string => (start === end ? `${start}` : `${start}–${end}`);

export function fileParts(path: string): { base: string; dir: string } {
  const slash = path.lastIndexOf('/');
  return { base: path.slice(slash + 1), dir: slash > 0 ? path.slice(0, slash) : '' };
}

export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** "12 results in 5 files · 84 ms"; the file view: "5 files ranked, 9 chunks · 84 ms". */
export function summaryText(m: Pick<ResultsMessage, 'count' | 'tookMs' | 'folders' | 'groupBy'>): string {
  const files = m.folders.reduce((n, f) => n + f.files.length, 0);
  if (m.count === 0) return `No results · ${formatMs(m.tookMs)}`;
  if (m.groupBy === 'file') return `${plural(files, 'file')} ranked, ${plural(m.count, 'chunk')} · ${formatMs(m.tookMs)}`;
  return `${plural(m.count, 'result')} in ${plural(files, 'file')} · ${formatMs(m.tookMs)}`;
}

/**
 * What pointed at a file, each kind of reason said once: the core's `in the trace: vat_cents`,
 * `in the trace: order_total`, `defines: Cart` read "in the trace: vat_cents, order_total · defines: Cart".
 */
export function whyText(why: string[]): string {
  const byHead = new Map<string, string[]>();
  for (const w of why) {
    const colon = w.indexOf(': ');
    const [head, rest] = colon > 0 ? [w.slice(0, colon), w.slice(colon + 2)] : ['', w];
    const seen = byHead.get(head) ?? [];
    if (!seen.includes(rest)) byHead.set(head, [...seen, rest]);
  }
  return [...byHead].map(([head, rest]) => (head ? `${head}: ${rest.join(', ')}` : rest.join(', '))).join(' · ');
}

/** The notes under the summary: why results may be partial. */
export function resultNotes(m: Pick<ResultsMessage, 'keywordOnly' | 'vectors' | 'indexing'>): { icon: string; text: string }[] {
  const notes: { icon: string; text: string }[] = [];
  if (m.indexing) notes.push({ icon: 'sync', text: 'Still indexing: results cover the files indexed so far.' });
  if (m.keywordOnly) notes.push({ icon: 'info', text: `Keyword search only: ${m.keywordOnly}.`.replace(/\.\.$/, '.') });
  else if (m.vectors.total > 0 && m.vectors.embedded < m.vectors.total) {
    const pct = Math.floor((100 * m.vectors.embedded) / m.vectors.total);
    notes.push({ icon: 'loading', text: `Vectors are still being computed (${pct}%): results may improve.` });
  }
  return notes;
}

export interface SnippetLine {
  /** The file's line number. */
  line: number;
  text: string;
}

const CUT_LINE = /^… \(cut: .*\)$/;

/**
 * The lines of a snippet to show: at most `max`, from the top, or from just above the first line
 * that matches the query when that lies further down; common indentation removed. The core's
 * "… (cut: …)" line is left out (the view says the snippet goes on).
 */
export function snippetLines(snippet: string, startLine: number, terms: string[], max = 5): SnippetLine[] {
  const all = snippet.split('\n');
  if (all.length > 0 && CUT_LINE.test(all[all.length - 1])) all.pop();
  while (all.length > 0 && all[all.length - 1].trim() === '') all.pop();
  let from = 0;
  if (all.length > max && terms.length > 0) {
    const first = all.findIndex((l) => highlightRanges(l, terms).length > 0);
    if (first >= max) from = Math.min(first - 1, all.length - max);
  }
  const shown = all.slice(from, from + max).map((l) => l.replace(/\t/g, '    '));
  const indent = Math.min(...shown.filter((l) => l.trim() !== '').map((l) => l.length - l.trimStart().length));
  const cut = Number.isFinite(indent) ? indent : 0;
  return shown.map((text, i) => ({ line: startLine + from + i, text: text.slice(cut) }));
}
