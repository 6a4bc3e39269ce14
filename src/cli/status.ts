// `coderag status`: what is indexed, what was skipped and why.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CodeIndex } from '../core/index/code-index';
import type { SkippedFile } from '../core/base/types';
import { describeSkip } from './format';

export interface Status {
  root: string;
  indexDir: string;
  files: number;
  chunks: number;
  embedded: number;
  model?: { id: string; dim: number };
  /** When the last run finished (or the running one started). */
  updatedAt?: string;
  languages: Record<string, number>;
  skippedCount: number;
  fallbacks: { path: string; note: string }[];
  skipped?: SkippedFile[];
  diskBytes: number;
  /** What the next `coderag index` repairs, or another process writing meanwhile. */
  notices: string[];
}

function diskUsage(dir: string): number {
  let total = 0;
  // A writer may add and remove files meanwhile (temporary files, compaction): those are skipped.
  const walk = (d: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else total += fs.statSync(p, { throwIfNoEntry: false })?.size ?? 0;
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return total;
}

export async function statusOf(index: CodeIndex, withSkipped: boolean): Promise<Status> {
  const rows = index.fileRows();
  const indexed = rows.filter((r) => r.state === 'indexed');
  const languages: Record<string, number> = {};
  for (const r of indexed) languages[r.language] = (languages[r.language] ?? 0) + 1;
  // Files the parser turned away (binary content, minified…) live in the files table; files the
  // scan rules excluded live in skipped.json.
  const parserSkipped: SkippedFile[] = rows
    .filter((r) => r.state === 'skipped')
    .map((r) => ({ path: r.path, reason: r.note.split(':')[0] as SkippedFile['reason'], detail: r.note.slice(r.note.indexOf(':') + 1).trim() }));
  const skipped = [...index.skipped(), ...parserSkipped].sort((a, b) => a.path.localeCompare(b.path));
  return {
    root: index.root,
    indexDir: index.dir,
    files: indexed.length,
    chunks: await index.store.countChunks(),
    embedded: await index.store.countChunks('embedded = true'),
    model: index.model,
    updatedAt: index.updatedAt,
    languages,
    skippedCount: skipped.length,
    fallbacks: indexed.filter((r) => r.note).map((r) => ({ path: r.path, note: r.note })),
    skipped: withSkipped ? skipped : undefined,
    diskBytes: diskUsage(index.dir),
    notices: [
      ...(index.health.writer ? [`being written by another CodeRAG process (pid ${index.health.writer}): figures may change`] : []),
      ...index.health.notices,
    ],
  };
}

export function formatStatus(s: Status): string {
  const lines = [
    `root: ${s.root}`,
    `index: ${s.indexDir} (${(s.diskBytes / 1e6).toFixed(1)} MB)`,
    `files: ${s.files} indexed, ${s.skippedCount} skipped`,
    `chunks: ${s.chunks} (${s.embedded} with vectors)`,
    `model: ${s.model ? `${s.model.id} (${s.model.dim}-d)` : 'none (no vectors)'}`,
    `last run: ${s.updatedAt ? new Date(s.updatedAt).toLocaleString() : 'unknown'}`,
    `languages: ${Object.entries(s.languages).sort((a, b) => b[1] - a[1]).map(([l, n]) => `${l} ${n}`).join(', ')}`,
  ];
  for (const n of s.notices) lines.push(`note: ${n}`);
  if (s.fallbacks.length) {
    lines.push(`notes (${s.fallbacks.length}):`, ...s.fallbacks.slice(0, 50).map((f) => `  ${f.path}: ${f.note}`));
  }
  if (s.skipped) {
    lines.push('skipped:');
    for (const k of s.skipped) lines.push(`  ${k.path}  ${describeSkip(k)}`);
  }
  return lines.join('\n');
}
