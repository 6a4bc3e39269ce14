// Git's global excludes (core.excludesFile, else $XDG_CONFIG_HOME/git/ignore): read from a home
// folder made for the test, never the real user's.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { configEntries, globalExcludes } from '../src/core/scan/global';
import { checkPath, scanWorkspace } from '../src/core/scan/walker';
import { gitHome, removeWorkspace, workspace } from './helpers';

const bin = path.join(__dirname, '..', '..', 'bin', 'coderag.js');
/** Runs `fn` with git's user files in `home` (see gitHome). */
function withHome<T>(home: string, xdg: string | undefined, fn: () => T): T {
  const restore = gitHome(home, xdg);
  try {
    return fn();
  } finally {
    restore();
  }
}

function scan(root: string) {
  const r = scanWorkspace(root);
  return { files: r.files.map((f) => f.path).sort(), skipped: Object.fromEntries(r.skipped.map((s) => [s.path, s.detail])) };
}

test('git config reader: sections, keys, quotes, escapes, comments and continued lines, as git-config(1) reads them', () => {
  const text = [
    '# comment',
    '[user]',
    '\tname = "A \\"B\\""',
    '[core "sub"]',
    '\texcludesFile = not-this',
    '[CORE] ExcludesFile = first ; a comment',
    '\tautocrlf',
    '\texcludesFile = "a;b"  c\\',
    'd  # trailing',
    '[include]',
    '\tpath = ~/more.gitconfig',
  ].join('\r\n');
  assert.deepEqual(configEntries(text), [
    { section: 'user', key: 'name', value: 'A "B"' },
    { section: 'core.sub', key: 'excludesfile', value: 'not-this' },
    { section: 'core', key: 'excludesfile', value: 'first' },
    { section: 'core', key: 'autocrlf' },
    { section: 'core', key: 'excludesfile', value: 'a;b  cd' },
    { section: 'include', key: 'path', value: '~/more.gitconfig' },
  ]);
  // A line git rejects ends the reading; what came before stands.
  assert.deepEqual(configEntries('[core]\nexcludesFile = x\n= broken\nexcludesFile = y\n'), [{ section: 'core', key: 'excludesfile', value: 'x' }]);
});

test('global excludes: ~/.config/git/ignore by default, $XDG_CONFIG_HOME, core.excludesFile with ~/ and [include], GIT_CONFIG_GLOBAL', () => {
  const home = workspace({});
  try {
    const none = withHome(home, undefined, () => globalExcludes('/repo'));
    assert.equal(none.file, path.join(home, '.config', 'git', 'ignore'));
    assert.deepEqual(none.configs, [path.join(home, '.config', 'git', 'config'), path.join(home, '.gitconfig')]);
    const xdg = path.join(home, 'xdg');
    assert.equal(withHome(home, xdg, () => globalExcludes('/repo')).file, path.join(xdg, 'git', 'ignore'));
    // The XDG config names one file, ~/.gitconfig (read later) another: the later one wins.
    fs.mkdirSync(path.join(xdg, 'git'), { recursive: true });
    fs.writeFileSync(path.join(xdg, 'git', 'config'), '[core]\n\texcludesFile = /from/xdg\n');
    assert.equal(withHome(home, xdg, () => globalExcludes('/repo')).file, '/from/xdg');
    fs.writeFileSync(path.join(home, '.gitconfig'), '[include]\n\tpath = extra.gitconfig\n');
    fs.writeFileSync(path.join(home, 'extra.gitconfig'), '[core]\n\texcludesFile = ~/my ignore\n');
    const included = withHome(home, xdg, () => globalExcludes('/repo'));
    assert.equal(included.file, path.join(home, 'my ignore'));
    assert.ok(included.configs.includes(path.join(home, 'extra.gitconfig')), 'an included file is watched too');
    // Relative: from the repository's top, as git (which runs there) resolves it.
    fs.writeFileSync(path.join(home, 'extra.gitconfig'), '[core]\n\texcludesFile = .my-ignore\n');
    assert.equal(withHome(home, xdg, () => globalExcludes('/repo')).file, path.resolve('/repo', '.my-ignore'));
    // Set to nothing: no global excludes, and no fallback to the default file.
    fs.writeFileSync(path.join(home, 'extra.gitconfig'), '[core]\n\texcludesFile =\n');
    assert.equal(withHome(home, xdg, () => globalExcludes('/repo')).file, undefined);
    const only = path.join(home, 'only.gitconfig');
    fs.writeFileSync(only, '[core]\n\texcludesFile = /from/env\n');
    assert.deepEqual(globalExcludes('/repo', { HOME: home, GIT_CONFIG_GLOBAL: only }), { file: '/from/env', configs: [only] });
  } finally {
    removeWorkspace(home);
  }
});

test('excludes file: [includeIf "gitdir:…"] applies to the repositories it names, and the repository\'s own config overrides the user\'s', () => {
  const home = workspace({
    '.gitconfig': '[includeIf "gitdir:~/work/"]\n\tpath = ~/work.cfg\n[includeIf "gitdir/i:**/OTHER/.git"]\n\tpath = ~/other.cfg\n',
    'work.cfg': '[core]\n\texcludesFile = ~/work-ignore\n',
    'other.cfg': '[core]\n\texcludesFile = ~/other-ignore\n',
  });
  try {
    const repo = (dir: string) => ({ gitDir: path.join(home, dir, '.git'), config: path.join(home, dir, '.git', 'config') });
    withHome(home, undefined, () => {
      const at = (dir: string) => globalExcludes(path.join(home, dir), process.env, repo(dir)).file;
      assert.equal(at('work/app'), path.join(home, 'work-ignore'));
      assert.equal(at('x/other'), path.join(home, 'other-ignore')); // gitdir/i: any case
      assert.equal(at('elsewhere'), path.join(home, '.config', 'git', 'ignore'));
      fs.mkdirSync(path.join(home, 'work', 'app', '.git'), { recursive: true });
      fs.writeFileSync(path.join(home, 'work', 'app', '.git', 'config'), '[core]\n\texcludesFile = /repo-ignore\n');
      assert.equal(at('work/app'), '/repo-ignore');
      assert.ok(globalExcludes(home, process.env, repo('work/app')).configs.includes(path.join(home, 'work', 'app', '.git', 'config')));
    });
  } finally {
    removeWorkspace(home);
  }
});

test('the global excludes file hides files with the lowest precedence, named in skip details; the CLI agrees', () => {
  const home = workspace({ '.config/git/ignore': '*.swp\nscratch/\n*.log\nkeep.py\n' });
  const repo = workspace({
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.git/info/exclude': '!keep.py\n',
    '.gitignore': '!keep.log\n',
    'pkg/app/a.py': 'a = 1\n',
    'pkg/app/a.py.swp': 'swap\n',
    'pkg/app/scratch/s.py': 's = 1\n',
    'pkg/app/x.log': 'log\n',
    'pkg/app/keep.log': 'log\n',
    'pkg/app/keep.py': 'k = 1\n',
  });
  const plain = workspace({ 'b.py': 'b = 1\n', 'b.py.swp': 'swap\n' });
  try {
    const root = path.join(repo, 'pkg', 'app');
    withHome(home, undefined, () => {
      // What `git ls-files -o --exclude-standard .` lists from pkg/app with this home.
      const { files, skipped } = scan(root);
      assert.deepEqual(files, ['a.py', 'keep.log', 'keep.py']);
      assert.equal(skipped['a.py.swp'], 'by "*.swp" (~/.config/git/ignore:1)');
      assert.equal(skipped['scratch/'], 'by "scratch/" (~/.config/git/ignore:2)');
      assert.equal(skipped['x.log'], 'by "*.log" (~/.config/git/ignore:3)');
      assert.equal(checkPath(root, 'a.py.swp').skipped?.detail, 'by "*.swp" (~/.config/git/ignore:1)');
      assert.equal(checkPath(root, 'scratch/s.py').skipped?.reason, 'ignored');
      assert.equal(checkPath(root, 'keep.log').file?.path, 'keep.log');
      // Outside a repository the global rules apply too, relative to the root, as .gitignore files do.
      assert.deepEqual(scan(plain).files, ['b.py']);
    });
    // The real CLI with that home: `status --skipped` names the rule.
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, CODERAG_NO_RELAUNCH: '1' };
    delete env.XDG_CONFIG_HOME;
    delete env.GIT_CONFIG_GLOBAL;
    execFileSync(process.execPath, [bin, 'index', '--root', root, '--no-embeddings'], { env, stdio: 'ignore' });
    const status = JSON.parse(execFileSync(process.execPath, [bin, 'status', '--skipped', '--json', '--root', root], { env, encoding: 'utf8' }));
    const swp = status.skipped.find((s: { path: string }) => s.path === 'a.py.swp');
    assert.equal(swp?.detail, 'by "*.swp" (~/.config/git/ignore:1)');
  } finally {
    removeWorkspace(home);
    removeWorkspace(repo);
    removeWorkspace(plain);
  }
});
