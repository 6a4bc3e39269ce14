import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CodeIndex } from '../src/core/index/code-index';
import { Store } from '../src/core/store/store';
import { chunkTable, rowChecksum } from '../src/core/store/rows';
import * as lancedb from '@lancedb/lancedb';
import { EMBEDDING_INPUT_VERSION } from '../src/core/embed/embedder';
import { parseOne } from '../src/core/parse/parse-job';
import { openWorkspace } from '../src/core/service/api';
import { QueryModel } from '../src/core/search/query-model';
import { estimateTokens } from '../src/core/chunk/split';
import { embedMissing } from '../src/core/index/embed-phase';
import { emptyReport } from '../src/core/index/report';
import type { RunProgress } from '../src/core/index/run-host';
import { lines, removeWorkspace, searchIndex, workspace } from './helpers';

function pyModule(i: number): string {
  return lines(
    `"""Module ${i} of the test corpus."""`,
    `LIMIT_${i} = ${i}`,
    '',
    `def compute_${i}(value):`,
    `    """Compute result ${i}."""`,
    `    return value * ${i}`,
    '',
    `class Widget${i}:`,
    `    def render(self):`,
    `        return "widget ${i}"`,
  );
}

function corpus(n: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++) files[`pkg${i % 7}/mod_${i}.py`] = pyModule(i);
  return files;
}

async function allChunkIds(index: CodeIndex): Promise<string[]> {
  const rows = await index.store.chunksOfPaths(index.fileRows().map((r) => r.path));
  return rows.map((r) => r.id).sort();
}

test('incremental: unchanged run does nothing, a change re-chunks one file, deletions disappear', async () => {
  const root = workspace(corpus(20));
  try {
    let index = await CodeIndex.open({ root, embedding: { enabled: false }, inProcess: true });
    const first = await index.update();
    assert.deepEqual([first.indexed, first.unchanged, first.deleted, first.chunks], [20, 0, 0, 80]);
    await index.close();

    index = await CodeIndex.open({ root, embedding: { enabled: false }, inProcess: true });
    const second = await index.update();
    assert.deepEqual([second.indexed, second.unchanged, second.deleted, second.chunks], [0, 20, 0, 0]);

    fs.appendFileSync(path.join(root, 'pkg3/mod_3.py'), lines('', 'def added_later():', '    return 42'));
    fs.rmSync(path.join(root, 'pkg4/mod_4.py'));
    const third = await index.update();
    assert.deepEqual([third.indexed, third.unchanged, third.deleted, third.chunks], [1, 18, 1, 5]);
    const hits = index.keyword.search('added_later');
    assert.equal(hits[0]?.qualifiedName, 'added_later');
    assert.ok(!index.fileRows().some((r) => r.path === 'pkg4/mod_4.py'));
    assert.equal((await index.store.chunksOfPaths(['pkg4/mod_4.py'])).length, 0);

    // Touching a file without changing it re-reads it but re-chunks nothing.
    const t = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(root, 'pkg1/mod_1.py'), t, t);
    const fourth = await index.update();
    assert.deepEqual([fourth.indexed, fourth.unchanged, fourth.chunks], [0, 19, 0]);
    await index.close();
  } finally {
    removeWorkspace(root);
  }
});

test('vectors: unchanged chunks keep theirs; renames and branch switches reuse them by content hash', async () => {
  const root = workspace(corpus(6));
  try {
    const index = await CodeIndex.open({ root, inProcess: true, embedWorkers: 1 });
    const first = await index.update();
    assert.equal(first.embeddingError, undefined);
    assert.equal(first.embedded, 24);
    assert.equal(await index.store.countChunks('unembedded'), 0);

    // Edit one function: only that chunk needs a new vector.
    const file = path.join(root, 'pkg2/mod_2.py');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('return value * 2', 'return value * 2 + 1'));
    const edit = await index.update();
    assert.deepEqual([edit.indexed, edit.embedded, edit.reusedVectors], [1, 1, 3]);

    // Rename a file (path is not part of the content hash): nothing is embedded again.
    fs.renameSync(path.join(root, 'pkg1/mod_1.py'), path.join(root, 'pkg1/renamed.py'));
    const rename = await index.update();
    assert.deepEqual([rename.indexed, rename.deleted, rename.embedded, rename.reusedVectors], [1, 1, 0, 4]);

    // "Switch branch" away and back: the old content's vectors come from the cache.
    const original = fs.readFileSync(path.join(root, 'pkg3/mod_3.py'), 'utf8');
    fs.writeFileSync(path.join(root, 'pkg3/mod_3.py'), pyModule(303));
    const away = await index.update();
    assert.equal(away.embedded, 4);
    fs.writeFileSync(path.join(root, 'pkg3/mod_3.py'), original);
    const back = await index.update();
    assert.deepEqual([back.indexed, back.embedded, back.reusedVectors], [1, 0, 4]);

    const results = await searchIndex(index, 'compute result three hundred three', { limit: 3 });
    assert.ok(results.length > 0);
    await index.close();
  } finally {
    removeWorkspace(root);
  }
});

test('vectors: a change of embedding input re-embeds every chunk; renames still reuse vectors afterwards', async () => {
  const root = workspace(corpus(3));
  try {
    let index = await CodeIndex.open({ root, inProcess: true, embedWorkers: 1 });
    assert.equal((await index.update()).embedded, 12);
    assert.equal(index.model?.input, EMBEDDING_INPUT_VERSION);
    await index.close();

    // An index whose vectors came from another embedding input (here: an older version).
    const metaFile = path.join(root, '.coderag', 'meta.json');
    const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8'));
    meta.model.input = EMBEDDING_INPUT_VERSION - 1;
    fs.writeFileSync(metaFile, JSON.stringify(meta));

    index = await CodeIndex.open({ root, inProcess: true, embedWorkers: 1 });
    assert.match(index.health.notices.join('\n'), /embedding input/);
    assert.equal(await new QueryModel(index).embedder(), undefined, 'stale vectors are not searched');
    const again = await index.update();
    assert.match(again.rebuilt ?? '', /embedding input/);
    assert.deepEqual([again.indexed, again.embedded, again.reusedVectors], [0, 12, 0]);
    assert.equal(JSON.parse(fs.readFileSync(metaFile, 'utf8')).model.input, EMBEDDING_INPUT_VERSION);

    fs.renameSync(path.join(root, 'pkg1/mod_1.py'), path.join(root, 'pkg1/renamed.py'));
    const rename = await index.update();
    assert.deepEqual([rename.indexed, rename.deleted, rename.embedded, rename.reusedVectors], [1, 1, 0, 4]);
    await index.close();

    // Same input version: nothing is embedded again on reopening.
    index = await CodeIndex.open({ root, inProcess: true, embedWorkers: 1 });
    assert.deepEqual(index.health.notices, []);
    const same = await index.update();
    assert.deepEqual([same.embedded, same.reusedVectors], [0, 0]);
    await index.close();
  } finally {
    removeWorkspace(root);
  }
});

function runChild(root: string, mode: string, killWhen?: RegExp): Promise<{ killed: boolean; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(__dirname, 'child', 'index-child.js'), root, mode], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let killed = false;
    child.stdout.on('data', (d) => {
      out += d;
      if (!killed && killWhen && killWhen.test(out)) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', () => resolve({ killed, out }));
  });
}

test('crash-safe: kill -9 during parsing and during embedding, then resume: no duplicate, no missing chunk', async () => {
  const root = workspace(corpus(700));
  try {
    const parseKill = await runChild(root, 'embed', /parse (4\d\d)\//);
    assert.ok(parseKill.killed, `child was not killed mid-parse:\n${parseKill.out.slice(-400)}`);
    const embedKill = await runChild(root, 'embed', /embed (1[0-9]\d\d)\//);
    assert.ok(embedKill.killed, `child was not killed mid-embedding:\n${embedKill.out.slice(-400)}`);
    const resume = await runChild(root, 'embed');
    assert.match(resume.out, /done /);

    const index = await CodeIndex.open({ root, inProcess: true });
    const ids = await allChunkIds(index);
    assert.equal(new Set(ids).size, ids.length, 'no duplicate chunk');
    assert.equal(ids.length, 700 * 4, 'no missing chunk');
    assert.equal(index.fileRows().length, 700);
    assert.equal(await index.store.countChunks('unembedded'), 0, 'every chunk has its vector');
    assert.equal(index.keyword.size, 2800);
    const again = await index.update();
    assert.deepEqual([again.indexed, again.unchanged, again.embedded], [0, 700, 0]);
    await index.close();
  } finally {
    removeWorkspace(root);
  }
});

test('corrupt index: detected, reported and rebuilt; a lost keyword file is rebuilt from the store', async () => {
  const root = workspace(corpus(10));
  try {
    let index = await CodeIndex.open({ root, embedding: { enabled: false }, inProcess: true });
    await index.update();
    await index.close();

    fs.writeFileSync(path.join(root, '.coderag', 'keyword.bin'), 'garbage');
    index = await CodeIndex.open({ root, embedding: { enabled: false }, inProcess: true });
    assert.equal(index.keyword.size, 40, 'caught up from the chunk store');
    assert.equal(index.keyword.search('compute_7')[0]?.qualifiedName, 'compute_7');
    await index.close();

    // Damage LanceDB itself: every data and manifest file overwritten.
    const lance = path.join(root, '.coderag', 'lance');
    const damage = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) damage(p);
        else fs.writeFileSync(p, 'not a lance file');
      }
    };
    damage(lance);
    index = await CodeIndex.open({ root, embedding: { enabled: false }, inProcess: true });
    const report = await index.update();
    assert.match(report.rebuilt ?? '', /unreadable/);
    assert.deepEqual([report.indexed, report.chunks], [10, 40]);
    await index.close();
  } finally {
    removeWorkspace(root);
  }
});

test('bad inputs: unreadable and deleted-while-indexing files are reported, not fatal', async () => {
  const root = workspace({ 'a.py': 'def a():\n    pass\n', 'dir.py/x': 'x' });
  try {
    const opts = { maxTokens: 512, countTokens: estimateTokens };
    const gone = await parseOne({ path: 'gone.py', absPath: path.join(root, 'gone.py') }, opts);
    assert.deepEqual(gone, { path: 'gone.py', status: 'skipped', reason: 'unreadable', detail: 'deleted while indexing' });
    const dir = await parseOne({ path: 'dir.py', absPath: path.join(root, 'dir.py') }, opts);
    assert.equal(dir.status === 'skipped' && dir.reason, 'unreadable');
    const index = await CodeIndex.open({ root, embedding: { enabled: false }, inProcess: true });
    const report = await index.update();
    assert.equal(report.indexed, 2); // a.py and dir.py/x (a line-window text file)
    await index.close();
  } finally {
    removeWorkspace(root);
  }
});

test('store: a table split into many fragments is compacted, a few fragments are left alone', async () => {
  const root = workspace({});
  try {
    const store = await Store.open(path.join(root, 'lance'), 8, true);
    const files = (n: number) => Array.from({ length: 3 }, (_, i) => ({ path: `f${n}_${i}.py`, sha256: 'x', size: 1, mtimeMs: 1, language: 'python', chunkCount: 0, state: 'indexed', reason: '', note: '' }));
    for (let b = 0; b < 4; b++) await store.upsertFiles(files(b)); // one fragment per write
    assert.equal(await store.compactIfFragmented(10), false);
    assert.equal(await store.compactIfFragmented(3), true);
    assert.equal(await store.compactIfFragmented(3), false);
    assert.equal((await store.loadFiles()).size, 12);
    store.close();
  } finally {
    removeWorkspace(root);
  }
});

test('store: embedded chunks get a RaBitQ vector index and a groupId B-tree; search reads through both', async () => {
  const root = workspace({});
  try {
    const dim = 32;
    const store = await Store.open(path.join(root, 'lance'), dim, true);
    // 300 chunks in 3 clusters of directions; each vector a unit vector near its cluster's axis.
    let seed = 11;
    const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) - 0.5;
    const rows = Array.from({ length: 300 }, (_, i) => {
      const v = Float32Array.from({ length: dim }, (_, d) => (d === i % 3 ? 4 : 0) + rand());
      const norm = Math.hypot(...v);
      const id = `f${i}.py:1-1:function:f${i}`;
      const row = {
        id, groupId: id, path: `f${i}.py`, language: 'python', kind: 'function', name: `f${i}`, qualifiedName: `f${i}`,
        startLine: 1, endLine: 1, title: '', text: `def f${i}(): pass`, signature: '', contentHash: id, meta: '{}',
      };
      return { ...row, checksum: rowChecksum(row), embedded: true, vector: v.map((x) => x / norm) };
    });
    await store.addChunks(chunkTable(rows, dim));
    await store.afterEmbedding(0, 100);
    const db = await lancedb.connect(path.join(root, 'lance'));
    const indices = await (await db.openTable('chunks')).listIndices();
    assert.deepEqual(indices.map((i) => `${i.indexType} ${i.columns}`).sort(), ['BTree groupId', 'IvfRq vector']);
    db.close();
    const hits = await store.vectorSearch(rows[4].vector as Float32Array, 10);
    assert.equal(hits[0].id, rows[4].id, 'a vector finds itself first');
    assert.ok(hits.every((h) => Number(h.id.match(/f(\d+)/)![1]) % 3 === 1), 'and its own cluster');
    const back = await store.chunksByGroups([rows[7].groupId, rows[8].groupId]);
    assert.deepEqual(back.map((r) => r.id).sort(), [rows[7].id, rows[8].id].sort());
    store.close();
  } finally {
    removeWorkspace(root);
  }
});

test('bad inputs: a file with CR-only line endings (classic Mac) is split at CR and carries a note', async () => {
  const mac = '# header\r\rdef first():\r    return 1\r\rdef second():\r    return 2\r';
  // Over 2 KB: read as one line it would also be mistaken for minified.
  const big = Array.from({ length: 60 }, (_, i) => `def f_${i}(value):\r    return value + ${i}\r`).join('\r');
  const root = workspace({ 'mac.py': mac, 'big.py': big, 'unix.py': 'def u():\n    return 0\n' });
  try {
    const opts = { maxTokens: 512, countTokens: estimateTokens };
    const r = await parseOne({ path: 'mac.py', absPath: path.join(root, 'mac.py') }, opts);
    assert.equal(r.status, 'parsed');
    if (r.status !== 'parsed') return;
    assert.deepEqual(r.chunks?.map((c) => `${c.qualifiedName} ${c.startLine}-${c.endLine}`), ['first 3-4', 'second 6-7']);
    assert.match(r.note ?? '', /CR-only line endings/);
    const index = await CodeIndex.open({ root, embedding: { enabled: false }, inProcess: true });
    try {
      const report = await index.update();
      assert.equal(report.indexed, 3);
      assert.deepEqual(report.notes.map((n) => n.path).sort(), ['big.py', 'mac.py']);
      const rows = new Map(index.fileRows().map((f) => [f.path, f]));
      assert.equal(rows.get('big.py')?.chunkCount, 60);
      assert.match(rows.get('mac.py')?.note ?? '', /CR-only/);
      assert.equal(rows.get('unix.py')?.note, '');
    } finally {
      await index.close();
    }
    // Identifier search reads context lines from the file: numbered the same way.
    const service = await openWorkspace({ root, embedding: { enabled: false }, inProcess: true });
    try {
      const [hit] = await service.symbols('second', { contextLines: 0 });
      assert.deepEqual([hit.path, hit.line, hit.context], ['mac.py', 6, [{ line: 6, text: 'def second():' }]]);
    } finally {
      await service.dispose();
    }
  } finally {
    removeWorkspace(root);
  }
});

test('scan settings that choose the file set (size limit, excludes) are kept by later opens unless given', async () => {
  const root = workspace({ 'small.py': 'x = 1\n', 'large.py': `DATA = ${JSON.stringify('y'.repeat(400))}\n`, 'gen/out.py': 'z = 2\n' });
  try {
    let index = await CodeIndex.open({ root, embedding: { enabled: false }, inProcess: true, maxFileBytes: 100, extraExcludes: ['gen/'] });
    assert.equal((await index.update()).indexed, 1);
    await index.close();
    index = await CodeIndex.open({ root, embedding: { enabled: false }, inProcess: true });
    assert.deepEqual(index.scanSettings, { codeOnly: false, maxFileBytes: 100, extraExcludes: ['gen/'] });
    const again = await index.update();
    assert.deepEqual([again.indexed, again.unchanged, again.scanChanged], [0, 1, undefined]);
    await index.close();
    index = await CodeIndex.open({ root, embedding: { enabled: false }, inProcess: true, maxFileBytes: 1_000_000 });
    const wider = await index.update();
    assert.equal(wider.indexed, 1);
    assert.equal(wider.scanChanged, 'file size limit 100 → 1000000 bytes');
    await index.close();
  } finally {
    removeWorkspace(root);
  }
});

test('vectors: chunks meet the same neighbours in the model whatever order the table holds them in', async () => {
  // The quantized model's output for a text moves with its sub-batch's other texts: the batches
  // must depend on the chunks, not on the order parse batches happened to write them.
  const root = workspace({});
  try {
    const dim = 4;
    const row = (i: number) => {
      const id = `f${String(i).padStart(3, '0')}.py:1-1:function:f${i}`;
      const checked = {
        id, groupId: id, path: `f${i}.py`, language: 'python', kind: 'function', name: `f${i}`, qualifiedName: `f${i}`, startLine: 1, endLine: 1,
        title: `t${i}`, text: `def f${i}(): pass`, signature: '', contentHash: `h${i}`, meta: '{}',
      };
      return { ...checked, checksum: rowChecksum(checked), embedded: false, vector: null };
    };
    const batchesOf = async (order: number[]) => {
      const store = await Store.open(path.join(root, `lance-${order[0]}`), dim, true);
      for (const i of order) await store.addChunks(chunkTable([row(i)], dim));
      const seen: string[][] = [];
      const embedder = { id: 'recording', dim, close: async () => undefined, embed: async (texts: string[]) => (seen.push(texts), texts.map(() => new Float32Array(dim).fill(0.5))) };
      const progress = { emit: () => undefined, checkpoint: async () => false } as unknown as RunProgress;
      await embedMissing(store, embedder, emptyReport(), progress, () => false, 40);
      store.close();
      return seen;
    };
    const forward = Array.from({ length: 70 }, (_, i) => i);
    assert.deepEqual(await batchesOf(forward), await batchesOf([...forward].reverse()));
  } finally {
    removeWorkspace(root);
  }
});

test('query model: a query asked again right away reuses its vector; one asked after four others is embedded anew, to the same vector', async () => {
  const root = workspace(corpus(2));
  try {
    const index = await CodeIndex.open({ root, inProcess: true, embedWorkers: 1 });
    await index.update();
    const model = new QueryModel(index);
    try {
      const embedder = (await model.embedder())!;
      assert.ok(embedder, 'the index has vectors');
      const [first] = await embedder.embed(['compute the widget result']);
      // The file view's second search (its files' chunks) with the same text: the same vector, not a second model call.
      assert.equal((await (await model.embedder())!.embed(['compute the widget result']))[0], first);
      for (const q of ['render', 'module limit', 'value times', 'test corpus']) await embedder.embed([q]);
      const [again] = await embedder.embed(['compute the widget result']);
      assert.notEqual(again, first, 'forgotten after four other queries');
      assert.deepEqual([...again], [...first]);
      // Batches are never answered from memory (a text's vector there depends on its neighbours).
      const [batched] = await embedder.embed(['compute the widget result', 'render']);
      assert.notEqual(batched, again);
    } finally {
      await model.close();
      await index.close();
    }
  } finally {
    removeWorkspace(root);
  }
});
