// Readers and writers of one index at the same time, in real processes: only the process holding
// the writer lock changes the index; readers never repair, and a writer reads the index again
// when another process wrote since it looked.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CodeIndex } from '../src/core/index/code-index';
import { chunkTable } from '../src/core/store/rows';
import { lines, removeWorkspace, workspace } from './helpers';

const bin = path.join(__dirname, '..', '..', 'bin', 'coderag.js');
const child = path.join(__dirname, 'child', 'index-child.js');

function corpus(n: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    files[`pkg${i % 7}/mod_${i}.py`] = lines(`def compute_${i}(value):`, `    return value * ${i}`, '', `class Widget${i}:`, '    def render(self):', `        return ${i}`);
  }
  return files;
}

/** Every stored chunk id once, every indexed file's chunks all there. */
async function assertWhole(root: string, files: number, chunksPerFile: number): Promise<void> {
  const index = await CodeIndex.open({ root, embedding: { enabled: false }, inProcess: true });
  try {
    assert.equal(index.health?.corrupt, undefined);
    const rows = await index.store.chunksOfPaths(index.fileRows().map((r) => r.path));
    const ids = rows.map((r) => r.id);
    assert.equal(new Set(ids).size, ids.length, 'no duplicate chunk id');
    assert.equal(index.fileRows().length, files, 'every file has its row');
    assert.equal(await index.store.countChunks(), files * chunksPerFile, 'no missing chunk, no orphan');
    const again = await index.update();
    assert.deepEqual([again.indexed, again.unchanged, again.repaired ?? []], [0, files, []], 'nothing left to redo or repair');
  } finally {
    await index.close();
  }
}

test('concurrency: status and search while `index` writes leave the index whole', async () => {
  const root = workspace(corpus(1500));
  try {
    const writer = spawn(process.execPath, [child, root, 'noembed'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    writer.stdout.on('data', (d) => (out += d));
    writer.stderr.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => writer.on('exit', (code) => resolve(code)));
    let running = true;
    void exited.then(() => (running = false));
    // Readers from the first batch on (the journal in flight, meta.json of a first run) to the end.
    while (running && !/parse \d+\//.test(out)) await new Promise((r) => setTimeout(r, 20));
    let reads = 0;
    while (running) {
      const args = reads % 2 ? ['search', 'compute value', '--mode', 'keyword', '--limit', '1'] : ['status', '--json'];
      // Not spawnSync: the writer's progress must keep flowing through its pipe.
      await new Promise((resolve) => spawn(process.execPath, [bin, ...args, '--root', root], { stdio: 'ignore' }).on('exit', resolve));
      reads++;
    }
    assert.equal(await exited, 0, out.slice(-500));
    assert.ok(reads >= 2, `readers ran ${reads} times while the index was written`);
    assert.match(out, /done \{"indexed":1500,"chunks":4500/);
    await assertWhole(root, 1500, 3);
  } finally {
    removeWorkspace(root);
  }
});

test('concurrency: a writer opened before another process wrote reads the index again under the lock', async () => {
  const root = workspace(corpus(30));
  try {
    const early = await CodeIndex.open({ root, embedding: { enabled: false }, inProcess: true });
    assert.equal(early.fileRows().length, 0);
    // Another process indexes meanwhile.
    const other = spawnSync(process.execPath, [child, root, 'noembed'], { encoding: 'utf8' });
    assert.equal(other.status, 0, other.stderr);
    fs.appendFileSync(path.join(root, 'pkg0/mod_0.py'), 'def extra():\n    pass\n');
    // This one's files map is empty: without reading again it would append every row a second time.
    const report = await early.update();
    assert.deepEqual([report.indexed, report.unchanged], [1, 29]);
    await early.close();
    const index = await CodeIndex.open({ root, embedding: { enabled: false }, inProcess: true });
    const ids = (await index.store.chunksOfPaths(index.fileRows().map((r) => r.path))).map((r) => r.id);
    assert.equal(new Set(ids).size, ids.length, 'no duplicate chunk id');
    assert.deepEqual([index.fileRows().length, ids.length], [30, 91]);
    await index.close();
  } finally {
    removeWorkspace(root);
  }
});

test('concurrency: a reader repairs nothing; the next `index` finds and repairs holes and duplicates', async () => {
  const root = workspace(corpus(20));
  try {
    let index = await CodeIndex.open({ root, embedding: { enabled: false }, inProcess: true });
    await index.update();
    // Damage as an unlocked writer used to leave it: one file's chunks gone, another's twice.
    const gone = (await index.store.chunksOfPaths(['pkg1/mod_1.py'])).length;
    assert.equal(gone, 3);
    await index.store.deleteChunksOf(['pkg1/mod_1.py']);
    await index.store.addChunks(chunkTable(await index.store.chunksOfPaths(['pkg3/mod_3.py']), index.store.dim));
    await index.close();
    // A killed run's journal, and a chunker version a reader used to act on.
    fs.writeFileSync(path.join(root, '.coderag', 'journal.json'), JSON.stringify(['pkg2/mod_2.py']));
    const metaFile = path.join(root, '.coderag', 'meta.json');
    const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8'));
    const before = fs.readdirSync(path.join(root, '.coderag', 'lance', 'chunks.lance', '_versions')).length;

    const status = spawnSync(process.execPath, [bin, 'status', '--json', '--root', root], { encoding: 'utf8' });
    assert.equal(status.status, 0, status.stderr);
    assert.match(status.stderr + status.stdout, /interrupted run/);
    assert.equal(fs.readdirSync(path.join(root, '.coderag', 'lance', 'chunks.lance', '_versions')).length, before, 'the reader wrote nothing');
    assert.ok(fs.existsSync(path.join(root, '.coderag', 'journal.json')));
    assert.deepEqual(JSON.parse(fs.readFileSync(metaFile, 'utf8')), meta);

    index = await CodeIndex.open({ root, embedding: { enabled: false }, inProcess: true });
    const report = await index.update();
    assert.match(report.repaired.join('\n'), /interrupted run/);
    assert.match(report.repaired.join('\n'), /2 files whose stored chunks did not match/);
    assert.deepEqual([report.indexed, report.unchanged], [3, 17]);
    await index.close();
    await assertWhole(root, 20, 3);
  } finally {
    removeWorkspace(root);
  }
});

test('concurrency: `index --rebuild` while another process holds the lock fails like a second `index`, destroying nothing', async () => {
  const root = workspace(corpus(5));
  const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  try {
    const first = spawnSync(process.execPath, [bin, 'index', '--root', root, '--no-embeddings'], { encoding: 'utf8' });
    assert.equal(first.status, 0, first.stderr);
    const dir = path.join(root, '.coderag');
    const before = fs.readdirSync(dir).sort();
    fs.writeFileSync(path.join(dir, 'lock'), String(holder.pid));
    for (const args of [['index'], ['index', '--rebuild']]) {
      const r = spawnSync(process.execPath, [bin, ...args, '--root', root, '--no-embeddings'], { encoding: 'utf8', env: { ...process.env, CODERAG_NO_RELAUNCH: '1' } });
      assert.equal(r.status, 1, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
      assert.match(r.stderr, new RegExp(`another CodeRAG process \\(pid ${holder.pid}\\) is writing this index`));
    }
    assert.deepEqual(fs.readdirSync(dir).sort(), before.concat('lock').sort(), 'nothing destroyed');
    holder.kill('SIGKILL');
    await new Promise((r) => holder.once('exit', r));
    const rebuilt = spawnSync(process.execPath, [bin, 'index', '--rebuild', '--root', root, '--no-embeddings'], { encoding: 'utf8' });
    assert.equal(rebuilt.status, 0, rebuilt.stderr);
    assert.match(rebuilt.stdout, /\{indexed: 5, unchanged: 0, deleted: 0, chunks: 15\}/);
    assert.match(rebuilt.stdout, /index rebuilt: requested \(--rebuild\)/);
  } finally {
    holder.kill('SIGKILL');
    removeWorkspace(root);
  }
});
