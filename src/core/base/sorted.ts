// Ordering helpers shared across stages: binary search over ascending arrays (the chunker's
// decision points by position, the keyword index's terms by prefix), and the id tie-break every
// ranking uses so results never depend on the order files were indexed in.

/** The first index whose value is not below `x` (`sorted.length` when every value is). */
export function lowerBound<T>(sorted: ArrayLike<T>, x: T): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first index in [lo, hi) where `before(i)` stops holding; it must hold on a leading run only. */
export function partitionPoint(lo: number, hi: number, before: (i: number) => boolean): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Plain code-unit order of two ids: the tie-break of equal scores. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
