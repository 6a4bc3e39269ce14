// Small statistics helpers for the benchmark report.
export function quantiles(values: number[]): { n: number; mean: number; p50: number; p90: number; p95: number; max: number } {
  const v = [...values].sort((a, b) => a - b);
  const q = (p: number) => (v.length ? v[Math.min(v.length - 1, Math.floor(p * (v.length - 1)))] : 0);
  const mean = v.length ? v.reduce((a, b) => a + b, 0) / v.length : 0;
  return { n: v.length, mean: round(mean), p50: round(q(0.5)), p90: round(q(0.9)), p95: round(q(0.95)), max: round(v[v.length - 1] ?? 0) };
}

export function round(x: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

export function peakRssMB(): number {
  return round(process.resourceUsage().maxRSS / 1024, 0);
}
