// What the keyword index receives for one file: one document per definition (the parts of a
// split definition are one document), packed for a thread hop (terms.ts packFileDocs builds it).

/**
 * The file's distinct terms once, and the postings as one Int32Array (per document, per field:
 * length, pair count, (term, tf) pairs). Millions of small arrays would otherwise be cloned and
 * collected on the index thread.
 */
export interface PackedDocs {
  terms: string[];
  infos: DocInfo[];
  data: Int32Array;
}

/** What a hit says about its document without reading the chunk store. */
export interface DocInfo {
  id: string;
  path: string;
  kind: string;
  language: string;
  name: string;
  qualifiedName: string;
}
