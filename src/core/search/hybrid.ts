// Hybrid search: keyword (BM25F) and vector candidates fused into one ranking, then exact-symbol
// boosts from query analysis, or for a long query (a pasted report: understand.ts) its evidence
// (adjust.ts); with `groupBy: 'file'`, the file view (files.ts). Results carry what an editor
// needs to show and open them.
import picomatch from 'picomatch';
import type { Embedder } from '../embed/embedder';
import type { FileHit, KeywordEngine } from '../keyword/engine';
import { sqlIn, sqlString } from '../store/rows';
import type { ChunkStore } from '../store/chunk-store';
import type { Chunk } from '../base/types';
import { collapseCopies, type CopyLocation } from './dedup';
import { byScore, type FusionMethod, fuse, type Scored } from './fusion';
import { type AnalyzedQuery, analyzeQuery } from './query';
import { feedbackTerms } from './feedback';
import { queryTerms } from '../keyword/terms';
import { compareIds } from '../base/sorted';
import { snippetOf } from './snippet';
import type { DocInfo } from '../keyword/docs';
import { bestByFile, type RankedFile, rankFiles } from './files';
import { type Channels, weighed } from './evidence';
import { type Adjustment, codeFirstPenalty, longQueryAdjustment, shortQueryAdjustment } from './adjust';
import { readChunks } from './read-chunks';
import { LONG_QUERY } from './weights';
import { isLongQuery, type Understanding, understand } from './understand';
import { parseQueryParts } from './query-parts';

export type SearchMode = 'hybrid' | 'keyword' | 'vector';

export interface SearchOptions {
  limit?: number;
  kind?: string[];
  language?: string[];
  /** Glob over workspace-relative paths, e.g. `src/**\/*.ts`. */
  path?: string;
  mode?: SearchMode;
  fusion?: FusionMethod;
  /** Weight of the vector list in the fusion (keyword gets 1). */
  vectorWeight?: number;
  /** `file`: one result per file (its best chunk), files ranked by the evidence of all their chunks. */
  groupBy?: 'file';
  /** Leave documentation (Markdown) out. */
  codeOnly?: boolean;
  /** Pseudo-relevance feedback from this many first-pass results (0: off). */
  feedback?: number;
}

export interface SearchResult {
  id: string;
  path: string;
  startLine: number;
  endLine: number;
  kind: string;
  language: string;
  name: string;
  qualifiedName: string;
  signature?: string;
  score: number;
  /** The chunk's head: at most 12 lines and 1,000 characters (snippet.ts); a cut one ends with a `… (cut: …)` line. */
  snippet: string;
  /** Present when the snippet stops before the chunk does (the whole chunk is at path, startLine-endLine). */
  snippetCut?: boolean;
  /** Rank in each list (1-based), for explaining a result. */
  ranks: { keyword?: number; vector?: number };
  /** File view (`groupBy: 'file'`): what in the query pointed at this file (a trace frame, an import, a named definition). */
  why?: string[];
  /** The same definition elsewhere (build outputs, `.d.ts` declarations, stubs), ranked below this one. */
  copies?: CopyLocation[];
}

export interface FileGroup {
  path: string;
  score: number;
  results: SearchResult[];
}

export interface SearchSource {
  keyword: KeywordEngine;
  store: ChunkStore;
  queryEmbedder(): Promise<Embedder | undefined>;
}

/**
 * How likely each kind is to be what a code question wants. Short constants and config sections
 * otherwise crowd out the functions that answer (measured on the eval set).
 */
export const KIND_PRIOR: Record<string, number> = {
  function: 1, method: 1, class: 0.85, declaration: 0.7, constant: 0.5, section: 0.6, documentation: 0.6, window: 0.5,
};

export const DEFAULT_FUSION: FusionMethod = 'zscore';
export const DEFAULT_VECTOR_WEIGHT = 0.5;
const CANDIDATES = 100;
/** Files the keyword engine ranks for the file view and for long queries' file evidence. */
const FILE_CANDIDATES = 100;

/**
 * Off by default: on the eval set feedback from the best result (6 terms, weight 0.3) lifted dev
 * R@3 0.522 → 0.543 but cost holdout R@5 0.565 → 0.522 and MRR 0.458 → 0.454 (README, Search).
 */
export const DEFAULT_FEEDBACK_DOCS = 0;

/** Queries up to this long start loading the query model at once; longer ones may not use it. */
const EARLY_MODEL_CHARS = 300;

export async function search(src: SearchSource, query: string, opts: SearchOptions = {}): Promise<SearchResult[]> {
  const limit = opts.limit ?? 10;
  const mode = opts.mode ?? 'hybrid';
  // A short query will want its vector: the query model loads while the keyword index does (in a
  // new process both are cold: a CLI search on a 250-file repository took 1.02-1.08 s in a row).
  const early = mode !== 'keyword' && query.length <= EARLY_MODEL_CHARS ? src.queryEmbedder() : undefined;
  await src.keyword.ensureLoaded();
  const q = analyzeQuery(query);
  const u = understand(query, src.keyword);
  const byFile = opts.groupBy === 'file';
  const glob = opts.path ? picomatch(opts.path, { dot: true }) : undefined;
  const kinds = opts.kind?.length ? new Set(opts.kind) : undefined;
  const langs = opts.language?.length ? new Set(opts.language) : undefined;
  const accept = (d: { path: string; kind: string; language: string }) =>
    (!kinds || kinds.has(d.kind)) && (!langs || langs.has(d.language)) && (!glob || glob(d.path)) && (!opts.codeOnly || d.kind !== 'documentation');

  const prior = (kind: string) => KIND_PRIOR[kind] ?? 0.7;
  let keywordFiles: FileHit[] = [];
  let keywordHits: { path: string; score: number }[] = [];
  const keywordSearch = (expansion?: [string, number][]): Scored[] => {
    if (mode === 'vector') return [];
    const { hits, files } = src.keyword.searchWithFiles(query, {
      limit: CANDIDATES * 2,
      filter: accept,
      expansion,
      ...(u ? { terms: u.terms, maxTerms: LONG_QUERY.maxTerms } : {}),
      files: u || byFile ? FILE_CANDIDATES : 0,
    });
    keywordFiles = files;
    keywordHits = hits;
    return hits
      .map((h) => ({ id: h.id, score: h.score * prior(h.kind) }))
      .sort(byScore)
      .slice(0, CANDIDATES);
  };
  let keywordList = keywordSearch();
  let vectorList: Scored[] = [];
  const vectorPaths: { path: string; score: number }[] = [];
  // Long queries skip the vector side unless it is given a weight: on the long-query set no part of
  // a report the model can read (the whole text, its prose, its title, prose and errors, several
  // parts averaged) added anything over the keyword side and the evidence (README, Search).
  const vectorSide = mode === 'vector' || (mode === 'hybrid' && (!u || LONG_QUERY.vectorWeight > 0 || (byFile && LONG_QUERY.file.vector > 0)));
  if (vectorSide) {
    const embedder = await (early ?? src.queryEmbedder());
    if (embedder) {
      const [v] = await embedder.embed([query.slice(0, 4000)]);
      const where = [kinds && sqlIn('kind', [...kinds]), langs && sqlIn('language', [...langs]), opts.codeOnly && `kind != ${sqlString('documentation')}`]
        .filter(Boolean)
        .join(' AND ');
      const hits = await src.store.vectorSearch(v, glob ? CANDIDATES * 5 : CANDIDATES * 2, where || undefined);
      // Parts of a split definition compete as one: the definition takes its best part's score.
      const best = new Map<string, number>();
      for (const h of hits) {
        if (glob && !glob(h.path)) continue;
        const score = (1 - h.distance) * prior(h.kind);
        if (score > (best.get(h.groupId) ?? -Infinity)) best.set(h.groupId, score);
        vectorPaths.push({ path: h.path, score });
      }
      vectorList = [...best].map(([id, score]) => ({ id, score })).sort(byScore).slice(0, CANDIDATES);
    }
  }
  const adjust = u ? longQueryAdjustment(u, keywordFiles, accept) : LONG_QUERY.shortPrior > 0 ? shortQueryAdjustment(src.keyword, query) : undefined;
  // A keyword search that found no more than the fusion takes holds every chunk with a query word.
  const keywordComplete = () => keywordHits.length <= CANDIDATES;
  let scored = await rank(src, q, mode, keywordList, vectorList, opts, limit, adjust, keywordComplete());
  const feedback = opts.feedback ?? DEFAULT_FEEDBACK_DOCS;
  if (feedback > 0 && mode !== 'vector' && scored.length) {
    // Second pass: the first pass's best results lend the query their vocabulary.
    // Copies of one definition count once: three build outputs of one function are one opinion.
    const top = collapseCopies(scored, (s) => s.c).slice(0, feedback);
    const docs = top.map(({ item }, i) => ({ chunk: item.c, weight: 1 / (i + 1) }));
    const expansion = feedbackTerms(docs, new Set(queryTerms(query)), (t) => src.keyword.idf(t));
    if (expansion.length) {
      keywordList = keywordSearch(expansion);
      scored = await rank(src, q, mode, keywordList, vectorList, opts, limit, adjust, keywordComplete());
    }
  }
  const keywordRank = new Map(keywordList.map((x, i) => [x.id, i + 1]));
  const vectorRank = new Map(vectorList.map((x, i) => [x.id, i + 1]));
  const result = (c: Chunk, score: number, copies: CopyLocation[]) => toResult(c, score, { keyword: keywordRank.get(c.id), vector: vectorRank.get(c.id) }, copies);
  if (byFile) {
    const files = rankFiles(
      mode === 'vector' ? [] : keywordFiles,
      mode === 'vector' ? [] : bestByFile(keywordHits),
      mode === 'keyword' ? [] : bestByFile(vectorPaths),
      u?.evidence,
      codeFirstPenalty(src.keyword, query, u),
      LONG_QUERY.file,
    );
    return fileResults(src, files, scored, keywordFiles, u, limit, result, accept);
  }
  return collapseCopies(scored, (s) => s.c)
    .slice(0, limit)
    .map(({ item: { c, score }, copies }) => result(c, score, copies));
}

/**
 * Whether a search reads the vector side: not in keyword mode, nor for a long query in hybrid mode
 * (LONG_QUERY.vectorWeight 0). A caller can then skip loading the query model (a third of a
 * fresh process's search time).
 */
export function usesVectors(query: string, opts: SearchOptions = {}): boolean {
  const mode = opts.mode ?? 'hybrid';
  if (mode !== 'hybrid') return mode === 'vector';
  const parts = parseQueryParts(query);
  if (!isLongQuery(query, parts)) return true;
  return LONG_QUERY.vectorWeight > 0 || (opts.groupBy === 'file' && LONG_QUERY.file.vector > 0);
}

/** One result per file, in file order: each file's best chunk (or the keyword engine's best document, or a named definition). */
async function fileResults(
  src: SearchSource,
  files: RankedFile[],
  scored: { c: Chunk; score: number }[],
  keywordFiles: FileHit[],
  u: Understanding | undefined,
  limit: number,
  result: (c: Chunk, score: number, copies: CopyLocation[]) => SearchResult,
  accept: (d: DocInfo) => boolean,
): Promise<SearchResult[]> {
  const bestChunk = new Map<string, Chunk>();
  for (const { c } of scored) if (!bestChunk.has(c.path)) bestChunk.set(c.path, c);
  const kwBest = new Map(keywordFiles.map((f) => [f.path, f.best.id]));
  const top = files.slice(0, limit * 2);
  const missing = new Map<string, string>();
  for (const f of top) {
    if (bestChunk.has(f.path)) continue;
    const strength = (ch: Channels) => weighed(ch, LONG_QUERY.chunk.definition);
    const def = u && [...u.evidence.defs.values()].filter(({ doc }) => doc.path === f.path && accept(doc)).sort((a, b) => strength(b.channels) - strength(a.channels))[0];
    const id = kwBest.get(f.path) ?? def?.doc.id;
    if (id) missing.set(id, f.path);
  }
  if (missing.size) for (const c of await readChunks(src.store, [...missing.keys()])) if (!bestChunk.has(c.path)) bestChunk.set(c.path, c);
  const out: SearchResult[] = [];
  for (const f of top) {
    const c = bestChunk.get(f.path);
    if (!c) continue;
    out.push({ ...result(c, f.score, []), ...(u?.evidence.reasons.get(f.path) ? { why: u.evidence.reasons.get(f.path) } : {}) });
    if (out.length >= limit) break;
  }
  return out;
}

/** Fusion, then the chunks of the best definitions read back and adjusted by exact-symbol evidence (or a long query's evidence). */
async function rank(
  src: SearchSource, q: AnalyzedQuery, mode: SearchMode, keywordList: Scored[], vectorList: Scored[], opts: SearchOptions, limit: number,
  adjust?: Adjustment, keywordComplete = false,
): Promise<{ c: Chunk; score: number }[]> {
  const lists = mode === 'keyword' ? [keywordList] : mode === 'vector' ? [vectorList] : [keywordList, vectorList];
  const weights = mode === 'hybrid' ? [1, opts.vectorWeight ?? adjust?.vectorWeight ?? DEFAULT_VECTOR_WEIGHT] : [1];
  const fused = fuse(opts.fusion ?? DEFAULT_FUSION, lists, weights, mode === 'vector' ? [] : [keywordComplete]);
  const ranked = [...fused].map(([id, score]) => ({ id, score })).sort(byScore).slice(0, Math.max(limit * 3, 30));
  const spread = scoreSpread(ranked.map((r) => r.score));
  const floor = ranked.length ? ranked[ranked.length - 1].score : 0;
  for (const id of adjust?.extra ?? []) if (!ranked.some((r) => r.id === id)) ranked.push({ id, score: floor });
  const byId = new Map((await readChunks(src.store, ranked.map((r) => r.id))).map((c) => [c.id, c]));
  const scored: { c: Chunk; score: number }[] = [];
  for (const { id, score } of ranked) {
    const c = byId.get(id);
    if (!c) continue;
    const boost = adjust ? adjust.boost(c) + (adjust.exactNames ? symbolBoost(c, q) : 0) : symbolBoost(c, q);
    scored.push({ c, score: score + spread * boost });
  }
  scored.sort((a, b) => b.score - a.score || compareIds(a.c.id, b.c.id));
  return scored;
}

/** The fused scores' typical gap, so boosts are on the same scale as the scores they adjust. */
function scoreSpread(scores: number[]): number {
  if (scores.length < 2) return 1;
  return Math.max(1e-6, (scores[0] - scores[scores.length - 1]) / 2);
}

/**
 * Exact-symbol evidence: the query names this chunk (`move_and_slide` → the function
 * move_and_slide, `Input.is_action_pressed` → a chunk calling it).
 */
export function symbolBoost(c: Chunk, q: AnalyzedQuery): number {
  if (!q.symbols.size) return 0;
  let boost = 0;
  const name = c.name.toLowerCase();
  const qualified = c.qualifiedName.toLowerCase();
  for (const id of q.identifiers) {
    const lower = id.toLowerCase().replace(/::|->|#/g, '.');
    if (qualified === lower) boost = Math.max(boost, 1.5);
    else if (name === lower || qualified.endsWith('.' + lower)) boost = Math.max(boost, 1.2);
    else if (lower.includes('.') && name === lower.slice(lower.lastIndexOf('.') + 1)) boost = Math.max(boost, 0.6);
    else if (c.text.includes(id)) boost = Math.max(boost, 0.5);
  }
  return boost;
}

function toResult(c: Chunk, score: number, ranks: SearchResult['ranks'], copies: CopyLocation[]): SearchResult {
  const snippet = snippetOf(c.text);
  return {
    id: c.id, path: c.path, startLine: c.startLine, endLine: c.endLine, kind: c.kind, language: c.language,
    name: c.name, qualifiedName: c.qualifiedName, signature: c.signature, score, snippet: snippet.text, ranks,
    ...(snippet.cut ? { snippetCut: true } : {}),
    ...(copies.length ? { copies } : {}),
  };
}

export function groupByFile(results: SearchResult[]): FileGroup[] {
  const groups = new Map<string, FileGroup>();
  for (const r of results) {
    const g = groups.get(r.path);
    if (g) g.results.push(r);
    else groups.set(r.path, { path: r.path, score: r.score, results: [r] });
  }
  return [...groups.values()].sort((a, b) => b.score - a.score);
}
