import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CodeIndex, type IndexReport } from '../src/core/index/code-index';
import { ChangeBatcher, IndexWatcher } from '../src/core/watch/watch';
import { gitHome, lines, removeWorkspace, workspace } from './helpers';

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (await check()) return Date.now() - start;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('timed out');
}

/** A workspace of `files`, indexed and watched while `run` runs, then stopped and removed. */
async function watching(files: Record<string, string>, run: (w: { root: string; index: CodeIndex; watcher: IndexWatcher }) => Promise<void>): Promise<void> {
  const root = workspace(files);
  const index = await CodeIndex.open({ root, inProcess: true, embedding: { enabled: false } });
  await index.update();
  const watcher = new IndexWatcher(index, { embeddings: false });
  await watcher.start();
  try {
    await run({ root, index, watcher });
  } finally {
    await watcher.stop();
    await index.close();
    removeWorkspace(root);
  }
}

test('batcher: a burst of changes is one flush, a lone change flushes after the quiet period', async () => {
  const flushes: (string[] | 'all')[] = [];
  const b = new ChangeBatcher(async (p) => void flushes.push(p), 30, 500);
  for (let i = 0; i < 5000; i++) b.add(`f${i}.py`);
  await b.idle();
  assert.equal(flushes.length, 1);
  assert.equal((flushes[0] as string[]).length, 5000);
  b.add('one.py');
  await b.idle();
  assert.deepEqual(flushes[1], ['one.py']);
  b.dispose();
});

test('watch: edits, new files, deletions and ignore-file changes reach the index', async () => {
  const root = workspace({ 'a.py': lines('def alpha():', '    pass'), 'b.py': lines('def beta():', '    pass') });
  const index = await CodeIndex.open({ root, inProcess: true, embedding: { enabled: false } });
  await index.update();
  const reports: IndexReport[] = [];
  const watcher = new IndexWatcher(index, { embeddings: false, onUpdate: (r) => reports.push(r) });
  await watcher.start();
  try {
    fs.writeFileSync(path.join(root, 'c.py'), lines('def gamma_function():', '    pass'));
    const ms = await until(() => index.keyword.search('gamma_function').some((h) => h.qualifiedName === 'gamma_function'));
    assert.ok(ms < 5000, `searchable after ${ms} ms`);
    fs.writeFileSync(path.join(root, 'a.py'), lines('def alpha_renamed():', '    pass'));
    await until(() => index.keyword.search('alpha_renamed').some((h) => h.qualifiedName === 'alpha_renamed'));
    assert.equal(index.keyword.search('alpha').filter((h) => h.qualifiedName === 'alpha').length, 0);
    fs.rmSync(path.join(root, 'b.py'));
    await until(() => !index.fileRows().some((r) => r.path === 'b.py'));
    fs.writeFileSync(path.join(root, '.gitignore'), 'c.py\n');
    await until(() => !index.fileRows().some((r) => r.path === 'c.py'));
    await watcher.idle(); // the files map changes before the update's report is handed over
    assert.ok(reports.length >= 4);
  } finally {
    await watcher.stop();
    await index.close();
    removeWorkspace(root);
  }
});

test('watch: folders re-included by .coderagignore and symlinked folders are watched; node_modules is not', async () => {
  // The link's target is inside the root: a link leading outside is skipped by the scanner.
  const root = workspace({
    'lib/shared.py': lines('def shared_helper():', '    pass'),
    '.coderagignore': '!dist/\n',
    'dist/app.js': 'export function distributed() {}\n',
    'node_modules/pkg/index.js': 'module.exports = 1;\n',
    'build/out.js': 'var x = 1;\n',
    'src/a.py': lines('def alpha():', '    pass'),
  });
  fs.symlinkSync(path.join(root, 'lib'), path.join(root, 'linked'));
  fs.symlinkSync(root, path.join(root, 'src', 'loop')); // a loop: must neither hang nor recurse
  const index = await CodeIndex.open({ root, inProcess: true, embedding: { enabled: false } });
  await index.update();
  assert.ok(index.fileRows().some((r) => r.path === 'linked/shared.py'), 'the scanner follows the link');
  const watcher = new IndexWatcher(index, { embeddings: false });
  await watcher.start();
  try {
    const watched = watcher.watchedFolders();
    assert.ok(watched.includes('dist') && watched.includes('linked'), watched.join(', '));
    assert.ok(!watched.some((d) => /(^|\/)(node_modules|build|\.coderag|loop)(\/|$)/.test(d)), watched.join(', '));
    fs.writeFileSync(path.join(root, 'dist', 'later.js'), 'export function redistributed_later() {}\n');
    await until(() => index.keyword.search('redistributed_later').some((h) => h.path === 'dist/later.js'));
    fs.writeFileSync(path.join(root, 'lib', 'more.py'), lines('def linked_addition():', '    pass'));
    await until(() => index.keyword.search('linked_addition').some((h) => h.path === 'linked/more.py'));
    // A rule added while watching reopens a built-in folder: it is watched from then on.
    fs.writeFileSync(path.join(root, '.coderagignore'), '!dist/\n!build/\n');
    await until(() => index.fileRows().some((r) => r.path === 'build/out.js'));
    await until(() => watcher.watchedFolders().includes('build'));
    fs.writeFileSync(path.join(root, 'build', 'gen.js'), 'export function built_after_reopen() {}\n');
    await until(() => index.keyword.search('built_after_reopen').some((h) => h.path === 'build/gen.js'));
    assert.ok(!watcher.watchedFolders().some((d) => d.includes('node_modules')));
  } finally {
    await watcher.stop();
    await index.close();
    removeWorkspace(root);
  }
});

test('watch: re-including node_modules/mylib/ watches that package only, not the rest of node_modules', () =>
  watching(
    {
      '.coderagignore': '!node_modules/mylib/\n',
      'node_modules/mylib/m.py': lines('def mine():', '    pass'),
      'node_modules/other/deep/o.py': lines('def theirs():', '    pass'),
      'src/a.py': lines('def alpha():', '    pass'),
    },
    async ({ root, index, watcher }) => {
      assert.deepEqual(watcher.watchedFolders().sort(), ['', 'node_modules', 'node_modules/mylib', 'src']);
      fs.writeFileSync(path.join(root, 'node_modules', 'mylib', 'later.py'), lines('def mine_later():', '    pass'));
      await until(() => index.keyword.search('mine_later').some((h) => h.path === 'node_modules/mylib/later.py'));
    },
  ));

test('watch: the rule files above the root (repository .gitignore files, info/exclude, global excludes, git config) re-apply the rules', async () => {
  const home = workspace({ '.config/git/.keep': '' });
  const repo = workspace({
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.git/info/.keep': '',
    '.gitignore': '*.log\n',
    'pkg/app/a.py': lines('def alpha():', '    pass'),
    'pkg/app/gen_x.py': lines('def generated_x():', '    pass'),
    'pkg/app/notes.py': lines('def notes():', '    pass'),
    'pkg/app/local.py': lines('def local():', '    pass'),
    'pkg/app/scratch.py': lines('def scratch():', '    pass'),
    'pkg/app/later.py': lines('def later():', '    pass'),
  });
  const restoreEnv = gitHome(home);
  const root = path.join(repo, 'pkg', 'app');
  const index = await CodeIndex.open({ root, inProcess: true, embedding: { enabled: false } });
  await index.update();
  const indexed = (p: string) => index.fileRows().some((r) => r.path === p && r.state === 'indexed');
  const watcher = new IndexWatcher(index, { embeddings: false });
  await watcher.start();
  try {
    assert.ok(['a.py', 'gen_x.py', 'notes.py', 'local.py', 'scratch.py', 'later.py'].every(indexed));
    // Only the files themselves are watched, never the folders above the root with all under them.
    assert.deepEqual(watcher.watchedFolders(), ['']);
    fs.writeFileSync(path.join(repo, '.gitignore'), '*.log\ngen_*.py\n'); // edited at the repository's top
    await until(() => !indexed('gen_x.py'));
    fs.writeFileSync(path.join(repo, 'pkg', '.gitignore'), 'local.py\n'); // created in a folder between
    await until(() => !indexed('local.py'));
    fs.writeFileSync(path.join(repo, '.git', 'info', 'exclude'), 'notes.py\n');
    await until(() => !indexed('notes.py'));
    fs.writeFileSync(path.join(home, '.config', 'git', 'ignore'), 'scratch.py\n'); // the default global excludes
    await until(() => !indexed('scratch.py'));
    // core.excludesFile now names another file: it replaces the default one, and is watched from then on.
    fs.writeFileSync(path.join(home, 'other-ignore'), 'later.py\n');
    fs.writeFileSync(path.join(home, '.gitconfig'), '[core]\n\texcludesFile = ~/other-ignore\n');
    await until(() => !indexed('later.py') && indexed('scratch.py'));
    // Saved as editors do, by renaming a new file over it.
    fs.writeFileSync(path.join(home, 'other-ignore.tmp'), '# nothing\n');
    fs.renameSync(path.join(home, 'other-ignore.tmp'), path.join(home, 'other-ignore'));
    await until(() => indexed('later.py'));
    assert.ok(indexed('a.py'));
  } finally {
    await watcher.stop();
    await index.close();
    restoreEnv();
    removeWorkspace(repo);
    removeWorkspace(home);
  }
});

test('watch: rule edits arriving while the watch restarts leave it watching what the last rules say', () =>
  watching(
    {
      'src/a.py': lines('def alpha():', '    pass'),
      'dist/d.py': lines('def built():', '    pass'),
      'build/b.py': lines('def made():', '    pass'),
    },
    async ({ root, index, watcher }) => {
      // A burst spread over several restarts: each edit may land before, during or after one.
      for (let i = 0; i < 40; i++) {
        fs.writeFileSync(path.join(root, '.coderagignore'), i === 39 ? '!dist/\n' : i % 2 ? '!build/\n' : '# none\n');
        await new Promise((resolve) => setTimeout(resolve, 5 + (i % 7) * 6));
      }
      await until(() => watcher.watchedFolders().includes('dist') && !watcher.watchedFolders().includes('build'));
      fs.writeFileSync(path.join(root, 'dist', 'later.py'), lines('def built_later():', '    pass'));
      await until(() => index.keyword.search('built_later').some((h) => h.path === 'dist/later.py'));
      await until(() => !index.fileRows().some((r) => r.path === 'build/b.py'));
    },
  ));

test('watch: a git config linked from elsewhere (a dotfiles repository) and a config folder created later are followed', async () => {
  const home = workspace({ 'dotfiles/gitconfig': '[core]\n\texcludesFile = ~/ex1\n', 'ex1': 'b.tmp\n', 'ex2': 'c.py\n' });
  fs.symlinkSync(path.join(home, 'dotfiles', 'gitconfig'), path.join(home, '.gitconfig'));
  // No ~/.config at all: the default global file's folder does not exist yet.
  const restoreEnv = gitHome(home);
  const files = { 'a.py': lines('def alpha():', '    pass'), 'b.tmp': 'b\n', 'c.py': lines('def gamma():', '    pass'), 'd.py': lines('def delta():', '    pass') };
  try {
    await watching(files, async ({ index }) => {
      const indexed = (p: string) => index.fileRows().some((r) => r.path === p && r.state === 'indexed');
      assert.ok(indexed('c.py') && !indexed('b.tmp'));
      // Edited through its real path, as the dotfiles repository's tools do.
      fs.writeFileSync(path.join(home, 'dotfiles', 'gitconfig'), '[core]\n\texcludesFile = ~/ex2\n');
      await until(() => !indexed('c.py'));
      // Back to the default file, whose folders are then created.
      fs.writeFileSync(path.join(home, 'dotfiles', 'gitconfig'), '[user]\n\tname = x\n');
      await until(() => indexed('c.py'));
      fs.mkdirSync(path.join(home, '.config', 'git'), { recursive: true });
      fs.writeFileSync(path.join(home, '.config', 'git', 'ignore'), 'd.py\n');
      await until(() => !indexed('d.py'));
      assert.ok(indexed('a.py'));
    });
  } finally {
    restoreEnv();
    removeWorkspace(home);
  }
});
