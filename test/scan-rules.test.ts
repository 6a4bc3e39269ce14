// Ignore rules across files: .coderagignore re-includes, built-in excludes, the index folder, the
// enclosing repository's rules and the names of the rules that skip a file.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { CodeIndex } from '../src/core/index/code-index';
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

test('re-including one subfolder of an excluded folder keeps its siblings excluded', () => {
  const root = workspace({
    '.gitignore': 'generated/\n',
    '.coderagignore': '!node_modules/mylib/\n!build/gen/\n!generated/keep/\n',
    'node_modules/mylib/index.js': 'module.exports = 1;\n',
    'node_modules/mylib/node_modules/dep/d.js': 'd\n',
    'node_modules/other/o.py': 'o = 1\n',
    'build/b0.py': 'b = 0\n',
    'build/release/br.py': 'br = 1\n',
    'build/gen/g.py': 'g = 1\n',
    'generated/keep/k.py': 'k = 1\n',
    'generated/other.py': 'o = 1\n',
  });
  try {
    const { files, skipped } = scan(root);
    assert.deepEqual(files, ['build/gen/g.py', 'generated/keep/k.py', 'node_modules/mylib/index.js']);
    for (const p of ['node_modules/other/', 'build/b0.py', 'build/release/', 'node_modules/mylib/node_modules/']) {
      assert.equal(skipped[p]?.reason, 'default-exclude', p);
    }
    assert.equal(skipped['generated/other.py']?.reason, 'ignored');
    // The single-path check agrees with the walk.
    assert.equal(checkPath(root, 'build/release/br.py').skipped?.reason, 'default-exclude');
    assert.equal(checkPath(root, 'node_modules/other/o.py').skipped?.reason, 'default-exclude');
    assert.equal(checkPath(root, 'build/gen/g.py').file?.path, 'build/gen/g.py');
  } finally {
    removeWorkspace(root);
  }
});

test('an index folder inside the root is never indexed, whatever its name', async () => {
  const root = workspace({ 'app.py': 'def main():\n    pass\n', 'lib/util.py': 'X = 1\n' });
  const indexDir = path.join(root, 'myindex');
  try {
    const index = await CodeIndex.open({ root, indexDir, embedding: { enabled: false }, inProcess: true });
    try {
      const first = await index.update();
      assert.equal(first.indexed, 2);
      const second = await index.update();
      assert.deepEqual([second.indexed, second.unchanged, second.deleted], [0, 2, 0]);
      assert.deepEqual(index.fileRows().map((r) => r.path).sort(), ['app.py', 'lib/util.py']);
      assert.equal(index.skipped().find((s) => s.path === 'myindex/')?.reason, 'default-exclude');
    } finally {
      await index.close();
    }
    assert.equal(checkPath(root, 'myindex/meta.json', { indexDir }).skipped?.reason, 'default-exclude');
  } finally {
    removeWorkspace(root);
  }
});

test('a .git file (worktree or submodule gitlink) is excluded like the .git folder', () => {
  const root = workspace({
    '.git': 'gitdir: /elsewhere/.git/worktrees/wt\n',
    'sub/.git': 'gitdir: ../.git/modules/sub\n',
    'sub/.hg/store/x': 'x\n',
    'sub/s.py': 's = 1\n',
  });
  try {
    const { files, skipped } = scan(root);
    assert.deepEqual(files, ['sub/s.py']);
    assert.equal(skipped['.git']?.reason, 'default-exclude');
    assert.equal(skipped['sub/.git']?.reason, 'default-exclude');
    assert.equal(skipped['sub/.hg/']?.reason, 'default-exclude');
  } finally {
    removeWorkspace(root);
  }
});
