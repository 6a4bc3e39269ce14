// Under the writer lock, before anything is written: read the index again if another process
// wrote since this one looked (or was killed mid-batch), repair what can be mended in place and
// rebuild what cannot be read. A reader never gets here: it reports, the writer repairs.
import { EMBEDDING_INPUT_VERSION, resolveModel } from '../embed/embedder';
import { producerVersions } from '../parse/producers';
import { openChunkStore } from '../store/open-store';
import { CorruptIndexError, Store } from '../store/store';
import { KeywordEngine } from '../keyword/engine';
import { catchUpKeyword, readKeyword, saveKeyword } from './keyword-file';
import { sweepGarbled } from './verify';
import { artifactChange, readCacheIdentity, readMetaChecked, resolveScan, writeCacheIdentity, writeMeta } from './meta';
import { metaProblem, sameVersions } from './open';
import type { IndexReport } from './report';
import type { Sink } from './sinks';
import { DEFAULT_DIM, freshMeta, type IndexState } from './state';

/**
 * Makes the index writable and whole. Returns true when files were dropped for repair: the run
 * must scan everything to find them again.
 */
export async function prepareWrite(s: IndexState, sinks: () => Sink[], report: IndexReport, rebuild: string | undefined, sweep: boolean): Promise<boolean> {
  let reason = rebuild;
  let rescan = false;
  if (!reason) {
    const found = readMetaChecked(s.dir);
    reason = metaProblem(found);
    if (!reason && found.ok) {
      let current = false;
      if (s.opened && found.meta && !s.journal.pending().length && !s.health.degraded) {
        try {
          current = sameVersions(await s.opened.versions(), s.versions);
        } catch {
          current = false;
        }
      }
      if (!current) {
        s.meta = found.meta ?? freshMeta(s.root);
        reason = await reload(s, report, !!found.meta);
        rescan = true;
      }
    }
  }
  let swept = { dropped: false };
  if (!reason && s.opened && !s.health.degraded) {
    try {
      swept = await sweepGarbled(s, report, sweep);
    } catch (err) {
      if (!(err instanceof CorruptIndexError)) throw err;
      reason = err.message;
    }
  }
  if (reason) {
    // The vector cache outlives a rebuild when it reads and holds this model's vectors of this
    // embedding input: the rebuild parses every file again but computes no vector twice.
    const found = readMetaChecked(s.dir);
    const cache = readCacheIdentity(s.dir) ?? (found.ok ? found.meta?.model : undefined) ?? (s.meta.model && { ...s.meta.model });
    s.opened?.close();
    s.opened = undefined;
    const asked = resolveModel(s.opts.embedding).id;
    const keep = !s.health.degraded && !!cache && cache.id === asked && (cache.input ?? 0) === EMBEDDING_INPUT_VERSION && (await Store.cacheReadable(s.dir));
    s.meta = freshMeta(s.root);
    s.files.clear();
    s.keyword = KeywordEngine.empty();
    s.keywordDamage = undefined;
    s.tags.reset();
    s.symbols.reset(true);
    s.skipped = undefined;
    s.vectorsStale = false;
    if (!s.health.degraded) Store.destroy(s.dir, keep);
    if (keep) writeCacheIdentity(s.dir, cache!);
    s.opened = await openStore(s, keep ? cache!.dim : DEFAULT_DIM);
    report.rebuilt = reason;
    // A rebuilt index starts from the options given: --rebuild also resets a saved code-only mode.
    s.scan = resolveScan(s.opts, undefined, false).scan;
    s.scanChanged = undefined;
    s.knownClean = true;
  }
  const changed = artifactChange(s.meta, producerVersions());
  if (changed && s.files.size) {
    // An artifact changed since this index was built: forget the parse results, keep vectors.
    const all = [...s.files.keys()];
    for (const sink of sinks()) await sink.remove(all);
    await s.store.deleteFiles(all);
    s.files.clear();
    report.rebuilt ??= `artifact versions changed (${changed}): files parsed again, vectors reused`;
  }
  if (s.meta.model && (s.meta.model.input ?? 0) !== EMBEDDING_INPUT_VERSION) {
    // Vectors were made from another embedding input (or an unknown one): same content hash,
    // different text given to the model. Re-embed everything; idempotent if a run dies midway.
    await s.store.forgetVectors();
    report.rebuilt ??= `embedding input version ${s.meta.model.input ?? 'unknown'} → ${EMBEDDING_INPUT_VERSION}: chunks embedded again`;
    s.meta.model.input = EMBEDDING_INPUT_VERSION;
    if (!s.health.degraded) writeCacheIdentity(s.dir, s.meta.model);
  }
  s.vectorsStale = false;
  if (s.store.cacheDamage) {
    const why = s.store.cacheDamage;
    const kept = await s.store.resetVectorCache();
    report.repaired.push(`the vector cache was unreadable (${why}): made again from the ${kept} vectors the chunks hold`);
  }
  if (await repairCounts(s, sinks, report, s.interrupted || swept.dropped)) rescan = true;
  // The keyword engine agrees with the files table before anything is added to it: another
  // writer's unsaved progress, a killed run's, a lost or damaged keyword file.
  await catchUpKeyword(s);
  if (s.keywordDamage) {
    await saveKeyword(s);
    report.repaired.push(`the keyword index file was unreadable (${s.keywordDamage}): rebuilt from the chunk store`);
    s.keywordDamage = undefined;
  }
  const symbolDamage = s.health.degraded ? undefined : await s.symbols.problem();
  if (symbolDamage) {
    await s.symbols.save();
    report.repaired.push(`the symbol index file was unreadable (${symbolDamage}): rebuilt from the tags`);
  }
  s.interrupted = false;
  // Written before any data: a reader of a first run (or of a run after an artifact change)
  // finds the versions the rows are being written with.
  s.meta.artifacts = producerVersions();
  s.meta.chunker = s.meta.artifacts.chunks;
  s.meta.scan = s.scan;
  if (s.scanChanged) {
    report.scanChanged = s.scanChanged;
    s.scanChanged = undefined;
  }
  if (!s.health.degraded) writeMeta(s.dir, s.meta);
  s.health = { missing: false, notices: [], degraded: s.health.degraded };
  return rescan;
}

/** The writer's store; without LanceDB one in memory, and the index says it is degraded. */
async function openStore(s: IndexState, dim: number) {
  const { store, degraded } = await openChunkStore(s.dir, dim, true);
  if (degraded) s.health.degraded = degraded;
  return store;
}

/**
 * Reads tables, files and keyword engine again under the lock, first dropping what a killed run
 * half-wrote (the journal). Returns why the index must be rebuilt, if it must.
 */
async function reload(s: IndexState, report: IndexReport, hadMeta: boolean): Promise<string | undefined> {
  if (s.health.degraded) return undefined;
  s.opened?.close();
  s.opened = undefined;
  s.files.clear();
  s.tags.reset();
  s.symbols.reset();
  s.skipped = undefined;
  try {
    s.opened = await openStore(s, s.meta.model?.dim ?? DEFAULT_DIM);
    const interrupted = s.journal.pending();
    if (interrupted.length) {
      s.interrupted = true;
      // A run was killed mid-batch: drop what it half-wrote; those files are indexed again.
      await s.opened.deleteChunksOf(interrupted);
      await s.opened.deleteTags(interrupted);
      await s.opened.deleteFiles(interrupted);
      s.journal.end();
      report.repaired.push(`${interrupted.length} files half-written by an interrupted run: indexed again`);
    }
    for (const [p, row] of await s.opened.loadFiles()) s.files.set(p, row);
  } catch (err) {
    if (err instanceof CorruptIndexError) return err.message;
    throw err;
  }
  if (!hadMeta && s.files.size) return 'meta.json is missing';
  await readKeyword(s);
  return undefined;
}

/**
 * The cheap check that every indexed file's chunks are all stored, once each: the chunk count
 * against the files table's total (~15 ms at 25k chunks), and per file (~150 ms) when the
 * totals differ or a run was interrupted. A file that does not match (duplicates, holes) loses
 * its rows and is indexed again in this run. Holes and duplicates of exactly equal total in an
 * index no run was interrupted on go unseen: a price for not scanning every run.
 */
async function repairCounts(s: IndexState, sinks: () => Sink[], report: IndexReport, suspect: boolean): Promise<boolean> {
  let expected = 0;
  for (const row of s.files.values()) if (row.state === 'indexed') expected += row.chunkCount;
  if (!suspect && (await s.store.countChunks()) === expected) return false;
  const counts = await s.store.chunkCountsByPath();
  const bad = new Set<string>();
  for (const [p, row] of s.files) if ((counts.get(p) ?? 0) !== (row.state === 'indexed' ? row.chunkCount : 0)) bad.add(p);
  for (const p of counts.keys()) if (!s.files.has(p)) bad.add(p);
  if (!bad.size) return false;
  const paths = [...bad];
  for (const sink of sinks()) await sink.remove(paths);
  await s.store.deleteFiles(paths.filter((p) => s.files.has(p)));
  for (const p of paths) s.files.delete(p);
  report.repaired.push(`${paths.length} files whose stored chunks did not match the files table (duplicates or missing chunks): indexed again`);
  return true;
}

