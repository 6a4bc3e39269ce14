// The embedding workers tell whether one of them is free: a query is embedded by a free worker or
// by the query model of its own, never queued behind a background run's batches.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { EmbedPool } from '../src/core/embed/embed-pool';
import { resolveModel } from '../src/core/embed/embedder';

test('embed pool: busy while a batch is queued, idle again once it is answered', async () => {
  const pool = await EmbedPool.start(resolveModel(undefined), 1);
  try {
    assert.equal(pool.idle, true);
    const batch = pool.embed(Array.from({ length: 64 }, (_, i) => `def function_${i}(value): return value * ${i}`));
    assert.equal(pool.idle, false, 'a worker with a batch in hand is not free for a query');
    assert.equal((await batch).length, 64);
    assert.equal(pool.idle, true);
  } finally {
    await pool.close();
  }
});
