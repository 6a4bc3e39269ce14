// A file that kills its parse worker (out of memory) is one skipped file with its reason, not an
// error for every file that shared the worker; a size limit no worker can be sure to hold is
// refused before anything runs.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CodeIndex } from '../src/core/index/code-index';
import { cli, lines, removeWorkspace, workspace } from './helpers';

/** Python of one-line functions, `kb` KB of it: the densest chunks and tags per byte (a 1 MB file needs a 128 MB worker heap). */
function dense(kb: number): string {
  let s = '';
  for (let i = 0; s.length < kb * 1024; i++) s += `def handler_${i}(event, context):\n    return process_value(event, ${i})\n\n`;
  return s;
}

test('worker crash: the file that ran its worker out of memory is skipped with its reason; the files beside it are indexed', async () => {
  const files: Record<string, string> = { 'gen/huge.py': dense(1024), 'gen/large.py': dense(512) };
  for (let i = 0; i < 6; i++) files[`src/small_${i}.py`] = lines(`def small_${i}(x):`, `    return x + ${i}`);
  const root = workspace(files);
  try {
    // Workers of 32 MB, retries up to 64 MB: large.py needs 64, huge.py 128 (real limits, scaled down).
    const index = await CodeIndex.open({ root, embedding: { enabled: false }, parseWorkers: 1, parseHeapMb: { worker: 32, max: 64 }, maxFileBytes: 2 ** 21 });
    const report = await index.update();
    const row = index.fileRow('gen/huge.py');
    await index.close();
    assert.deepEqual(report.errors, []);
    assert.equal(report.indexed, 7, 'the six small files and large.py (in a worker sized to it)');
    assert.deepEqual([row?.state, row?.reason], ['skipped', 'parse-failed']);
    const status = await cli('status', '--root', root, '--skipped');
    assert.equal(status.status, 0, status.stderr);
    assert.match(status.stdout, /^ {2}gen\/huge\.py {2}parse-failed \(the parse worker ran out of memory on it \(64 MB heap\)\)$/m);
    assert.match(status.stdout, /^files: 7 indexed, \d+ skipped$/m);
    // Not tried again until it changes.
    const again = await CodeIndex.open({ root, embedding: { enabled: false }, parseWorkers: 1, parseHeapMb: { worker: 32, max: 64 }, maxFileBytes: 2 ** 21 });
    const second = await again.update();
    await again.close();
    assert.deepEqual([second.indexed, second.unchanged], [0, 8]);
  } finally {
    removeWorkspace(root);
  }
});

test('worker crash: a size limit above what a parse worker can hold is refused up front, exit 2', async () => {
  const root = workspace({ 'a.py': lines('def alpha():', '    pass') });
  try {
    for (const command of ['index', 'watch']) {
      const r = await cli(command, '--root', root, '--max-file-size', '60MB');
      assert.equal(r.status, 2, `${command}: ${r.stdout}`);
      assert.match(r.stderr, /--max-file-size 60MB: more than a parse worker can be sure to hold \(at most 16 MB/);
    }
    assert.equal(fs.existsSync(path.join(root, '.coderag')), false, 'nothing ran');
    assert.equal((await cli('index', '--root', root, '--max-file-size', '16MB', '--no-embeddings')).status, 0);
  } finally {
    removeWorkspace(root);
  }
});
