// The keyword view of a chunk: its terms per field, with frequencies. Computed in the parse
// workers (tokenizing is a third of the keyword cost) and shipped as compact arrays.
import type { Chunk } from '../model';
import { processTerm, tokenize } from './tokenize';
import { scanIdentifiers } from '../scan-identifiers';
import { own, TokenTable } from '../token-table';

export const FIELDS = ['symbol', 'doc', 'text', 'path'] as const;
export type Field = (typeof FIELDS)[number];

/** Per field: alternating [term, frequency, term, frequency, …] and the field length in terms. */
export interface ChunkTerms {
  fields: (string | number)[][];
  lengths: number[];
}

// Every distinct raw token of this thread, with the ids of its processed terms: code repeats the
// same identifiers endlessly, so a token is split, lowercased and stemmed once.
const tokenIds = new TokenTable<Int32Array>(100_000);
const termOf: string[] = [];
const termId = new Map<string, number>();
/** Per term id: its count in the field being read, and the fields' touched ids. */
let counts = new Int32Array(1 << 12);
const touched: number[] = [];
const NO_TERMS = new Int32Array(0);

function idOfTerm(term: string): number {
  let id = termId.get(term);
  if (id === undefined) {
    id = termOf.length;
    termOf.push(term);
    termId.set(term, id);
    if (id >= counts.length) {
      const grown = new Int32Array(counts.length * 2);
      grown.set(counts);
      counts = grown;
    }
  }
  return id;
}

/** Processed term ids of the token text[start, end), memoized. */
function termsOf(text: string, start: number, end: number, hash: number): Int32Array {
  let t = tokenIds.get(text, start, end, hash);
  if (!t) {
    const token = own(text.slice(start, end));
    const ids: number[] = [];
    for (const part of tokenize(token)) {
      const p = processTerm(part);
      if (p) ids.push(idOfTerm(own(p)));
    }
    t = ids.length ? Int32Array.from(ids) : NO_TERMS;
    // Bounded (it forgets everything past 100k tokens): a worker lives through whole trees.
    tokenIds.set(token, hash, t);
  }
  return t;
}

// The term table would otherwise grow for ever in a long-lived worker: past this many terms it
// starts again (ids are only meaningful within one fieldTerms call's output, which holds strings).
const MAX_TERMS = 150_000;

export function fieldTerms(text: string): { pairs: (string | number)[]; length: number } {
  if (termOf.length > MAX_TERMS) {
    tokenIds.clear();
    termId.clear();
    termOf.length = 0;
  }
  let length = 0;
  scanIdentifiers(text, (start, end, hash) => {
    const ids = termsOf(text, start, end, hash);
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      if (counts[id]++ === 0) touched.push(id);
    }
    length += ids.length;
  });
  const pairs: (string | number)[] = new Array(touched.length * 2);
  for (let i = 0; i < touched.length; i++) {
    const id = touched[i];
    pairs[2 * i] = termOf[id];
    pairs[2 * i + 1] = counts[id];
    counts[id] = 0;
  }
  touched.length = 0;
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
  scanIdentifiers(query, (start, end, hash) => {
    for (const id of termsOf(query, start, end, hash)) seen.add(termOf[id]);
  });
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
