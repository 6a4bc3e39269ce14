// The git repository a workspace lies in: where its top is and where its git dir keeps
// info/exclude. A workspace may be a subfolder of a repository (an editor opened on pkg/app of a
// monorepo), or a worktree or submodule whose `.git` is a file naming its git dir.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { globalExcludes, shownPath } from './global';

export interface Repo {
  /** The folder holding `.git`: the root itself or one above it. */
  top: string;
  /** `info/exclude` of the repository's common git dir (a worktree shares its main checkout's). */
  infoExclude: string;
  /** The git dir (`.git`, or the one a gitlink names) and the common git dir's config. */
  gitDir: string;
  config: string;
}

/** The nearest folder from `root` upwards holding a `.git` folder or file; none above the filesystem root. */
export function enclosingRepo(root: string): Repo | undefined {
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    const gitDir = gitDirOf(dir);
    if (gitDir) {
      const common = commonDirOf(gitDir);
      return { top: dir, infoExclude: path.join(common, 'info', 'exclude'), gitDir, config: path.join(common, 'config') };
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

function gitDirOf(dir: string): string | undefined {
  const dotGit = path.join(dir, '.git');
  const stat = fs.statSync(dotGit, { throwIfNoEntry: false });
  if (stat?.isDirectory()) return dotGit;
  if (!stat?.isFile()) return undefined;
  // A gitlink: `gitdir: <path>`, relative to the folder holding it.
  const m = /^gitdir:\s*(.+?)\s*$/m.exec(readOr(dotGit, ''));
  return m ? path.resolve(dir, m[1]) : undefined;
}

/** A worktree's git dir names the shared one in `commondir`; other git dirs are their own. */
function commonDirOf(gitDir: string): string {
  const common = readOr(path.join(gitDir, 'commondir'), '').trim();
  return common ? path.resolve(gitDir, common) : gitDir;
}

function readOr(file: string, fallback: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
}

/** The folders from the repository's top down to the root's parent: their .gitignore files apply too. */
export function foldersAbove(repo: Repo, root: string): string[] {
  const folders: string[] = [];
  // enclosingRepo found the top by going up from the root: this loop ends there.
  for (let dir = path.resolve(root); dir !== repo.top; ) {
    dir = path.dirname(dir);
    folders.unshift(dir);
  }
  return folders;
}

/** An ignore file outside the root's tree whose patterns apply to it. */
export interface OuterRuleFile {
  file: string;
  /** The root's path from the folder the patterns are relative to, with a trailing `/` ('' for the root). */
  above: string;
  /** How skip details name it: from the root (`../.gitignore`), or `~/…` for the global excludes. */
  shown: string;
}

/**
 * The ignore files outside the root that apply to it, lowest precedence first, as git orders
 * them: the global excludes file, the repository's info/exclude, then the .gitignore files from
 * its top down to the root's parent. Outside a repository, the global excludes alone, relative
 * to the root. `configs`: the git config files that chose the global excludes file.
 */
export function outerRules(root: string): { files: OuterRuleFile[]; configs: string[] } {
  const repo = enclosingRepo(root);
  const slashed = (p: string) => p.split(path.sep).join('/');
  const fromTop = repo ? slashed(path.relative(repo.top, root)) : '';
  const above = fromTop ? fromTop + '/' : '';
  const global = globalExcludes(repo?.top ?? root, process.env, repo);
  const files: OuterRuleFile[] = [];
  const shown = (abs: string) => slashed(path.relative(root, abs));
  // An excludes file inside the root (`core.excludesFile = myignore`) is named from the root, as the root's own files are.
  if (global.file) files.push({ file: global.file, above, shown: shown(global.file).startsWith('../') ? shownPath(global.file) : shown(global.file) });
  if (repo) {
    files.push({ file: repo.infoExclude, above, shown: shown(repo.infoExclude) });
    for (const dir of foldersAbove(repo, root)) {
      const gi = path.join(dir, '.gitignore');
      files.push({ file: gi, above: slashed(path.relative(dir, root)) + '/', shown: shown(gi) });
    }
  }
  return { files, configs: global.configs };
}
