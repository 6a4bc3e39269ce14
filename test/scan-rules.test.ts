// Ignore rules across files: .coderagignore re-includes, built-in excludes, the index folder, the
// enclosing repository's rules and the names of the rules that skip a file.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
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

test('a negation with ** crosses excluded folders at any depth when it names them (!**/build/*.py), not when it names none (!**/*.py)', () => {
  const tree = {
    'build/b.py': 'b = 1\n',
    'build/b.txt': 'b\n',
    'build/sub/s.py': 's = 1\n',
    'pkg/build/p.py': 'p = 1\n',
    'pkg/node_modules/x/n.py': 'n = 1\n',
    'node_modules/y/m.py': 'm = 1\n',
    'app.py': 'a = 1\n',
  };
  const cases: [string, string[]][] = [
    ['!**/build/*.py\n', ['app.py', 'build/b.py', 'pkg/build/p.py']],
    ['!**/build/**\n', ['app.py', 'build/b.py', 'build/b.txt', 'build/sub/s.py', 'pkg/build/p.py']],
    ['!build/*.py\n', ['app.py', 'build/b.py']],
    ['!build/**/*.py\n', ['app.py', 'build/b.py', 'build/sub/s.py']],
    ['!pkg/build/p.py\n', ['app.py', 'pkg/build/p.py']],
    // A wildcard standing for the excluded folder names none: `*` could as well be node_modules.
    ['!pkg/*/p.py\n', ['app.py']],
    ['!**/node_modules/x/\n', ['app.py', 'pkg/node_modules/x/n.py']],
    ['!**/*.py\n', ['app.py']],
  ];
  for (const [rules, expected] of cases) {
    const root = workspace({ ...tree, '.coderagignore': rules });
    try {
      assert.deepEqual(scan(root).files, expected, rules);
      for (const f of expected) assert.equal(checkPath(root, f).file?.path, f, `${rules} ${f}`);
    } finally {
      removeWorkspace(root);
    }
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

test('a root inside a repository applies the .gitignore files above it and the repository\'s info/exclude', () => {
  const repo = workspace({
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.git/info/exclude': 'notes.md\n/pkg/app/local/\n',
    '.gitignore': '*.log\n/pkg/app/dist-local/\n',
    'pkg/.gitignore': 'gen/\n!keep.log\n',
    'pkg/app/.gitignore': 'tmp/\n',
    'pkg/app/a.py': 'a = 1\n',
    'pkg/app/a.log': 'log\n',
    'pkg/app/keep.log': 'log\n',
    'pkg/app/gen/g.py': 'g = 1\n',
    'pkg/app/dist-local/x.py': 'x = 1\n',
    'pkg/app/notes.md': '# n\n',
    'pkg/app/local/l.py': 'l = 1\n',
    'pkg/app/tmp/t.py': 't = 1\n',
    'pkg/app/sub/dist-local/y.py': 'y = 1\n',
  });
  try {
    const root = path.join(repo, 'pkg', 'app');
    // What `git ls-files -o --exclude-standard .` lists from pkg/app.
    const expected = ['.gitignore', 'a.py', 'keep.log', 'sub/dist-local/y.py'];
    const { files, skipped } = scan(root);
    assert.deepEqual(files, expected.filter((f) => f !== '.gitignore'));
    assert.equal(skipped['a.log']?.reason, 'ignored');
    assert.equal(skipped['gen/']?.reason, 'ignored');
    assert.equal(skipped['dist-local/']?.reason, 'ignored');
    assert.equal(skipped['notes.md']?.reason, 'ignored');
    assert.equal(skipped['local/']?.reason, 'ignored');
    assert.equal(checkPath(root, 'a.log').skipped?.reason, 'ignored');
    assert.equal(checkPath(root, 'keep.log').file?.path, 'keep.log');
    // A worktree's .git is a file naming its git dir; info/exclude lives in the common git dir.
    const wt = path.join(repo, 'wt');
    fs.mkdirSync(path.join(repo, '.git', 'worktrees', 'wt'), { recursive: true });
    fs.writeFileSync(path.join(repo, '.git', 'worktrees', 'wt', 'commondir'), '../..\n');
    fs.mkdirSync(path.join(wt, 'src'), { recursive: true });
    fs.writeFileSync(path.join(wt, '.git'), `gitdir: ${path.join(repo, '.git', 'worktrees', 'wt')}\n`);
    fs.writeFileSync(path.join(wt, 'src', 'notes.md'), '# n\n');
    fs.writeFileSync(path.join(wt, 'src', 'w.log'), 'log\n');
    fs.writeFileSync(path.join(wt, 'src', 'w.py'), 'w = 1\n');
    const inWorktree = scan(path.join(wt, 'src'));
    // The worktree is its own repository top: the main checkout's .gitignore does not apply to it.
    assert.deepEqual(inWorktree.files, ['w.log', 'w.py']);
    assert.equal(inWorktree.skipped['notes.md']?.reason, 'ignored');
  } finally {
    removeWorkspace(repo);
  }
});

test('.gitignore patterns match case-sensitively on Linux, as git does', { skip: process.platform !== 'linux' }, () => {
  const root = workspace({ '.gitignore': '*.LOG\nGen/\n', 'debug.log': 'x\n', 'TRACE.LOG': 'x\n', 'gen/a.py': 'a = 1\n', 'Gen/b.py': 'b = 1\n' });
  try {
    const { files, skipped } = scan(root);
    assert.deepEqual(files.filter((f) => f !== '.gitignore'), ['debug.log', 'gen/a.py']);
    assert.equal(skipped['TRACE.LOG']?.reason, 'ignored');
    assert.equal(skipped['Gen/']?.reason, 'ignored');
  } finally {
    removeWorkspace(root);
  }
});

test('a root the enclosing repository ignores is indexed whole: the repository\'s rules do not describe it', () => {
  const top = workspace({ '.gitignore': '.cache/\n*.log\n', '.cache/corpus/a.py': 'a = 1\n', '.cache/corpus/b.log': 'x\n', 'src/c.py': 'c = 1\n' });
  try {
    fs.mkdirSync(path.join(top, '.git'));
    assert.deepEqual(scan(path.join(top, '.cache', 'corpus')).files, ['a.py', 'b.log']);
    assert.deepEqual(scan(path.join(top, 'src')).files, ['c.py']);
  } finally {
    removeWorkspace(top);
  }
});
