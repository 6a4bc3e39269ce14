// The pure parts of the chat participant and the LM tools: citations in a streamed answer, and the
// text the tools give an agent.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { ChatHit } from '../src/lsp/protocol';
import { citationSplit, pendingCitationStart } from '../src/vscode/chat/citations';
import { fenced, fenceOf, groundedHits, mapToolText, searchToolText, symbolsToolText } from '../src/vscode/chat/text';

const hit = (over: Partial<ChatHit>): ChatHit => ({
  file: '/ws/server/pricing.py', path: 'server/pricing.py', startLine: 11, endLine: 13, kind: 'function', name: 'round_cents', score: 1,
  snippet: 'def round_cents(amount):\n    return int(amount)', text: 'def round_cents(amount):\n    return int(amount)', matchedWords: true, ...over,
});

test('citations: [n] become numbers in order; an unfinished one at the end is held back', () => {
  assert.deepEqual(citationSplit('see [1] and [12].'), ['see ', 1, ' and ', 12, '.']);
  assert.deepEqual(citationSplit('[2]'), [2]);
  assert.deepEqual(citationSplit('a [x] b'), ['a [x] b']);
  assert.equal(pendingCitationStart('see [1'), 4);
  assert.equal(pendingCitationStart('see ['), 4);
  assert.equal(pendingCitationStart('see [1]'), 7);
  assert.equal(pendingCitationStart('arr[i'), 5);
});

test('fences: the language by extension; a chunk holding ``` cannot close its fence', () => {
  assert.equal(fenceOf('a/b.py'), 'python');
  assert.equal(fenceOf('x.TS'), 'typescript');
  assert.equal(fenceOf('Makefile'), '');
  assert.equal(fenced('x = "```"', 'python'), '````python\nx = "```"\n````');
});

test('grounded hits: vector-only neighbours of a query whose words matched nothing are not "found"', () => {
  assert.deepEqual(groundedHits([hit({ matchedWords: false })]), []);
  assert.equal(groundedHits([hit({ matchedWords: false }), hit({ matchedWords: true })]).length, 2);
});

test('tool texts: paths, 1-based ranges and snippets; an empty result says so', () => {
  const s = searchToolText('round cents', { state: 'ready', hits: [hit({})] }, 5);
  assert.equal(s, '1 result for "round cents", best first (lines are 1-based, inclusive):\n\n1. server/pricing.py:11-13 (function round_cents)\nfile: /ws/server/pricing.py\n```python\ndef round_cents(amount):\n    return int(amount)\n```');
  assert.match(searchToolText('zzz', { state: 'indexing', note: 'The index is still being built', hits: [] }, 5), /^No code in this workspace matches "zzz"\.\nNote: The index is still being built/);
  const m = mapToolText({ state: 'ready', folders: [{ root: '/ws', text: 'server/pricing.py:\n│def round_cents', tokens: 9, ranked: [{ file: '/ws/server/pricing.py', path: 'server/pricing.py', rank: 0.5, definitions: [{ name: 'round_cents', category: 'function', line: 11, endLine: 13, signature: 'def round_cents(amount):' }] }] }] });
  assert.match(m, /^Repo map of \/ws \(9 tokens;.*\n\nserver\/pricing\.py:\n│def round_cents\n\nMost important files:\n1\. server\/pricing\.py \(rank 0\.5000\): round_cents L11-13$/);
  const y = symbolsToolText('round', [{ name: 'round_cents', kind: 'def', category: 'function', file: '/ws/server/pricing.py', path: 'server/pricing.py', line: 11, endLine: 13, match: 'prefix', context: [{ line: 11, text: 'def round_cents(amount):' }] }]);
  assert.equal(y, '1 symbol hit for "round" (definitions first; lines 1-based):\n- definition function round_cents at server/pricing.py:11-13 (prefix match; file: /ws/server/pricing.py)\n    def round_cents(amount):');
  assert.match(symbolsToolText('nope', []), /^No symbol named "nope"/);
});
