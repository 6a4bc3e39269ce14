// How a symbol name matches what was typed, in the order results are ranked: exact, prefix, words
// (camelCase/snake_case-aware: `procReq` and `process_request` reach `processRequest`), fuzzy.
// Names and queries are compared normalized: lower case, without `_`, `$` and `-`, so one
// spelling's separators never hide another's.
import { splitIdentifier } from '../keyword/tokenize';

export type MatchKind = 'exact' | 'prefix' | 'words' | 'fuzzy';

/**
 * Rank classes, best first. Exact as written beats exact once normalized; words anchored at the
 * name's first word beat words found further in.
 */
export const enum Rank {
  ExactCase = 0,
  Exact = 1,
  Prefix = 2,
  WordsAnchored = 3,
  Words = 4,
  Fuzzy = 5,
}

export function matchKindOf(rank: Rank): MatchKind {
  return rank <= Rank.Exact ? 'exact' : rank === Rank.Prefix ? 'prefix' : rank <= Rank.Words ? 'words' : 'fuzzy';
}

export function normalize(s: string): string {
  return s.toLowerCase().replace(/[_$-]/g, '');
}

/** The name's words, lower case: `parseHTTPResponse` → parse, http, response. */
export function wordsOf(name: string): string[] {
  const out: string[] = [];
  for (const w of splitIdentifier(name)) if (w) out.push(w.toLowerCase());
  return out;
}

/** The symbol index's terms for a name: the normalized whole, then each word that differs from it. */
export function nameTerms(name: string): string[] {
  const whole = normalize(name);
  const out = whole ? [whole] : [];
  for (const w of wordsOf(name)) if (w !== whole && !out.includes(w)) out.push(w);
  return out;
}

export interface SymbolQuery {
  /** The name part as typed (the last segment). */
  name: string;
  norm: string;
  /** Its words as typed (`procReq` → proc, req). */
  words: string[];
  /** Segments before the name (`json.loads`, `TextWrapper::wrap`), normalized: each must occur in the qualified name or path. */
  containers: string[];
  /** Where the typed words start in `norm`. */
  bounds: Set<number>;
}

export function parseQuery(query: string): SymbolQuery | undefined {
  const segments = query.split(/[^A-Za-z0-9_$\-\u0080-\uffff]+/).filter(Boolean);
  const name = segments.pop();
  if (!name) return undefined;
  const norm = normalize(name);
  if (!norm) return undefined;
  const words = wordsOf(name);
  const bounds = new Set<number>();
  let at = 0;
  for (const w of words) {
    bounds.add(at);
    at += normalize(w).length;
  }
  return { name, norm, words, containers: segments.map(normalize).filter(Boolean), bounds };
}

/**
 * Whether `q` can be cut into pieces that each begin a word of the name, in order, skipping words
 * between (`procreq` → process·request, `seqmat` → sequence·matcher). A one-letter piece must
 * start a word as typed (`getX`) or end the query (`processr`, typing on): else `gettattr` would
 * be get·t(rigger)·attr(ibutes). `bounds`: where typed words start in `q`. Returns the rank, or -1.
 */
export function wordsRank(q: string, words: readonly string[], bounds: ReadonlySet<number>): number {
  const n = words.length;
  if (!n || n > 64 || !q) return -1;
  // 0 unknown, 1 no, 2 yes: whether q[i..] can be covered by words w and later.
  const memo = new Uint8Array((q.length + 1) * (n + 1));
  const cover = (i: number, w: number): boolean => {
    if (i === q.length) return true;
    const key = i * (n + 1) + w;
    if (memo[key]) return memo[key] === 2;
    let ok = false;
    for (let j = w; j < n && !ok; j++) ok = begins(i, j);
    memo[key] = ok ? 2 : 1;
    return ok;
  };
  // A piece of q from i that begins word j, followed by a cover of the rest.
  const begins = (i: number, j: number): boolean => {
    const word = words[j];
    const short = bounds.has(i) || i + 1 === q.length;
    for (let k = 1; k <= word.length && i + k <= q.length && word.charCodeAt(k - 1) === q.charCodeAt(i + k - 1); k++) {
      if ((k > 1 || short) && cover(i + k, j + 1)) return true;
    }
    return false;
  };
  if (begins(0, 0)) return Rank.WordsAnchored;
  return cover(0, 1) ? Rank.Words : -1;
}

/** The rank of a name for a query by exact, prefix and words matching; -1 when none applies (fuzzy or no match). */
export function rankOf(name: string, norm: string, q: SymbolQuery, words: () => string[]): number {
  if (name === q.name) return Rank.ExactCase;
  if (norm === q.norm) return Rank.Exact;
  if (norm.startsWith(q.norm)) return Rank.Prefix;
  return wordsRank(q.norm, words(), q.bounds);
}

/**
 * Edit distance (insertions, deletions, substitutions, adjacent transpositions) from `q` to the
 * closest prefix of `s`: what was typed so far against how the name begins.
 */
export function prefixDistance(q: string, s: string): number {
  const m = q.length;
  const n = s.length;
  // Rows i-2, i-1 and i of the table, over prefixes of s.
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= m; i++) {
    cur[0] = i;
    for (let j = 1; j <= n; j++) {
      const cost = q.charCodeAt(i - 1) === s.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && q.charCodeAt(i - 1) === s.charCodeAt(j - 2) && q.charCodeAt(i - 2) === s.charCodeAt(j - 1)) d = Math.min(d, prev2[j - 2] + 1);
      cur[j] = d;
    }
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  let best = m;
  for (let j = 0; j <= n; j++) best = Math.min(best, prev[j]);
  return best;
}

/** Edits a typo may cost for a typed term of this length: none under 5 characters (seconds on short terms, and noise). */
export function fuzziness(length: number): number {
  return length < 5 ? 0 : length < 8 ? 1 : 2;
}

/** Adjacent transpositions of `s` (`urljion` → …, `urljoin`): the typo fuzzy matching by edit distance 1 cannot see. */
export function transpositions(s: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < s.length; i++) {
    if (s[i] === s[i + 1]) continue;
    out.push(s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2));
  }
  return out;
}

const TEST_PATH = /(^|\/)(tests?|testing|__tests__|spec)\/|(^|\/)test_[^/]*$|[._-](test|spec)s?\.[^/]+$|_tests?\.[^/]+$/i;

export const PRIVATE = 1;

/**
 * What ranks a definition within its match class, lower first: defined at the top of a module or
 * in a class (not inside a function), outside tests, public. A query starting with `_` drops the
 * PRIVATE bit (priorFor).
 */
export function priorOf(path: string, name: string, local: boolean): number {
  return (local ? 4 : 0) + (TEST_PATH.test(path) ? 2 : 0) + (name.startsWith('_') && !/^__\w+__$/.test(name) ? PRIVATE : 0);
}

export function priorFor(prior: number, q: SymbolQuery): number {
  return q.name.startsWith('_') ? prior & ~PRIVATE : prior;
}

const KIND_ORDER: Record<string, number> = { class: 0, interface: 0, type: 0, enum: 0, module: 0, function: 1, method: 1 };

export function kindOrder(kind: string): number {
  return KIND_ORDER[kind] ?? 2;
}
