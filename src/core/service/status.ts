// What a workspace's index holds and what it is doing: the figures `coderag status`, the MCP
// server and the editor's status bar show. Skip reasons are data (the files table's `reason`).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SkippedFile, SkipReason } from '../base/types';
import type { CodeIndex, ProgressEvent } from '../index/code-index';

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
  /** Skipped files by reason. */
  skippedByReason: Partial<Record<SkipReason, number>>;
  fallbacks: { path: string; note: string }[];
  skipped?: SkippedFile[];
  diskBytes: number;
  /** What the next `coderag index` repairs, or another process writing meanwhile. */
  notices: string[];
  /** What this workspace object is doing now. */
  state: 'idle' | 'indexing' | 'embedding' | 'paused' | 'error';
  /** The running run's latest progress. */
  progress?: ProgressEvent;
  watching: boolean;
  /** The last error a run, the watcher or the background embedding met (cleared by a good run). */
  lastError?: string;
  /** Set when LanceDB could not load: keyword-only, in memory, nothing saved. */
  degraded?: string;
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

/** The stored figures; the workspace adds what it is doing (state, progress, watching, lastError). */
export async function storedStatus(index: CodeIndex, withSkipped: boolean): Promise<Omit<Status, 'state' | 'watching'>> {
  const rows = index.fileRows();
  const indexed = rows.filter((r) => r.state === 'indexed');
  const languages: Record<string, number> = {};
  for (const r of indexed) languages[r.language] = (languages[r.language] ?? 0) + 1;
  // Files the parser turned away (binary content, minified…) live in the files table; files the
  // scan rules excluded live in the skip list.
  const parserSkipped: SkippedFile[] = rows.filter((r) => r.state === 'skipped').map((r) => ({ path: r.path, reason: r.reason as SkipReason, detail: r.note }));
  const skipped = [...index.skipped(), ...parserSkipped].sort((a, b) => a.path.localeCompare(b.path));
  const skippedByReason: Status['skippedByReason'] = {};
  for (const s of skipped) skippedByReason[s.reason] = (skippedByReason[s.reason] ?? 0) + 1;
  const readable = index.readable;
  return {
    root: index.root,
    indexDir: index.dir,
    files: indexed.length,
    chunks: readable ? await index.store.countChunks() : 0,
    embedded: readable ? await index.store.countChunks('embedded') : 0,
    model: index.model,
    updatedAt: index.updatedAt,
    languages,
    skippedCount: skipped.length,
    skippedByReason,
    fallbacks: indexed.filter((r) => r.note).map((r) => ({ path: r.path, note: r.note })),
    skipped: withSkipped ? skipped : undefined,
    diskBytes: diskUsage(index.dir),
    notices: [
      ...(index.health.writer && index.health.writer !== process.pid ? [`being written by another CodeRAG process (pid ${index.health.writer}): figures may change`] : []),
      ...index.health.notices,
    ],
    degraded: index.health.degraded,
  };
}

/** Indexed files whose content may differ from what is stored: changed on disk (size or mtime) or gone. */
export interface Staleness {
  changed: string[];
  deleted: string[];
}

/**
 * What a reader can say about an index it does not update: one stat per indexed file (no walk:
 * files added since are not seen; `coderag index` finds them).
 */
export async function staleFiles(index: CodeIndex): Promise<Staleness> {
  const rows = index.fileRows().filter((r) => r.state === 'indexed' || r.state === 'tags');
  const out: Staleness = { changed: [], deleted: [] };
  for (let i = 0; i < rows.length; i += 64) {
    await Promise.all(
      rows.slice(i, i + 64).map(async (r) => {
        const st = await fs.promises.stat(path.join(index.root, r.path)).catch(() => undefined);
        if (!st) out.deleted.push(r.path);
        else if (st.size !== r.size || Math.floor(st.mtimeMs) !== r.mtimeMs) out.changed.push(r.path);
      }),
    );
  }
  out.changed.sort();
  out.deleted.sort();
  return out;
}
