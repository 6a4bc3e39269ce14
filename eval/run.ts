// `npm run eval`: recall@1/@3/@5 and MRR of keyword-only, vector-only and hybrid search (z-score
// and reciprocal-rank fusion) on the hand-written questions in eval/questions.json.
// Options: --split dev|holdout|fresh|all (default all), --verbose (each question's rank), --json,
// --only search|godot (the Godot 3 → 4 migration section alone is eval/godot.ts);
// --set short|long|all (default all): the short questions, the long issue-length queries (long.ts), or both;
// --with-tests: over the corpus with the standard library's tests in, keyword search only (no
// embeddings), with the share of test files among the results; --long-split tune|holdout (default both); --long-modes keyword,hybrid; --weights '<json>': a setting of the long-query weights
// (weights.ts) merged over the defaults, to measure it: --weights '{"maxTerms":32,"file":{"prior":0}}'.
// Splits: dev (tune on it), holdout (confirm on it), fresh (written before the third round of ranking
// work, never tuned on: other stdlib modules and other packages than the first two splits ask about).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CodeIndex, type ProgressEvent } from '../src/core/index/code-index';
import type { SearchOptions, SearchResult } from '../src/core/search/hybrid';
import { fromRow } from '../src/core/store/rows';
import { buildCorpus, repoRoot } from './corpus';
import { percentile } from './stats';
import { LONG_QUERY } from '../src/core/search/weights';
import { pathClasses } from '../src/core/search/understand';
import { evaluateLong, loadLongIssues, printLong, unreachableIssueAnswers } from './long';
import { searchIndex } from './search-index';
import { evaluateGodot, formatGodot } from './godot';

interface Answer {
  path: string;
  symbol: string;
  line: number;
}

export const SPLITS = ['dev', 'holdout', 'fresh'] as const;
type Split = (typeof SPLITS)[number];

interface Question {
  id: string;
  split: Split;
  question: string;
  answers: Answer[];
}

export interface Metrics {
  n: number;
  recall1: number;
  recall3: number;
  recall5: number;
  mrr: number;
}

export function hits(r: SearchResult, answers: Answer[]): boolean {
  const at = (path: string, startLine: number, endLine: number) =>
    answers.some((a) => a.path === path && (r.qualifiedName === a.symbol || ((r.kind === 'function' || r.kind === 'method') && startLine <= a.line && a.line <= endLine)));
  // A result stands for its copies too (dist/cjs, dist/esm, .d.ts): it lists them, and the user reads any.
  return at(r.path, r.startLine, r.endLine) || (r.copies ?? []).some((c) => at(c.path, c.startLine, c.endLine));
}

function metrics(ranks: number[]): Metrics {
  const n = ranks.length;
  const at = (k: number) => ranks.filter((r) => r > 0 && r <= k).length / n;
  return { n, recall1: at(1), recall3: at(3), recall5: at(5), mrr: ranks.reduce((s, r) => s + (r > 0 ? 1 / r : 0), 0) / n };
}

export const MODES: Record<string, SearchOptions> = {
  keyword: { mode: 'keyword' },
  vector: { mode: 'vector' },
  'hybrid-zscore': { mode: 'hybrid', fusion: 'zscore' },
  'hybrid-rrf': { mode: 'hybrid', fusion: 'rrf' },
};

/** Per-question search time in ms (in process, query embedding included), per mode. */
export const latencies: Record<string, number[]> = {};

/** Per mode: the share of test files among each question's top 10 (test/ folders, test_*.py, *.test.js…). */
export const testShares: Record<string, number> = {};

export async function evaluate(index: CodeIndex, questions: Question[], verbose: boolean, modes = Object.keys(MODES)): Promise<Record<string, Record<string, Metrics>>> {
  const out: Record<string, Record<string, Metrics>> = {};
  const classOf = pathClasses(index.keyword);
  for (const [mode, opts] of Object.entries(MODES).filter(([m]) => modes.includes(m))) {
    let tests = 0;
    let shown = 0;
    const ranks: { split: string; rank: number }[] = [];
    const times: number[] = (latencies[mode] = []);
    for (const q of questions) {
      const t = performance.now();
      const results = await searchIndex(index, q.question, { ...opts, limit: 10 });
      times.push(performance.now() - t);
      const rank = results.findIndex((r) => hits(r, q.answers)) + 1;
      ranks.push({ split: q.split, rank });
      tests += results.filter((r) => classOf(r.path) === 'test').length;
      shown += results.length;
      if (verbose && mode === 'hybrid-zscore') {
        console.log(`${q.id} ${rank || '-'}\t${q.question}\n\t→ ${results.slice(0, 3).map((r) => `${r.path}:${r.qualifiedName}`).join(' | ')}`);
      }
    }
    testShares[mode] = tests / (shown || 1);
    out[mode] = { all: metrics(ranks.map((r) => r.rank)) };
    for (const s of SPLITS) {
      const mine = ranks.filter((r) => r.split === s).map((r) => r.rank);
      if (mine.length) out[mode][s] = metrics(mine);
    }
  }
  return out;
}

/**
 * Answers the index cannot return: their file is not indexed, or no chunk of it would count as a
 * hit (renamed symbol, moved line). Such a question measures the corpus, not the ranking.
 */
export async function unreachableAnswers(index: CodeIndex, questions: Question[]): Promise<string[]> {
  const paths = [...new Set(questions.flatMap((q) => q.answers.map((a) => a.path)))];
  const chunks = (await index.store.chunksOfPaths(paths)).map(fromRow);
  const out: string[] = [];
  for (const q of questions) {
    for (const a of q.answers) {
      const mine = chunks.filter((c) => c.path === a.path);
      if (!mine.length) out.push(`${q.id}: ${a.path} is not indexed`);
      else if (!mine.some((c) => hits({ ...c, score: 0, snippet: '', ranks: {} }, [a]))) out.push(`${q.id}: no chunk of ${a.path} is ${a.symbol} (line ${a.line})`);
    }
  }
  return out;
}

function progress() {
  let last = 0;
  return (e: ProgressEvent) => {
    if (Date.now() - last < 2000 && e.phase !== 'done') return;
    last = Date.now();
    const [done, total] = e.phase === 'embed' ? [e.vectors.done, e.vectors.total] : [e.files.done, e.files.total];
    process.stderr.write(`${e.phase} ${done}/${total}\n`);
  };
}

/** Deep-merges a partial setting into the weights object (numbers and nested objects only). */
function mergeInto(target: Record<string, unknown>, patch: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(patch)) {
    if (!(k in target)) throw new Error(`--weights: no weight ${k}`);
    if (v && typeof v === 'object') mergeInto(target[k] as Record<string, unknown>, v as Record<string, unknown>);
    else target[k] = v;
  }
}

async function main() {
  const args = process.argv.slice(2);
  const verbose = args.includes('--verbose');
  const json = args.includes('--json');
  const split = args.includes('--split') ? args[args.indexOf('--split') + 1] : 'all';
  const set = args.includes('--set') ? args[args.indexOf('--set') + 1] : 'all';
  const longSplit = args.includes('--long-split') ? args[args.indexOf('--long-split') + 1] : undefined;
  if (args.includes('--weights')) mergeInto(LONG_QUERY as unknown as Record<string, unknown>, JSON.parse(args[args.indexOf('--weights') + 1]));
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
  if (only !== 'search') {
    const godot = await evaluateGodot();
    console.log(json ? JSON.stringify({ godot }, null, 1) : `${formatGodot(godot)}\n`);
    if (only === 'godot') return;
  }
  const data = JSON.parse(fs.readFileSync(path.join(repoRoot, 'eval', 'questions.json'), 'utf8'));
  const questions = (data.questions as Question[]).filter((q) => split === 'all' || q.split === split);
  const withTests = args.includes('--with-tests');
  const corpus = buildCorpus(path.join(repoRoot, '.cache', withTests ? 'eval-corpus-tests' : 'eval-corpus'), data.corpus.node, withTests);
  const t0 = performance.now();
  const index = await CodeIndex.open({
    root: corpus,
    onProgress: json ? undefined : progress(),
  });
  const report = await index.update(withTests ? { embeddings: false } : {});
  if (!json) process.stderr.write(`\rindex: ${report.indexed} files parsed, ${report.unchanged} unchanged, ${report.embedded} chunks embedded (${((performance.now() - t0) / 1000).toFixed(0)} s)\n`);
  if (report.embeddingError) throw new Error(report.embeddingError);
  for (const w of await unreachableAnswers(index, questions)) process.stderr.write(`warning: ${w}\n`);
  const issues = set === 'short' ? [] : loadLongIssues().filter((q) => !longSplit || q.split === longSplit);
  for (const w of await unreachableIssueAnswers(index, issues)) process.stderr.write(`warning: ${w}\n`);
  const results = set === 'long' ? {} : await evaluate(index, questions, verbose, withTests ? ['keyword'] : undefined);
  const longModes = args.includes('--long-modes') ? args[args.indexOf('--long-modes') + 1].split(',') : undefined;
  const long = issues.length ? await evaluateLong(index, issues, corpus, withTests ? ['keyword'] : longModes) : undefined;
  await index.close();
  if (json) {
    console.log(JSON.stringify({ questions: questions.length, results, long: long && { issues: issues.length, rows: long.rows } }, null, 1));
    return;
  }
  if (set === 'long') {
    printLong(long!, issues, verbose);
    return;
  }
  const pct = (x: number) => x.toFixed(3);
  console.log(`\n${questions.length} questions (${split}); corpus: python stdlib + ${data.corpus.node.length} node packages\n`);
  console.log('mode            split     n   R@1    R@3    R@5    MRR');
  for (const [mode, bySplit] of Object.entries(results)) {
    for (const [s, m] of Object.entries(bySplit)) {
      if (split !== 'all' && s !== split) continue;
      console.log(`${mode.padEnd(15)} ${s.padEnd(8)} ${String(m.n).padStart(3)}  ${pct(m.recall1)}  ${pct(m.recall3)}  ${pct(m.recall5)}  ${pct(m.mrr)}`);
    }
  }
  if (withTests) console.log(`\ntest files among the top 10: ${Object.entries(testShares).map(([m, x]) => `${m} ${(100 * x).toFixed(1)}%`).join(', ')}`);
  console.log('\nlatency (ms, in process)  p50    p95');
  for (const [mode, times] of Object.entries(latencies)) {
    console.log(`${mode.padEnd(25)} ${percentile(times, 50).toFixed(0).padStart(4)}  ${percentile(times, 95).toFixed(0).padStart(5)}`);
  }
  if (!long) return;
  printLong(long, issues, verbose);
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
