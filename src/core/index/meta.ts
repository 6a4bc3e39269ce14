// meta.json: what the index was built with. A different format or embedding model means the
// stored data cannot be reused as is.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SkippedFile } from '../base/types';
import { VECTOR_CACHE_FILE } from '../store/store';

export const INDEX_FORMAT = 5; // 5: chunk rows carry a checksum; 4: the files table's skip reason is a column of its own

export interface IndexMeta {
  format: number;
  root: string;
  /** `input`: the EMBEDDING_INPUT_VERSION the vectors were made with (absent in older indexes: unknown). */
  model?: { id: string; dim: number; input?: number };
  /** Older indexes: the chunker version, which every artifact then had. */
  chunker?: number;
  /** The version of each artifact (producers.ts) the stored files were made with. */
  artifacts?: Record<string, number>;
  /**
   * The scan options that decide which files are indexed, as the last run used them: later runs
   * (watch, MCP, another `index`) reuse them unless told otherwise (absent in older indexes).
   */
  scan?: ScanSettings;
  createdAt: string;
  updatedAt: string;
}

export interface ScanSettings {
  codeOnly: boolean;
  /** Absent: the scanner's default (1 MB). */
  maxFileBytes?: number;
  extraExcludes?: string[];
  include?: string[];
}

/**
 * The scan settings of this run: each option given wins, the others come from the index. Also
 * says what changed when an index already built is about to get another file set.
 */
export function resolveScan(
  given: { codeOnly?: boolean; maxFileBytes?: number; extraExcludes?: string[]; include?: string[] },
  saved: ScanSettings | undefined,
  built: boolean,
): { scan: ScanSettings; change?: string } {
  const scan: ScanSettings = {
    codeOnly: given.codeOnly ?? saved?.codeOnly ?? false,
    maxFileBytes: given.maxFileBytes ?? saved?.maxFileBytes,
    extraExcludes: given.extraExcludes ?? saved?.extraExcludes,
  };
  const include = given.include ?? saved?.include;
  if (include?.length) scan.include = include;
  if (!built) return { scan };
  const before: ScanSettings = saved ?? { codeOnly: false };
  const changes: string[] = [];
  if (scan.codeOnly !== before.codeOnly) {
    changes.push(scan.codeOnly ? 'code-only on: documentation files are dropped from the index' : 'code-only off: documentation files are indexed again');
  }
  if (scan.maxFileBytes !== before.maxFileBytes) changes.push(`file size limit ${before.maxFileBytes ?? 'default'} → ${scan.maxFileBytes ?? 'default'} bytes`);
  if (JSON.stringify(scan.extraExcludes ?? []) !== JSON.stringify(before.extraExcludes ?? [])) changes.push(`extra excludes [${(before.extraExcludes ?? []).join(', ')}] → [${(scan.extraExcludes ?? []).join(', ')}]`);
  if (JSON.stringify(scan.include ?? []) !== JSON.stringify(before.include ?? [])) changes.push(`include globs [${(before.include ?? []).join(', ')}] → [${(scan.include ?? []).join(', ')}]`);
  return { scan, change: changes.length ? changes.join('; ') : undefined };
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

/** What changed between the artifact versions an index was made with and the current ones, or undefined. */
export function artifactChange(meta: IndexMeta, current: Record<string, number>): string | undefined {
  const stored = meta.artifacts ?? { chunks: meta.chunker ?? 0, keyword: meta.chunker ?? 0, tags: 1 };
  const changed = Object.entries(current).filter(([id, v]) => stored[id] !== v);
  return changed.length ? changed.map(([id, v]) => `${id} ${stored[id] ?? 0} → ${v}`).join(', ') : undefined;
}

export function writeJsonAtomic(file: string, data: unknown): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(data, null, 1));
  fs.renameSync(tmp, file);
}

export function writeMeta(dir: string, meta: IndexMeta): void {
  writeJsonAtomic(path.join(dir, 'meta.json'), meta);
}

/** What the vector cache holds: vectors of this model, from this embedding input (VECTOR_CACHE_FILE). */
export type CacheIdentity = NonNullable<IndexMeta['model']>;

export function readCacheIdentity(dir: string): CacheIdentity | undefined {
  try {
    const m = JSON.parse(fs.readFileSync(path.join(dir, VECTOR_CACHE_FILE), 'utf8')) as CacheIdentity;
    return typeof m.id === 'string' && typeof m.dim === 'number' ? m : undefined;
  } catch {
    return undefined;
  }
}

export function writeCacheIdentity(dir: string, identity: CacheIdentity): void {
  const now = readCacheIdentity(dir);
  if (now?.id !== identity.id || now.dim !== identity.dim || now.input !== identity.input) writeJsonAtomic(path.join(dir, VECTOR_CACHE_FILE), identity);
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
