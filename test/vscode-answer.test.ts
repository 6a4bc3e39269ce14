// The answer's pure parts: which results become sources, the prompt (only the excerpts, and says
// so), citations rewritten as they stream, the model chosen and its errors in words.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { CitationStream, citedNumbers, normalizeCitations } from '../src/vscode/answer/citations';
import { describeModelError, noModelReason, pickModel } from '../src/vscode/answer/model';
import { buildPrompt, cutText, type Excerpt, excerptBudget, fenceFor, formatExcerpt, INSTRUCTIONS } from '../src/vscode/answer/prompt';
import { answerSource, candidatesOf, linesOf } from '../src/vscode/answer/sources';
import { LIB, multiRootResults, results } from './sidebar-fixtures';

test('answer sources: the best results by their number, across folders, with the folder they live in', () => {
  const c = candidatesOf(results(1));
  assert.deepEqual(c.map((x) => [x.n, x.path, x.startLine, x.endLine, x.label]), [
    [1, 'src/http/headers.ts', 12, 30, 'parseHeader'],
    [2, 'tools/parse_headers.py', 5, 19, 'parse_header'],
    [3, 'src/http/headers.ts', 40, 58, 'HeaderParser'],
    [4, 'src/http/request.ts', 88, 120, 'Request.readHeaders'],
  ]);
  assert.deepEqual(candidatesOf(results(1), 2).map((x) => x.n), [1, 2]);
  const multi = candidatesOf(multiRootResults(1));
  assert.ok(multi.some((x) => x.folder === LIB.uri), 'a second folder’s result keeps its folder');
  assert.deepEqual(Object.keys(answerSource(c[0])).sort(), ['endLine', 'folder', 'label', 'n', 'path', 'startLine']);
});

test('answer sources: lines of a file, 1-based and inclusive, any line ending', () => {
  assert.equal(linesOf('a\nb\r\nc\rd\n', 2, 3), 'b\nc');
  assert.equal(linesOf('a\nb', 2, 9), 'b');
  assert.equal(linesOf('a', 5, 6), '');
});

const excerpt = (n: number, text: string, extra: Partial<Excerpt> = {}): Excerpt => ({
  n, folder: 'file:///w', path: `src/f${n}.ts`, startLine: 10, endLine: 12, label: `f${n}`, kind: 'function', language: 'typescript', snippet: '', text, ...extra,
});

test('prompt: the question, then the numbered excerpts with path and lines, and nothing else', () => {
  const p = buildPrompt('  where is the cart total?\n', [excerpt(1, 'function f1() {}'), excerpt(3, 'x = 1', { path: 'a.py', startLine: 7, endLine: 7, kind: 'constant', label: 'x', language: 'python' })], 10_000);
  assert.equal(p.instructions, INSTRUCTIONS);
  assert.match(p.instructions, /Answer only from these excerpts/);
  assert.match(p.instructions, /do not contain the answer, say so/);
  assert.match(p.instructions, /\[1\]/);
  assert.deepEqual(p.included, [1, 3]);
  assert.equal(
    p.request,
    'Question: where is the cart total?\n\nExcerpts (the only context you have):\n\n' +
      '[1] src/f1.ts, lines 10-12 (function f1)\n```typescript\nfunction f1() {}\n```\n\n' +
      '[3] a.py, line 7 (constant x)\n```python\nx = 1\n```',
  );
});

test('prompt: code cannot close its fence, an odd language id is left off, a long excerpt is cut at a line', () => {
  assert.equal(fenceFor('no ticks'), '```');
  assert.equal(fenceFor('a ```` b ` c'), '`````');
  const block = formatExcerpt(excerpt(2, 'const s = `x`;\n```\nnot the end', { language: 'godot resource' }));
  assert.match(block, /^\[2\] src\/f2\.ts, lines 10-12 \(function f2\)\n````\nconst s/);
  assert.ok(block.endsWith('not the end\n````'));
  assert.equal(cutText('aaaa\nbbbb\ncccc', 12), 'aaaa\nbbbb\n… (cut)');
  assert.equal(cutText('short', 12), 'short');
});

test('prompt: excerpts fill the budget in rank order; the first always goes in, cut to fit', () => {
  const big = 'x'.repeat(50) + '\n';
  const ex = [1, 2, 3].map((n) => excerpt(n, big.repeat(20)));
  const one = formatExcerpt(ex[0]).length;
  assert.deepEqual(buildPrompt('q', ex, one * 2 + 10).included, [1, 2]);
  const tight = buildPrompt('q', ex, 400);
  assert.deepEqual(tight.included, [1]);
  assert.match(tight.request, /… \(cut\)/);
  // The budget follows the model's window, within bounds.
  assert.ok(excerptBudget(4096) < excerptBudget(128_000));
  assert.equal(excerptBudget(1_000_000), excerptBudget(128_000));
  assert.ok(excerptBudget(0) > 0);
});

test('citations: worded and full-width forms become [n]; bare numbers and code stay', () => {
  assert.equal(normalizeCitations('See [Excerpt 3] and [Sources 1 and 2], also 【4】 and [source #5].'), 'See [3] and [1, 2], also [4] and [5].');
  assert.equal(normalizeCitations('args[1] and [2] and [link](http://x)'), 'args[1] and [2] and [link](http://x)');
  assert.deepEqual(citedNumbers('A [2] b [Excerpt 1][2] c [1, 3] d [4](http://x) e'), [2, 1, 3]);
});

test('citations: a citation split between streamed chunks is held back until it closes', () => {
  const s = new CitationStream();
  const out = [s.push('Totals are summed in [Exc'), s.push('erpt 2'), s.push('] and '), s.push('rounded [1'), s.push(']. A list ['), s.push(' that never closes'.repeat(3))];
  out.push(s.end());
  assert.deepEqual(out.slice(0, 3), ['Totals are summed in ', '', '[2] and ']);
  assert.equal(out.join(''), 'Totals are summed in [2] and rounded [1]. A list [' + ' that never closes'.repeat(3));
});

test('model: Copilot first (GPT-4o family preferred), else the first offered; none: undefined', () => {
  const m = (vendor: string, family: string) => ({ id: `${vendor}-${family}`, vendor, family, name: family });
  assert.equal(pickModel([m('coderag-test', 'fake'), m('copilot', 'o1'), m('copilot', 'gpt-4o')])?.id, 'copilot-gpt-4o');
  assert.equal(pickModel([m('ollama', 'llama'), m('copilot', 'claude')])?.id, 'copilot-claude');
  assert.equal(pickModel([m('ollama', 'llama'), m('other', 'x')])?.id, 'ollama-llama');
  assert.equal(pickModel([]), undefined);
});

test('model: errors say what happened and what to do; no model or answers off give the hint', () => {
  assert.match(describeModelError('GPT-4o', { code: 'NoPermissions', message: 'User did not consent.' }), /^CodeRAG may not use GPT-4o: permission was not given \(User did not consent\)\. .*coderag\.languageModel\.enabled/);
  assert.match(describeModelError('GPT-4o', { code: 'Blocked', message: 'Rate limit exceeded' }), /refused the request \(Rate limit exceeded\): a quota or rate limit/);
  assert.match(describeModelError('GPT-4o', { code: 'NotFound' }), /^GPT-4o is no longer available\. /);
  assert.equal(describeModelError('M', { message: 'socket hang up' }), 'M failed (socket hang up). The results below are unaffected.');
  assert.match(noModelReason(false, 3)!, /turned off/);
  assert.match(noModelReason(true, 0)!, /^No language model available/);
  assert.equal(noModelReason(true, 1), undefined);
});
