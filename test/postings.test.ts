import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { PostingStore, Vocabulary } from '../src/core/keyword/postings';

function listOf(s: PostingStore, term: string): [number, number][] {
  const id = s.id(term);
  if (id === undefined) return [];
  const out: [number, number][] = [];
  for (let i = s.start(id); i < s.start(id) + s.count(id); i++) out.push([s.docs[i], s.tfs[i]]);
  return out;
}

test('postings: interleaved lists stay whole through moves, packing and pool growth', () => {
  const s = new PostingStore();
  const expected = new Map<string, [number, number][]>();
  // Many terms growing in turn: every list moves several times and the pool packs and grows.
  for (let doc = 0; doc < 3000; doc++) {
    for (const term of [`t${doc % 97}`, `u${doc % 13}`, 'common', `rare${doc}`]) {
      const tf = (doc % 7) + 1;
      assert.equal(s.push(term, doc, tf), !expected.has(term));
      if (!expected.has(term)) expected.set(term, []);
      expected.get(term)!.push([doc, tf]);
    }
  }
  assert.equal(s.size, expected.size);
  for (const [term, list] of expected) assert.deepEqual(listOf(s, term), list, term);
  assert.equal(s.push('big', 1, 70000), true);
  assert.deepEqual(listOf(s, 'big'), [[1, 65535]], 'term frequencies saturate at 16 bits');
});

test('postings: remapped renumbers documents and drops emptied terms; fromLists reads a saved layout', () => {
  const s = new PostingStore();
  s.push('a', 0, 1);
  s.push('a', 2, 3);
  s.push('b', 1, 2);
  const r = s.remapped(Int32Array.from([0, -1, 1]));
  assert.deepEqual(listOf(r, 'a'), [[0, 1], [1, 3]]);
  assert.equal(r.id('b'), undefined);
  const loaded = PostingStore.fromLists(['a', 'b'], [2, 1], Uint32Array.from([0, 5, 3]), Uint16Array.from([1, 2, 4]));
  assert.deepEqual(listOf(loaded, 'b'), [[3, 4]]);
  loaded.push('a', 9, 1); // the full pool must grow, not overwrite b
  assert.deepEqual(listOf(loaded, 'a'), [[0, 1], [5, 2], [9, 1]]);
  assert.deepEqual(listOf(loaded, 'b'), [[3, 4]]);
});

test('postings: fields sharing one vocabulary keep their own term ids', () => {
  const vocabulary = new Vocabulary();
  const a = new PostingStore(vocabulary);
  const b = new PostingStore(vocabulary);
  a.push('parse', 0, 1);
  b.push('header', 0, 2);
  b.push('parse', 1, 3);
  assert.equal(vocabulary.find('parse'), 0);
  assert.equal(vocabulary.find('header'), 1);
  assert.equal(vocabulary.find('missing'), -1);
  assert.deepEqual([a.id('parse'), a.id('header'), b.id('header'), b.id('parse')], [0, undefined, 0, 1]);
  assert.equal(b.idOfNumber(vocabulary.numberOf('parse'), 'parse'), 1);
  assert.deepEqual(listOf(b, 'parse'), [[1, 3]]);
});
