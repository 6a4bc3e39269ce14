// The long-query section of `npm run eval`: issue-length bug reports (eval/issues) scored by file
// (Acc@1/5/10 and MRR of the first answer file) and by function (the same over chunk results), for
// keyword and hybrid search, against plain whole-file BM25 over the same corpus.
import * as path from 'node:path';
import type { CodeIndex } from '../src/core/index/code-index';
import type { SearchOptions, SearchResult } from '../src/core/search/hybrid';
import { fromRow } from '../src/core/store/rows';
import { FileBm25 } from './file-bm25';
import { type Issue, ISSUE_SPLITS, isAnswerChunk, isAnswerFile, loadIssues } from './issues';
import { repoRoot } from './corpus';
import { percentile } from './stats';
import { searchIndex } from './search-index';
import { pathClasses } from '../src/core/search/understand';

export interface AccMetrics {
  n: number;
  acc1: number;
  acc5: number;
  acc10: number;
  mrr: number;
}

export function accMetrics(ranks: number[]): AccMetrics {
  const n = ranks.length;
  const at = (k: number) => ranks.filter((r) => r > 0 && r <= k).length / (n || 1);
  return { n, acc1: at(1), acc5: at(5), acc10: at(10), mrr: ranks.reduce((s, r) => s + (r > 0 ? 1 / r : 0), 0) / (n || 1) };
}

export function loadLongIssues(): Issue[] {
  return loadIssues(path.join(repoRoot, 'eval', 'issues'));
}

/** Answers the index cannot return: the file is not indexed, or no chunk is the named definition or holds its line. */
export async function unreachableIssueAnswers(index: CodeIndex, issues: Issue[]): Promise<string[]> {
  const paths = [...new Set(issues.flatMap((q) => q.answers.map((a) => a.path)))];
  const chunks = (await index.store.chunksOfPaths(paths)).map(fromRow);
  const out: string[] = [];
  for (const q of issues) {
    for (const a of q.answers) {
      const mine = chunks.filter((c) => c.path === a.path);
      if (!mine.length) out.push(`${q.id}: ${a.path} is not indexed`);
      else if (!mine.some((c) => c.qualifiedName === a.symbol)) out.push(`${q.id}: no chunk of ${a.path} is named ${a.symbol}`);
      else if (!mine.some((c) => c.qualifiedName === a.symbol && c.startLine <= a.line && a.line <= c.endLine)) {
        out.push(`${q.id}: line ${a.line} is not inside ${a.symbol} (${a.path})`);
      }
    }
  }
  return out;
}

/** Rank (1-based, 0 = absent) of the first result that is an answer file; results repeat files, counted once. */
function fileRank(paths: string[], issue: Issue): number {
  const seen: string[] = [];
  for (const p of paths) {
    if (seen.includes(p)) continue;
    seen.push(p);
    if (isAnswerFile(p, issue.answers)) return seen.length;
  }
  return 0;
}

function functionRank(results: SearchResult[], issue: Issue): number {
  return results.findIndex((r) => isAnswerChunk(r, issue.answers) || (r.copies ?? []).some((c) => isAnswerChunk({ ...c, qualifiedName: r.qualifiedName }, issue.answers))) + 1;
}

export interface LongRow {
  method: string;
  level: 'file' | 'function';
  split: string;
  metrics: AccMetrics;
}

export interface LongRun {
  rows: LongRow[];
  /** Per method: each issue's ranks, for --verbose and for reading failures. */
  ranks: Record<string, { id: string; split: string; file: number; fn?: number; top: string[] }[]>;
  latency: Record<string, number[]>;
  /** Per method: the share of test files among the top 10 results. */
  testShare: Record<string, number>;
}

export const LONG_MODES: Record<string, SearchOptions> = {
  keyword: { mode: 'keyword' },
  hybrid: { mode: 'hybrid' },
};

export async function evaluateLong(index: CodeIndex, issues: Issue[], corpusRoot: string, modes = Object.keys(LONG_MODES)): Promise<LongRun> {
  const run: LongRun = { rows: [], ranks: {}, latency: {}, testShare: {} };
  const classOf = pathClasses(index.keyword);
  const share = (paths: string[][]) => paths.reduce((a, ps) => a + ps.filter((p) => classOf(p) === 'test').length, 0) / (paths.reduce((a, ps) => a + ps.length, 0) || 1);
  const bm25 = FileBm25.build(corpusRoot, index.keyword.paths().sort());
  const add = (method: string, level: 'file' | 'function', per: { split: string; rank: number }[]) => {
    run.rows.push({ method, level, split: 'all', metrics: accMetrics(per.map((p) => p.rank)) });
    for (const s of ISSUE_SPLITS) if (per.some((p) => p.split === s)) run.rows.push({ method, level, split: s, metrics: accMetrics(per.filter((p) => p.split === s).map((p) => p.rank)) });
  };

  const base = issues.map((q) => {
    const top = bm25.search(q.text, 10);
    return { id: q.id, split: q.split, file: fileRank(top, q), top };
  });
  run.ranks['file-bm25'] = base;
  run.testShare['file-bm25'] = share(base.map((b) => b.top));
  add('file-bm25', 'file', base.map((b) => ({ split: b.split, rank: b.file })));

  for (const [mode, opts] of Object.entries(LONG_MODES).filter(([m]) => modes.includes(m))) {
    const times: number[] = (run.latency[mode] = []);
    const fileTimes: number[] = (run.latency[`${mode} files`] = []);
    const per: LongRun['ranks'][string] = [];
    const fromChunks: { split: string; rank: number }[] = [];
    const chunkPaths: string[][] = [];
    for (const q of issues) {
      let t = performance.now();
      const chunks = await searchIndex(index, q.text, { ...opts, limit: 50 });
      times.push(performance.now() - t);
      t = performance.now();
      const files = await searchIndex(index, q.text, { ...opts, limit: 10, groupBy: 'file' });
      fileTimes.push(performance.now() - t);
      per.push({ id: q.id, split: q.split, file: fileRank(files.map((r) => r.path), q), fn: functionRank(chunks.slice(0, 10), q), top: files.map((r) => r.path) });
      fromChunks.push({ split: q.split, rank: fileRank(chunks.map((r) => r.path), q) });
      chunkPaths.push(chunks.slice(0, 10).map((r) => r.path));
    }
    run.ranks[mode] = per;
    run.testShare[`${mode} files`] = share(per.map((p) => p.top));
    run.testShare[`${mode} chunks`] = share(chunkPaths);
    add(`${mode} files`, 'file', per.map((p) => ({ split: p.split, rank: p.file })));
    add(`${mode} chunks→files`, 'file', fromChunks);
    add(mode, 'function', per.map((p) => ({ split: p.split, rank: p.fn ?? 0 })));
  }
  return run;
}

export function printLong(run: LongRun, issues: Issue[], verbose: boolean): void {
  const pct = (x: number) => x.toFixed(3);
  console.log(`\n${issues.length} long queries (issue-length bug reports, eval/issues): tune ${issues.filter((q) => q.split === 'tune').length}, holdout ${issues.filter((q) => q.split === 'holdout').length}`);
  console.log('level     method                  split     n   Acc@1  Acc@5  Acc@10 MRR');
  for (const r of run.rows) {
    const m = r.metrics;
    console.log(`${r.level.padEnd(9)} ${r.method.padEnd(23)} ${r.split.padEnd(8)} ${String(m.n).padStart(3)}  ${pct(m.acc1)}  ${pct(m.acc5)}  ${pct(m.acc10)}  ${pct(m.mrr)}`);
  }
  console.log(`\ntest files among the top 10: ${Object.entries(run.testShare).map(([m, x]) => `${m} ${(100 * x).toFixed(1)}%`).join(', ')}`);
  console.log('\nlatency, long queries (ms, in process)  p50    p95');
  for (const [mode, times] of Object.entries(run.latency)) {
    console.log(`${mode.padEnd(39)} ${percentile(times, 50).toFixed(0).padStart(4)}  ${percentile(times, 95).toFixed(0).padStart(5)}`);
  }
  if (verbose) {
    for (const [method, ranks] of Object.entries(run.ranks)) {
      for (const r of ranks) console.log(`${method.padEnd(10)} ${r.split.padEnd(7)} ${r.id.padEnd(42)} file ${String(r.file || '-').padStart(2)} fn ${String(r.fn ?? '').padStart(2)}  ${r.top.slice(0, 3).join(' ')}`);
    }
  }
}
