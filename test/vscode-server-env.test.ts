// The language-server child's environment (src/vscode/server-env.ts).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { MALLOC_ENV, serverEnv } from '../src/vscode/server-env';

test('server env: the malloc settings of bin/malloc-env.js, the runtime as plain Node, the user’s values kept', () => {
  // src/vscode may not import bin/: the two copies must agree.
  const launcher = require('../../bin/malloc-env.js') as { MALLOC_ENV: Record<string, string> };
  assert.deepEqual({ ...MALLOC_ENV }, launcher.MALLOC_ENV);
  const env = serverEnv({ PATH: '/bin', MALLOC_ARENA_MAX: '4' });
  assert.deepEqual(env, { PATH: '/bin', MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: '262144', ELECTRON_RUN_AS_NODE: '1' });
});
