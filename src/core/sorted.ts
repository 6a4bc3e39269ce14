// Binary search over ascending arrays, shared by the chunker (decision points by position) and the
// keyword index (terms by prefix).

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
