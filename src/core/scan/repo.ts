// The git repository a workspace lies in: where its top is and where its git dir keeps
// info/exclude. A workspace may be a subfolder of a repository (an editor opened on pkg/app of a
// monorepo), or a worktree or submodule whose `.git` is a file naming its git dir.
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface Repo {
  /** The folder holding `.git`: the root itself or one above it. */
  top: string;
  /** `info/exclude` of the repository's common git dir (a worktree shares its main checkout's). */
  infoExclude: string;
}

/** The nearest folder from `root` upwards holding a `.git` folder or file; none above the filesystem root. */
export function enclosingRepo(root: string): Repo | undefined {
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    const gitDir = gitDirOf(dir);
    if (gitDir) return { top: dir, infoExclude: path.join(commonDirOf(gitDir), 'info', 'exclude') };
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
