// A real folder as an editor test's workspace: its text files read into the map `withEditor`
// writes out (so the run never touches the original), without caches, VCS data and big files.
import * as fs from 'node:fs';
import * as path from 'node:path';

const TEXT_FILE = /\.(py|ts|tsx|js|mjs|go|rs|java|c|h|cc|cpp|hpp|cs|rb|gd|mod|md|json|toml|ya?ml|txt|cfg)$/i;
const SKIPPED = /(^|\/)(__pycache__|site-packages|node_modules|\.git|\.coderag)\//;

/** `root`'s text files (relative path → text), each at most 512 KB. */
export function folderFiles(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const e of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    const full = path.join(e.parentPath, e.name);
    if (!e.isFile() || !TEXT_FILE.test(e.name) || SKIPPED.test(full)) continue;
    if (fs.statSync(full).size > 512 * 1024) continue;
    files[path.relative(root, full)] = fs.readFileSync(full, 'utf8');
  }
  return files;
}
