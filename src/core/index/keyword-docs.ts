// What the keyword index stores for one file: one document per definition.
import type { Chunk } from '../model';
import type { DocInfo } from './keyword';
import { type ChunkTerms, mergeTerms } from './terms';

export interface KeywordDoc {
  info: DocInfo;
  terms: ChunkTerms;
}

/** One keyword document per definition: the parts of a split definition are merged back. */
export function keywordDocs(chunks: Chunk[], terms: ChunkTerms[]): KeywordDoc[] {
  const groups = new Map<string, { chunk: Chunk; terms: ChunkTerms[] }>();
  chunks.forEach((c, i) => {
    const g = groups.get(c.groupId);
    if (g) g.terms.push(terms[i]);
    else groups.set(c.groupId, { chunk: c, terms: [terms[i]] });
  });
  return [...groups.entries()].map(([groupId, { chunk: c, terms: t }]) => ({
    info: { id: groupId, path: c.path, kind: c.kind, language: c.language, name: c.name, qualifiedName: c.qualifiedName },
    terms: mergeTerms(t),
  }));
}

/**
 * A file's keyword documents packed for a thread hop: the file's distinct terms once, and the
 * postings as one Int32Array (per document, per field: length, pair count, (term, tf) pairs).
 * Millions of small arrays would otherwise be cloned and collected on the index thread.
 */
export interface PackedDocs {
  terms: string[];
  infos: DocInfo[];
  data: Int32Array;
}

export function packDocs(docs: KeywordDoc[]): PackedDocs {
  const index = new Map<string, number>();
  const terms: string[] = [];
  const out: number[] = [];
  for (const d of docs) {
    d.terms.fields.forEach((pairs, f) => {
      out.push(d.terms.lengths[f] ?? 0, pairs.length / 2);
      for (let i = 0; i < pairs.length; i += 2) {
        const t = pairs[i] as string;
        let k = index.get(t);
        if (k === undefined) {
          k = terms.length;
          terms.push(t);
          index.set(t, k);
        }
        out.push(k, pairs[i + 1] as number);
      }
    });
  }
  return { terms, infos: docs.map((d) => d.info), data: Int32Array.from(out) };
}
