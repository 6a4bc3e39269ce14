// Phase 2 of an update: a vector for every chunk that has none — from the vector cache when the
// same content was embedded before (a rename, a branch switch back), else from the model. Fetching
// the next batch and writing the previous one overlap with embedding the current one.
import { embeddingInput, type Embedder } from '../embed/embedder';
import type { IndexReport, Progress } from './report';
import type { Store } from '../store/store';

// Store calls have a fixed cost (each fetch and merge scans the id column): fewer, larger batches
// keep the pipeline close to the bare model's speed (1024 rows: 0.78 of it, 4096: 0.95).
export const EMBED_BATCH = 4096;
const SUB_BATCH = 32;

/** Splits a batch over the pool's workers so every core embeds; reports each finished part. */
async function embedAll(embedder: Embedder, texts: string[], onPart: (n: number) => void): Promise<Float32Array[]> {
  const parts: Promise<Float32Array[]>[] = [];
  for (let i = 0; i < texts.length; i += SUB_BATCH) {
    parts.push(embedder.embed(texts.slice(i, i + SUB_BATCH)).then((v) => (onPart(v.length), v)));
  }
  // Every part settles before a failure is passed on: a rejection that returned at the first
  // failing part let the pool be closed (its workers terminated) while the other worker was
  // still inside ONNX Runtime, which aborted the whole process (Napi::Error, exit 134).
  const settled = await Promise.allSettled(parts);
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.flatMap((r) => (r as PromiseFulfilledResult<Float32Array[]>).value);
}

export async function embedMissing(
  store: Store,
  embedder: Embedder,
  report: IndexReport,
  progress: Progress,
  stopped: () => boolean,
  batch = EMBED_BATCH,
): Promise<void> {
  const ids = (await store.unembeddedIds()).sort();
  // Which contents have a cached vector, known up front: only hits are fetched.
  const cachedHashes = await store.cachedHashes();
  let done = 0;
  let writing: Promise<void> = Promise.resolve();
  // The next batch's rows and cached vectors are read while this one embeds: the model never waits on the store.
  const fetch = async (i: number) => {
    const rows = await store.chunksByIds(ids.slice(i, i + batch));
    return { rows, cached: await store.cachedVectors(rows.map((r) => r.contentHash).filter((h) => cachedHashes.has(h))) };
  };
  let next = ids.length ? fetch(0) : undefined;
  for (let i = 0; i < ids.length && !stopped(); i += batch) {
    const { rows, cached } = await next!;
    next = i + batch < ids.length ? fetch(i + batch) : undefined;
    const need = rows.filter((r) => !cached.has(r.contentHash));
    let partial = done + rows.length - need.length;
    const vectors = await embedAll(embedder, need.map((r) => embeddingInput(r.title, r.text)), (n) => {
      partial += n;
      progress({ phase: 'embed', done: partial, total: ids.length });
    });
    const fresh: { contentHash: string; vector: Float32Array }[] = [];
    need.forEach((r, k) => {
      if (!cached.has(r.contentHash)) fresh.push({ contentHash: r.contentHash, vector: vectors[k] });
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
    writing = (async () => {
      await store.updateChunks(rows);
      await store.cacheVectors(fresh);
    })();
    done += rows.length;
    progress({ phase: 'embed', done, total: ids.length });
  }
  await writing;
  await next?.catch(() => undefined); // a prefetch left behind when stopping early
}
