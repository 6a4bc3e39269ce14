// What an update must look at: files present (and not skipped), files skipped with their reason,
// files gone since the last run, and among the present ones those that need reading.
import * as path from 'node:path';
import { isDocumentation } from '../lang/registry';
import { type SkippedFile, type SkipReason, TRANSIENT_SKIPS } from '../base/types';
import { pathChecker, type ScanOptions, scanWorkspaceAsync, type ScannedFile } from '../scan/walker';
import type { KeywordEngine } from '../keyword/engine';
import type { UpdateOptions } from './report';
import type { FileRow } from '../store/rows';

export interface ChangeSet {
  todo: ScannedFile[];
  unchanged: number;
  skipped: SkippedFile[];
  gone: string[];
}

export async function changeSet(
  root: string,
  /** The skip list of the last full scan. */
  lastSkipped: () => SkippedFile[],
  files: Map<string, FileRow>,
  keyword: KeywordEngine,
  options: UpdateOptions,
  scan: Omit<ScanOptions, 'isDocumentation'>,
): Promise<ChangeSet> {
  const scanOpts = { ...scan, isDocumentation };
  let present: ScannedFile[];
  let skipped: SkippedFile[] = [];
  let gone: string[];
  if (options.paths) {
    present = [];
    gone = [];
    const check = pathChecker(root, scanOpts);
    for (const rel of new Set(options.paths.map((p) => p.split(path.sep).join('/')))) {
      const r = check(rel);
      if (r.file) present.push(r.file);
      else {
        if (r.skipped) skipped.push(r.skipped);
        if (files.has(rel)) gone.push(rel);
      }
    }
    // The skip list is the last full scan's, amended for the paths looked at now.
    const looked = new Set(options.paths);
    const previous = lastSkipped().filter((s) => !looked.has(s.path.replace(/\/$/, '')));
    const keep = new Set(present.map((f) => f.path));
    skipped = [...previous.filter((s) => !keep.has(s.path)), ...skipped];
  } else {
    const scanned = await scanWorkspaceAsync(root, scanOpts);
    present = scanned.files;
    skipped = scanned.skipped;
    const seen = new Set(present.map((f) => f.path));
    gone = [...files.keys()].filter((p) => !seen.has(p));
  }
  const todo: ScannedFile[] = [];
  let unchanged = 0;
  for (const f of present) {
    const row = files.get(f.path);
    // Paths named by a watcher or an editor are read whatever their stamp says: an unsaved buffer
    // (readFile) changes the text without touching the file. Same content: 'unchanged', cheaply.
    const fresh = !options.paths && row && row.size === f.size && row.mtimeMs === f.mtimeMs;
    // An indexed file is complete when the keyword index holds its content; a tags-only file
    // only satisfies a tags-only update; a transient skip (vanished, changed while read) never does.
    const complete =
      row?.state === 'indexed' ? keyword.fileShas.get(f.path) === row.sha256
      : row?.state === 'tags' ? !!options.tagsOnly
      : !(row?.state === 'skipped' && TRANSIENT_SKIPS.includes(row.reason as SkipReason));
    if (fresh && complete) unchanged++;
    else todo.push(f);
  }
  return { todo, unchanged, skipped, gone };
}
