// `node out/eval/tune-long.js [--split tune] [--hybrid]`: measures settings of the file-level
// ranking of long queries (weights.ts) on one split of eval/issues without re-running search per
// setting: each issue's candidate files are scored once (whole-file keyword z, vector z, evidence
// channels, path class), then every setting of a small grid re-ranks them. A tool for tuning on
// the tune split; it changes nothing.
import * as path from 'node:path';
import { CodeIndex } from '../src/core/index/code-index';
import { CHANNELS, type Channels } from '../src/core/search/evidence';
import { penalty, type PathClass } from '../src/core/search/priors';
import { understand } from '../src/core/search/understand';
import { LONG_QUERY } from '../src/core/search/weights';
import { buildCorpus, repoRoot } from './corpus';
import { isAnswerFile } from './issues';
import { accMetrics, loadLongIssues } from './long';
import { queryModelOf } from './search-index';

interface Candidate {
  path: string;
  kw: number;
  raw: number;
  chunk: number;
  vec: number;
  ch: Channels;
  cls: PathClass;
}

interface Case {
  id: string;
  answers: { path: string }[];
  asked: { test: boolean; doc: boolean };
  candidates: Candidate[];
}

function z(values: Map<string, number>): { get(p: string): number } {
  const xs = [...values.values()];
  if (!xs.length) return { get: () => 0 };
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length) || 1;
  const floor = Math.min(...xs.map((x) => (x - mean) / sd)) - 0.5;
  return { get: (p) => (values.has(p) ? (values.get(p)! - mean) / sd : floor) };
}

async function main() {
  const args = process.argv.slice(2);
  const split = args.includes('--split') ? args[args.indexOf('--split') + 1] : 'tune';
  const hybrid = args.includes('--hybrid');
  const data = require(path.join(repoRoot, 'eval', 'questions.json'));
  const withTests = args.includes('--with-tests');
  const index = await CodeIndex.open({ root: buildCorpus(path.join(repoRoot, '.cache', withTests ? 'eval-corpus-tests' : 'eval-corpus'), data.corpus.node, withTests) });
  const embedder = hybrid ? await queryModelOf(index).embedder() : undefined;
  const issues = loadLongIssues().filter((q) => split === 'all' || q.split === split);
  const cases: Case[] = [];
  for (const q of issues) {
    const u = understand(q.text, index.keyword)!;
    const { files, hits } = index.keyword.searchWithFiles(q.text, { terms: u.terms, maxTerms: LONG_QUERY.maxTerms, limit: 200, files: 100 });
    const kw = z(new Map(files.map((f) => [f.path, f.score])));
    const raw = z(new Map(files.map((f) => [f.path, f.raw])));
    const chunkBest = new Map<string, number>();
    for (const h of hits) if (!chunkBest.has(h.path)) chunkBest.set(h.path, h.score);
    const chunk = z(chunkBest);
    const vecBest = new Map<string, number>();
    if (embedder) {
      const [v] = await embedder.embed([q.text.slice(0, 4000)]);
      for (const h of await index.store.vectorSearch(v, 200)) vecBest.set(h.path, Math.max(vecBest.get(h.path) ?? -1, 1 - h.distance));
    }
    const vec = z(vecBest);
    const paths = new Set([...files.map((f) => f.path), ...vecBest.keys(), ...u.evidence.files.keys()]);
    const zero: Channels = { frame: 0, module: 0, path: 0, definition: 0 };
    cases.push({
      id: q.id,
      answers: q.answers,
      asked: u.asked,
      candidates: [...paths].map((p) => ({ path: p, kw: kw.get(p), raw: raw.get(p), chunk: chunk.get(p), vec: vecBest.size ? vec.get(p) : 0, ch: u.evidence.files.get(p) ?? zero, cls: u.classOf(p) })),
    });
  }
  await index.close();

  let lex = (c: Candidate) => c.raw + LONG_QUERY.file.chunk * c.chunk;
  const score = (c: Candidate, k: Case, w: Omit<typeof LONG_QUERY.file, 'chunk'>, priors = LONG_QUERY.priors) =>
    lex(c) + w.vector * c.vec + CHANNELS.reduce((s, ch) => s + w.evidence[ch] * c.ch[ch], 0) - w.prior * penalty(c.cls, k.asked, priors);
  const measure = (w: Omit<typeof LONG_QUERY.file, 'chunk'>) =>
    accMetrics(
      cases.map((k) => {
        const ranked = [...k.candidates].sort((a, b) => score(b, k, w) - score(a, k, w) || (a.path < b.path ? -1 : 1));
        return ranked.findIndex((c) => isAnswerFile(c.path, k.answers as never)) + 1;
      }),
    );
  const tests = (w: Omit<typeof LONG_QUERY.file, 'chunk'>) =>
    cases.reduce((a, k) => a + [...k.candidates].sort((x, y) => score(y, k, w) - score(x, k, w)).slice(0, 10).filter((c) => c.cls === 'test').length, 0) / (10 * cases.length);
  const fmt = (m: ReturnType<typeof accMetrics>, w?: Omit<typeof LONG_QUERY.file, 'chunk'>) =>
    `${m.acc1.toFixed(3)} ${m.acc5.toFixed(3)} ${m.acc10.toFixed(3)} ${m.mrr.toFixed(3)}${w ? ` tests ${(100 * tests(w)).toFixed(1)}%` : ''}`;
  console.log(`${cases.length} issues (${split}), ${hybrid ? 'hybrid' : 'keyword'}; current weights: ${fmt(measure(LONG_QUERY.file))}`);
  const zero = { vector: 0, evidence: { frame: 0, module: 0, path: 0, definition: 0 }, prior: 0 };
  const bases: Record<string, (c: Candidate) => number> = {
    'file bm25f × coverage': (c) => c.kw,
    'file bm25f raw': (c) => c.raw,
    'best chunk': (c) => c.chunk,
    'file + 0.5 chunk': (c) => c.kw + 0.5 * c.chunk,
    'file + chunk': (c) => c.kw + c.chunk,
    'raw + chunk': (c) => c.raw + c.chunk,
    '0.5 file + chunk': (c) => 0.5 * c.kw + c.chunk,
  };
  for (const [name, f] of Object.entries(bases)) {
    lex = f;
    console.log(`lexical base ${name.padEnd(24)} ${fmt(measure(zero))}   with current evidence ${fmt(measure(LONG_QUERY.file))}`);
  }
  const base = args.includes('--base') ? args[args.indexOf('--base') + 1] : 'raw + chunk';
  lex = bases[base];
  const results: { w: string; m: ReturnType<typeof accMetrics> }[] = [];
  for (const frame of [0, 2, 3, 4, 6, 8, 12])
    for (const module of [0, 0.25, 0.5, 1, 2])
      for (const definition of [0, 0.25, 0.5, 1])
        for (const pathW of [0, 1, 2])
          for (const prior of [0, 0.5, 1, 2, 4, 8])
            for (const vector of hybrid ? [0, 0.3, 0.6] : [0]) {
              const w = { vector, evidence: { frame, module, path: pathW, definition }, prior };
              results.push({ w: JSON.stringify(w), m: measure(w) });
            }
  results.sort((a, b) => b.m.mrr - a.m.mrr || b.m.acc1 - a.m.acc1);
  const only = args.includes("--only") ? new RegExp(args[args.indexOf("--only") + 1]) : undefined;
  for (const r of only ? results.filter((x) => only.test(x.w)) : results.slice(0, 15)) console.log(fmt(r.m, JSON.parse(r.w)), r.w);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
