// Rendering the ranked definitions as a map: each file with its key definition lines, the scopes
// enclosing them (class headers), `⋮` where lines are elided — fitted to a token budget by binary
// search over how many definitions are shown.
import { quotePath } from '../base/quote';
import type { RankedDefinition } from './graph';

export interface Scope {
  line: number;
  end: number;
}

export interface MapSource {
  /** The file's lines, or undefined when it cannot be read. */
  lines(path: string): string[] | undefined;
  /** Multi-line definitions of the file (line..end), to show the headers enclosing a definition. */
  scopes(path: string): Scope[];
}

export interface RenderedMap {
  text: string;
  tokens: number;
  definitions: number;
  files: string[];
}

const MAX_LINE = 100;

function fileBlock(path: string, lineNumbers: number[], src: MapSource): string {
  const lines = src.lines(path);
  if (!lines) return `${quotePath(path)}\n`;
  const shown = new Set<number>();
  const scopes = src.scopes(path);
  for (const l of lineNumbers) {
    shown.add(l);
    for (const s of scopes) if (s.line < l && l <= s.end) shown.add(s.line);
  }
  const sorted = [...shown].filter((l) => l >= 1 && l <= lines.length).sort((a, b) => a - b);
  const out = [`${quotePath(path)}:`];
  let prev = 0;
  for (const l of sorted) {
    if (l > prev + 1) out.push('⋮');
    const text = lines[l - 1].replace(/\s+$/, '');
    out.push(`│${text.length > MAX_LINE ? text.slice(0, MAX_LINE) + '…' : text}`);
    prev = l;
  }
  if (prev < lines.length && lines.slice(prev).some((l) => l.trim())) out.push('⋮');
  return out.join('\n') + '\n';
}

/** The map showing the first `n` ranked definitions, important files first. */
export function renderTop(
  n: number,
  ranked: RankedDefinition[],
  important: string[],
  src: MapSource,
  fileRank?: Map<string, number>,
): { blocks: string[]; files: string[] } {
  const byFile = new Map<string, number[]>();
  for (const d of ranked.slice(0, n)) {
    const lines = byFile.get(d.path) ?? [];
    lines.push(...d.lines);
    byFile.set(d.path, lines);
  }
  const blocks = important.map((p) => `${quotePath(p)}\n`);
  const files = [...important];
  // Which definitions make the cut is decided by their own rank; files appear by file rank.
  const order = fileRank ? [...byFile].sort((a, b) => (fileRank.get(b[0]) ?? 0) - (fileRank.get(a[0]) ?? 0)) : [...byFile];
  for (const [path, lines] of order) {
    if (important.includes(path)) continue;
    blocks.push(fileBlock(path, lines, src));
    files.push(path);
  }
  return { blocks, files };
}

/**
 * The largest map under `budget` tokens. Stops early once within 10% under the budget; per-block
 * counts keep each probe cheap, the final text is counted whole.
 */
export function fitToBudget(
  ranked: RankedDefinition[],
  important: string[],
  src: MapSource,
  budget: number,
  count: (text: string) => number,
  fileRank?: Map<string, number>,
): RenderedMap {
  const measure = (n: number) => {
    const r = renderTop(n, ranked, important, src, fileRank);
    return { ...r, tokens: r.blocks.reduce((a, b) => a + count(b), 0) };
  };
  // Every shown definition costs at least a few tokens: no need to probe beyond budget/4 of them
  // (probing half of 100k definitions would render — and tokenize — a whole repository).
  let lo = 0;
  let hi = Math.min(ranked.length, Math.ceil(budget / 4));
  let best = measure(0);
  if (best.tokens > budget) best = { blocks: [], files: [], tokens: 0 };
  let bestN = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const m = measure(mid);
    if (m.tokens <= budget) {
      best = m;
      bestN = mid;
      if (m.tokens >= budget * 0.9) break;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  let text = best.blocks.join('');
  let tokens = count(text);
  // Block counts are additive only approximately: trim if the whole text went over.
  while (tokens > budget && bestN > 0) {
    bestN--;
    const r = renderTop(bestN, ranked, important, src, fileRank);
    text = r.blocks.join('');
    tokens = count(text);
    best = { ...r, tokens };
  }
  return { text, tokens, definitions: bestN, files: best.files };
}
