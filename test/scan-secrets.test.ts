// Secrets are never indexed unless named explicitly; code that only looks like a secret is.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { checkPath, scanWorkspace } from '../src/core/scan/walker';
import { removeWorkspace, workspace } from './helpers';

function scan(files: Record<string, string>): { files: string[]; secrets: string[] } {
  const root = workspace(files);
  try {
    const r = scanWorkspace(root);
    return {
      files: r.files.map((f) => f.path).sort(),
      secrets: r.skipped.filter((s) => s.reason === 'secret').map((s) => s.path).sort(),
    };
  } finally {
    removeWorkspace(root);
  }
}

test('secret patterns name files, not folders: src/credentials/ is code', () => {
  const r = scan({ 'src/credentials/store.py': 'def load():\n    pass\n', 'credentials': '[default]\nkey = x\n' });
  assert.deepEqual(r.files, ['src/credentials/store.py']);
  assert.deepEqual(r.secrets, ['credentials']);
});
