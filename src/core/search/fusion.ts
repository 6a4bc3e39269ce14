// Fusing ranked lists from keyword and vector search. Both methods are kept: the evaluation
// (`npm run eval`) measures each, and the better one is the default.
import { compareIds } from '../base/sorted';

export type FusionMethod = 'zscore' | 'rrf';

export interface Scored {
  id: string;
  score: number;
}

/** Best first; equal scores by id, so a ranking never depends on the order files were indexed in. */
export function byScore(a: Scored, b: Scored): number {
  return b.score - a.score || compareIds(a.id, b.id);
}

/** Reciprocal-rank fusion: Σ w / (k + rank). */
export function rrf(lists: Scored[][], weights: number[], k = 60): Map<string, number> {
  const out = new Map<string, number>();
  lists.forEach((list, li) => {
    list.forEach((item, rank) => out.set(item.id, (out.get(item.id) ?? 0) + weights[li] / (k + rank + 1)));
  });
  return out;
}

/**
 * z-score fusion: each list's scores standardised, then a weighted sum. A candidate missing from a
 * list gets that list's floor (the lowest z it produced, minus a margin) rather than zero.
 *
 * A `complete` list holds every match there is (a keyword search that found fewer than it asked
 * for): a candidate missing from it scores a true 0, which joins the list once as its floor. Else
 * a word found in one chunk alone stood at z 0 (mean and spread of itself), half a unit above
 * chunks without it, and any chunk the vectors liked came first.
 */
export function zscore(lists: Scored[][], weights: number[], complete: boolean[] = []): Map<string, number> {
  const out = new Map<string, number>();
  const normalized = lists.map((list, li) => {
    if (!list.length) return { z: new Map<string, number>(), floor: 0 };
    const scores = complete[li] ? [...list.map((x) => x.score), 0] : list.map((x) => x.score);
    const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
    const sd = Math.sqrt(scores.reduce((a, b) => a + (b - mean) ** 2, 0) / scores.length) || 1;
    const z = new Map(list.map((x) => [x.id, (x.score - mean) / sd] as const));
    const floor = complete[li] ? (0 - mean) / sd : Math.min(...z.values()) - 0.5;
    return { z, floor };
  });
  const ids = new Set(lists.flatMap((l) => l.map((x) => x.id)));
  for (const id of ids) {
    let s = 0;
    normalized.forEach(({ z, floor }, li) => {
      if (!lists[li].length) return;
      s += weights[li] * (z.get(id) ?? floor);
    });
    out.set(id, s);
  }
  return out;
}

export function fuse(method: FusionMethod, lists: Scored[][], weights: number[], complete: boolean[] = []): Map<string, number> {
  return method === 'rrf' ? rrf(lists, weights) : zscore(lists, weights, complete);
}
