// How a long query's pieces of evidence weigh against each other and against the lexical and
// vector scores. One object, so the evaluation can measure a setting without editing code; the
// values are the ones measured best on the tuning split of the long-query set (README, Search).
import type { Channels } from './evidence';
import { DEFAULT_PRIORS, type PriorWeights } from './priors';
import { DEFAULT_TERM_WEIGHTS, type TermWeights } from './query-terms';
import { DEFAULT_EVIDENCE, type EvidenceWeights } from './evidence';

export interface LongQueryWeights {
  /** Query terms kept: the best by weight × idf. */
  maxTerms: number;
  /** The vector list's weight in the chunk fusion (the keyword list's is 1); 0: no query embedding. */
  vectorWeight: number;
  terms: TermWeights;
  evidence: EvidenceWeights;
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
  /** The code-first penalty's weight on short questions' chunks (0: none). */
  shortPrior: number;
}

export const LONG_QUERY: LongQueryWeights = {
  maxTerms: 28,
  vectorWeight: 0,
  terms: { ...DEFAULT_TERM_WEIGHTS },
  evidence: { ...DEFAULT_EVIDENCE, definition: { ...DEFAULT_EVIDENCE.definition } },
  file: { chunk: 1, vector: 0, evidence: { frame: 6, module: 1, path: 1, definition: 0.5 }, prior: 8 },
  chunk: {
    definition: { frame: 1, module: 0, path: 0, definition: 0.1 },
    fileEvidence: { frame: 0.5, module: 0, path: 0, definition: 0 },
    fileRank: 0.5,
    prior: 2,
  },
  priors: { ...DEFAULT_PRIORS },
  shortPrior: 2,
};
