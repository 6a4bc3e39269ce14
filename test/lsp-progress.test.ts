// A run's progress as the editor shows it: percent, the phase and an ETA once there is a rate.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { ProgressEvent } from '../src/core/service/api';
import { ProgressTracker } from '../src/lsp/progress';

const ev = (phase: ProgressEvent['phase'], files: [number, number], vectors: [number, number] = [0, 0], extra: Partial<ProgressEvent> = {}): ProgressEvent => ({
  runId: 1,
  phase,
  files: { done: files[0], total: files[1] },
  chunks: files[0] * 3,
  vectors: { done: vectors[0], total: vectors[1] },
  ...extra,
});

test('lsp progress: files percent, then an ETA from the rate once enough of the phase is behind', () => {
  let now = 0;
  const t = new ProgressTracker(() => now);
  assert.deepEqual(t.update(ev('parse', [0, 100])), { phase: 'parse', done: 0, total: 100, chunks: 0, percent: 0 });
  now = 1000;
  assert.equal(t.update(ev('parse', [10, 100]))!.etaSeconds, undefined, 'too early for a rate');
  now = 2000;
  const p = t.update(ev('parse', [20, 100]))!;
  assert.equal(p.percent, 20);
  assert.equal(p.etaSeconds, 8);
  assert.equal(t.update(ev('done', [100, 100])), undefined);
});

test('lsp progress: the embedding percent counts the vectors the index had before the run; paused is shown as such', () => {
  const t = new ProgressTracker(() => 0);
  t.setBase(600, 1000);
  assert.equal(t.update(ev('embed', [0, 0], [0, 0]))!.percent, 60, 'before the run counted what is missing');
  assert.equal(t.update(ev('embed', [0, 0], [200, 400]))!.percent, 80);
  assert.equal(t.update(ev('embed', [0, 0], [200, 400], { waitingOn: 'paused' }))!.phase, 'paused');
});
