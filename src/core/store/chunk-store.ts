// What the rest of the core needs from where chunks, files, tags and vectors are kept. LanceDB on
// disk (store.ts) in every normal run; in memory, keyword-only, when LanceDB cannot load
// (memory-store.ts), so an editor still gets search and says why vectors are missing.
import type { Table as ArrowTable } from 'apache-arrow';
import type { TagRow } from '../tags/tag-cache';
import type { ChunkRow, FileRow } from './rows';

export interface VectorHit {
  id: string;
  groupId: string;
  path: string;
  kind: string;
  distance: number;
}

/** What a verification of the stored chunks found. */
export interface StoredDamage {
  /** LanceDB row ids of garbled rows (their checksum fails, or their vector is not a model's). */
  rowIds: bigint[];
  /** The paths those rows name, as far as they can be read. */
  paths: Set<string>;
  /** Rows whose columns hold but whose vector does not. */
  vectors: number;
}

/** Which chunks to count: all, those with a vector, those still waiting for one. */
export type ChunkCount = 'all' | 'embedded' | 'unembedded';

export interface ChunkStore {
  readonly dir: string;
  readonly dim: number;
  /** Why the vector cache could not be read at open, if it could not: resetVectorCache() mends it. */
  cacheDamage?: string;
  /** Rows reads found garbled and left out (`path:lines` as far as readable); the next writer repairs them. */
  readonly damaged: Set<string>;
  /** Every chunk row checked against its checksum, every stored vector against its length. */
  verify(): Promise<StoredDamage>;
  /** Drops rows by the store's own row ids (verify() names them). */
  deleteRows(rowIds: bigint[]): Promise<void>;
  loadFiles(): Promise<Map<string, FileRow>>;
  /** `known(path)`: the table may hold a row for it. Others are appended: a merge is a join, ten times the cost. */
  upsertFiles(rows: FileRow[], known?: (path: string) => boolean): Promise<void>;
  deleteFiles(paths: string[]): Promise<void>;
  addChunks(rows: ArrowTable): Promise<void>;
  /** Rewrites whole chunk rows by id (used to attach vectors). */
  updateChunks(rows: ChunkRow[]): Promise<void>;
  deleteChunksOf(paths: string[]): Promise<void>;
  chunksOfPaths(paths: string[]): Promise<ChunkRow[]>;
  /** Every part of the given definitions. */
  chunksByGroups(groupIds: string[]): Promise<ChunkRow[]>;
  chunksByIds(ids: string[]): Promise<ChunkRow[]>;
  /** Size and kind of every chunk (or a sample with its text), for statistics. */
  chunkShapes(limit?: number, withText?: boolean): Promise<{ kind: string; lines: number; chars: number; title?: string; text?: string }[]>;
  /** Chunk rows per path: what the files table's chunk counts are checked against. */
  chunkCountsByPath(): Promise<Map<string, number>>;
  countChunks(which?: ChunkCount): Promise<number>;
  /** Chunks still waiting for a vector: id and path, so an update can embed some files first. */
  unembeddedIds(): Promise<{ id: string; path: string }[]>;
  upsertTags(rows: TagRow[], known?: (path: string) => boolean): Promise<void>;
  deleteTags(paths: string[]): Promise<void>;
  loadTags(): Promise<TagRow[]>;
  cachedHashes(): Promise<Set<string>>;
  cachedVectors(hashes: string[]): Promise<Map<string, Float32Array>>;
  cacheVectors(entries: { contentHash: string; vector: Float32Array }[]): Promise<void>;
  /** Drops a damaged vector cache and makes it again from the vectors the chunks hold. */
  resetVectorCache(): Promise<number>;
  /** Empties the vector cache (its vectors were made by another model or input). */
  clearVectorCache(): Promise<void>;
  /** Every vector is stale (the embedding input changed): every chunk waits for a new one. */
  forgetVectors(): Promise<void>;
  /** `where`: an SQL filter over kind and language. */
  vectorSearch(vector: Float32Array, limit: number, where?: string): Promise<VectorHit[]>;
  afterEmbedding(changed: number, minRows?: number): Promise<void>;
  compactIfFragmented(limit?: number): Promise<boolean>;
  optimize(): Promise<void>;
  /** Every table's version, read from disk: another process's write shows as a change. */
  versions(): Promise<number[]>;
  close(): void;
}
