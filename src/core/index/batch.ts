// Applying one batch of parse results: every artifact's sink (chunk rows, keyword documents,
// tags…), and last the files table. The journal names the batch first, so a process killed
// anywhere in between is repaired on the next open: those files' partial writes are dropped and
// they are indexed again — no duplicate, no missing chunk.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TRANSIENT_SKIPS } from '../base/types';
import type { ParseResult } from '../parse/parse-job';
import type { FileRow } from '../store/rows';
import type { ChunkStore } from '../store/chunk-store';
import type { Journal } from './journal';
import type { IndexReport } from './report';
import type { Produced, Sink } from './sinks';

export interface BatchTarget {
  root: string;
  store: ChunkStore;
  sinks: Sink[];
  journal: Journal;
  /** The files table as held in memory: updated after the store is. */
  files: Map<string, FileRow>;
}

type Parsed = Extract<ParseResult, { status: 'parsed' }>;
type Skipped = Extract<ParseResult, { status: 'skipped' }>;
type Unchanged = Extract<ParseResult, { status: 'unchanged' }>;
type Tagged = Extract<ParseResult, { status: 'tagged' }>;

export async function applyBatch(t: BatchTarget, batch: ParseResult[], report: IndexReport): Promise<void> {
  if (!batch.length) return;
  const parsed = batch.filter((r): r is Parsed => r.status === 'parsed');
  const skipped = batch.filter((r): r is Skipped => r.status === 'skipped');
  const unchanged = batch.filter((r): r is Unchanged => r.status === 'unchanged');
  const tagged = batch.filter((r): r is Tagged => r.status === 'tagged');
  const touched = [...parsed, ...skipped, ...tagged].map((r) => r.path);
  t.journal.begin(touched);
  const known = (p: string) => t.files.has(p);
  for (const sink of t.sinks) {
    const items: Produced[] = [];
    for (const r of [...parsed, ...tagged]) {
      const value = r.products[sink.id as keyof typeof r.products];
      if (value !== undefined) items.push({ path: r.path, sha: r.sha, value });
    }
    await sink.apply(touched, items, known);
  }
  const fileRows: FileRow[] = [];
  for (const r of parsed) {
    const note = r.fallback ? `line windows: ${r.fallback}` : r.note ?? (r.syntaxErrors ? 'syntax errors (recovered)' : '');
    fileRows.push({ path: r.path, sha256: r.sha, size: r.size, mtimeMs: r.mtimeMs, language: r.language, chunkCount: r.chunkCount, state: 'indexed', reason: '', note });
    if (r.fallback) report.fallbacks.push({ path: r.path, reason: r.fallback });
    if (r.note) report.notes.push({ path: r.path, note: r.note });
    report.chunks += r.chunkCount;
    report.indexed++;
  }
  for (const r of skipped) {
    if (!fs.existsSync(path.join(t.root, r.path))) {
      // Deleted while we were indexing: forget it entirely.
      if (t.files.has(r.path)) await t.store.deleteFiles([r.path]);
      t.files.delete(r.path);
      report.notes.push({ path: r.path, note: r.detail });
      continue;
    }
    // The stamp of the read that decided the skip, never a later one: a file replaced since then
    // must not pass for the one that was looked at. A transient skip is read again whatever its stamp.
    fileRows.push({ path: r.path, sha256: r.sha ?? '', size: r.size ?? -1, mtimeMs: r.mtimeMs ?? -1, language: '', chunkCount: 0, state: 'skipped', reason: r.reason, note: r.detail });
    if (TRANSIENT_SKIPS.includes(r.reason)) report.retry.push(r.path);
    report.skipped++;
  }
  for (const r of tagged) {
    fileRows.push({ path: r.path, sha256: r.sha, size: r.size, mtimeMs: r.mtimeMs, language: r.language, chunkCount: 0, state: 'tags', reason: '', note: '' });
    report.indexed++;
  }
  for (const r of unchanged) {
    // Same content, new mtime: only the files row learns the new stamp.
    fileRows.push({ ...t.files.get(r.path)!, size: r.size, mtimeMs: r.mtimeMs });
    report.unchanged++;
  }
  // A path the files table does not list has no row in it: appended, not merged.
  await t.store.upsertFiles(fileRows, known);
  t.journal.end();
  for (const row of fileRows) t.files.set(row.path, row);
}
