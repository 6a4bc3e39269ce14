// Garbled bytes in the chunk table's data files: found by checking every row against its checksum
// (and every vector against its length) before a full run writes, and mended like a killed run's
// half-written files: the rows go, their files are indexed again. Reads check the rows they hand
// out on their own (store.ts); this is the writer's sweep over everything.
//
// The sweep costs a read of the whole table (about 1 s at 90k chunks), so a run skips it when the
// data files are the ones the last clean sweep or write left (checked.json: name, size, mtime):
// LanceDB never rewrites a data file in place, so bytes changed behind its back show as a stamp.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { lanceDir } from '../store/store';
import { writeJsonAtomic } from './meta';
import type { IndexReport } from './report';
import type { IndexState } from './state';

type Stamps = Record<string, [number, number]>;

function dataStamps(dir: string): Stamps {
  const data = path.join(lanceDir(dir), 'chunks.lance', 'data');
  const out: Stamps = {};
  let names: string[] = [];
  try {
    names = fs.readdirSync(data);
  } catch {
    return out;
  }
  for (const name of names) {
    const st = fs.statSync(path.join(data, name), { throwIfNoEntry: false });
    if (st) out[name] = [st.size, st.mtimeMs];
  }
  return out;
}

function checkedFile(dir: string): string {
  return path.join(dir, 'checked.json');
}

function readChecked(dir: string): Stamps | undefined {
  try {
    return JSON.parse(fs.readFileSync(checkedFile(dir), 'utf8')) as Stamps;
  } catch {
    return undefined;
  }
}

function same(a: Stamps | undefined, b: Stamps): boolean {
  if (!a) return false;
  const keys = Object.keys(b);
  return keys.length === Object.keys(a).length && keys.every((k) => a[k] && a[k][0] === b[k][0] && a[k][1] === b[k][1]);
}

/**
 * Before a run writes: whether the data files are those of the last clean state; if not and
 * `sweep` (a full run), every stored chunk is checked. Garbled rows are dropped and their files indexed again by this run (the
 * caller's count check finds them). Returns whether files were dropped.
 */
export async function sweepGarbled(s: IndexState, report: IndexReport, sweep: boolean): Promise<{ dropped: boolean }> {
  s.knownClean = same(readChecked(s.dir), dataStamps(s.dir));
  if (s.knownClean || !sweep) return { dropped: false };
  const damage = await s.store.verify();
  s.knownClean = true;
  if (!damage.rowIds.length) return { dropped: false };
  await s.store.deleteRows(damage.rowIds);
  const rows = damage.rowIds.length;
  const vectors = damage.vectors ? ` (${damage.vectors} of them only in their vector)` : '';
  report.repaired.push(`${rows} stored chunks did not match their checksum${vectors}: garbled data, dropped; their files are indexed again`);
  return { dropped: true };
}

/**
 * After a run's writes: the data files as they are now are clean if they were at its start (this
 * process wrote the rest). Otherwise nothing is vouched for and the next full run sweeps.
 */
export function recordClean(s: IndexState): void {
  if (s.knownClean && !s.health.degraded) writeJsonAtomic(checkedFile(s.dir), dataStamps(s.dir));
  else fs.rmSync(checkedFile(s.dir), { force: true });
}
