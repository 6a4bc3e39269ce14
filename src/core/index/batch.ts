// Applying one batch of parse results to every store: chunk rows (LanceDB), keyword documents,
// tags, and last the files table. The journal names the batch first, so a process killed anywhere
// in between is repaired on the next open: those files' partial writes are dropped and they are
// indexed again — no duplicate, no missing chunk.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ParseResult } from '../parse/parse-job';
import { packedTags, type TagCache, type TagRow } from '../tags/tag-cache';
import type { Journal } from './journal';
import type { KeywordEngine } from '../keyword/engine';
import type { IndexReport } from './report';
import { type FileRow, rowsTable } from '../store/rows';
import type { Store } from '../store/store';

export interface BatchTarget {
  root: string;
  store: Store;
  keyword: KeywordEngine;
  tags: TagCache;
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
  await t.store.deleteChunksOf(touched.filter((p) => t.files.has(p)));
  const table = rowsTable(parsed.flatMap((r) => (r.rows ? [r.rows] : [])), t.store.dim);
  if (table) await t.store.addChunks(table);
  const fileRows: FileRow[] = [];
  const tagRows: TagRow[] = [];
  for (const r of parsed) {
    t.keyword.setFile(r.path, r.sha, r.docs);
    if (r.tags) {
      const data = packedTags(r.tags);
      t.tags.set(r.path, r.sha, data);
      tagRows.push({ path: r.path, sha256: r.sha, data });
    }
    const note = r.fallback ? `line windows: ${r.fallback}` : r.note ?? (r.syntaxErrors ? 'syntax errors (recovered)' : '');
    fileRows.push({ path: r.path, sha256: r.sha, size: r.size, mtimeMs: r.mtimeMs, language: r.language, chunkCount: r.chunkCount, state: 'indexed', note });
    if (r.fallback) report.fallbacks.push({ path: r.path, reason: r.fallback });
    if (r.note) report.notes.push({ path: r.path, note: r.note });
    report.chunks += r.chunkCount;
    report.indexed++;
  }
  for (const r of skipped) {
    t.keyword.removeFile(r.path);
    t.tags.forget(r.path);
    const stat = fs.statSync(path.join(t.root, r.path), { throwIfNoEntry: false });
    if (!stat) {
      // Deleted while we were indexing: forget it entirely.
      if (t.files.has(r.path)) await t.store.deleteFiles([r.path]);
      t.files.delete(r.path);
      report.notes.push({ path: r.path, note: r.detail });
      continue;
    }
    fileRows.push({ path: r.path, sha256: r.sha ?? '', size: stat.size, mtimeMs: Math.floor(stat.mtimeMs), language: '', chunkCount: 0, state: 'skipped', note: `${r.reason}: ${r.detail}` });
    report.skipped++;
  }
  for (const r of tagged) {
    t.keyword.removeFile(r.path);
    const data = packedTags(r.tags);
    t.tags.set(r.path, r.sha, data);
    tagRows.push({ path: r.path, sha256: r.sha, data });
    fileRows.push({ path: r.path, sha256: r.sha, size: r.size, mtimeMs: r.mtimeMs, language: r.language, chunkCount: 0, state: 'tags', note: '' });
    report.indexed++;
  }
  for (const r of unchanged) {
    // Same content, new mtime: only the files row learns the new stamp.
    fileRows.push({ ...t.files.get(r.path)!, size: r.size, mtimeMs: r.mtimeMs });
    report.unchanged++;
  }
  // A path the files table does not list has no row in it nor in the tags table (dropping a file
  // drops both): those rows are appended, not merged.
  const known = (p: string) => t.files.has(p);
  await t.store.upsertTags(tagRows, known);
  await t.store.upsertFiles(fileRows, known);
  t.journal.end();
  for (const row of fileRows) t.files.set(row.path, row);
}
