// The worker side of the artifact seam: what is derived from one parsed file, each product under
// its artifact's id. The index side (index/sinks.ts) applies and removes them by the same ids.
// Adding an artifact is a producer here and a sink there; versions are recorded in meta.json and
// a changed one makes the next run parse every file again.
import type { Tree } from 'web-tree-sitter';
import type { Chunk } from '../base/types';
import { packFileDocs } from '../keyword/terms';
import { type PackedRows, packChunks, packedBuffers } from '../store/rows';
import { packSymbols } from '../symbols/symbols';
import { packTags } from '../tags/tag-cache';
import type { Tag } from '../tags/tags';

/** One file as parsed once: everything a producer may read. `tree` is deleted after the producers ran. */
export interface ParsedSource {
  path: string;
  text: string;
  language: string;
  chunks: Chunk[];
  tags?: Tag[];
  tree?: Tree;
}

export interface Producer<T = unknown> {
  readonly id: string;
  /** Bump when what `produce` makes changes: every file is parsed again by the next run. */
  readonly version: number;
  produce(file: ParsedSource): T | undefined;
  /** Buffers to move, not copy, across the worker boundary. */
  transfer?(value: T): ArrayBuffer[];
  /** Made from the tags alone: also made by a tags-only parse (the repo map's first pass). */
  fromTags?: boolean;
}

/**
 * Bumped whenever chunking or keyword terms change: every file is parsed again on the next run,
 * while vectors are still reused by content hash (the vector cache survives).
 */
export const CHUNKER_VERSION = 11; // 11: the file's one-line summary (its module doc) is in the doc field of the definition opening the file; 10: a class summary ends with the class's own closing line only, not its last member's (a stray `)`); 9: Godot 3 `tool` and 4 `@tool` are chunks; Godot scenes and resources are never minified; project.godot and scene sections split only between keys; 8: a statement declaring several names (`var a = 1, b = 2`) is one chunk, Rake `desc` documents its task; 7: line windows named after their trimmed range, text lines over the limit cut by characters, CR-only files split at CR; 6: signatures stop at comments; a /** */ block above a definition documents it across blank lines

/** Chunk rows in flat column buffers, ready to become one Arrow batch: built here, off the index thread. */
const chunkRows: Producer<PackedRows> = {
  id: 'chunks',
  version: CHUNKER_VERSION,
  produce: (f) => (f.chunks.length ? packChunks(f.chunks) : undefined),
  transfer: packedBuffers,
};

/** Keyword documents (one per definition, with terms): tokenizing here keeps it off the index thread. */
const keywordDocs: Producer<ReturnType<typeof packFileDocs>> = {
  id: 'keyword',
  version: CHUNKER_VERSION,
  produce: (f) => packFileDocs(f.chunks),
  transfer: (d) => [d.data.buffer as ArrayBuffer],
};

/** Tags for the repo map, packed: one string crosses threads, not thousands of objects. */
const tagData: Producer<string> = {
  id: 'tags',
  version: 2, // 2: Godot file loads by kind (file.script, file.preload…), signal handlers, relative preload paths
  produce: (f) => (f.tags ? packTags(f.tags) : undefined),
  fromTags: true,
};

/**
 * Definitions for the symbol index, with their parents (qualified names), from the tags: every
 * parsed file gets one, empty or not, so the index knows which content each file's entry is of.
 */
const symbolData: Producer<ReturnType<typeof packSymbols>> = {
  id: 'symbols',
  version: 1,
  produce: (f) => packSymbols(f.tags ?? []),
  fromTags: true,
};

export const PRODUCERS: readonly Producer[] = [chunkRows, keywordDocs, tagData, symbolData] as Producer[];

/** Every artifact's version, as meta.json records it. */
export function producerVersions(): Record<string, number> {
  return Object.fromEntries(PRODUCERS.map((p) => [p.id, p.version]));
}

export type Products = Record<string, unknown>;

export function produceAll(file: ParsedSource): Products {
  const out: Products = {};
  for (const p of PRODUCERS) {
    const v = p.produce(file);
    if (v !== undefined) out[p.id] = v;
  }
  return out;
}

/** The products of a tags-only parse. */
export function tagProducts(path: string, language: string, tags: Tag[]): Products {
  const out: Products = {};
  const file: ParsedSource = { path, text: '', language, chunks: [], tags };
  for (const p of PRODUCERS) {
    if (!p.fromTags) continue;
    const v = p.produce(file);
    if (v !== undefined) out[p.id] = v;
  }
  return out;
}

export function transferList(products: Products): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const p of PRODUCERS) if (p.transfer && products[p.id] !== undefined) out.push(...p.transfer(products[p.id]));
  return out;
}
