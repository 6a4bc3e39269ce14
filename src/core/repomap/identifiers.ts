// search_identifiers: where a symbol is defined and used. Exact, then prefix, then
// case-insensitive substring matches; definitions before references; a few lines of context each.
// When none, the caller may ask again with the names the symbol index finds near the query
// (identifierHitsOf): their definitions and references, marked fuzzy.
import * as path from 'node:path';
import { linesOf } from '../chunk/lines';
import type { Tag } from '../tags/tags';
import { readSourceText } from '../scan/content';

export interface IdentifierHit {
  name: string;
  kind: 'def' | 'ref';
  category: string;
  path: string;
  line: number;
  /** 'exact' | 'prefix' | 'substring', or 'fuzzy': a name near the query (a typo, other word separators) when none of those matched. */
  match: string;
  context: { line: number; text: string }[];
}

export interface IdentifierSearchOptions {
  limit?: number;
  contextLines?: number;
  definitions?: boolean;
  references?: boolean;
  /** When exact, prefix and substring find nothing, the names the symbol index finds near the query (default true). */
  fuzzy?: boolean;
}

function matchClass(name: string, query: string, lower: string): number {
  if (name === query) return 0;
  const n = name.toLowerCase();
  if (n === lower) return 1;
  if (n.startsWith(lower)) return 2;
  if (n.includes(lower)) return 3;
  return -1;
}

const MATCH_NAMES = ['exact', 'exact', 'prefix', 'substring'];

export function searchIdentifiers(
  root: string,
  files: Iterable<[string, Tag[]]>,
  query: string,
  opts: IdentifierSearchOptions = {},
): IdentifierHit[] {
  const q = query.trim();
  if (!q) return [];
  const lower = q.toLowerCase();
  return hitsWhere(root, files, opts, (name) => {
    const m = matchClass(name, q, lower);
    return m < 0 ? undefined : { match: MATCH_NAMES[m], rankClass: m };
  });
}

/** Definitions and references of exactly these names, ranked in the order given, marked `match`. */
export function identifierHitsOf(root: string, files: Iterable<[string, Tag[]]>, names: string[], match: string, opts: IdentifierSearchOptions = {}): IdentifierHit[] {
  const rank = new Map(names.map((n, i) => [n, i]));
  return hitsWhere(root, files, opts, (name) => {
    const r = rank.get(name);
    return r === undefined ? undefined : { match, rankClass: r };
  });
}

function hitsWhere(
  root: string,
  files: Iterable<[string, Tag[]]>,
  opts: IdentifierSearchOptions,
  matchOf: (name: string) => { match: string; rankClass: number } | undefined,
): IdentifierHit[] {
  const found: (IdentifierHit & { rankClass: number })[] = [];
  for (const [p, tags] of files) {
    for (const t of tags) {
      if (t.category.startsWith('file')) continue;
      if (t.kind === 'def' && opts.definitions === false) continue;
      if (t.kind === 'ref' && opts.references === false) continue;
      const m = matchOf(t.name);
      if (!m) continue;
      found.push({ name: t.name, kind: t.kind, category: t.category, path: p, line: t.line, match: m.match, context: [], rankClass: m.rankClass });
    }
  }
  found.sort(
    (a, b) =>
      (a.kind === b.kind ? 0 : a.kind === 'def' ? -1 : 1) || a.rankClass - b.rankClass || a.path.localeCompare(b.path) || a.line - b.line,
  );
  // One hit per (file, line, name): a name captured twice on a line is one occurrence.
  const unique: typeof found = [];
  const seen = new Set<string>();
  for (const h of found) {
    const key = `${h.kind}\u0000${h.path}\u0000${h.line}\u0000${h.name}`;
    if (!seen.has(key)) (seen.add(key), unique.push(h));
  }
  const hits = unique.slice(0, opts.limit ?? 50);
  const n = opts.contextLines ?? 2;
  const cache = new Map<string, string[]>();
  for (const h of hits) {
    let lines = cache.get(h.path);
    if (!lines) {
      try {
        lines = linesOf(readSourceText(path.join(root, h.path)));
      } catch {
        lines = [];
      }
      cache.set(h.path, lines);
    }
    for (let l = Math.max(1, h.line - n); l <= Math.min(lines.length, h.line + n); l++) h.context.push({ line: l, text: lines[l - 1] });
  }
  return hits.map(({ rankClass: _r, ...h }) => h);
}
