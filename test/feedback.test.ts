import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { feedbackTerms } from '../src/core/search/feedback';
import type { Chunk } from '../src/core/base/types';

function chunk(name: string, docstring: string): Chunk {
  const id = `a.py:1-1:function:${name}`;
  return {
    id, groupId: id, path: 'a.py', startLine: 1, endLine: 1, text: '', language: 'python', kind: 'function', name, qualifiedName: name,
    signature: `def ${name}(maxsize)`, docstring, title: '', contentHash: id, defines: [], references: [],
  };
}

test('feedback: names and docstrings of the best results, weighted by rank and idf, query terms left out', () => {
  const docs = [
    { chunk: chunk('lru_cache', 'Least recently used cache with a bounded size.'), weight: 1 },
    { chunk: chunk('bounded_queue', 'A bounded queue.'), weight: 0.5 },
  ];
  const idf = (t: string) => (t === 'cach' || t === 'cache' ? 0.1 : 2);
  const terms = feedbackTerms(docs, new Set(['bound']), idf, { terms: 4, weight: 0.3 });
  assert.equal(terms.length, 4);
  assert.ok(!terms.some(([t]) => t === 'bound'), 'a query term is not an expansion');
  assert.equal(terms[0][1], 0.3, 'the best term gets the full expansion weight');
  assert.ok(terms.every(([, w], i) => w <= 0.3 && (i === 0 || w <= terms[i - 1][1])));
  assert.ok(terms.some(([t]) => t === 'lru_cache' || t === 'lru'));
});
