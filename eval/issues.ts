// The long-query set: bug reports written over the evaluation corpus (eval/issues/*.md), each with
// the file(s) and function(s) a fix would edit. One file per issue: a front matter of `split:` and
// `answer: <path> | <qualified name> | <line>` lines, then the issue text exactly as a user would
// paste it. Splits: tune (look at it, tune on it) and holdout (only ever measured).
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface IssueAnswer {
  path: string;
  symbol: string;
  line: number;
}

export interface Issue {
  id: string;
  split: 'tune' | 'holdout';
  text: string;
  answers: IssueAnswer[];
}

export const ISSUE_SPLITS = ['tune', 'holdout'] as const;

export function parseIssue(id: string, source: string): Issue {
  const m = /^---\n([\s\S]*?)\n---\n/.exec(source);
  if (!m) throw new Error(`${id}: no front matter`);
  let split: Issue['split'] | undefined;
  const answers: IssueAnswer[] = [];
  for (const line of m[1].split('\n')) {
    const [key, ...rest] = line.split(':');
    const value = rest.join(':').trim();
    if (key === 'split') {
      if (value !== 'tune' && value !== 'holdout') throw new Error(`${id}: split ${value}`);
      split = value;
    } else if (key === 'answer') {
      const [p, symbol, ln] = value.split('|').map((s) => s.trim());
      answers.push({ path: p, symbol, line: Number(ln) });
    }
  }
  if (!split || !answers.length) throw new Error(`${id}: needs a split and at least one answer`);
  return { id, split, text: source.slice(m[0].length), answers };
}

export function loadIssues(dir: string): Issue[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => parseIssue(f.slice(0, -3), fs.readFileSync(path.join(dir, f), 'utf8')));
}

/** A chunk-level result is the answer's definition: same file, and the same name or a range holding the answer's line. */
export function isAnswerChunk(r: { path: string; qualifiedName: string; startLine: number; endLine: number }, answers: IssueAnswer[]): boolean {
  return answers.some((a) => a.path === r.path && (r.qualifiedName === a.symbol || (r.startLine <= a.line && a.line <= r.endLine)));
}

export function isAnswerFile(p: string, answers: IssueAnswer[]): boolean {
  return answers.some((a) => a.path === p);
}
