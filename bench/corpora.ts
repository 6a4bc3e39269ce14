// Real corpora present on every machine of this kind: the Python standard library of the system's
// python3, and the repository's own node_modules (10,000+ files once dist/ and build/ are let in).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { link, pythonStdlib, repoRoot } from '../eval/corpus';

export interface Corpus {
  name: string;
  root: string;
}

/** A corpus folder holding one symlink; its .coderagignore names the link (`!name/`) so the scan follows it. */
function linked(dir: string, name: string, target: string, ignore: string): string {
  link(target, path.join(dir, name));
  fs.writeFileSync(path.join(dir, '.coderagignore'), ignore);
  return dir;
}

/** The stdlib as shipped, tests included, without the third-party site-packages. */
export function pythonCorpus(): Corpus {
  return { name: 'python-stdlib', root: linked(path.join(repoRoot, '.cache', 'bench', 'python'), 'stdlib', pythonStdlib(), '!stdlib/\nstdlib/site-packages/\n') };
}

/** node_modules with its dist/ build/ lib/ folders let back in: a real 10,000+ file tree. */
export function nodeCorpus(): Corpus {
  return {
    name: 'node_modules',
    root: linked(path.join(repoRoot, '.cache', 'bench', 'node'), 'nm', path.join(repoRoot, 'node_modules'), '!nm/\n!dist/\n!build/\n!out/\n!lib/\n!node_modules/\n'),
  };
}
