// Watches the ignore files outside the root (repo.ts `outerRules`: the repository's .gitignore
// files above the root and its info/exclude, the global excludes file) and the git config files
// naming the latter. Each through its folder, not recursive, filtered by name: a watch on the file
// itself misses an editor's save by rename and a file created later, and chokidar notices only one
// missing file per folder. The folders' other entries and everything below them stay unwatched.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { outerRules } from '../scan/repo';

export interface OuterWatch {
  close(): void;
}

export function watchOuterRules(root: string, onChange: () => void, onError: (err: Error) => void): OuterWatch {
  const outer = outerRules(root);
  const byFolder = new Map<string, Set<string>>();
  const watch = (file: string) => {
    const dir = path.dirname(file);
    if (!byFolder.has(dir)) byFolder.set(dir, new Set());
    byFolder.get(dir)!.add(path.basename(file));
  };
  for (const file of [...outer.configs, ...outer.files.map((f) => f.file)]) {
    watch(file);
    // A dotfiles manager links ~/.gitconfig to a repository of its own: an edit lands in the
    // target's folder, not the link's.
    const target = linkTarget(file);
    if (target) watch(target);
    // A folder that does not exist yet (no ~/.config/git, no .git/info): its nearest existing
    // ancestor is watched for the first missing folder on the way, whose creation restarts the
    // watch (which then watches the folder itself).
    const missing = firstMissing(path.dirname(file));
    if (missing) watch(missing);
  }
  const watchers: fs.FSWatcher[] = [];
  for (const [dir, names] of byFolder) {
    try {
      // Some platforms do not say which entry changed: then any change counts.
      const w = fs.watch(dir, (_event, name) => (!name || names.has(name.toString())) && onChange());
      w.on('error', onError);
      watchers.push(w);
    } catch (err) {
      // A folder that does not exist (no ~/.config/git) holds no rules: nothing to watch.
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') onError(err as Error);
    }
  }
  return { close: () => watchers.forEach((w) => w.close()) };
}

/** Where a symbolic link leads (resolved through every link), undefined for anything else. */
function linkTarget(file: string): string | undefined {
  try {
    if (!fs.lstatSync(file).isSymbolicLink()) return undefined;
    return fs.realpathSync(file);
  } catch {
    return undefined; // missing, or a dangling link: its folder is watched already
  }
}

/** The outermost folder of `dir` that does not exist (`~/.config/git` when ~/.config exists), or undefined. */
function firstMissing(dir: string): string | undefined {
  let missing: string | undefined;
  for (let d = dir; !fs.existsSync(d); d = path.dirname(d)) {
    missing = d;
    if (path.dirname(d) === d) break;
  }
  return missing;
}
