// The repository's sample/ (a bookshop in TypeScript, Python and Go, and a Godot game in both
// versions) as workspace files for an editor test.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO } from './harness/paths';

/**
 * sample/ — or only its `sub` folder, still keyed from sample/ — as relative path → text (every
 * file of it is text). An index folder a local run left there is not part of it.
 */
export function sampleWorkspace(sub = ''): Record<string, string> {
  const root = path.join(REPO, 'sample');
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.name === '.coderag') continue;
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) walk(abs);
      else out[path.relative(root, abs).split(path.sep).join('/')] = fs.readFileSync(abs, 'utf8');
    }
  };
  walk(path.join(root, sub));
  return out;
}

/** The sample's game folder (game/godot3/…, game/godot4/…). */
export const sampleGame = () => sampleWorkspace('game');

export const SAMPLE_FILES = Object.keys(sampleWorkspace()).length;
