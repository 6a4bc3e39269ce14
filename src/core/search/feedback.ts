// Pseudo-relevance feedback (RM3-style): the words the best results use for themselves — their
// names, signatures and docstrings — added to the query at a lower weight. A question phrased in
// other words than the code ("throws out whichever entry went unused the longest") often reaches
// one right-looking result; its vocabulary (lru, cache, maxsize) then finds its neighbours.
import { docText, fieldTerms, symbolText } from '../keyword/terms';
import type { Chunk } from '../base/types';

export interface FeedbackOptions {
  /** How many expansion terms at most. */
  terms: number;
  /** Weight of the best expansion term (the others scale down with their feedback score). */
  weight: number;
}

// Best of the settings tried on the dev questions (1–5 documents, 4–8 terms, weight 0.15–0.5).
export const DEFAULT_FEEDBACK: FeedbackOptions = { terms: 6, weight: 0.3 };

/**
 * Expansion terms from feedback documents, best first. A term's feedback score is its share of
 * each document's name-and-doc terms, summed with the document's weight (RM3's P(t|R)), times its
 * idf so words every chunk says do not crowd out distinctive ones. Terms of the query itself are
 * left out: they are in the query already.
 */
export function feedbackTerms(
  docs: { chunk: Chunk; weight: number }[],
  queryTerms: Set<string>,
  idf: (term: string) => number,
  opts: FeedbackOptions = DEFAULT_FEEDBACK,
): [string, number][] {
  const score = new Map<string, number>();
  for (const { chunk, weight } of docs) {
    const { pairs, length } = fieldTerms(`${symbolText(chunk)} ${docText(chunk)}`);
    if (!length) continue;
    for (let i = 0; i < pairs.length; i += 2) {
      const t = pairs[i] as string;
      if (queryTerms.has(t)) continue;
      score.set(t, (score.get(t) ?? 0) + (weight * (pairs[i + 1] as number)) / length);
    }
  }
  const ranked = [...score]
    .map(([t, p]) => [t, p * idf(t)] as [string, number])
    .filter(([, s]) => s > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, opts.terms);
  const top = ranked[0]?.[1] ?? 1;
  return ranked.map(([t, s]) => [t, (opts.weight * s) / top]);
}
