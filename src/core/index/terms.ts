// The keyword view of a chunk: its terms per field, with frequencies. Computed in the parse
// workers (tokenizing is a third of the keyword cost) and shipped as compact arrays.
import type { Chunk } from '../model';
import { IDENT, processTerm, tokenize } from './tokenize';

export const FIELDS = ['symbol', 'doc', 'text', 'path'] as const;
export type Field = (typeof FIELDS)[number];

/** Per field: alternating [term, frequency, term, frequency, …] and the field length in terms. */
export interface ChunkTerms {
  fields: (string | number)[][];
  lengths: number[];
}

const cache = new Map<string, string[]>();

/** Processed terms of one raw token, memoized: code repeats the same identifiers endlessly. */
function termsOf(token: string): string[] {
  let t = cache.get(token);
  if (!t) {
    t = [];
    for (const part of tokenize(token)) {
      const p = processTerm(part);
      if (p) t.push(own(p));
    }
    if (cache.size > 100_000) cache.clear();
    cache.set(own(token), t);
  }
  return t;
}

/**
 * A copy that holds no reference to the text it was cut from. V8 keeps a substring of 13+
 * characters as a view on its parent: a memo keyed by such views kept whole files alive (a parse
 * worker's live heap was 93 MB after the node_modules tree, most of it sources).
 */
function own(s: string): string {
  return s.length < 13 ? s : (JSON.parse(JSON.stringify(s)) as string);
}

// The tokenizer's identifier pattern, as an object of its own: fieldTerms drives it with exec and
// lastIndex while tokenize() runs IDENT inside the loop.
const RAW = new RegExp(IDENT.source, 'g');

export function fieldTerms(text: string): { pairs: (string | number)[]; length: number } {
  const tf = new Map<string, number>();
  let length = 0;
  RAW.lastIndex = 0;
  for (let m = RAW.exec(text); m; m = RAW.exec(text)) {
    for (const t of termsOf(m[0])) {
      tf.set(t, (tf.get(t) ?? 0) + 1);
      length++;
    }
  }
  const pairs: (string | number)[] = [];
  for (const [t, n] of tf) pairs.push(t, n);
  return { pairs, length };
}

// Every chunk of a file has the same path: its terms are worked out once.
let lastPath = '';
let lastPathTerms = fieldTerms('');

function pathTerms(path: string): { pairs: (string | number)[]; length: number } {
  if (path !== lastPath) {
    lastPath = path;
    lastPathTerms = fieldTerms(path);
  }
  return lastPathTerms;
}

/**
 * The symbol field: what the chunk is called. For functions and classes that includes the
 * signature and defined names; for a constant only its name — its first line (`__all__ = [...]`)
 * would otherwise match half the vocabulary.
 */
export function symbolText(c: Pick<Chunk, 'kind' | 'name' | 'qualifiedName' | 'signature' | 'defines'>): string {
  const callable = c.kind === 'function' || c.kind === 'method' || c.kind === 'class';
  return callable ? [c.name, c.qualifiedName, c.signature ?? '', ...(c.defines ?? [])].join(' ') : [c.qualifiedName, ...(c.defines ?? [])].join(' ');
}

/** The doc field: what the chunk says about itself in prose (docstring or leading doc comment). */
export function docText(c: Pick<Chunk, 'docstring'>): string {
  return c.docstring ?? '';
}

export function chunkTerms(c: Chunk): ChunkTerms {
  const out: ChunkTerms = { fields: [], lengths: [] };
  for (const { pairs, length } of [fieldTerms(symbolText(c)), fieldTerms(docText(c)), fieldTerms(c.text), pathTerms(c.path)]) {
    out.fields.push(pairs);
    out.lengths.push(length);
  }
  return out;
}

/** Terms of a query, in order, without duplicates. */
export function queryTerms(query: string): string[] {
  const seen = new Set<string>();
  for (const m of query.matchAll(RAW)) for (const t of termsOf(m[0])) seen.add(t);
  return [...seen];
}

/** Terms of several parts of one definition as one document: frequencies and lengths add up. */
export function mergeTerms(parts: ChunkTerms[]): ChunkTerms {
  if (parts.length === 1) return parts[0];
  const out: ChunkTerms = { fields: [], lengths: [] };
  FIELDS.forEach((_, f) => {
    const tf = new Map<string, number>();
    let length = 0;
    for (const p of parts) {
      const pairs = p.fields[f] ?? [];
      // The symbol and doc fields repeat in every part (same name, same docstring): count them once.
      if ((f === 0 || f === 1) && p !== parts[0]) continue;
      for (let i = 0; i < pairs.length; i += 2) tf.set(pairs[i] as string, (tf.get(pairs[i] as string) ?? 0) + (pairs[i + 1] as number));
      length += p.lengths[f] ?? 0;
    }
    const pairs: (string | number)[] = [];
    for (const [t, n] of tf) pairs.push(t, n);
    out.fields.push(pairs);
    out.lengths.push(length);
  });
  return out;
}
