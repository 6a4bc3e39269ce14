// The chunk store when LanceDB cannot load (a missing or incompatible native binary): everything
// in memory for this process, no vectors, nothing saved. Keyword search works from it; the
// vector side reports why it is off. Filters are the few the core asks (countChunks' kinds).
import type { Table as ArrowTable } from 'apache-arrow';
import type { TagRow } from '../tags/tag-cache';
import type { ChunkCount, ChunkStore, StoredDamage, VectorHit } from './chunk-store';
import type { ChunkRow, FileRow } from './rows';

/** Arrow rows are read-only proxies: copy them into plain objects. */
function plainRows<T>(table: ArrowTable): T[] {
  return table.toArray().map((r) => ((r as { toJSON?: () => T }).toJSON?.() ?? { ...(r as object) }) as T);
}

export class MemoryStore implements ChunkStore {
  private readonly chunks = new Map<string, ChunkRow>();
  private readonly byPath = new Map<string, Set<string>>();
  private readonly files = new Map<string, FileRow>();
  private readonly tags = new Map<string, TagRow>();
  cacheDamage?: string;
  /** Memory is not garbled by anyone: nothing to find. */
  readonly damaged = new Set<string>();

  constructor(
    readonly dir: string,
    readonly dim: number,
  ) {}

  async loadFiles(): Promise<Map<string, FileRow>> {
    return new Map(this.files);
  }

  async upsertFiles(rows: FileRow[]): Promise<void> {
    for (const r of rows) this.files.set(r.path, { ...r });
  }

  async deleteFiles(paths: string[]): Promise<void> {
    for (const p of paths) this.files.delete(p);
  }

  async addChunks(rows: ArrowTable): Promise<void> {
    for (const r of plainRows<ChunkRow>(rows)) {
      this.chunks.set(r.id, { ...r, embedded: false, vector: null });
      let ids = this.byPath.get(r.path);
      if (!ids) this.byPath.set(r.path, (ids = new Set()));
      ids.add(r.id);
    }
  }

  async updateChunks(rows: ChunkRow[]): Promise<void> {
    for (const r of rows) if (this.chunks.has(r.id)) this.chunks.set(r.id, { ...r });
  }

  async deleteChunksOf(paths: string[]): Promise<void> {
    for (const p of paths) {
      for (const id of this.byPath.get(p) ?? []) this.chunks.delete(id);
      this.byPath.delete(p);
    }
  }

  async chunksOfPaths(paths: string[]): Promise<ChunkRow[]> {
    return paths.flatMap((p) => [...(this.byPath.get(p) ?? [])].map((id) => ({ ...this.chunks.get(id)! })));
  }

  async chunksByGroups(groupIds: string[]): Promise<ChunkRow[]> {
    const wanted = new Set(groupIds);
    return [...this.chunks.values()].filter((c) => wanted.has(c.groupId)).map((c) => ({ ...c }));
  }

  async chunksByIds(ids: string[]): Promise<ChunkRow[]> {
    return ids.flatMap((id) => (this.chunks.has(id) ? [{ ...this.chunks.get(id)! }] : []));
  }

  async chunkShapes(limit?: number, withText = false): Promise<{ kind: string; lines: number; chars: number; title?: string; text?: string }[]> {
    const rows = [...this.chunks.values()].slice(0, limit);
    return rows.map((r) => ({ kind: r.kind, lines: r.endLine - r.startLine + 1, chars: r.text.length, ...(withText ? { title: r.title, text: r.text } : {}) }));
  }

  async chunkCountsByPath(): Promise<Map<string, number>> {
    return new Map([...this.byPath].map(([p, ids]) => [p, ids.size]));
  }

  async countChunks(which: ChunkCount = 'all'): Promise<number> {
    if (which === 'all') return this.chunks.size;
    let n = 0;
    for (const c of this.chunks.values()) if (c.embedded === (which === 'embedded')) n++;
    return n;
  }

  /** Nothing is embedded without LanceDB: the vector side is off (the index says why). */
  async unembeddedIds(): Promise<{ id: string; path: string }[]> {
    return [];
  }

  async upsertTags(rows: TagRow[]): Promise<void> {
    for (const r of rows) this.tags.set(r.path, { ...r });
  }

  async deleteTags(paths: string[]): Promise<void> {
    for (const p of paths) this.tags.delete(p);
  }

  async loadTags(): Promise<TagRow[]> {
    return [...this.tags.values()];
  }

  async cachedHashes(): Promise<Set<string>> {
    return new Set();
  }

  async cachedVectors(): Promise<Map<string, Float32Array>> {
    return new Map();
  }

  async cacheVectors(): Promise<void> {}

  async resetVectorCache(): Promise<number> {
    return 0;
  }

  async forgetVectors(): Promise<void> {}

  async clearVectorCache(): Promise<void> {}

  async vectorSearch(): Promise<VectorHit[]> {
    return [];
  }

  async afterEmbedding(): Promise<void> {}

  async compactIfFragmented(): Promise<boolean> {
    return false;
  }

  async optimize(): Promise<void> {}

  async verify(): Promise<StoredDamage> {
    return { rowIds: [], paths: new Set(), vectors: 0 };
  }

  async deleteRows(): Promise<void> {}

  async versions(): Promise<number[]> {
    return [0];
  }

  close(): void {}
}
