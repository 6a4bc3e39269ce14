// Code-aware tokenizing for keyword search: identifiers are kept whole and also split into their
// camelCase / PascalCase / snake_case / kebab-case words, so "parse header" finds parseHeader and
// parse_header, and "parseHeader" still matches exactly.
import { isDigit, isLower, isUpper } from '../base/lexer';

/** An identifier as code writes it (kebab-case included), or a number glued to letters. */
export const IDENT = /[A-Za-z_$][A-Za-z0-9_$]*(?:-[A-Za-z][A-Za-z0-9]*)*|[0-9]+[A-Za-z_][A-Za-z0-9_]*/g;

/**
 * Words of an identifier: `parseHTTPResponse2` → parse, HTTP, Response2; `get_user-id` → get, user, id.
 * A word ends at `_`, `$`, `-` or whitespace, before an upper-case letter that follows a lower-case
 * letter or a digit, and before the last capital of a run that a lower-case letter follows. Read
 * char by char: the regular expressions it replaces were most of the cost of a new token.
 */
export function splitIdentifier(id: string): string[] {
  const out: string[] = [];
  const n = id.length;
  let start = -1;
  for (let i = 0; i < n; i++) {
    const c = id.charCodeAt(i);
    if (c === 95 || c === 36 || c === 45 || isSpace(c)) {
      if (start >= 0) out.push(id.slice(start, i));
      start = -1;
      continue;
    }
    if (start < 0) {
      start = i;
      continue;
    }
    if (!isUpper(c)) continue;
    const p = id.charCodeAt(i - 1);
    if (isLower(p) || isDigit(p) || (isUpper(p) && i + 1 < n && isLower(id.charCodeAt(i + 1)))) {
      out.push(id.slice(start, i));
      start = i;
    }
  }
  if (start >= 0) out.push(id.slice(start));
  return out;
}

/** What `\s` matches. */
function isSpace(c: number): boolean {
  return (c >= 9 && c <= 13) || c === 32 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

// Words so common in code or English that they only cost memory and time.
const STOP = new Set(
  ('a an and are as at be by for from has have if in into is it its of on or that the then this to was were will with ' +
    'all any some each every which what where when how who why does doe can should would could about over under ' +
    'like so such than too very just only also there their them they we our you your my me do done ' +
    'def self cls return const let var function true false none null undefined new else elif pass import export ' +
    'end do fn func pub use mut static void int str string public private protected class interface').split(' '),
);

/**
 * A conservative English suffix stemmer: "parsing", "parsed", "parses" → "pars"; "headers" →
 * "header"; "retries" → "retri". Applied to index and query alike. Hand-written because it must
 * leave short words and identifiers' own spelling mostly alone, which general stemmers do not.
 */
export function stem(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
  let w = word;
  // indentation → indent, validations → valid: nouns of action meet their verbs.
  if (/ations?$/.test(w) && w.length > 8) w = w.replace(/ations?$/, '');
  else if (w.endsWith('ies') && w.length > 4) w = w.slice(0, -3) + 'i';
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed') && !w.endsWith('eed')) w = w.slice(0, -2);
  else if (w.length > 4 && w.endsWith('y')) w = w.slice(0, -1) + 'i';
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  // "stopped" → "stopp" → "stop"
  if (w.length > 3 && /([^aeiouls])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** Tokens of a text for the index: whole identifiers plus their parts, lowercased. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(IDENT)) out.push(...identifierTokens(m[0]));
  return out;
}

/** Tokens of one identifier (one IDENT match): itself when it has several words, and its words. */
export function identifierTokens(id: string): string[] {
  const parts = splitIdentifier(id);
  if (parts.length <= 1) return parts;
  const out = [id];
  for (const p of parts) if (p.length > 1) out.push(p);
  return out;
}

/** Lowercase, drop stop words and one-letter noise, stem plain words; identifiers stay as typed. */
export function processTerm(term: string): string | null {
  const t = term.toLowerCase();
  if (t.length < 2 || STOP.has(t)) return null;
  return /^[a-z]+$/.test(t) ? stem(t) : t;
}
