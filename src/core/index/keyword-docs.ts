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

