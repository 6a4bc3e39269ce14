// meta.json: what the index was built with. A different format or embedding model means the
// stored data cannot be reused as is.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SkippedFile } from '../model';

export const INDEX_FORMAT = 3;
/**
 * Bumped whenever chunking or keyword terms change: every file is parsed again on the next run,
 * while vectors are still reused by content hash (the vector cache survives).
 */
export const CHUNKER_VERSION = 6; // 6: signatures stop at comments; a /** */ block above a definition documents it across blank lines

export interface IndexMeta {
  format: number;
  root: string;
  /** `input`: the EMBEDDING_INPUT_VERSION the vectors were made with (absent in older indexes: unknown). */
  model?: { id: string; dim: number; input?: number };
  chunker?: number;
  createdAt: string;
  updatedAt: string;
}

export function readMeta(dir: string): IndexMeta | undefined {
  const r = readMetaChecked(dir);
  return r.ok ? r.meta : undefined;
}

/**
 * meta.json as found: missing (no index yet) is not damage; a file that is there but does not
 * parse, or lacks the fields every index writes, is.
 */
export function readMetaChecked(dir: string): { ok: true; meta?: IndexMeta } | { ok: false; error: string } {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dir, 'meta.json'), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true };
    return { ok: false, error: `meta.json is unreadable: ${(err as Error).message}` };
  }
  try {
    const meta = JSON.parse(text) as IndexMeta;
    if (typeof meta !== 'object' || meta === null || typeof meta.format !== 'number') return { ok: false, error: 'meta.json has no index format' };
    return { ok: true, meta };
  } catch (err) {
    return { ok: false, error: `meta.json is not valid JSON (${(err as Error).message})` };
  }
}

export function writeJsonAtomic(file: string, data: unknown): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(data, null, 1));
  fs.renameSync(tmp, file);
}

export function writeMeta(dir: string, meta: IndexMeta): void {
  writeJsonAtomic(path.join(dir, 'meta.json'), meta);
}

export function readSkipped(dir: string): SkippedFile[] {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'skipped.json'), 'utf8')) as SkippedFile[];
  } catch {
    return [];
  }
}

export function writeSkipped(dir: string, skipped: SkippedFile[]): void {
  writeJsonAtomic(path.join(dir, 'skipped.json'), skipped);
}
