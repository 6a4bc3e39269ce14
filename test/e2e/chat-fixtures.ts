// What the chat and tool editor tests share: the sample workspace (the repository's sample/) as
// files, and waiting until CodeRAG has indexed it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { commandOutput, eventually, type Session } from './harness/session';
import { REPO } from './harness/paths';
import type { Probe } from './probe';

/** sample/ as relative path → text (every file of it is text). */
export function sampleWorkspace(): Record<string, string> {
  const root = path.join(REPO, 'sample');
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) walk(abs);
      else files[path.relative(root, abs).split(path.sep).join('/')] = fs.readFileSync(abs, 'utf8');
    }
  };
  walk(root);
  return files;
}

/** Waits until the index is ready (keyword side; vectors may still be filling in). */
export async function indexed(s: Session): Promise<Probe> {
  return eventually('CodeRAG index ready', async () => {
    const p = await commandOutput<Probe>(s, 'CodeRAG Test: Probe', 'probe.json');
    return p.coderag.status?.state === 'ready' ? p : undefined;
  }, 180_000);
}
