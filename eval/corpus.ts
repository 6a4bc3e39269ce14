// The evaluation corpus: the Python standard library of the system's python3 and a few packages
// from node_modules, linked under one folder so one index covers both. (Three questions are about
// minisearch's source, which the product also uses for its symbol index: src/core/symbols.)
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..');

/** The stdlib folder of `python3` on PATH (pyenv's or Debian's), else the first /usr/lib/python3.x. */
export function pythonStdlib(): string {
  try {
    const out = execFileSync('python3', ['-c', "import sysconfig;print(sysconfig.get_paths()['stdlib'])"], { encoding: 'utf8' }).trim();
    if (out && fs.existsSync(out)) return out;
  } catch {
    /* no python3 on PATH */
  }
  const debian = fs.readdirSync('/usr/lib').filter((d) => /^python3\.\d+$/.test(d)).sort().pop();
  if (!debian) throw new Error('no Python standard library found');
  return path.join('/usr/lib', debian);
}

// Tests, the IDE and bundled third-party packages are not "the standard library" a user asks about.
// `!dist/` lets the node packages' dist folders back in (the defaults hide every dist/): the MCP
// SDK ships nothing else, and the questions' answers name dist paths. Nested node_modules stay out.
const CORPUS_IGNORE = [
  '!dist/',
  'python/site-packages/',
  'python/idlelib/',
  'python/lib2to3/',
  'python/config-*/',
  'python/ensurepip/',
  'test/',
  'tests/',
].join('\n');

/** A symlink at `at` to `target`, replacing whatever else is there. */
export function link(target: string, at: string): void {
  fs.mkdirSync(path.dirname(at), { recursive: true });
  try {
    if (fs.readlinkSync(at) === target) return;
    fs.rmSync(at, { force: true });
  } catch {
    /* not there yet */
  }
  fs.symlinkSync(target, at);
}

/**
 * `withTests`: the standard library's tests stay in (`test/`, `tests/` folders beside the code they
 * test), to measure how much test files crowd results (`npm run eval -- --with-tests`).
 */
export function buildCorpus(dir: string, nodePackages: string[], withTests = false): string {
  fs.mkdirSync(path.join(dir, 'node'), { recursive: true });
  link(pythonStdlib(), path.join(dir, 'python'));
  for (const pkg of nodePackages) link(path.join(repoRoot, 'node_modules', pkg), path.join(dir, 'node', pkg));
  // The corpus is symlinks to the stdlib and node_modules: each is named, so the scan follows it.
  const links = ['!python/', ...nodePackages.map((pkg) => `!node/${pkg}/`)];
  const ignore = withTests ? CORPUS_IGNORE.split('\n').filter((l) => l !== 'test/' && l !== 'tests/').join('\n') : CORPUS_IGNORE;
  fs.writeFileSync(path.join(dir, '.coderagignore'), [...links, ignore].join('\n') + '\n');
  return dir;
}
