// The keyword view of a chunk: its terms per field, with frequencies. Computed in the parse
// workers (tokenizing is a third of the keyword cost) and shipped as compact arrays.
import type { Chunk } from '../model';
import { processTerm, tokenize } from './tokenize';

export const FIELDS = ['symbol', 'text', 'path'] as const;
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
      if (p) t.push(p);
    }
    if (cache.size > 200_000) cache.clear();
    cache.set(token, t);
  }
  return t;
}

const RAW = /[A-Za-z_$][A-Za-z0-9_$]*(?:-[A-Za-z][A-Za-z0-9]*)*|[0-9]+[A-Za-z_][A-Za-z0-9_]*/g;

export function fieldTerms(text: string): { pairs: (string | number)[]; length: number } {
  const tf = new Map<string, number>();
  let length = 0;
  for (const m of text.matchAll(RAW)) {
    for (const t of termsOf(m[0])) {
      tf.set(t, (tf.get(t) ?? 0) + 1);
      length++;
    }
  }
  const pairs: (string | number)[] = [];
  for (const [t, n] of tf) pairs.push(t, n);
  return { pairs, length };
}

export function symbolText(c: Pick<Chunk, 'name' | 'qualifiedName' | 'signature' | 'defines'>): string {
  return [c.name, c.qualifiedName, c.signature ?? '', ...(c.defines ?? [])].join(' ');
}

export function chunkTerms(c: Chunk): ChunkTerms {
  const sources = [symbolText(c), c.text, c.path];
  const out: ChunkTerms = { fields: [], lengths: [] };
  for (const s of sources) {
    const { pairs, length } = fieldTerms(s);
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
