// The sidebar host's pure parts: a search response grouped and numbered for the view, the index's
// state as the view's status line, and what an `open` from the (untrusted) view may name.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { SearchHit, SearchResponse, ServerStatus } from '../src/lsp/protocol';
import { lineRange, relativeSegments, selectionOf } from '../src/vscode/open-location';
import { type HostFolder, resultsMessage, statusMessage } from '../src/vscode/sidebar-messages';

const APP: HostFolder = { uri: 'file:///work/app', name: 'app', fsPath: '/work/app' };
const LIB: HostFolder = { uri: 'file:///work/lib', name: 'lib', fsPath: '/work/lib' };

const hit = (folder: string, path: string, name: string, startLine: number, extra: Partial<SearchHit> = {}): SearchHit => ({
  id: `${path}#${name}`, folder, file: `${folder}/${path}`, path, startLine, endLine: startLine + 3, kind: 'function', language: 'python', name, qualifiedName: name, score: 10 - startLine / 100, snippet: `def ${name}():`, ...extra,
});

test('results: numbered by rank across folders, grouped by folder then file where each first ranks', () => {
  const res: SearchResponse = {
    hits: [
      hit('/work/app', 'a.py', 'one', 1),
      hit('/work/lib', 'l.py', 'two', 2),
      hit('/work/app', 'b.py', 'three', 3, { signature: 'def three(x)', snippetCut: true, copies: [{ path: 'build/b.py', startLine: 3, endLine: 6 }] }),
      hit('/work/app', 'a.py', 'four', 40),
    ],
    vectors: { embedded: 3, total: 9 },
    keywordOnly: 'the model failed to load',
    indexing: true,
    tookMs: 12,
  };
  const m = resultsMessage(7, 'q', res, [APP, LIB], 15.6);
  assert.equal(m.type, 'results');
  assert.equal(m.queryId, 7);
  assert.equal(m.count, 4);
  assert.equal(m.tookMs, 16);
  assert.equal(m.multiRoot, true);
  assert.deepEqual([m.keywordOnly, m.vectors, m.indexing], ['the model failed to load', { embedded: 3, total: 9 }, true]);
  assert.deepEqual(m.folders.map((f) => f.folder), [{ uri: APP.uri, name: 'app' }, { uri: LIB.uri, name: 'lib' }]);
  assert.deepEqual(m.folders[0].files.map((f) => [f.path, f.results.map((r) => r.n)]), [['a.py', [1, 4]], ['b.py', [3]]]);
  assert.deepEqual(m.folders[1].files.map((f) => [f.path, f.results.map((r) => r.n)]), [['l.py', [2]]]);
  const three = m.folders[0].files[1].results[0];
  assert.deepEqual([three.signature, three.snippetCut, three.copies], ['def three(x)', true, [{ path: 'build/b.py', startLine: 3, endLine: 6 }]]);
  assert.equal(three.id, 'b.py#three');
});

test('results: one folder is not labelled; nothing found is an empty list; an unknown folder keeps its path', () => {
  const empty = resultsMessage(1, 'q', { hits: [], vectors: { embedded: 0, total: 0 }, tookMs: 1 }, [APP], 2);
  assert.deepEqual([empty.count, empty.folders, empty.multiRoot, 'keywordOnly' in empty, 'indexing' in empty], [0, [], false, false, false]);
  const gone = resultsMessage(1, 'q', { hits: [hit('/elsewhere/old', 'x.py', 'x', 1)], vectors: { embedded: 0, total: 0 }, tookMs: 1 }, [APP], 2);
  assert.deepEqual(gone.folders[0].folder, { uri: 'file:///elsewhere/old', name: 'old' });
});

const folderStatus = (extra: Partial<ServerStatus['folders'][0]>) => ({ root: '/work/app', indexDir: '/x', state: 'ready' as const, files: 4, chunks: 10, embedded: 4, ...extra });
const server = (state: ServerStatus['state'], folders: ServerStatus['folders']): ServerStatus => ({ state, files: 4, folders, pid: 1, uptimeMs: 1 });

test('results, file view: files in rank order with why, grouped by folder, their chunks numbered on across files', () => {
  const file = (folder: string, path: string, score: number, chunks: SearchHit[], why?: string[]) => ({ folder, file: `${folder}/${path}`, path, score, chunks, ...(why ? { why } : {}) });
  const res: SearchResponse = {
    hits: [],
    files: [
      file('/work/app', 'pricing.py', 9, [hit('/work/app', 'pricing.py', 'vat_cents', 9), hit('/work/app', 'pricing.py', 'order_total', 14)], ['in the trace: vat_cents']),
      file('/work/lib', 'money.py', 5, [hit('/work/lib', 'money.py', 'round_to_cents', 1)]),
      file('/work/app', 'app.py', 2, [hit('/work/app', 'app.py', 'place_order', 3)], ['in the trace: place_order']),
    ],
    vectors: { embedded: 0, total: 0 },
    tookMs: 3,
  };
  const m = resultsMessage(2, 'q', res, [APP, LIB], 4);
  assert.equal(m.groupBy, 'file');
  assert.equal(m.count, 4, 'chunks in all');
  assert.deepEqual(m.folders.map((f) => f.folder.name), ['app', 'lib']);
  assert.deepEqual(m.folders[0].files.map((f) => [f.rank, f.path, f.why, f.results.map((r) => [r.n, r.name, r.startLine, r.endLine])]), [
    [1, 'pricing.py', ['in the trace: vat_cents'], [[1, 'vat_cents', 9, 12], [2, 'order_total', 14, 17]]],
    [3, 'app.py', ['in the trace: place_order'], [[4, 'place_order', 3, 6]]],
  ]);
  assert.deepEqual(m.folders[1].files.map((f) => [f.rank, f.path, f.why, f.results.map((r) => r.n)]), [[2, 'money.py', undefined, [3]]]);
  // Chunk results carry neither ranks nor a grouping.
  const chunks = resultsMessage(3, 'q', { hits: [hit('/work/app', 'a.py', 'one', 1)], vectors: { embedded: 0, total: 0 }, tookMs: 1 }, [APP], 1);
  assert.equal(chunks.groupBy, undefined);
  assert.equal(chunks.folders[0].files[0].rank, undefined);
});

test('status: the client phase and the server state as the view’s line', () => {
  assert.deepEqual(statusMessage('starting'), { type: 'status', state: 'starting' });
  assert.deepEqual(statusMessage('restarting'), { type: 'status', state: 'starting' });
  const untrusted = statusMessage('untrusted');
  assert.equal(untrusted.state, 'untrusted');
  assert.match(untrusted.message!, /not trusted/);
  assert.equal(statusMessage('stopped').state, 'error');
  assert.match(statusMessage('no-folder').message!, /No folder is open/);
  assert.deepEqual(statusMessage('running', server('ready', [folderStatus({}), folderStatus({ root: '/work/lib', chunks: 5, embedded: 5 })])), {
    type: 'status', state: 'ready', vectors: { embedded: 9, total: 15 },
  });
  assert.deepEqual(statusMessage('running', server('indexing', [folderStatus({ state: 'indexing', progress: { phase: 'parse', done: 30, total: 120 } })])), {
    type: 'status', state: 'indexing', phase: 'parsing', percent: 25, vectors: { embedded: 4, total: 10 },
  });
  const failed = statusMessage('running', server('error', [folderStatus({ state: 'error', message: 'disk full' })]));
  assert.deepEqual([failed.state, failed.message], ['error', 'The index failed (app: disk full).']);
});

test('open: only a relative path inside the folder, and lines that are a range', () => {
  assert.deepEqual(relativeSegments('src/a b/<script>x.ts', false), ['src', 'a b', '<script>x.ts']);
  assert.deepEqual(relativeSegments('a\\b.py', false), ['a\\b.py']);
  for (const bad of ['', '/etc/passwd', '../x', 'a/../../x', 'a/./b', 'a//b', 'a/', 'a\0b', 42, undefined, null, ['a']]) {
    assert.equal(relativeSegments(bad, false), undefined, JSON.stringify(bad));
  }
  assert.equal(relativeSegments('a\\..\\..\\x', true), undefined);
  assert.equal(relativeSegments('C:x', true), undefined);
  assert.deepEqual(lineRange(3, 9), { start: 3, end: 9 });
  for (const [a, b] of [[0, 2], [3, 2], [1.5, 2], ['1', 2], [1, Infinity], [1, undefined]]) assert.equal(lineRange(a, b), undefined, `${a}-${b}`);
});

test('open: the selection runs from the first line’s start to the last line’s end, within the document', () => {
  const len = (l: number) => 10 + l;
  assert.deepEqual(selectionOf({ start: 3, end: 5 }, 100, len), { startLine: 2, startCharacter: 0, endLine: 4, endCharacter: 14 });
  // The file shrank since it was indexed.
  assert.deepEqual(selectionOf({ start: 50, end: 60 }, 20, len), { startLine: 19, startCharacter: 0, endLine: 19, endCharacter: 29 });
  assert.deepEqual(selectionOf({ start: 1, end: 1 }, 0, () => 0), { startLine: 0, startCharacter: 0, endLine: 0, endCharacter: 0 });
});
