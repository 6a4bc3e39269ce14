// How a long query's pieces of evidence weigh against each other and against the lexical and
// vector scores. One object, so the evaluation can measure a setting without editing code; the
// values are the ones measured best on the tuning split of the long-query set (README, Search).
import type { Channels } from './evidence';
import { DEFAULT_PRIORS, type PriorWeights } from './priors';

export interface LongQueryWeights {
  /** Query terms kept: the best by weight × idf. */
  maxTerms: number;
  file: {
    /** Weight of the file's best keyword chunk (whole-file BM25F gets 1), in z units. */
    chunk: number;
    /** The vector list's weight, in z units. */
    vector: number;
    /** Each evidence channel's weight (channels are 0–1), in z units. */
    evidence: Channels;
    /** The code-first penalty's weight, in z units. */
    prior: number;
  };
  chunk: {
    /** A named or traced definition's channels, in units of the fused scores' spread. */
    definition: Channels;
    /** What points at the chunk's file. */
    fileEvidence: Channels;
    /** The chunk's file's whole-file keyword score relative to the best file's. */
    fileRank: number;
    /** The code-first penalty's weight. */
    prior: number;
  };
  priors: PriorWeights;
}

export const LONG_QUERY: LongQueryWeights = {
  maxTerms: 48,
  file: { chunk: 1, vector: 0.3, evidence: { frame: 4, module: 1, path: 1, definition: 0.25 }, prior: 1 },
  chunk: {
    definition: { frame: 1, module: 0.25, path: 0, definition: 0.25 },
    fileEvidence: { frame: 1, module: 0.25, path: 0.25, definition: 0 },
    fileRank: 0,
    prior: 1,
  },
  priors: { ...DEFAULT_PRIORS },
};
