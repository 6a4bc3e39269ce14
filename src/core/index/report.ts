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
  /**
   * Stops the run at the next file or batch boundary: what was written is whole (the journal and
   * the files table agree), and the next run does the rest. The report says `cancelled`.
   */
  signal?: AbortSignal;
  /** This run's progress, besides the index's own listener. */
  onProgress?: Progress;
  /** Files whose chunks get vectors first (the editor's open files, the latest changes). */
  priority?: () => Iterable<string>;
}

export interface ProgressEvent {
  /** Counts from 1 per index object: tells one run's events from the next one's. */
  runId: number;
  phase: 'scan' | 'parse' | 'save' | 'embed' | 'done';
  files: { done: number; total: number };
  /** Chunks written so far by this run. */
  chunks: number;
  vectors: { done: number; total: number };
  /** What the run waits for, when it waits: 'paused', 'the embedding model', … */
  waitingOn?: string;
}

export type Progress = (e: ProgressEvent) => void;

export interface IndexReport {
  runId: number;
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
  /**
   * Files skipped for a reason that passes (vanished and back, unreadable, changed while read):
   * the next pass reads them again, and the watcher does once its burst settles.
   */
  retry: string[];
  /** Set when the index was found damaged or outdated and rebuilt from scratch. */
  rebuilt?: string;
  /** Set when this run indexes another set of files than the index was built with (code-only, size limit…). */
  scanChanged?: string;
  /** Damage found and repaired without a rebuild (an interrupted run, chunk counts that did not match). */
  repaired: string[];
  embeddingError?: string;
  /** The run was stopped (its signal, or the index closing) before it finished: the next run completes it. */
  cancelled?: boolean;
  timings: Record<string, number>;
}

export function emptyReport(runId = 0): IndexReport {
  return { runId, indexed: 0, unchanged: 0, deleted: 0, chunks: 0, skipped: 0, embedded: 0, reusedVectors: 0, fallbacks: [], errors: [], notes: [], retry: [], repaired: [], timings: {} };
}
