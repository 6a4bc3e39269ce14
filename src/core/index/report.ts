// What an update run was asked to do, what it reports back, and its progress events.

export interface UpdateOptions {
  /** Only these workspace-relative paths (the watcher's changes); default: scan everything. */
  paths?: string[];
  embeddings?: boolean;
  /**
   * Tags only, for a repo map of a workspace not indexed yet: files get the state 'tags' and are
   * chunked by the next full update.
   */
  tagsOnly?: boolean;
  /** Why the index is to be emptied and built again (`coderag index --rebuild`); under the lock. */
  rebuild?: string;
}

export interface ProgressEvent {
  phase: 'scan' | 'parse' | 'embed' | 'save';
  done: number;
  total: number;
}

export type Progress = (e: ProgressEvent) => void;

export interface IndexReport {
  indexed: number;
  unchanged: number;
  deleted: number;
  chunks: number;
  skipped: number;
  embedded: number;
  reusedVectors: number;
  fallbacks: { path: string; reason: string }[];
  errors: { path: string; error: string }[];
  notes: { path: string; note: string }[];
  /** Set when the index was found damaged or outdated and rebuilt from scratch. */
  rebuilt?: string;
  /** Set when this run indexes another set of files than the index was built with (code-only, size limit…). */
  scanChanged?: string;
  /** Damage found and repaired without a rebuild (an interrupted run, chunk counts that did not match). */
  repaired: string[];
  embeddingError?: string;
  timings: Record<string, number>;
}

export function emptyReport(): IndexReport {
  return { indexed: 0, unchanged: 0, deleted: 0, chunks: 0, skipped: 0, embedded: 0, reusedVectors: 0, fallbacks: [], errors: [], notes: [], repaired: [], timings: {} };
}
