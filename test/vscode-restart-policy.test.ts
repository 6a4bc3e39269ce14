// src/vscode/restart-policy.ts: restart a dead server, but not forever.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { RestartPolicy } from '../src/vscode/restart-policy';

test('restart policy: four restarts within three minutes, then none until the oldest ages out', () => {
  const policy = new RestartPolicy(4, 180_000);
  assert.deepEqual([0, 1_000, 2_000, 3_000].map((t) => policy.allow(t)), [true, true, true, true]);
  assert.equal(policy.allow(4_000), false, 'the fifth death within the window stops it');
  assert.equal(policy.allow(180_001), true, 'once the first restart is older than the window, one more is allowed');
  assert.match(policy.gaveUpMessage, /stopped 5 times in 3 minutes/);
});
