// Small statistics shared by the evaluation sections.

/** The p-th percentile (nearest rank) of xs; 0 for none. */
export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
}
