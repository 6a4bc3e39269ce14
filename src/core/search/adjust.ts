// What a query adds to each chunk's fused score beyond the two lists: for a long query, what it
// points at (traced and named definitions, evidence on the chunk's file), the file's whole-file
// keyword score and the code-first penalty; for a short question, the penalty alone. In units of
// the fused scores' spread, so a boost means the same whatever the lists' scale.
import type { Chunk } from '../base/types';
import type { DocInfo } from '../keyword/docs';
import type { FileHit, KeywordEngine } from '../keyword/engine';
import { weighed } from './evidence';
import { askedFor, penalty } from './priors';
import { pathClasses, type Understanding } from './understand';
import { LONG_QUERY } from './weights';

type Engine = Pick<KeywordEngine, 'fileTable'>;

export interface Adjustment {
  /** Definitions to rank even if neither list found them. */
  extra: string[];
  /** Added to a chunk's fused score, in units of the scores' spread. */
  boost(c: Chunk): number;
  /** Whether identifiers written in the query lift chunks with that name (short queries). */
  exactNames: boolean;
  /** The vector list's weight, when not the default. */
  vectorWeight?: number;
}

/** A path's code-first penalty for this query (priors.ts). */
export function codeFirstPenalty(engine: Engine, query: string, u: Understanding | undefined): (path: string) => number {
  const classOf = u?.classOf ?? pathClasses(engine);
  const asked = u?.asked ?? askedFor(query, []);
  return (p) => penalty(classOf(p), asked, LONG_QUERY.priors);
}

/** For short questions: the code-first prior only, when it has a weight. */
export function shortQueryAdjustment(engine: Engine, query: string): Adjustment {
  const classOf = pathClasses(engine);
  const asked = askedFor(query, []);
  return { extra: [], boost: (c) => -LONG_QUERY.shortPrior * penalty(classOf(c.path, c.kind), asked, LONG_QUERY.priors), exactNames: true };
}

/** For long queries: what the query points at, each file's keyword rank and the code-first prior, per chunk. */
export function longQueryAdjustment(u: Understanding, files: FileHit[], accept: (d: DocInfo) => boolean): Adjustment {
  const top = files[0]?.score || 1;
  const fileShare = new Map(files.map((f) => [f.path, f.score / top]));
  const w = LONG_QUERY;
  return {
    // Definitions the query names are candidates even when the bag of words missed them.
    extra: [...u.evidence.defs.values()].filter(({ doc }) => accept(doc)).map(({ doc }) => doc.id),
    boost: (c) =>
      weighed(u.evidence.defs.get(c.id)?.channels, w.chunk.definition) +
      weighed(u.evidence.files.get(c.path), w.chunk.fileEvidence) +
      w.chunk.fileRank * (fileShare.get(c.path) ?? 0) -
      w.chunk.prior * penalty(u.classOf(c.path, c.kind), u.asked, w.priors),
    exactNames: false,
    vectorWeight: LONG_QUERY.vectorWeight,
  };
}
