// Phase 2 of an update: a vector for every chunk that has none — from the vector cache when the
// same content was embedded before (a rename, a branch switch back), else from the model. Fetching
// the next batch and writing the previous one overlap with embedding the current one.
import { EMBEDDING_INPUT_VERSION, embeddingInput, type Embedder, resolveModel } from '../embed/embedder';
import type { ChunkStore } from '../store/chunk-store';
import { readCacheIdentity, writeCacheIdentity, writeMeta } from './meta';
import type { IndexReport, UpdateOptions } from './report';
import type { RunHost, RunProgress } from './run-host';
import type { IndexState } from './state';

// Store calls have a fixed cost (each fetch and merge scans the id column): fewer, larger batches
// keep the pipeline close to the bare model's speed (1024 rows: 0.78 of it, 4096: 0.95).
export const EMBED_BATCH = 4096;
const SUB_BATCH = 32;

/**
 * Splits a batch over the pool's workers so every core embeds; hands each finished part to
 * `onPart` as it comes (the vector cache keeps it at once: a kill loses at most what is in flight).
 */
async function embedAll(embedder: Embedder, texts: string[], onPart: (from: number, vectors: Float32Array[]) => void): Promise<Float32Array[]> {
  const parts: Promise<Float32Array[]>[] = [];
  for (let i = 0; i < texts.length; i += SUB_BATCH) {
    const from = i;
    parts.push(embedder.embed(texts.slice(i, i + SUB_BATCH)).then((v) => (onPart(from, v), v)));
  }
  // Every part settles before a failure is passed on: a rejection that returned at the first
  // failing part let the pool be closed (its workers terminated) while the other worker was
  // still inside ONNX Runtime, which aborted the whole process (Napi::Error, exit 134).
  const settled = await Promise.allSettled(parts);
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.flatMap((r) => (r as PromiseFulfilledResult<Float32Array[]>).value);
}

/**
 * Vectors written to the cache as they come, one write at a time, the next one taking whatever
 * finished meanwhile: durable within a fraction of a second of being computed, in a few store
 * calls per second rather than one per part.
 */
class CacheWriter {
  private pending: { contentHash: string; vector: Float32Array }[] = [];
  private writing?: Promise<void>;
  private failure?: unknown;

  constructor(private readonly store: ChunkStore) {}

  add(entries: { contentHash: string; vector: Float32Array }[]): void {
    this.pending.push(...entries);
    this.writing ??= this.drain();
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length) {
        const batch = this.pending;
        this.pending = [];
        await this.store.cacheVectors(batch);
      }
    } catch (err) {
      this.failure = err;
    } finally {
      this.writing = undefined;
    }
  }

  /** Everything added so far is written (or its failure thrown). */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.failure) throw this.failure;
  }
}

/**
 * Phase 2 of a run: the model checked against the stored vectors, every chunk without a vector
 * given one (files in `priority` first), then compaction and the ANN index. Failures are the
 * report's `embeddingError`: the structural index is saved whatever happens here.
 */
export async function embedPhase(s: IndexState, host: RunHost, report: IndexReport, progress: RunProgress, stopped: () => boolean, options: UpdateOptions): Promise<void> {
  const t3 = performance.now();
  let t4: number | undefined;
  try {
    if (s.health.degraded) throw new Error(`no vectors: ${s.health.degraded}`);
    // Another model than the vectors' is refused even when nothing needs embedding: a silent
    // accept would let the user believe the index now uses it.
    const asked = s.opts.embedding?.model ? resolveModel(s.opts.embedding).id : undefined;
    if (asked && s.meta.model && asked !== s.meta.model.id) {
      throw new Error(`the index holds vectors of ${s.meta.model.id}; --model ${s.opts.embedding!.model} (${asked}) requires \`coderag index --rebuild\``);
    }
    if (await s.store.countChunks('unembedded')) {
      progress.emit({ phase: 'embed', waitingOn: 'the embedding model' });
      const embedder = await checkedEmbedder(s, await host.embedder());
      progress.emit({ waitingOn: undefined });
      await embedMissing(s.store, embedder, report, progress, () => stopped(), s.opts.embedBatch, options.priority?.(), options.signal);
    }
    // Compaction and the ANN index, timed apart from the embedding itself.
    t4 = performance.now();
    if (!stopped() && s.meta.model) await s.store.afterEmbedding(report.embedded + report.reusedVectors);
    report.timings.annIndexMs = Math.round(performance.now() - t4);
  } catch (err) {
    report.embeddingError = (err as Error).message;
  }
  report.timings.embedMs = Math.round((t4 ?? performance.now()) - t3);
}

/** The embedder, checked against what the stored vectors were made with; records it in meta.json. */
async function checkedEmbedder(s: IndexState, embedder: Embedder): Promise<Embedder> {
  if (s.meta.model && (s.meta.model.id !== embedder.id || s.meta.model.dim !== embedder.dim)) {
    throw new Error(
      `the index holds vectors of ${s.meta.model.id} (${s.meta.model.dim}-d) but the model is ${embedder.id} (${embedder.dim}-d): run \`coderag index --rebuild\``,
    );
  }
  if (embedder.dim !== s.store.dim) throw new Error(`model dimension ${embedder.dim} differs from the index (${s.store.dim}): run \`coderag index --rebuild\``);
  s.meta.model = { id: embedder.id, dim: embedder.dim, input: EMBEDDING_INPUT_VERSION };
  // A cache kept through a rebuild, or one of an index older than its identity file: its vectors
  // serve only the model and input they were made with.
  const cache = readCacheIdentity(s.dir);
  if (cache && (cache.id !== embedder.id || cache.dim !== embedder.dim || (cache.input ?? 0) !== EMBEDDING_INPUT_VERSION)) await s.store.clearVectorCache();
  writeCacheIdentity(s.dir, s.meta.model);
  writeMeta(s.dir, s.meta);
  return embedder;
}

export async function embedMissing(
  store: ChunkStore,
  embedder: Embedder,
  report: IndexReport,
  progress: RunProgress,
  stopped: () => boolean,
  batch = EMBED_BATCH,
  priority?: Iterable<string>,
  signal?: AbortSignal,
): Promise<void> {
  const ids = firstOf(await store.unembeddedIds(), priority);
  // Which contents have a cached vector, known up front: only hits are fetched.
  const cachedHashes = await store.cachedHashes();
  let done = 0;
  let writing: Promise<void> = Promise.resolve();
  // The next batch's rows and cached vectors are read while this one embeds: the model never waits on the store.
  const fetch = async (i: number) => {
    const slice = ids.slice(i, i + batch);
    // In the order asked, not the table's (which depends on how parse batches happened to land):
    // the quantized model's output for a text moves with its sub-batch's other texts (cosine down
    // to 0.97), so the same chunks must always meet the same neighbours.
    const order = new Map(slice.map((id, k) => [id, k]));
    const rows = (await store.chunksByIds(slice)).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    return { rows, cached: await store.cachedVectors(rows.map((r) => r.contentHash).filter((h) => cachedHashes.has(h))) };
  };
  let next = ids.length ? fetch(0) : undefined;
  const total = ids.length;
  progress.emit({ vectors: { done: 0, total } });
  const cache = new CacheWriter(store);
  for (let i = 0; i < ids.length && !(await progress.checkpoint(stopped, signal)); i += batch) {
    const { rows, cached } = await next!;
    next = i + batch < ids.length ? fetch(i + batch) : undefined;
    // One model call per content: copies of one chunk (a build output, a .d.ts) share it.
    const need = [...new Map(rows.filter((r) => !cached.has(r.contentHash)).map((r) => [r.contentHash, r])).values()];
    let partial = done + rows.length - need.length;
    const vectors = await embedAll(embedder, need.map((r) => embeddingInput(r.title, r.text)), (from, part) => {
      cache.add(part.map((vector, k) => ({ contentHash: need[from + k].contentHash, vector })));
      partial += part.length;
      progress.emit({ vectors: { done: partial, total } });
    });
    need.forEach((r, k) => {
      cached.set(r.contentHash, vectors[k]);
      cachedHashes.add(r.contentHash);
    });
    for (const r of rows) {
      r.vector = cached.get(r.contentHash)!; // a Float32Array: copied once, into the Arrow column
      r.embedded = true;
    }
    report.reusedVectors += rows.length - need.length;
    report.embedded += need.length;
    await writing;
    // The chunk rows learn their vectors once the cache holds them: a run killed in between
    // finds them there and only copies them over.
    writing = (async () => {
      await cache.flush();
      await store.updateChunks(rows);
    })();
    done += rows.length;
    progress.emit({ vectors: { done, total } });
  }
  await writing;
  await cache.flush();
  await next?.catch(() => undefined); // a prefetch left behind when stopping early
}

/** Chunk ids in a stable order (sorted), the priority files' chunks first. */
function firstOf(chunks: { id: string; path: string }[], priority?: Iterable<string>): string[] {
  const first = new Set(priority ?? []);
  const ids = (list: { id: string }[]) => list.map((c) => c.id).sort();
  if (!first.size) return ids(chunks);
  return [...ids(chunks.filter((c) => first.has(c.path))), ...ids(chunks.filter((c) => !first.has(c.path)))];
}
