// Files skipped for a reason that passes (vanished, unreadable, changed while read) are tried again:
// by the next pass, and by the watcher once its burst settles. A skip for a reason that stays
// (binary, minified…) is not, until the file changes.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CodeIndex } from '../src/core/index/code-index';
import { IndexWatcher } from '../src/core/watch/watch';
import { lines, removeWorkspace, workspace } from './helpers';

function files(n: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < n; i++) out[`src/mod_${String(i).padStart(2, '0')}.py`] = lines(`def handler_${i}(event):`, `    return event + ${i}`);
  return out;
}

/**
 * An index whose reads go through `hook` first (the editor's buffer lookup, asked once per file
 * right before its parse): the hook moves files away and back between the change set and the end
 * of the pass, as a branch switch under a running pass does.
 */
async function open(root: string, hook?: (p: string) => void): Promise<CodeIndex> {
  return CodeIndex.open({ root, embedding: { enabled: false }, inProcess: true, readFile: (p) => void hook?.(p) });
}

test('transient: a file gone while its pass read it and back before the pass ended is retried by the next pass', async () => {
  const root = workspace(files(30));
  const moved = path.join(root, 'src/mod_02.py');
  const away = `${moved}.away`;
  try {
    // mod_02 is read while it is away (its read finds nothing); mod_25's turn, which comes once
    // the first files are parsed (a pass reads ten at a time), puts it back.
    let index = await open(root, (p) => {
      if (p === 'src/mod_02.py' && fs.existsSync(moved)) fs.renameSync(moved, away);
      if (p === 'src/mod_25.py' && fs.existsSync(away)) fs.renameSync(away, moved);
    });
    const first = await index.update();
    assert.equal(first.indexed, 29);
    await index.close();

    index = await open(root);
    const second = await index.update();
    assert.deepEqual([second.indexed, second.unchanged], [1, 29], 'the next pass reads it again');
    assert.equal(index.keyword.search('handler_2')[0]?.qualifiedName, 'handler_2');
    assert.equal(index.fileRow('src/mod_02.py')?.state, 'indexed');
    await index.close();
  } finally {
    removeWorkspace(root);
  }
});

test('transient: a skip that stays (binary content) is not read again until the file changes', async () => {
  const root = workspace({ ...files(2), 'src/blob.py': Buffer.from([0, 1, 2, 3, 0, 0, 7, 8]) });
  try {
    const index = await open(root);
    const first = await index.update();
    assert.equal(first.indexed, 2);
    assert.equal(index.fileRow('src/blob.py')?.reason, 'binary');
    const second = await index.update();
    assert.deepEqual([second.indexed, second.unchanged], [0, 3]);
    await index.close();
  } finally {
    removeWorkspace(root);
  }
});

test('transient: the watcher retries a transient skip once its burst settles, without another event', async () => {
  const root = workspace(files(30));
  const moved = path.join(root, 'src/mod_01.py');
  const away = `${moved}.away`;
  let armed = false;
  const index = await open(root, (p) => {
    if (!armed) return;
    if (p === 'src/mod_01.py' && fs.existsSync(moved)) fs.renameSync(moved, away);
    if (p === 'src/mod_25.py' && fs.existsSync(away)) {
      armed = false;
      fs.renameSync(away, moved);
    }
  });
  await index.update();
  // An editor's events only (no chokidar): nothing but the settle can bring mod_1 back.
  const watcher = new IndexWatcher(index, { embeddings: false, quietMs: 20, source: 'external' });
  await watcher.start();
  try {
    armed = true;
    for (const p of Object.keys(files(30))) watcher.notify(p);
    await watcher.idle();
    assert.equal(index.fileRow('src/mod_01.py')?.state, 'indexed', `after the settle: ${JSON.stringify(index.fileRow('src/mod_01.py'))}`);
    assert.equal(index.keyword.search('handler_1')[0]?.qualifiedName, 'handler_1');
  } finally {
    await watcher.stop();
    await index.close();
    removeWorkspace(root);
  }
});
