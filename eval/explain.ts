// `node out/eval/explain.js [--split dev] [--id py-010] [--top 5]`: where each question's answer
// sits in the keyword list, the vector list and the hybrid ranking, and what beats it. A tool for
// reading failures on the tuning split; it changes nothing.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CodeIndex } from '../src/core/index/code-index';
import { queryTerms } from '../src/core/keyword/terms';
import { buildCorpus, repoRoot } from './corpus';
import { queryModelOf, searchIndex } from './search-index';
import { hits } from './run';

interface Answer {
  path: string;
  symbol: string;
  line: number;
}

const DEPTH = 2000;

async function main() {
  const args = process.argv.slice(2);
  const opt = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const split = opt('--split') ?? 'dev';
  const only = opt('--id');
  const top = Number(opt('--top') ?? 3);
  const data = JSON.parse(fs.readFileSync(path.join(repoRoot, 'eval', 'questions.json'), 'utf8'));
  const questions = (data.questions as { id: string; split: string; question: string; answers: Answer[] }[]).filter((q) =>
    only ? q.id === only : q.split === split,
  );
  const index = await CodeIndex.open({ root: buildCorpus(path.join(repoRoot, '.cache', 'eval-corpus'), data.corpus.node) });
  const embedder = await queryModelOf(index).embedder();
  const isAnswer = (answers: Answer[], p: string, qualifiedName: string) => answers.some((a) => a.path === p && a.symbol === qualifiedName);
  for (const q of questions) {
    const kw = index.keyword.search(q.question, { limit: DEPTH });
    const kwRank = kw.findIndex((h) => isAnswer(q.answers, h.path, h.qualifiedName)) + 1;
    let vecRank = 0;
    if (embedder) {
      const [v] = await embedder.embed([q.question]);
      const vh = await index.store.vectorSearch(v, DEPTH);
      const groups: string[] = [];
      for (const h of vh) if (!groups.includes(h.groupId)) groups.push(h.groupId);
      const answerIds = new Set(kw.filter((h) => isAnswer(q.answers, h.path, h.qualifiedName)).map((h) => h.id));
      vecRank = groups.findIndex((g) => answerIds.has(g)) + 1;
    }
    const hybrid = await searchIndex(index, q.question, { limit: 10 });
    const hyRank = hybrid.findIndex((r) => hits(r, q.answers)) + 1;
    console.log(`${q.id} hybrid ${hyRank || '-'} keyword ${kwRank || '-'} vector ${vecRank || '-'}  ${q.question}`);
    console.log(`   terms: ${queryTerms(q.question).join(' ')}`);
    const ans = kw[kwRank - 1];
    if (ans) console.log(`   answer kw: ${ans.path}:${ans.qualifiedName} ${ans.kind} score ${ans.score.toFixed(2)} matched ${ans.matched}`);
    for (const h of kw.slice(0, top)) console.log(`   kw: ${h.path}:${h.qualifiedName} ${h.kind} score ${h.score.toFixed(2)} matched ${h.matched}`);
    for (const r of hybrid.slice(0, top)) console.log(`   hy: ${r.path}:${r.qualifiedName} ${r.kind} ${r.score.toFixed(2)} (kw ${r.ranks.keyword ?? '-'}, vec ${r.ranks.vector ?? '-'})`);
  }
  await index.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
