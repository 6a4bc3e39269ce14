// The on-disk index proper: LanceDB tables for chunks (text, title, metadata, vector), files
// (what was indexed, at which content hash) and a vector cache keyed by content hash, which lets
// renamed files and branch switches reuse vectors instead of re-embedding.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Connection, Table } from '@lancedb/lancedb';
import type { Schema } from 'apache-arrow';
import {
  CHECKED_COLUMNS, type ChunkRow, chunkSchema, chunkTable, type FileRow, fileSchema, rowIntact, sqlIn, tableOf, tagSchema, vectorCacheSchema,
  vectorCacheTable, vectorIntact,
} from './rows';
import type { TagRow } from '../tags/tag-cache';
import type { ChunkCount, ChunkStore, StoredDamage, VectorHit } from './chunk-store';

export class CorruptIndexError extends Error {}

/** LanceDB's native module could not be loaded: the index runs keyword-only, in memory (store/memory-store.ts). */
export class StoreUnavailableError extends Error {}

type LanceDb = typeof import('@lancedb/lancedb');
let loaded: LanceDb | undefined;

/**
 * LanceDB, loaded on first use rather than at import: a missing or broken native binary must not
 * take down the process that merely imports the core (an editor's language server).
 */
export function lanceDb(): LanceDb {
  // Tests (and a user checking the fallback) stand in for a binary that does not load.
  if (process.env.CODERAG_FAIL_LANCEDB) throw new StoreUnavailableError(`LanceDB could not be loaded: ${process.env.CODERAG_FAIL_LANCEDB}`);
  if (loaded) return loaded;
  process.env.LANCEDB_LOG ??= 'error';
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded = require('@lancedb/lancedb') as LanceDb;
  } catch (err) {
    throw new StoreUnavailableError(`LanceDB could not be loaded: ${(err as Error).message.split('\n')[0]}`);
  }
  return loaded;
}

/** LanceDB's messages end in the Rust source location: of no use to a user. */
function tidy(message: string): string {
  return message.replace(/,?\s*\/rustc\/\S+/g, '').trim();
}


/** Arrow rows are read-only proxies: copy them into plain objects. */
function plain<T>(rows: unknown[]): T[] {
  return rows.map((r) => ((r as { toJSON?: () => T }).toJSON?.() ?? { ...(r as object) }) as T);
}

const BATCH = 500;
/** Below this many vectors brute force answers in well under 100 ms: no index to maintain. */
export const ANN_INDEX_MIN = 15_000;

function partitionsFor(rows: number): number {
  return Math.max(16, Math.min(1024, Math.round(Math.sqrt(rows))));
}

function batches<T>(items: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const FRAGMENT_LIMIT = 100;

/** Rows keyed by path: merged where the table may hold the path, appended where it cannot. */
async function upsert(table: Table, rows: { path: string }[], known: (path: string) => boolean, schema: Schema): Promise<void> {
  const merged = rows.filter((r) => known(r.path));
  const added = rows.filter((r) => !known(r.path));
  if (merged.length) await table.mergeInsert('path').whenMatchedUpdateAll().whenNotMatchedInsertAll().execute(tableOf(merged, schema));
  if (added.length) await table.add(tableOf(added, schema));
}

export class Store implements ChunkStore {
  /** Rows reads found garbled (their checksum fails): left out of what was returned. */
  readonly damaged = new Set<string>();

  private constructor(
    readonly dir: string,
    readonly dim: number,
    private readonly db: Connection,
    private readonly chunks: Table,
    private readonly files: Table,
    private vectors: Table,
    private readonly tags: Table,
    /** Why the vector cache could not be read at open, if it could not: resetVectorCache() mends it. */
    public cacheDamage?: string,
  ) {}

  /**
   * Opens the tables; `create` (the writer, under the lock) makes the missing ones. A reader
   * creates nothing: a missing table is damage. Anything unreadable is a CorruptIndexError.
   */
  static async open(dir: string, dim: number, create = false): Promise<Store> {
    const lancedb = lanceDb();
    if (create) fs.mkdirSync(dir, { recursive: true });
    else if (!fs.existsSync(dir)) throw new CorruptIndexError(`the table folder ${dir} is missing`);
    try {
      const db = await lancedb.connect(dir);
      const names = new Set(await db.tableNames());
      const open = async (name: string, schema: import('apache-arrow').Schema) => {
        if (names.has(name)) return db.openTable(name);
        if (!create) throw new Error(`table ${name} is missing`);
        return db.createEmptyTable(name, schema, { mode: 'overwrite' });
      };
      const chunks = await open('chunks', chunkSchema(dim));
      const files = await open('files', fileSchema());
      const vectors = await open('vector_cache', vectorCacheSchema(dim));
      const tags = await open('tags', tagSchema());
      // Touch every table so a damaged manifest or data file fails here, not mid-run.
      await Promise.all([chunks.countRows(), files.countRows(), tags.countRows()]);
      await chunks.query().limit(1).toArray();
      await files.query().limit(1).toArray();
      await tags.query().limit(1).toArray();
      // The vector cache only saves embedding work: damage there costs the cache, not the index.
      let cacheDamage: string | undefined;
      try {
        await vectors.countRows();
        await vectors.query().limit(1).toArray();
      } catch (err) {
        cacheDamage = tidy((err as Error).message);
      }
      return new Store(dir, dim, db, chunks, files, vectors, tags, cacheDamage);
    } catch (err) {
      throw new CorruptIndexError(`tables unreadable: ${tidy((err as Error).message)}`);
    }
  }

  async loadFiles(): Promise<Map<string, FileRow>> {
    const rows = plain<FileRow>(await this.files.query().toArray());
    return new Map(rows.map((r) => [r.path, r]));
  }

  async deleteChunksOf(paths: string[]): Promise<void> {
    for (const b of batches(paths)) await this.chunks.delete(sqlIn('path', b));
  }

  async addChunks(rows: import('apache-arrow').Table): Promise<void> {
    if (rows.numRows) await this.chunks.add(rows);
  }

  /** Rewrites whole chunk rows by id (used to attach vectors). */
  async updateChunks(rows: ChunkRow[]): Promise<void> {
    if (!rows.length) return;
    await this.chunks.mergeInsert('id').whenMatchedUpdateAll().execute(chunkTable(rows, this.dim));
  }

  /** `known(path)`: the table may hold a row for it. Others are appended: a merge is a join, ten times the cost. */
  async upsertFiles(rows: FileRow[], known: (path: string) => boolean = () => true): Promise<void> {
    await upsert(this.files, rows, known, fileSchema());
  }

  async deleteFiles(paths: string[]): Promise<void> {
    for (const b of batches(paths)) await this.files.delete(sqlIn('path', b));
  }

  async deleteTags(paths: string[]): Promise<void> {
    for (const b of batches(paths)) await this.tags.delete(sqlIn('path', b));
  }

  async upsertTags(rows: TagRow[], known: (path: string) => boolean = () => true): Promise<void> {
    await upsert(this.tags, rows, known, tagSchema());
  }

  async loadTags(): Promise<TagRow[]> {
    return plain<TagRow>(await this.tags.query().toArray());
  }

  /**
   * Chunk rows as stored, each checked against its checksum: a garbled row is never handed out
   * (it is recorded in `damaged`, and the next `coderag index` repairs it).
   */
  private async readChunks(where: string): Promise<ChunkRow[]> {
    const out: ChunkRow[] = [];
    let rows: ChunkRow[];
    try {
      rows = plain<ChunkRow>(await this.chunks.query().where(where).select(CHUNK_COLUMNS).toArray());
    } catch (err) {
      // Garbled beyond what LanceDB can decode (it panics inside): damage, said as such.
      throw new CorruptIndexError(`tables unreadable: ${tidy((err as Error).message)}`);
    }
    for (const r of rows) {
      if (rowIntact(r)) out.push(r);
      else this.damaged.add(`${r.path}:${r.startLine}-${r.endLine}`);
    }
    return out;
  }

  async chunksOfPaths(paths: string[]): Promise<ChunkRow[]> {
    const out: ChunkRow[] = [];
    for (const b of batches(paths)) out.push(...(await this.readChunks(sqlIn('path', b))));
    return out;
  }

  /**
   * Every part of the given definitions. A definition one of whose parts was garbled is left out
   * whole: its other parts alone would be served with another start or end than it has.
   */
  async chunksByGroups(groupIds: string[]): Promise<ChunkRow[]> {
    const out: ChunkRow[] = [];
    for (const b of batches(groupIds)) out.push(...(await this.readChunks(sqlIn('groupId', b))));
    if (!this.damaged.size) return out;
    const found = new Map<string, number>();
    for (const r of out) found.set(r.groupId, (found.get(r.groupId) ?? 0) + 1);
    return out.filter((r) => {
      const count = (JSON.parse(r.meta) as { part?: { count: number } }).part?.count ?? 1;
      return found.get(r.groupId) === count;
    });
  }

  async chunksByIds(ids: string[]): Promise<ChunkRow[]> {
    const out: ChunkRow[] = [];
    for (const b of batches(ids)) out.push(...(await this.readChunks(sqlIn('id', b))));
    return out;
  }

  /**
   * Every chunk row checked: its checksum, and for an embedded row its vector. Streams the table
   * (at 90k chunks about 1 s here). Rows LanceDB cannot read at all throw, as at open.
   */
  async verify(): Promise<StoredDamage> {
    const damage: StoredDamage = { rowIds: [], paths: new Set(), vectors: 0 };
    try {
      for await (const batch of this.chunks.query().select([...CHECKED_COLUMNS, 'checksum', 'embedded', 'vector']).withRowId()) {
        const col = (name: string) => batch.getChild(name)!;
        const rowIds = col('_rowid');
        const columns = CHECKED_COLUMNS.map((c) => [c, col(c)] as const);
        const checksum = col('checksum');
        const embedded = col('embedded');
        const vector = col('vector');
        for (let i = 0; i < batch.numRows; i++) {
          const row = Object.fromEntries(columns.map(([c, v]) => [c, v.get(i)])) as unknown as ChunkRow;
          row.checksum = checksum.get(i) as string;
          const rowOk = rowIntact(row);
          const vectorOk = !embedded.get(i) || vectorIntact(vector.get(i)?.toArray() as Float32Array | undefined, this.dim);
          if (rowOk && vectorOk) continue;
          damage.rowIds.push(BigInt(rowIds.get(i) as bigint));
          if (rowOk) damage.vectors++;
          if (typeof row.path === 'string') damage.paths.add(row.path);
        }
      }
    } catch (err) {
      throw new CorruptIndexError(`tables unreadable: ${tidy((err as Error).message)}`);
    }
    return damage;
  }

  /** Drops rows by LanceDB row id (rows whose own columns cannot be trusted to name them). */
  async deleteRows(rowIds: bigint[]): Promise<void> {
    for (const b of batches(rowIds)) await this.chunks.delete(`_rowid IN (${b.join(', ')})`);
  }

  /** Size and kind of every chunk (or a sample with its text), for statistics. */
  async chunkShapes(limit?: number, withText = false): Promise<{ kind: string; lines: number; chars: number; title?: string; text?: string }[]> {
    let q = this.chunks.query().select(withText ? ['kind', 'startLine', 'endLine', 'title', 'text'] : ['kind', 'startLine', 'endLine', 'text']);
    if (limit) q = q.limit(limit);
    const rows = await q.toArray();
    return rows.map((r) => ({
      kind: r.kind as string,
      lines: (r.endLine as number) - (r.startLine as number) + 1,
      chars: (r.text as string).length,
      ...(withText ? { title: r.title as string, text: r.text as string } : {}),
    }));
  }

  /** Chunk rows per path: what the files table's chunk counts are checked against. */
  async chunkCountsByPath(): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (const r of await this.chunks.query().select(['path']).toArray()) {
      const p = r.path as string;
      counts.set(p, (counts.get(p) ?? 0) + 1);
    }
    return counts;
  }

  async countChunks(which: ChunkCount = 'all'): Promise<number> {
    return this.chunks.countRows(which === 'all' ? undefined : `embedded = ${which === 'embedded'}`);
  }

  async unembeddedIds(): Promise<{ id: string; path: string }[]> {
    const rows = await this.chunks.query().where('embedded = false').select(['id', 'path']).toArray();
    return rows.map((r) => ({ id: r.id as string, path: r.path as string }));
  }

  async cachedHashes(): Promise<Set<string>> {
    const rows = await this.vectors.query().select(['contentHash']).toArray();
    return new Set(rows.map((r) => r.contentHash as string));
  }

  async cachedVectors(hashes: string[]): Promise<Map<string, Float32Array>> {
    const found = new Map<string, Float32Array>();
    if (!hashes.length) return found;
    const unique = [...new Set(hashes)];
    for (const b of batches(unique)) {
      const rows = await this.vectors.query().where(sqlIn('contentHash', b)).toArray();
      for (const r of rows) {
        // A garbled cache entry is a miss: the chunk is embedded again, and the entry replaced.
        const v = Float32Array.from(r.vector as ArrayLike<number>);
        if (vectorIntact(v, this.dim)) found.set(r.contentHash as string, v);
      }
    }
    return found;
  }

  async cacheVectors(entries: { contentHash: string; vector: Float32Array }[]): Promise<void> {
    if (!entries.length) return;
    // Matched entries are replaced: only a garbled one (read as a miss) is cached again.
    await this.vectors.mergeInsert('contentHash').whenMatchedUpdateAll().whenNotMatchedInsertAll().execute(vectorCacheTable(entries, this.dim));
  }

  /**
   * Drops a damaged vector cache and makes it again from the vectors the chunks hold (streamed:
   * at 90k chunks the vectors alone are 180 MB). Writer only, under the lock.
   */
  async resetVectorCache(): Promise<number> {
    this.vectors.close();
    await this.db.dropTable('vector_cache');
    this.vectors = await this.db.createEmptyTable('vector_cache', vectorCacheSchema(this.dim), { mode: 'overwrite' });
    this.cacheDamage = undefined;
    const seen = new Set<string>();
    let entries: { contentHash: string; vector: Float32Array }[] = [];
    let total = 0;
    for await (const batch of this.chunks.query().where('embedded = true').select(['contentHash', 'vector'])) {
      const hashes = batch.getChild('contentHash')!;
      const vectors = batch.getChild('vector')!;
      for (let i = 0; i < batch.numRows; i++) {
        const hash = hashes.get(i) as string;
        const v = vectors.get(i);
        if (seen.has(hash) || !v) continue;
        seen.add(hash);
        entries.push({ contentHash: hash, vector: Float32Array.from(v as ArrayLike<number>) });
      }
      if (entries.length >= 4096) {
        await this.vectors.add(vectorCacheTable(entries, this.dim));
        total += entries.length;
        entries = [];
      }
    }
    if (entries.length) await this.vectors.add(vectorCacheTable(entries, this.dim));
    return total + entries.length;
  }

  /**
   * Every vector is stale (the embedding input changed): the cache is emptied and every chunk waits
   * for a new vector. Chunks keep their rows; search skips them until they are embedded again.
   */
  async forgetVectors(): Promise<void> {
    await this.vectors.delete('true');
    await this.chunks.update({ where: 'embedded = true', valuesSql: { embedded: 'false' } });
  }

  /** Empties the vector cache (its vectors were made by another model or input). */
  async clearVectorCache(): Promise<void> {
    await this.vectors.delete('true');
  }

  /** The vector index, read once: none (brute force below ANN_INDEX_MIN rows), RaBitQ, or IVF_FLAT (indexes built before RaBitQ). */
  private annIndex?: { kind: 'none' | 'rq' | 'flat'; partitions: number };

  async vectorSearch(vector: Float32Array, limit: number, where?: string): Promise<VectorHit[]> {
    let q = this.chunks.vectorSearch(Array.from(vector)).distanceType('cosine').select(['id', 'groupId', 'path', 'kind', '_distance']).limit(limit);
    if (!this.annIndex) {
      const index = (await this.chunks.listIndices()).find((i) => i.columns.includes('vector'));
      this.annIndex = !index ? { kind: 'none', partitions: 0 } : { kind: /rq/i.test(index.indexType) ? 'rq' : 'flat', partitions: partitionsFor(await this.chunks.countRows()) };
    }
    const { kind, partitions } = this.annIndex;
    // RaBitQ, a third of the partitions probed, the best 5 × limit rescored on the full vectors:
    // 0.99 of the exact top 200 on the eval questions over the standard library in ~20 ms (a sixth
    // probed: 0.96 in 18 ms). IVF_FLAT needed 47 ms for 0.96 (each vector it reads costs ~3 µs here).
    if (kind === 'rq') q = q.nprobes(Math.max(20, Math.ceil(partitions / 3))).refineFactor(5);
    else if (kind === 'flat') q = q.nprobes(Math.max(20, Math.ceil(partitions / 6)));
    q = q.where(where ? `embedded = true AND (${where})` : 'embedded = true');
    let rows: Record<string, unknown>[];
    try {
      rows = await q.toArray();
    } catch (err) {
      throw new CorruptIndexError(`tables unreadable: ${tidy((err as Error).message)}`);
    }
    return rows.map((r) => ({ id: r.id as string, groupId: r.groupId as string, path: r.path as string, kind: r.kind as string, distance: r._distance as number }));
  }

  /**
   * After an embedding pass: compact the fragments its row updates left, and index the vectors
   * once there are enough of them that brute force gets slow (~0.3 s at 90k × 512 here; a RaBitQ
   * index answers in ~20 ms, built in ~11 s). LanceDB searches rows added since an index was
   * built by brute force and folds them in on the next optimize(). The groupId column gets a
   * B-tree: search reads its best definitions back by groupId (20 → 9 ms at 90k chunks).
   */
  async afterEmbedding(changed: number, minRows = ANN_INDEX_MIN): Promise<void> {
    const rows = await this.chunks.countRows('embedded = true');
    const indices = await this.chunks.listIndices();
    const indexed = indices.some((i) => i.columns.includes('vector'));
    if (changed >= 1000 || (!indexed && rows >= minRows)) await this.optimize();
    if (!indexed && rows >= minRows) {
      await this.chunks.createIndex('vector', { config: lanceDb().Index.ivfRq({ numPartitions: partitionsFor(rows), distanceType: 'cosine' }) });
      this.annIndex = undefined;
    }
    if (rows >= minRows && !indices.some((i) => i.columns.includes('groupId'))) {
      await this.chunks.createIndex('groupId', { config: lanceDb().Index.btree() });
    }
  }

  /**
   * Compacts once a table is split into many fragments (each batch write adds one). A cold pass
   * over 10k files leaves about 60; on the stdlib's 22, reading results back cost ~7 ms more a
   * search, where compacting cost 0.8 s at the end of the pass.
   */
  async compactIfFragmented(limit = FRAGMENT_LIMIT): Promise<boolean> {
    for (const t of [this.chunks, this.files, this.vectors, this.tags]) {
      if ((await t.stats()).fragmentStats.numFragments > limit) {
        await this.optimize();
        return true;
      }
    }
    return false;
  }

  /** Compacts small fragments and drops old versions; run after large updates. */
  async optimize(): Promise<void> {
    const older = new Date(Date.now() - 1000);
    for (const t of [this.chunks, this.files, this.vectors, this.tags]) await t.optimize({ cleanupOlderThan: older, deleteUnverified: true } as never);
  }

  close(): void {
    for (const t of [this.chunks, this.files, this.vectors, this.tags]) t.close();
    this.db.close();
  }

  /** Every table's version, read from disk: another process's write shows as a change. */
  async versions(): Promise<number[]> {
    const out: number[] = [];
    for (const t of [this.chunks, this.files, this.vectors, this.tags]) {
      await t.checkoutLatest();
      out.push(await t.version());
    }
    return out;
  }

  /**
   * Empties the index folder (after corruption, or on request) but keeps the lock file: the
   * writer that rebuilds holds it, and no other writer may start meanwhile. `keepCache`: the
   * vector cache stays (and what it was made with, VECTOR_CACHE_FILE): vectors computed once are
   * not computed again by the rebuild.
   */
  static destroy(dir: string, keepCache = false): void {
    if (!fs.existsSync(dir)) return;
    const lance = lanceDir(dir);
    for (const name of fs.readdirSync(dir)) {
      const p = path.join(dir, name);
      if (name === 'lock' || (keepCache && name === VECTOR_CACHE_FILE)) continue;
      if (keepCache && p === lance) {
        for (const table of fs.readdirSync(lance)) if (table !== 'vector_cache.lance') fs.rmSync(path.join(lance, table), { recursive: true, force: true });
        continue;
      }
      fs.rmSync(p, { recursive: true, force: true });
    }
  }

  /** Whether the vector cache of the index at `dir` opens and reads, whatever the other tables' state. */
  static async cacheReadable(dir: string): Promise<boolean> {
    try {
      const db = await lanceDb().connect(lanceDir(dir));
      try {
        const table = await db.openTable('vector_cache');
        await table.countRows();
        await table.query().limit(1).toArray();
        table.close();
        return true;
      } finally {
        db.close();
      }
    } catch {
      return false;
    }
  }
}

/** What the vector cache's vectors were made with ({ id, dim, input } as meta.json's model), beside it in the index folder. */
export const VECTOR_CACHE_FILE = 'vector-cache.json';

export const CHUNK_COLUMNS = [...CHECKED_COLUMNS, 'checksum', 'embedded'];

export function lanceDir(indexDir: string): string {
  return path.join(indexDir, 'lance');
}
