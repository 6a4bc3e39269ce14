// Ignore rules across files: .coderagignore re-includes, built-in excludes, the index folder, the
// enclosing repository's rules and the names of the rules that skip a file.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { checkPath, scanWorkspace } from '../src/core/scan/walker';
import { removeWorkspace, workspace } from './helpers';

function scan(root: string, opts = {}) {
  const r = scanWorkspace(root, opts);
  return {
    files: r.files.map((f) => f.path).sort(),
    skipped: Object.fromEntries(r.skipped.map((s) => [s.path, s])),
  };
}

test('a folder re-included by .coderagignore (!gen/) re-includes everything under it, as !gen/** does', () => {
  const root = workspace({
    '.gitignore': 'gen/\n',
    '.coderagignore': '!gen/\n',
    'gen/g.py': 'g = 1\n',
    'gen/sub/s.py': 's = 1\n',
    'gen/node_modules/m.js': 'm\n',
    'app.py': 'a = 1\n',
  });
  try {
    const { files, skipped } = scan(root);
    assert.deepEqual(files, ['app.py', 'gen/g.py', 'gen/sub/s.py']);
    // Built-in rules still apply inside a re-included folder.
    assert.equal(skipped['gen/node_modules/']?.reason, 'default-exclude');
    assert.equal(checkPath(root, 'gen/sub/s.py').file?.path, 'gen/sub/s.py');
    assert.equal(checkPath(root, 'gen/g.py').file?.path, 'gen/g.py');
  } finally {
    removeWorkspace(root);
  }
});
