// What one CodeIndex holds between runs: the files table in memory, the keyword engine, the tag
// cache, the symbol index, meta.json, and what open() found. Shared by the pieces of index/ (open, repair, keyword
// file, run), each of which does one job on it; nothing outside index/ sees it.
import * as path from 'node:path';
import type { SkippedFile } from '../base/types';
import type { EmbedderConfig } from '../embed/embedder';
import { KeywordEngine } from '../keyword/engine';
import type { FileRow } from '../store/rows';
import type { ChunkStore } from '../store/chunk-store';
import { TagCache } from '../tags/tag-cache';
import { Journal } from './journal';
import { SymbolFile } from './symbol-file';
import type { IndexMeta, ScanSettings } from './meta';
import { INDEX_FORMAT, readSkipped } from './meta';
import type { Progress } from './report';

export interface CodeIndexOptions {
  root: string;
  /** Default `<root>/.coderag`. */
  indexDir?: string;
  embedding?: EmbedderConfig & { enabled?: boolean };
  maxFileBytes?: number;
  codeOnly?: boolean;
  /** Lines in .gitignore syntax read after .coderagignore's (see ScanOptions). */
  extraExcludes?: string[];
  /** Globs: only files matching one are indexed. */
  include?: string[];
  /** Chunks over this many model tokens are split (default 512). */
  maxTokens?: number;
  parseWorkers?: number;
  /** Heap of a parse worker, and the most a retry of a file that ran it out of memory gets (parse-pool.ts); tests make them small. */
  parseHeapMb?: { worker: number; max: number };
  embedWorkers?: number;
  /** Chunks per store round trip while embedding (default EMBED_BATCH); tests make it small. */
  embedBatch?: number;
  /** Parse in this thread instead of workers (tests, tiny updates). */
  inProcess?: boolean;
  onProgress?: Progress;
  /**
   * The text of a file as an editor holds it (an unsaved buffer), by workspace-relative path;
   * undefined reads the disk. Asked once per file an update reads.
   */
  readFile?: (path: string) => string | undefined | Promise<string | undefined>;
}

/**
 * What open() found. A reader repairs nothing: damage and unfinished work wait for the next
 * writer, which repairs them under the lock (repair.ts).
 */
export interface IndexHealth {
  /** No index at this folder yet (no meta.json). */
  missing: boolean;
  /** The index cannot be read (damaged or outdated): `coderag index` rebuilds it. */
  corrupt?: string;
  /** Readable, with something the next `coderag index` repairs (an interrupted run, a keyword file…). */
  notices: string[];
  /** The live process holding the writer lock when this one opened, if any. */
  writer?: number;
  /** Set when LanceDB could not be loaded: the index lives in memory, keyword-only, for this process. */
  degraded?: string;
}

export const DEFAULT_DIM = 512;

export class CorruptIndexFound extends Error {}

export function defaultIndexDir(root: string): string {
  return path.join(root, '.coderag');
}

export function freshMeta(root: string): IndexMeta {
  const now = new Date().toISOString();
  return { format: INDEX_FORMAT, root, createdAt: now, updatedAt: now };
}

export class IndexState {
  /** The files table, held in memory. */
  readonly files = new Map<string, FileRow>();
  readonly tags: TagCache;
  /** The symbol index (symbols.json), loaded on first use. */
  readonly symbols: SymbolFile;
  readonly journal: Journal;
  keyword = KeywordEngine.empty();
  /** Why keyword.bin could not be used, until a writer has saved it again. */
  keywordDamage?: string;
  keywordSavedAt = Date.now();
  health: IndexHealth = { missing: true, notices: [] };
  meta: IndexMeta;
  /** What decides the file set: the options given, else the ones the index was built with. */
  scan: ScanSettings = { codeOnly: false };
  /** Set when this process indexes another file set than the index was built with; told by the next update. */
  scanChanged?: string;
  opened?: ChunkStore;
  /** The table versions the in-memory state (files, keyword, tags) was read at or last wrote. */
  versions?: number[];
  /** Vectors made from another embedding input: not searched until a writer re-embeds them. */
  vectorsStale = false;
  /** Set by reload() when a killed run's half-written files were dropped: their counts are checked file by file. */
  interrupted = false;
  /** Set once this object has written (run an update): only then does close() save the keyword index. */
  wrote = false;
  /** The chunk table's data files were found clean (checksums swept, or as the last clean run left them) at the start of this run. */
  knownClean = false;
  /** The last full scan's skip list, once read or made (skipped.json on disk). */
  skipped?: SkippedFile[];

  constructor(
    readonly root: string,
    readonly dir: string,
    readonly opts: CodeIndexOptions,
  ) {
    this.meta = freshMeta(root);
    this.tags = new TagCache(() => this.store.loadTags());
    this.symbols = new SymbolFile(path.join(dir, 'symbols.json'), { files: this.files, tags: this.tags, readable: () => !!this.opened });
    this.journal = new Journal(path.join(dir, 'journal.json'));
  }

  /** The chunk store; throws when the index is missing or could not be read. */
  get store(): ChunkStore {
    if (this.opened) return this.opened;
    if (this.health.corrupt) throw new CorruptIndexFound(this.corruptMessage());
    throw new CorruptIndexFound(`no index yet at ${this.dir}; run \`coderag index\``);
  }

  /** What a reader tells the user about an index it cannot read. */
  corruptMessage(): string {
    if (this.health.writer) return `the index at ${this.dir} is being written by another CodeRAG process (pid ${this.health.writer}) and could not be read (${this.health.corrupt}); try again when it finishes`;
    return `the index at ${this.dir} is corrupt (${this.health.corrupt}); run \`coderag index\` to rebuild it`;
  }

  skippedFiles(): SkippedFile[] {
    this.skipped ??= readSkipped(this.dir);
    return this.skipped;
  }

  get lockFile(): string {
    return path.join(this.dir, 'lock');
  }

  get keywordFile(): string {
    return path.join(this.dir, 'keyword.bin');
  }
}
