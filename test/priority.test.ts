// Background work runs below the user's priority, the thread that answers queries does not: with
// runWorkersInBackground() (the language server's setting) a pool's worker threads lower
// themselves to nice 10 and the process's main thread stays where it was.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { runWorkersInBackground } from '../src/core/base/priority';
import { ParsePool } from '../src/core/parse/parse-pool';

/** Each thread of this process: its id and nice value (/proc, field 19). */
function threads(): { tid: number; nice: number }[] {
  return fs.readdirSync('/proc/self/task').map((tid) => ({ tid: Number(tid), nice: Number(fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ')[16]) }));
}

test('background workers lower their own threads, not the main thread', { skip: process.platform !== 'linux' }, async () => {
  const mainBefore = threads().find((t) => t.tid === process.pid)!.nice;
  const niced = () => threads().filter((t) => t.nice >= 10 && t.tid !== process.pid).length;
  const before = niced();
  runWorkersInBackground();
  const pool = new ParsePool({ workers: 2, maxTokens: 512 });
  try {
    const end = Date.now() + 10_000;
    while (niced() < before + 2 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    assert.ok(niced() >= before + 2, `two worker threads at nice 10: ${JSON.stringify(threads())}`);
    assert.equal(threads().find((t) => t.tid === process.pid)!.nice, mainBefore, 'the main thread keeps its priority');
  } finally {
    runWorkersInBackground(false);
    await pool.close();
  }
});
