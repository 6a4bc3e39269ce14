import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { KeywordEngine } from '../src/core/keyword/engine';
import { decodeHeader, encodeHeader } from '../src/core/keyword/header';
import { packFileDocs } from '../src/core/keyword/terms';
import type { Chunk } from '../src/core/base/types';

function chunk(path: string, name: string, text: string, docstring?: string): Chunk {
  const id = `${path}:1-1:function:${name}`;
  return {
    id, groupId: id, path, startLine: 1, endLine: 1, text, language: 'python', kind: 'function', name, qualifiedName: name,
    signature: `def ${name}()`, docstring, title: `${path} function ${name}`, contentHash: id, defines: [], references: [],
  };
}

function indexOf(chunks: Chunk[]): KeywordEngine {
  const k = KeywordEngine.empty();
  for (const c of chunks) k.setFile(c.path, c.path, packFileDocs([c]));
  return k;
}

// Words no test document uses, so every query term has a real idf.
const filler = Array.from({ length: 30 }, (_, i) => chunk(`f${i}.py`, `filler_${i}`, `def filler_${i}(): return other_${i} + thing`));

test('keyword: a word repeated in name, signature, docstring and code saturates once (BM25F)', () => {
  const k = indexOf([
    // "retry" everywhere, "delay" nowhere: the name, the signature, the docstring and the code all say retry.
    chunk('a.py', 'retry', 'def retry():\n    retry()  # retry again, retry', 'Retry. Retry the retry.'),
    // Both words of the question, each said once.
    chunk('b.py', 'backoff', 'def backoff():\n    return retry_delay(attempt)', 'Delay before the next retry.'),
    ...filler,
  ]);
  const hits = k.search('retry delay');
  assert.equal(hits[0].path, 'b.py', JSON.stringify(hits.map((h) => [h.path, h.score])));
  assert.equal(hits[0].matched, 2);
});

test('keyword: synonyms and prefix completions match at a lower weight than the word itself', () => {
  const k = indexOf([
    chunk('exact.py', 'remove_folder', 'def remove_folder(p): pass'),
    chunk('syn.py', 'delete_folder', 'def delete_folder(p): pass'),
    chunk('prefix.py', 'removal_folder', 'def removal_folder(p): pass'),
    ...filler,
  ]);
  const order = k.search('remove folder').map((h) => h.path);
  assert.equal(order[0], 'exact.py');
  assert.ok(order.includes('syn.py'), 'delete is a synonym of remove');
});

test('keyword: equal scores come in id order, whatever order the files were indexed in', () => {
  const a = chunk('dist/cjs/x.py', 'same_name', 'def same_name(): return value');
  const b = chunk('dist/esm/x.py', 'same_name', 'def same_name(): return value');
  for (const order of [[a, b], [b, a]]) {
    assert.deepEqual(indexOf([...order, ...filler]).search('same name').slice(0, 2).map((h) => h.path), ['dist/cjs/x.py', 'dist/esm/x.py']);
  }
});

test('keyword: expansion terms reach documents the query words miss, below a document matching the query', () => {
  const k = indexOf([
    chunk('q.py', 'evict_oldest', 'def evict_oldest(): pass', 'Evict the oldest entry.'),
    chunk('e.py', 'lru_cache', 'def lru_cache(maxsize): pass', 'Least recently used cache.'),
    ...filler,
  ]);
  assert.deepEqual(k.search('evict oldest').map((h) => h.path), ['q.py']);
  const hits = k.search('evict oldest', { expansion: [['lru', 0.3]] });
  assert.deepEqual(hits.map((h) => h.path), ['q.py', 'e.py']);
  assert.ok(k.idf('lru') > 0 && k.idf('nowhere') === 0);
});

test('keyword file: postings read at first search are those load() checked; a file changed since is damage', async () => {
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coderag-kw-'));
  try {
    const file = path.join(dir, 'keyword.bin');
    await indexOf([chunk('a.py', 'parse_header', 'def parse_header(): pass'), ...filler]).save(file);
    // Unchanged since load: searched without a second hash.
    assert.deepEqual((await KeywordEngine.read(file)).index!.search('parse header').map((h) => h.qualifiedName).slice(0, 1), ['parse_header']);
    // A byte of the postings changed after load (same size): found when they are first read.
    const opened = (await KeywordEngine.read(file)).index!;
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 40] ^= 0xff;
    fs.writeFileSync(file, bytes);
    assert.throws(() => opened.search('parse header'), /changed or is damaged since it was opened/);
    assert.equal((await KeywordEngine.read(file)).error, 'checksum mismatch');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('keyword file: documents, deleted ones, odd ids and names survive save and load; a loaded index takes new files', async () => {
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const docs = [
    { id: 'a.py:1-2:function:f', path: 'a.py', kind: 'function', language: 'python', name: 'f', qualifiedName: 'f' },
    null,
    { id: 'b.ts:3-4:method:C.with\0nul', path: 'b.ts', kind: 'method', language: 'typescript', name: 'with\0nul', qualifiedName: 'C.é, ü' },
    { id: 'other-form', path: 'b.ts', kind: 'method', language: 'typescript', name: 'lone\ud800', qualifiedName: '\u0002x' },
    { id: 'a.py:', path: 'a.py', kind: 'window', language: 'python', name: '', qualifiedName: '' },
  ];
  const fields = [{ terms: ['alpha', 'beta'], counts: [2, 1] }, { terms: [], counts: [] }];
  const pieces = encodeHeader({ docs, lengths: [[3, 0, 1, 2, 4], [0, 0, 0, 7, 1]], fields });
  const back = decodeHeader(Buffer.concat(pieces));
  // Ids and names come back exactly, a NUL, a lone surrogate and the escape mark included.
  assert.deepEqual(back.docs, docs);
  assert.deepEqual(back.lengths, [[3, 0, 1, 2, 4], [0, 0, 0, 7, 1]]);
  assert.deepEqual(back.fields, fields);
  assert.deepEqual(decodeHeader(Buffer.concat(encodeHeader({ docs: [], lengths: [[]], fields: [{ terms: [], counts: [] }] }))).docs, []);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coderag-kw-'));
  try {
    const file = path.join(dir, 'keyword.bin');
    const k = indexOf([chunk('a.py', 'parse_header', 'def parse_header(): pass'), chunk('gone.py', 'gone', 'def gone(): pass'), ...filler]);
    k.removeFile('gone.py');
    await k.save(file);
    // Found by binary search in the sorted terms, then numbered in the vocabulary by the first write.
    const loaded = (await KeywordEngine.read(file)).index!;
    assert.equal(loaded.search('parse header')[0].qualifiedName, 'parse_header');
    assert.deepEqual(loaded.search('gone'), []);
    loaded.setFile('z.py', 'z.py', packFileDocs([chunk('z.py', 'zebra_stripes', 'def zebra_stripes(): return parse_header()')]));
    assert.equal(loaded.search('zebra stripes')[0].qualifiedName, 'zebra_stripes');
    assert.deepEqual(loaded.search('parse header').map((h) => h.qualifiedName).slice(0, 2), ['parse_header', 'zebra_stripes']);
    await loaded.save(file);
    assert.deepEqual((await KeywordEngine.read(file)).index!.search('zebra').map((h) => h.qualifiedName), ['zebra_stripes']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
