// `node out/eval/tune-chunks.js [--split tune]`: measures settings of the chunk-level boosts of long
// queries (weights.ts `chunk`) on one split of eval/issues, keyword mode, without re-running search
// per setting. It mirrors hybrid.ts rank(): the fused list's best 30, plus named definitions at the
// list's floor, each adjusted by its evidence in units of the scores' spread. Copies are not
// collapsed here. A tool for tuning on the tune split; it changes nothing.
import * as path from 'node:path';
import { CodeIndex } from '../src/core/index/code-index';
import type { DocInfo } from '../src/core/keyword/docs';
import { CHANNELS, type Channels, weighed } from '../src/core/search/evidence';
import { fuse } from '../src/core/search/fusion';
import { KIND_PRIOR } from '../src/core/search/hybrid';
import { penalty } from '../src/core/search/priors';
import { understand, type Understanding } from '../src/core/search/understand';
import { LONG_QUERY } from '../src/core/search/weights';
import { buildCorpus, repoRoot } from './corpus';
import { type Issue, isAnswerChunk } from './issues';
import { accMetrics, loadLongIssues } from './long';

interface Case {
  issue: Issue;
  u: Understanding;
  ranked: { doc: DocInfo; score: number }[];
  spread: number;
  fileShare: Map<string, number>;
}

/** `path:start-end:kind:name` → the range (eval only: ids are not a contract). */
function rangeOf(id: string): { startLine: number; endLine: number } {
  const m = /:(\d+)-(\d+):[^:]+:[^:]*$/.exec(id);
  return m ? { startLine: Number(m[1]), endLine: Number(m[2]) } : { startLine: 0, endLine: -1 };
}

async function main() {
  const args = process.argv.slice(2);
  const split = args.includes('--split') ? args[args.indexOf('--split') + 1] : 'tune';
  const data = require(path.join(repoRoot, 'eval', 'questions.json'));
  const withTests = args.includes('--with-tests');
  const index = await CodeIndex.open({ root: buildCorpus(path.join(repoRoot, '.cache', withTests ? 'eval-corpus-tests' : 'eval-corpus'), data.corpus.node, withTests) });
  const cases: Case[] = [];
  for (const issue of loadLongIssues().filter((q) => split === 'all' || q.split === split)) {
    const u = understand(issue.text, index.keyword)!;
    const { hits, files } = index.keyword.searchWithFiles(issue.text, { terms: u.terms, maxTerms: LONG_QUERY.maxTerms, limit: 200, files: 100 });
    const list = hits.map((h) => ({ id: h.id, score: h.score * (KIND_PRIOR[h.kind] ?? 0.7) })).sort((a, b) => b.score - a.score).slice(0, 100);
    const info = new Map<string, DocInfo>(hits.map((h) => [h.id, h]));
    const fused = [...fuse('zscore', [list], [1])].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score).slice(0, 30);
    const spread = Math.max(1e-6, (fused[0].score - fused[fused.length - 1].score) / 2);
    const floor = fused[fused.length - 1].score;
    const ranked = fused.map((r) => ({ doc: info.get(r.id)!, score: r.score }));
    for (const { doc } of u.evidence.defs.values()) if (!ranked.some((r) => r.doc.id === doc.id)) ranked.push({ doc, score: floor });
    const top = files[0]?.score || 1;
    cases.push({ issue, u, ranked, spread, fileShare: new Map(files.map((f) => [f.path, f.score / top])) });
  }
  await index.close();

  type W = typeof LONG_QUERY.chunk;
  const boost = (k: Case, d: DocInfo, w: W) =>
    weighed(k.u.evidence.defs.get(d.id)?.channels, w.definition) +
    weighed(k.u.evidence.files.get(d.path), w.fileEvidence) +
    w.fileRank * (k.fileShare.get(d.path) ?? 0) -
    w.prior * penalty(k.u.classOf(d.path, d.kind), k.u.asked, LONG_QUERY.priors);
  const measure = (w: W) =>
    accMetrics(
      cases.map((k) => {
        const scored = k.ranked.map((r) => ({ doc: r.doc, score: r.score + k.spread * boost(k, r.doc, w) })).sort((a, b) => b.score - a.score);
        return scored.slice(0, 10).findIndex((r) => isAnswerChunk({ ...r.doc, ...rangeOf(r.doc.id) }, k.issue.answers)) + 1;
      }),
    );
  const fmt = (m: ReturnType<typeof accMetrics>) => `${m.acc1.toFixed(3)} ${m.acc5.toFixed(3)} ${m.acc10.toFixed(3)} ${m.mrr.toFixed(3)}`;
  const zero: Channels = { frame: 0, module: 0, path: 0, definition: 0 };
  console.log(`${cases.length} issues (${split}), keyword; current: ${fmt(measure(LONG_QUERY.chunk))}; no boosts: ${fmt(measure({ definition: zero, fileEvidence: zero, fileRank: 0, prior: 0 }))}`);
  const results: { w: string; m: ReturnType<typeof accMetrics> }[] = [];
  for (const dFrame of [0, 1, 2, 3])
    for (const dNamed of [0, 0.5, 1, 2])
      for (const fFrame of [0, 0.5, 1])
        for (const fModule of [0, 0.5])
          for (const fileRank of [0, 0.5, 1, 2])
            for (const prior of [0, 1, 2, 4]) {
              const w: W = {
                definition: { frame: dFrame, module: dNamed, path: 0, definition: dNamed },
                fileEvidence: { frame: fFrame, module: fModule, path: fModule, definition: 0 },
                fileRank,
                prior,
              };
              results.push({ w: JSON.stringify(w), m: measure(w) });
            }
  results.sort((a, b) => b.m.mrr - a.m.mrr || b.m.acc1 - a.m.acc1);
  const only = args.includes('--only') ? new RegExp(args[args.indexOf('--only') + 1]) : undefined;
  for (const r of only ? results.filter((x) => only.test(x.w)) : results.slice(0, 12)) console.log(fmt(r.m), r.w);
  void CHANNELS;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
