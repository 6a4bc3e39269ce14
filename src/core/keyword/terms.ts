// The keyword view of a file: per definition, its terms per field with frequencies. Computed in
// the parse workers (tokenizing is a third of the keyword cost) and shipped as compact arrays.
import type { Chunk } from '../base/types';
import type { DocInfo } from './docs';
import type { PackedDocs } from './docs';
import { identifierTokens, processTerm } from './tokenize';
import { lexIdentifiers } from '../base/lexer';
import { moduleDocOf } from '../chunk/title';
import { grown, own, TokenTable } from '../base/token-table';

export const FIELDS = ['symbol', 'doc', 'text', 'path'] as const;
export type Field = (typeof FIELDS)[number];

// Every distinct raw token of this thread, with the ids of its processed terms (token number t
// owns ids[idsAt[t] .. idsAt[t] + idsLen[t]]): code repeats the same identifiers endlessly, so a
// token is split, lowercased and stemmed once. Bounded: a worker lives through whole trees.
const MAX_TOKENS = 200_000;
const tokens = new TokenTable();
let idsAt = new Int32Array(1 << 12);
let idsLen = new Int32Array(1 << 12);
let ids = new Int32Array(1 << 14);
let idsUsed = 0;
const termOf: string[] = [];
const termId = new Map<string, number>();
/** Per term id: its count in the field being read, and the fields' touched ids. */
let counts = new Int32Array(1 << 12);
const touched: number[] = [];

function idOfTerm(term: string): number {
  let id = termId.get(term);
  if (id === undefined) {
    id = termOf.length;
    termOf.push(term);
    termId.set(term, id);
    if (id >= counts.length) counts = grown(counts, id + 1);
  }
  return id;
}

/** The number of the token text[start, end), its term ids worked out on first sight. */
function tokenOf(text: string, start: number, end: number, hash: number): number {
  const known = tokens.find(text, start, end, hash);
  if (known >= 0) return known;
  if (tokens.size >= MAX_TOKENS) forgetTokens();
  const terms: number[] = [];
  // The scanner found the token as one IDENT match: its tokens are the identifier's own.
  for (const part of identifierTokens(text.slice(start, end))) {
    const p = processTerm(part);
    if (p) terms.push(idOfTerm(own(p)));
  }
  const t = tokens.add(text, start, end, hash);
  if (t === idsAt.length) {
    idsAt = grown(idsAt, t + 1);
    idsLen = grown(idsLen, t + 1);
  }
  if (idsUsed + terms.length > ids.length) ids = grown(ids, idsUsed + terms.length);
  for (let i = 0; i < terms.length; i++) ids[idsUsed + i] = terms[i];
  idsAt[t] = idsUsed;
  idsLen[t] = terms.length;
  idsUsed += terms.length;
  return t;
}

function forgetTokens(): void {
  tokens.clear();
  idsUsed = 0;
}

// The term table would otherwise grow for ever in a long-lived worker: past this many terms it
// starts again (ids are only meaningful within one fieldTerms call's output, which holds strings).
const MAX_TERMS = 150_000;

function startOver(): void {
  if (termOf.length > MAX_TERMS) {
    forgetTokens();
    termId.clear();
    termOf.length = 0;
  }
}

/** Adds the terms of `text` to the open counts (first-seen order in `touched`); returns how many. */
function countTerms(text: string): number {
  let length = 0;
  lexIdentifiers(text, (start, end, hash) => {
    const t = tokenOf(text, start, end, hash);
    const from = idsAt[t];
    const to = from + idsLen[t];
    for (let i = from; i < to; i++) {
      const id = ids[i];
      if (counts[id]++ === 0) touched.push(id);
    }
    length += to - from;
  });
  return length;
}

export function fieldTerms(text: string): { pairs: (string | number)[]; length: number } {
  startOver();
  const length = countTerms(text);
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

/**
 * The definition that opens the file, and the file's one-line summary (a module docstring or
 * header comment; title context, never chunk text): the summary joins that definition's doc field
 * alone, so a word only the header says ("retries with exponential backoff") finds the file at its
 * top, and no other chunk of the file gains the header's words.
 */
export function openingDoc(chunks: readonly Chunk[]): { groupId: string; doc: string } | undefined {
  let first: Chunk | undefined;
  for (const c of chunks) if (!first || c.startLine < first.startLine) first = c;
  const doc = first && moduleDocOf(first);
  return doc ? { groupId: first!.groupId, doc } : undefined;
}

/** Terms of a query, in order, without duplicates. */
export function queryTerms(query: string): string[] {
  const seen = new Set<string>();
  lexIdentifiers(query, (start, end, hash) => {
    const t = tokenOf(query, start, end, hash);
    for (let i = idsAt[t]; i < idsAt[t] + idsLen[t]; i++) seen.add(termOf[ids[i]]);
  });
  return [...seen];
}

/** Adds terms counted earlier (ids with their counts) to the open counts, as countTerms would. */
function addCounted(ids: number[], n: number[]): void {
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    if (counts[id] === 0) touched.push(id);
    counts[id] += n[i];
  }
}

/** File-local numbers of this thread's term ids, valid while `localStamp[id] === fileStamp`. */
let localOf = new Int32Array(1 << 12);
let localStamp = new Int32Array(1 << 12);
let fileStamp = 0;

/**
 * A file's keyword documents, packed. One document per definition: a split definition's parts add
 * up their text and path terms; its symbol and doc fields, the same in every part, count once.
 * Counted straight into the packed form: term pairs per chunk, merged per definition and repacked
 * (test/terms-scan.test.ts keeps that model as the reference) were a third of the workers' keyword cost.
 */
export function packFileDocs(chunks: Chunk[]): PackedDocs {
  startOver();
  const groups = new Map<string, Chunk[]>();
  for (const c of chunks) {
    const g = groups.get(c.groupId);
    if (g) g.push(c);
    else groups.set(c.groupId, [c]);
  }
  const stamp = ++fileStamp;
  const opening = openingDoc(chunks);
  // Every chunk repeats its file's path: its terms are counted once, then added per part.
  const path = chunks[0]?.path ?? '';
  const pathLength = countTerms(path);
  const pathIds = touched.splice(0);
  const pathCounts = pathIds.map((id) => counts[id]);
  for (const id of pathIds) counts[id] = 0;
  const terms: string[] = [];
  const infos: DocInfo[] = [];
  let data = new Int32Array(256);
  let at = 0;
  const put = (v: number) => {
    if (at === data.length) data = grown(data, at + 1);
    data[at++] = v;
  };
  for (const [groupId, parts] of groups) {
    const c = parts[0];
    infos.push({ id: groupId, path: c.path, kind: c.kind, language: c.language, name: c.name, qualifiedName: c.qualifiedName });
    for (let f = 0; f < FIELDS.length; f++) {
      // The symbol and doc fields repeat in every part of a split definition: counted once.
      let length = 0;
      if (f === 0) length = countTerms(symbolText(c));
      else if (f === 1) length = countTerms(opening?.groupId === groupId ? `${docText(c)}\n${opening.doc}` : docText(c));
      else if (f === 2) for (const p of parts) length += countTerms(p.text);
      else
        for (const p of parts) {
          if (p.path !== path) length += countTerms(p.path);
          else {
            addCounted(pathIds, pathCounts);
            length += pathLength;
          }
        }
      // Term ids grow with new terms: the file-local numbers follow.
      if (localOf.length < counts.length) {
        localOf = grown(localOf, counts.length);
        localStamp = grown(localStamp, counts.length);
      }
      put(length);
      put(touched.length);
      for (let i = 0; i < touched.length; i++) {
        const id = touched[i];
        if (localStamp[id] !== stamp) {
          localStamp[id] = stamp;
          localOf[id] = terms.length;
          terms.push(termOf[id]);
        }
        put(localOf[id]);
        put(counts[id]);
        counts[id] = 0;
      }
      touched.length = 0;
    }
  }
  return { terms, infos, data: data.slice(0, at) };
}
