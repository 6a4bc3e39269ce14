// The sample bookshop (sample/: TypeScript, Python, Go) as workspace files for an editor test.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO } from './harness/paths';

export function sampleWorkspace(): Record<string, string> {
  const root = path.join(REPO, 'sample');
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) walk(abs);
      else out[path.relative(root, abs).split(path.sep).join('/')] = fs.readFileSync(abs, 'utf8');
    }
  };
  walk(root);
  return out;
}

export const SAMPLE_FILES = Object.keys(sampleWorkspace()).length;
