// The watcher under bursts, as a branch switch or a re-extracted archive makes them: a tree deleted
// and another real version of it written back 0.3 s later, while `watch` runs. After each burst
// settles, the watched index must equal a fresh index of the final tree: the files table, every
// chunk, the keyword engine's answers, and (in the second test) every vector.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CodeIndex } from '../src/core/index/code-index';
import { openWorkspace, type Workspace } from '../src/core/service/api';
import * as lancedb from '@lancedb/lancedb';
import { removeWorkspace } from './helpers';

const modules = path.join(__dirname, '..', '..', 'node_modules');

/**
 * Two real versions of the same packages, from what npm installed: onnxruntime-common 1.30.0 and
 * 1.19.2 (LanceDB's copy), @huggingface/jinja 0.5.11 and 0.3.4. `small`: the TypeScript sources
 * of onnxruntime-common only (~320 chunks), for a run with vectors.
 */
function versions(small: boolean): [string, string] {
  const pairs: [string, string, string][] = [
    ['ort', 'onnxruntime-common', '@lancedb/lancedb/node_modules/onnxruntime-common'],
    ...(small ? [] : [['jinja', '@huggingface/jinja', '@lancedb/lancedb/node_modules/@huggingface/jinja'] as [string, string, string]]),
  ];
  const out: string[] = [];
  for (const side of [1, 2] as const) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `coderag-soak-v${side}-`));
    for (const pair of pairs) {
      const from = path.join(modules, pair[side]);
      assert.ok(fs.existsSync(from), `${from} (npm ci installs it)`);
      if (small) {
        fs.cpSync(path.join(from, 'lib'), path.join(dir, pair[0], 'lib'), { recursive: true });
        fs.cpSync(path.join(from, 'package.json'), path.join(dir, pair[0], 'package.json'));
      } else fs.cpSync(from, path.join(dir, pair[0]), { recursive: true });
    }
    out.push(dir);
  }
  return out as [string, string];
}

interface Snapshot {
  files: Record<string, string>;
  chunks: string[];
  keyword: string[];
  vectors: Map<string, Float32Array>;
}

/** What an index holds, stamps left out: two indexes of one tree must give equal snapshots. */
async function snapshot(index: CodeIndex, withVectors: boolean): Promise<Snapshot> {
  const files: Record<string, string> = {};
  for (const r of index.fileRows().sort((a, b) => a.path.localeCompare(b.path))) {
    files[r.path] = `${r.state} ${r.reason} ${r.state === 'skipped' ? '' : r.sha256} ${r.chunkCount}`;
  }
  const rows = await index.store.chunksOfPaths(Object.keys(files));
  const chunks = rows.map((r) => `${r.id} ${r.contentHash} ${r.title}`).sort();
  // The engine's answers for names taken from the chunks: term statistics included.
  const names = [...new Set(rows.map((r) => r.name).filter((n) => n.length > 3))].sort().filter((_, i) => i % 7 === 0).slice(0, 60);
  const keyword = names.map((n) => `${n}: ${index.keyword.search(n, { limit: 5 }).map((h) => `${h.id}@${h.score.toFixed(4)}`).join(' ')}`);
  const vectors = new Map<string, Float32Array>();
  if (withVectors) {
    // The vectors search reads: the chunks table's own column.
    const db = await lancedb.connect(path.join(index.dir, 'lance'));
    const table = await db.openTable('chunks');
    for (const r of await table.query().select(['id', 'vector']).toArray()) {
      if (r.vector) vectors.set(r.id as string, Float32Array.from(r.vector as ArrayLike<number>));
    }
    table.close();
    db.close();
  }
  return { files, chunks, keyword, vectors };
}

/** The differences between two snapshots, one line each. */
function differences(a: Snapshot, b: Snapshot): string[] {
  const out: string[] = [];
  for (const p of new Set([...Object.keys(a.files), ...Object.keys(b.files)])) {
    if (a.files[p] !== b.files[p]) out.push(`file ${p}: watched ${a.files[p] ?? 'absent'}, fresh ${b.files[p] ?? 'absent'}`);
  }
  const ca = new Set(a.chunks);
  const cb = new Set(b.chunks);
  for (const c of ca) if (!cb.has(c)) out.push(`chunk only in the watched index: ${c}`);
  for (const c of cb) if (!ca.has(c)) out.push(`chunk missing from the watched index: ${c}`);
  a.keyword.forEach((k, i) => k !== b.keyword[i] && out.push(`keyword: watched ${k}, fresh ${b.keyword[i]}`));
  if (a.keyword.length !== b.keyword.length) out.push(`keyword queries: ${a.keyword.length} vs ${b.keyword.length}`);
  for (const [id, v] of b.vectors) {
    const w = a.vectors.get(id);
    if (!w) out.push(`vector missing: ${id}`);
    else {
      // One model, one input: equal up to q8's noise (activations are quantized per batch: cosine ≥ 0.9997 seen).
      const cos = v.reduce((sum, x, i) => sum + x * w[i], 0);
      if (!(cos > 0.999)) out.push(`vector differs: ${id} (cosine ${cos.toFixed(6)})`);
    }
  }
  return out;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Settled: the file system has been quiet for a moment, the watcher has applied every change it
 * saw (notifyChanged([]) resolves when it is idle), and no run (the background embedding) is on.
 */
async function settle(ws: Workspace): Promise<void> {
  for (;;) {
    await sleep(500);
    await ws.notifyChanged([]);
    const s = await ws.status();
    if (s.state !== 'indexing' && s.state !== 'embedding') return;
  }
}

/** The snapshot of a fresh index of `tree` laid out as the watched root lays it out. */
async function fresh(tree: string, withVectors: boolean): Promise<Snapshot> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'coderag-soak-fresh-'));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coderag-soak-fresh-index-'));
  try {
    fs.cpSync(tree, path.join(root, 'lib'), { recursive: true });
    fs.writeFileSync(path.join(root, '.coderagignore'), '!dist/\n');
    const index = await CodeIndex.open({ root, indexDir: dir, embedding: { enabled: withVectors } });
    await index.update();
    try {
      return await snapshot(index, withVectors);
    } finally {
      await index.close();
    }
  } finally {
    removeWorkspace(root);
    removeWorkspace(dir);
  }
}

/** A burst: the tree deleted, the other version written back 0.3 s later (an archive re-extracted). */
async function burst(root: string, tree: string): Promise<void> {
  fs.rmSync(path.join(root, 'lib'), { recursive: true, force: true });
  await sleep(300);
  fs.cpSync(tree, path.join(root, 'lib'), { recursive: true });
}

/**
 * Rounds as `coderag watch` meets them: the workspace opened, its first run (which `watch` prints
 * as `index` does) hit by a burst once it is parsing, then the watcher started and hit by two more
 * bursts, the second while the watcher's pass over the first is under way. Each round settles and
 * is compared; rounds go on until `budgetMs` is spent (at least `min`).
 */
async function soak(small: boolean, budgetMs: number, min: number): Promise<{ bursts: number; differences: string[] }> {
  const [v1, v2] = versions(small);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'coderag-soak-'));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coderag-soak-index-'));
  const open = () => openWorkspace({ root, indexDir: dir, embedding: { enabled: small } });
  try {
    const expected = new Map([[v1, await fresh(v1, small)], [v2, await fresh(v2, small)]]);
    fs.writeFileSync(path.join(root, '.coderagignore'), '!dist/\n');
    const found: string[] = [];
    // The watched index is read as another process would read it, while the watcher runs.
    const compare = async (when: string, tree: string) => {
      const index = await CodeIndex.open({ root, indexDir: dir, embedding: { enabled: small } });
      try {
        found.push(...differences(await snapshot(index, small), expected.get(tree)!).map((d) => `${when}: ${d}`));
      } finally {
        await index.close();
      }
    };
    const t0 = Date.now();
    const times: string[] = [];
    const mark = (what: string) => times.push(`${what} ${Date.now() - t0}`);
    mark('fresh snapshots');
    let bursts = 0;
    let rounds = 0;
    let current = v1;
    fs.cpSync(current, path.join(root, 'lib'), { recursive: true });
    while (rounds < min || Date.now() - t0 < budgetMs) {
      const other = current === v1 ? v2 : v1;
      const ws = await open();
      ws.onDidError((err) => found.push(`round ${rounds + 1}: error: ${err.message}`));
      if (process.env.SOAK_LOG) ws.onDidUpdate(({ report, paths }) => times.push(`update ${paths === 'all' ? 'all' : paths.length}: ${JSON.stringify({ ...report, timings: undefined })}`));
      try {
        // The first run parses the tree as it was; a burst swaps it under that run.
        fs.appendFileSync(path.join(root, 'lib', 'ort', 'package.json'), ' '); // something to parse
        let hit: Promise<void> | undefined;
        const sub = ws.onDidProgress((e) => {
          if (!hit && e.phase === 'parse' && e.files.total) hit = burst(root, other);
        });
        await ws.index().report;
        mark('first run');
        sub.dispose();
        // A run with nothing to parse gave no moment to hit: the burst comes between it and the watch.
        await (hit ?? burst(root, other));
        bursts++;
        await ws.watch();
        mark('watch');
        await settle(ws);
        mark('settle');
        await compare(`round ${rounds + 1}, watch started`, other);
        await burst(root, current);
        await sleep(250 + 150 * (rounds % 3));
        await burst(root, other);
        bursts += 2;
        mark('bursts');
        await settle(ws);
        mark('settle');
        await compare(`round ${rounds + 1}, after two bursts`, other);
      } finally {
        await ws.dispose();
      }
      rounds++;
      current = other;
    }
    if (process.env.SOAK_LOG) fs.writeFileSync(process.env.SOAK_LOG, [...times, ...found].join('\n'));
    return { bursts, differences: found };
  } finally {
    for (const d of [root, dir, v1, v2]) removeWorkspace(d);
  }
}

test('soak: watch through bursts (a tree deleted, another version written 0.3 s later); after each settle the index equals a fresh one', async (t) => {
  // SOAK_MS runs it longer (the closing note's figures); in `npm test` two rounds, six bursts.
  const { bursts, differences } = await soak(false, Number(process.env.SOAK_MS ?? 0), 2);
  t.diagnostic(`soak (structural): ${bursts} bursts, ${differences.length} differences`);
  assert.deepEqual(differences.slice(0, 20), [], `${differences.length} differences after ${bursts} bursts`);
});

test('soak with vectors: after each settle every chunk has the vector a fresh index gives it', async (t) => {
  const { bursts, differences } = await soak(true, Number(process.env.SOAK_MS ?? 0), 1);
  t.diagnostic(`soak (vectors): ${bursts} bursts, ${differences.length} differences`);
  assert.deepEqual(differences.slice(0, 20), [], `${differences.length} differences after ${bursts} bursts`);
});
