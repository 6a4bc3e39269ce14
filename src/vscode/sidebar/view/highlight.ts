// Which parts of a snippet or name match the query, identifier-aware: "parse header" marks both
// words of `parseHeader`, `parse_header`, `ParseHeader` and `parse-header`, as the core's keyword
// search matched them (it splits identifiers the same way). Pure: no DOM, unit-tested in Node.

export interface Range {
  start: number;
  end: number;
}

// Question words that would light up half of every comment; the core ranks without them too.
const STOP_WORDS = new Set(
  ('a an and are as at be by can do does for from how i in is it its me my of on or show so that the their there this ' +
    'to was what when where which who why will with does find get me code codebase').split(' '),
);

const isLetter = (c: string) => /\p{L}/u.test(c);
const isDigit = (c: string) => c >= '0' && c <= '9';
const isUpper = (c: string) => c !== c.toLowerCase() && c === c.toUpperCase();
const isLower = (c: string) => c !== c.toUpperCase() && c === c.toLowerCase();

/**
 * The words of an identifier with their offsets: camelCase, PascalCase, snake_case, kebab-case,
 * digits apart (`HTTPServer2` → HTTP, Server, 2).
 */
export function identifierParts(text: string, offset = 0): Range[] {
  const parts: Range[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text[i] : '';
    const word = c !== '' && (isLetter(c) || isDigit(c));
    if (start >= 0 && (!word || boundary(text, i))) {
      parts.push({ start: offset + start, end: offset + i });
      start = -1;
    }
    if (word && start < 0) start = i;
  }
  return parts;
}

/** A word boundary before text[i] inside a run of letters and digits. */
function boundary(text: string, i: number): boolean {
  const prev = text[i - 1];
  const c = text[i];
  if (isDigit(prev) !== isDigit(c)) return true;
  if (isLower(prev) && isUpper(c)) return true; // parse|Header
  // HTTP|Server: an upper followed by a lower ends an upper-case run.
  return isUpper(prev) && isUpper(c) && i + 1 < text.length && isLower(text[i + 1]);
}

/** The query's search terms, lower-cased: its words and the words of its identifiers, without question words. */
export function queryTerms(query: string): string[] {
  const terms = new Set<string>();
  for (const m of query.matchAll(/[\p{L}\p{N}_$-]+/gu)) {
    const token = m[0];
    const whole = token.toLowerCase().replace(/^[-_$]+|[-_$]+$/g, '');
    if (whole.length > 1 && !STOP_WORDS.has(whole)) terms.add(whole);
    for (const p of identifierParts(token)) {
      const word = token.slice(p.start, p.end).toLowerCase();
      if (word.length > 1 && !STOP_WORDS.has(word)) terms.add(word);
    }
  }
  return [...terms];
}

/** A crude English stem, enough to pair parse/parser/parsing/parses and header/headers. */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('es') && !w.endsWith('ses')) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  for (const suffix of ['ing', 'ed', 'er', 'e']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) return w.slice(0, -suffix.length);
  }
  return w;
}

/**
 * A word matches a term when equal, when they share a stem, or (`prefix`: an identifier's word, not
 * a whole identifier) when it extends a term of 3+ letters (`pars` → parser).
 */
function matches(word: string, terms: string[], prefix: boolean): boolean {
  const s = stem(word);
  for (const t of terms) {
    if (word === t || (prefix && t.length >= 3 && word.startsWith(t))) return true;
    if (s.length >= 3 && s === stem(t)) return true;
  }
  return false;
}

/**
 * The ranges of `text` to mark for these terms (from queryTerms), sorted and merged: whole
 * identifiers equal to a term, and the identifier words that match one. Adjacent marked words of
 * one identifier merge (`parse_header` is one mark for "parse header").
 */
export function highlightRanges(text: string, terms: string[]): Range[] {
  if (terms.length === 0 || text.length === 0) return [];
  const found: Range[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}_$]+(?:-[\p{L}\p{N}_$]+)*/gu)) {
    const token = m[0];
    const at = m.index;
    if (matches(token.toLowerCase(), terms, identifierParts(token).length === 1)) {
      found.push({ start: at, end: at + token.length });
      continue;
    }
    const parts = identifierParts(token, at);
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i];
      if (!matches(text.slice(p.start, p.end).toLowerCase(), terms, true)) continue;
      const prev = found[found.length - 1];
      // Join across the separator (`_`, `-`) or case change between two marked words of this identifier.
      if (prev && i > 0 && prev.end >= at && prev.end === parts[i - 1].end && onlySeparators(text, prev.end, p.start)) prev.end = p.end;
      else found.push({ start: p.start, end: p.end });
    }
  }
  return found;
}

function onlySeparators(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (text[i] !== '_' && text[i] !== '-' && text[i] !== '$') return false;
  return true;
}

/** Splits text into plain and marked pieces for the DOM builder. */
export function splitByRanges(text: string, ranges: Range[]): { text: string; mark: boolean }[] {
  const out: { text: string; mark: boolean }[] = [];
  let at = 0;
  for (const r of ranges) {
    if (r.start > at) out.push({ text: text.slice(at, r.start), mark: false });
    out.push({ text: text.slice(r.start, r.end), mark: true });
    at = r.end;
  }
  if (at < text.length) out.push({ text: text.slice(at), mark: false });
  return out;
}
