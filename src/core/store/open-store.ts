// Which chunk store an index gets: LanceDB on disk, or, when its native module cannot load, one
// in memory that serves keyword search and says why (the index is not saved meanwhile).
import type { ChunkStore } from './chunk-store';
import { MemoryStore } from './memory-store';
import { lanceDir, Store, StoreUnavailableError } from './store';

/** `indexDir`: the index folder (the tables live in its lance/ folder). */
export async function openChunkStore(indexDir: string, dim: number, create: boolean): Promise<{ store: ChunkStore; degraded?: string }> {
  try {
    return { store: await Store.open(lanceDir(indexDir), dim, create) };
  } catch (err) {
    if (!(err instanceof StoreUnavailableError)) throw err;
    return { store: new MemoryStore(lanceDir(indexDir), dim), degraded: err.message };
  }
}
