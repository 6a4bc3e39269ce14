import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CodeIndex, type IndexReport } from '../src/core/index/code-index';
import { ChangeBatcher, IndexWatcher } from '../src/core/index/watch';
import { lines, removeWorkspace, workspace } from './helpers';

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (await check()) return Date.now() - start;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('timed out');
}

test('batcher: a burst of changes is one flush, a lone change flushes after the quiet period', async () => {
  const flushes: (string[] | 'all')[] = [];
  const b = new ChangeBatcher(async (p) => void flushes.push(p), 30, 500);
  for (let i = 0; i < 5000; i++) b.add(`f${i}.py`);
  await b.idle();
  assert.equal(flushes.length, 1);
  assert.equal((flushes[0] as string[]).length, 5000);
  b.add('one.py');
  await b.idle();
  assert.deepEqual(flushes[1], ['one.py']);
  b.dispose();
});

test('watch: edits, new files, deletions and ignore-file changes reach the index', async () => {
  const root = workspace({ 'a.py': lines('def alpha():', '    pass'), 'b.py': lines('def beta():', '    pass') });
  const index = await CodeIndex.open({ root, inProcess: true, embedding: { enabled: false } });
  await index.update();
  const reports: IndexReport[] = [];
  const watcher = new IndexWatcher(index, { embeddings: false, onUpdate: (r) => reports.push(r) });
  await watcher.start();
  try {
    fs.writeFileSync(path.join(root, 'c.py'), lines('def gamma_function():', '    pass'));
    const ms = await until(() => index.keyword.search('gamma_function').some((h) => h.qualifiedName === 'gamma_function'));
    assert.ok(ms < 5000, `searchable after ${ms} ms`);
    fs.writeFileSync(path.join(root, 'a.py'), lines('def alpha_renamed():', '    pass'));
    await until(() => index.keyword.search('alpha_renamed').some((h) => h.qualifiedName === 'alpha_renamed'));
    assert.equal(index.keyword.search('alpha').filter((h) => h.qualifiedName === 'alpha').length, 0);
    fs.rmSync(path.join(root, 'b.py'));
    await until(() => !index.fileRows().some((r) => r.path === 'b.py'));
    fs.writeFileSync(path.join(root, '.gitignore'), 'c.py\n');
    await until(() => !index.fileRows().some((r) => r.path === 'c.py'));
    await watcher.idle(); // the files map changes before the update's report is handed over
    assert.ok(reports.length >= 4);
  } finally {
    await watcher.stop();
    await index.close();
    removeWorkspace(root);
  }
});
