// One update run: repair under the lock, the change set, the parse pass (files parsed in the pool,
// results applied in batches through the artifact sinks), deletions, the save, then the embedding
// phase. Stops cleanly between files and batches (cancel, close, pause), never mid-batch.
import type { ParseResult } from '../parse/parse-job';
import type { ScannedFile } from '../scan/walker';
import { applyBatch } from './batch';
import { changeSet } from './change-set';
import { embedPhase } from './embed-phase';
import { saveKeyword } from './keyword-file';
import { writeMeta, writeSkipped } from './meta';
import { prepareWrite } from './repair';
import { recordClean } from './verify';
import { emptyReport, type IndexReport, type UpdateOptions } from './report';
import { type RunHost, RunProgress } from './run-host';
import { type Sink, sinksFor } from './sinks';
import type { IndexState } from './state';

const BATCH_FILES = 200;
const BATCH_CHUNKS = 4000;
const RELEASE_WORKERS_AFTER = 1000;

export async function runUpdate(s: IndexState, host: RunHost, runId: number, options: UpdateOptions): Promise<IndexReport> {
  const report = emptyReport(runId);
  const t0 = performance.now();
  const progress = new RunProgress(runId, host, options.onProgress);
  const stopped = () => host.closing() || !!options.signal?.aborted;
  s.wrote = true;
  const sinks = (): Sink[] => sinksFor(s);
  // Files dropped for repair are found again only by a full scan.
  // A full run sweeps the stored chunks for garbled bytes first (skipped when the data files are
  // as the last clean run left them); a watcher's pass over a few files does not.
  if (await prepareWrite(s, sinks, report, options.rebuild, !options.paths)) options = { ...options, paths: undefined };
  progress.emit();
  const { todo, unchanged, skipped, gone } = await changeSet(s.root, () => s.skippedFiles(), s.files, s.keyword, options, { ...s.scan, indexDir: s.dir });
  report.unchanged = unchanged;
  // Read off this thread before the first batch changes them (a change reads them synchronously).
  if (todo.length || gone.length) await s.keyword.ensureLoaded();
  report.timings.scanMs = Math.round(performance.now() - t0);

  const t1 = performance.now();
  progress.emit({ phase: 'parse', files: { done: 0, total: todo.length } });
  await parseAll(s, host, todo, report, progress, !!options.tagsOnly, stopped, options.signal);
  report.timings.parseMs = Math.round(performance.now() - t1);

  if (gone.length) {
    for (const sink of sinks()) await sink.remove(gone);
    await s.store.deleteFiles(gone);
    for (const p of gone) s.files.delete(p);
    report.deleted = gone.length;
  }
  const t2 = performance.now();
  progress.emit({ phase: 'save' });
  // The keyword and symbol files are rewritten whole: after small updates (the watcher) it waits, at most
  // half a minute or until close(). A crash meanwhile costs nothing: open() catches up from the
  // chunk store.
  const persist = !s.health.degraded;
  if (persist && s.keyword.isDirty && (report.indexed + report.deleted >= 100 || Date.now() - s.keywordSavedAt > 30_000)) await saveKeyword(s);
  if (persist && s.symbols.isDirty && (report.indexed + report.deleted >= 100 || Date.now() - s.symbols.savedAt > 30_000)) await s.symbols.save();
  s.skipped = skipped;
  if (persist) writeSkipped(s.dir, skipped);
  report.skipped = skipped.length + report.skipped;
  // Compaction rewrites every table (0.8 s after the stdlib's cold pass). The embedding phase
  // compacts once its writes are in; a structural index waits until its fragments pile up.
  if (report.indexed + report.deleted > 1000) await s.store.compactIfFragmented();
  report.timings.saveMs = Math.round(performance.now() - t2);

  if (!options.tagsOnly && !stopped() && (options.embeddings ?? s.opts.embedding?.enabled ?? true)) {
    await embedPhase(s, host, report, progress, stopped, options);
  }
  report.cancelled = stopped() || undefined;
  s.meta.updatedAt = new Date().toISOString();
  if (persist) writeMeta(s.dir, s.meta);
  recordClean(s);
  s.versions = await s.store.versions();
  report.timings.totalMs = Math.round(performance.now() - t0);
  progress.emit({ phase: 'done', waitingOn: undefined });
  return report;
}

/** Parses files in the pool and applies results in batches (each batch: every sink, then the files table). */
async function parseAll(
  s: IndexState, host: RunHost, todo: ScannedFile[], report: IndexReport, progress: RunProgress, tagsOnly: boolean, stopped: () => boolean, signal?: AbortSignal,
): Promise<void> {
  let pending: ParseResult[] = [];
  let pendingChunks = 0;
  let done = 0;
  const target = { root: s.root, get store() { return s.store; }, sinks: sinksFor(s), journal: s.journal, files: s.files };
  // Writes run while parsing goes on; a few batches may wait behind the one being written.
  let writing: Promise<void> = Promise.resolve();
  let queued = 0;
  const flush = async () => {
    const batch = pending;
    pending = [];
    pendingChunks = 0;
    while (queued >= 6) await writing;
    queued++;
    writing = writing
      .then(() => applyBatch(target, batch, report))
      .then(() => progress.emit({ chunks: report.chunks }))
      .finally(() => queued--);
  };
  const inFlight = Math.max(4, host.parallelism() * 10);
  let next = 0;
  const worker = async () => {
    // The check comes after the wait: another worker may take the last file meanwhile.
    while (next < todo.length && !(await progress.checkpoint(stopped, signal)) && next < todo.length) {
      const f = todo[next++];
      const row = s.files.get(f.path);
      let result: ParseResult;
      try {
        // A file known only by its tags must be read again in full even if its content is the same.
        const knownSha = row && (row.state !== 'tags' || tagsOnly) ? row.sha256 : undefined;
        const text = await s.opts.readFile?.(f.path);
        result = await host.parse({ path: f.path, absPath: f.absPath, knownSha, withTags: true, tagsOnly, ...(text !== undefined ? { text } : {}) });
        // A file that killed its worker was never read by a parse: it keeps the scan's stamp, and
        // is tried again when that changes.
        if (result.status === 'skipped' && result.size === undefined && result.reason === 'parse-failed') result = { ...result, size: f.size, mtimeMs: f.mtimeMs };
      } catch (err) {
        report.errors.push({ path: f.path, error: (err as Error).message.split('\n')[0] });
        continue;
      }
      pending.push(result);
      if (result.status === 'parsed') pendingChunks += result.chunkCount;
      progress.emit({ files: { done: ++done, total: todo.length } });
      if (pending.length >= BATCH_FILES || pendingChunks >= BATCH_CHUNKS) await flush();
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, todo.length) }, worker));
  // After a large pass the parse workers hold hundreds of MB (tree-sitter's wasm memory never
  // shrinks): they go before the last batches are written, the save and the embedding phase,
  // which is when the index thread holds the most. Fresh ones start in a fraction of a second.
  if (todo.length >= RELEASE_WORKERS_AFTER) await host.releaseParseWorkers();
  await flush();
  await writing;
}
