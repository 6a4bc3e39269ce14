// What a writer left unsaved (keyword.bin, symbols.json waiting for their next save point), saved
// when it closes: under the lock, and only if no other process wrote since (its copy would be
// stale; the next open catches up from the tables anyway).
import { acquireLock } from './lock';
import type { IndexState } from './state';

export async function saveLocked(s: IndexState, sameVersions: (a?: number[], b?: number[]) => boolean, saves: (() => Promise<void>)[]): Promise<void> {
  if (!saves.length) return;
  let release: () => void;
  try {
    release = acquireLock(s.lockFile);
  } catch {
    return;
  }
  try {
    if (s.opened && sameVersions(await s.opened.versions(), s.versions)) for (const save of saves) await save();
  } finally {
    release();
  }
}
