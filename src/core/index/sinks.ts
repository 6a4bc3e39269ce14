// The index side of the artifact seam (parse/producers.ts is the worker side): each artifact's
// products applied to where they live, and removed with their file. A batch calls every sink in
// this order, between the journal's begin and the files-table write, so a killed run leaves
// nothing a sink wrote without the journal naming its file.
import type { PackedDocs } from '../keyword/docs';
import type { KeywordEngine } from '../keyword/engine';
import { rowsTable, type PackedRows } from '../store/rows';
import type { ChunkStore } from '../store/chunk-store';
import type { PackedSymbols } from '../symbols/symbols';
import type { TagCache } from '../tags/tag-cache';
import type { SymbolFile } from './symbol-file';

export interface Produced<T = unknown> {
  path: string;
  sha: string;
  value: T;
}

export interface Sink {
  /** The producer's id (producers.ts). */
  readonly id: string;
  /**
   * Afterwards the artifact holds `items` for their paths and nothing for the other `touched`
   * paths (skipped, tags-only, or parsed without this product). `known`: the files table may hold
   * the path, so the artifact may too (others are appended: nothing to replace).
   */
  apply(touched: string[], items: Produced[], known: (path: string) => boolean): Promise<void>;
  /** Files gone from the workspace (or dropped for repair). */
  remove(paths: string[]): Promise<void>;
}

export interface SinkTargets {
  readonly store: ChunkStore;
  readonly keyword: KeywordEngine;
  readonly tags: TagCache;
  readonly symbols: SymbolFile;
}

/** The touched paths the batch produced nothing for: what an artifact drops for them. */
function unproduced(touched: string[], items: Produced[]): string[] {
  const fresh = new Set(items.map((i) => i.path));
  return touched.filter((p) => !fresh.has(p));
}

function chunkSink(t: SinkTargets): Sink {
  return {
    id: 'chunks',
    async apply(touched, items, known) {
      await t.store.deleteChunksOf(touched.filter(known));
      const table = rowsTable(items.map((i) => i.value as PackedRows), t.store.dim);
      if (table) await t.store.addChunks(table);
    },
    remove: (paths) => t.store.deleteChunksOf(paths),
  };
}

function keywordSink(t: SinkTargets): Sink {
  return {
    id: 'keyword',
    async apply(touched, items) {
      for (const i of items) t.keyword.setFile(i.path, i.sha, i.value as PackedDocs);
      for (const p of unproduced(touched, items)) t.keyword.removeFile(p);
    },
    async remove(paths) {
      for (const p of paths) t.keyword.removeFile(p);
    },
  };
}

function tagSink(t: SinkTargets): Sink {
  return {
    id: 'tags',
    async apply(touched, items, known) {
      const stale = unproduced(touched, items);
      for (const p of stale) t.tags.forget(p);
      await t.store.deleteTags(stale.filter(known));
      for (const i of items) t.tags.set(i.path, i.sha, i.value as string);
      // A path the files table does not list has no tags row either (dropping a file drops both).
      await t.store.upsertTags(items.map((i) => ({ path: i.path, sha256: i.sha, data: i.value as string })), known);
    },
    async remove(paths) {
      for (const p of paths) t.tags.forget(p);
      await t.store.deleteTags(paths);
    },
  };
}

/** Definitions in the symbol index: a file's replace the ones it had, nothing is rebuilt. */
function symbolSink(t: SinkTargets): Sink {
  return {
    id: 'symbols',
    async apply(touched, items) {
      for (const i of items) t.symbols.set(i.path, i.sha, i.value as PackedSymbols);
      t.symbols.remove(unproduced(touched, items));
    },
    async remove(paths) {
      t.symbols.remove(paths);
    },
  };
}

/** Every artifact's sink, in the order a batch applies them. */
export function sinksFor(t: SinkTargets): Sink[] {
  return [chunkSink(t), keywordSink(t), tagSink(t), symbolSink(t)];
}
