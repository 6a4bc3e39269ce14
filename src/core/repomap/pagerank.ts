// Personalized PageRank by power iteration over a compressed sparse row graph. Written here rather
// than taken from graphology: graphology-metrics' pagerank has no personalization vector, and the
// repo map needs one (focus files, mentions). Typed arrays and no recursion: linear per iteration,
// comfortable at 100k files.

export interface CsrGraph {
  nodes: number;
  /** offsets[i]..offsets[i+1] index the out-edges of node i in targets/weights. */
  offsets: Uint32Array;
  targets: Uint32Array;
  weights: Float64Array;
}

export interface PageRankOptions {
  alpha?: number;
  /** Teleport distribution (need not be normalised); uniform when absent or all zero. */
  personalization?: Float64Array;
  tolerance?: number;
  maxIterations?: number;
}

/** The rank of each node, and each node's total out-weight (what its rank is shared by). */
export function pagerank(g: CsrGraph, opts: PageRankOptions = {}): { rank: Float64Array; iterations: number; outWeight: Float64Array } {
  const n = g.nodes;
  const alpha = opts.alpha ?? 0.85;
  const tolerance = opts.tolerance ?? 1e-8;
  const maxIterations = opts.maxIterations ?? 100;
  const teleport = new Float64Array(n);
  let sum = 0;
  if (opts.personalization) for (let i = 0; i < n; i++) sum += opts.personalization[i];
  if (sum > 0) for (let i = 0; i < n; i++) teleport[i] = opts.personalization![i] / sum;
  else teleport.fill(1 / n);
  const outWeight = new Float64Array(n);
  for (let i = 0; i < n; i++) for (let e = g.offsets[i]; e < g.offsets[i + 1]; e++) outWeight[i] += g.weights[e];
  let rank = Float64Array.from(teleport);
  let next = new Float64Array(n);
  let iterations = 0;
  for (; iterations < maxIterations; iterations++) {
    next.fill(0);
    // Rank held by nodes without out-edges is redistributed like teleportation. Out-links that
    // weigh less than 1 in total pass on only their weight: the rest is treated as dangling, so a
    // file whose one link is a small self-edge does not become a rank trap.
    let dangling = 0;
    for (let i = 0; i < n; i++) {
      const r = rank[i];
      const denominator = Math.max(outWeight[i], 1);
      dangling += (r * (denominator - outWeight[i])) / denominator;
      if (outWeight[i] === 0) continue;
      const share = (alpha * r) / denominator;
      for (let e = g.offsets[i]; e < g.offsets[i + 1]; e++) next[g.targets[e]] += share * g.weights[e];
    }
    const base = 1 - alpha + alpha * dangling;
    let delta = 0;
    for (let i = 0; i < n; i++) {
      next[i] += base * teleport[i];
      delta += Math.abs(next[i] - rank[i]);
    }
    [rank, next] = [next, rank];
    if (delta < tolerance * n) {
      iterations++;
      break;
    }
  }
  return { rank, iterations, outWeight };
}

/**
 * CSR order of the first `count` edges of an edge list, by a counting sort on the source (linear,
 * where a comparison sort of a million edges is not): `order[k]` is the edge at CSR position k.
 */
export function csrOrder(nodes: number, src: Uint32Array, count = src.length): { offsets: Uint32Array; order: Uint32Array } {
  const offsets = new Uint32Array(nodes + 1);
  for (let e = 0; e < count; e++) offsets[src[e] + 1]++;
  for (let i = 0; i < nodes; i++) offsets[i + 1] += offsets[i];
  const fill = offsets.slice(0, nodes);
  const order = new Uint32Array(count);
  for (let e = 0; e < count; e++) order[fill[src[e]]++] = e;
  return { offsets, order };
}

/** Builds a CSR graph from an edge list (sources, targets, weights of equal length). */
export function toCsr(nodes: number, src: Uint32Array, dst: Uint32Array, w: Float64Array): CsrGraph {
  const { offsets, order } = csrOrder(nodes, src);
  return { nodes, offsets, targets: order.map((e) => dst[e]), weights: Float64Array.from(order, (e) => w[e]) };
}
