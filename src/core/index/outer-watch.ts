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
  for (const file of [...outer.configs, ...outer.files.map((f) => f.file)]) {
    const dir = path.dirname(file);
    if (!byFolder.has(dir)) byFolder.set(dir, new Set());
    byFolder.get(dir)!.add(path.basename(file));
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
