// Identifiers of a text by a scan over char codes, each with its TokenTable hash: regex match
// objects and a substring per occurrence were most of what keyword terms and chunk references
// allocated. Two patterns: IDENT (index/tokenize.ts) for keyword terms, plain identifiers for
// references (chunk/metadata.ts).

import { FNV_BASIS, FNV_PRIME, hashOf } from './token-table';

const enum C {
  Dollar = 36, Dash = 45, D0 = 48, D9 = 57, A = 65, Z = 90, Under = 95, a = 97, z = 122,
}

export function isUpper(c: number): boolean {
  return c >= C.A && c <= C.Z;
}

export function isLower(c: number): boolean {
  return c >= C.a && c <= C.z;
}

function isLetter(c: number): boolean {
  return isLower(c) || isUpper(c);
}

export function isDigit(c: number): boolean {
  return c >= C.D0 && c <= C.D9;
}

function isWord(c: number): boolean {
  return isLetter(c) || isDigit(c) || c === C.Under || c === C.Dollar;
}

/**
 * Calls `visit(start, end, hash)` for each match of IDENT in `text`, left to right:
 * `[A-Za-z_$][A-Za-z0-9_$]*(?:-[A-Za-z][A-Za-z0-9]*)*` or `[0-9]+[A-Za-z_][A-Za-z0-9_]*`.
 * `hash` is hashOf (token-table.ts) of the match, computed on the way.
 */
export function lexIdentifiers(text: string, visit: (start: number, end: number, hash: number) => void): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isLetter(c) || c === C.Under || c === C.Dollar) {
      const start = i;
      let h = Math.imul(FNV_BASIS ^ c, FNV_PRIME);
      i++;
      for (let d: number; i < n && isWord((d = text.charCodeAt(i))); i++) h = Math.imul(h ^ d, FNV_PRIME);
      // Kebab-case tails: `-` then a letter, then letters and digits (no `_` or `$`).
      while (i + 1 < n && text.charCodeAt(i) === C.Dash && isLetter(text.charCodeAt(i + 1))) {
        h = Math.imul(Math.imul(h ^ C.Dash, FNV_PRIME) ^ text.charCodeAt(i + 1), FNV_PRIME);
        i += 2;
        for (let d: number; i < n && (isLetter((d = text.charCodeAt(i))) || isDigit(d)); i++) h = Math.imul(h ^ d, FNV_PRIME);
      }
      visit(start, i, h);
    } else if (isDigit(c)) {
      // Digits glued to letters (`2xx`, `404_error`); plain numbers are not terms.
      let j = i + 1;
      while (j < n && isDigit(text.charCodeAt(j))) j++;
      const d = j < n ? text.charCodeAt(j) : 0;
      if (isLetter(d) || d === C.Under) {
        j++;
        while (j < n) {
          const e = text.charCodeAt(j);
          if (!(isLetter(e) || isDigit(e) || e === C.Under)) break;
          j++;
        }
        visit(i, j, hashOf(text, i, j));
      }
      i = j;
    } else i++;
  }
}

/**
 * Calls `visit(start, end, hash)` for each `[A-Za-z_$][A-Za-z0-9_$]*` in `text` (kebab-case split,
 * digits never lead), left to right, until `visit` returns false.
 */
export function lexWords(text: string, visit: (start: number, end: number, hash: number) => boolean | void): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    let c = text.charCodeAt(i);
    if (!(isLetter(c) || c === C.Under || c === C.Dollar)) {
      i++;
      continue;
    }
    const start = i++;
    let h = Math.imul(FNV_BASIS ^ c, FNV_PRIME);
    while (i < n && isWord((c = text.charCodeAt(i)))) {
      h = Math.imul(h ^ c, FNV_PRIME);
      i++;
    }
    if (visit(start, i, h) === false) return;
  }
}
