// The domain types that flow one way: files → fragments → chunks → index → search.
// Plain data only: these cross worker boundaries by structured clone.

export const CHUNK_KINDS = [
  'function',
  'method',
  'class',
  'constant',
  'declaration',
  'section', // a cut of a config or scene file (project.godot section, .tscn node, JSON key…)
  'documentation', // a Markdown heading section
  'window', // a line window of a file we cannot parse
] as const;
export type ChunkKind = (typeof CHUNK_KINDS)[number];

/** A piece of one file, with its exact 1-based inclusive line range. */
export interface Fragment {
  path: string; // workspace-relative, `/` separators
  startLine: number;
  endLine: number;
  text: string;
}

export type Visibility = 'public' | 'private' | 'protected' | 'internal';

export interface ChunkMeta {
  signature?: string;
  parameters?: string[];
  returnType?: string;
  decorators?: string[];
  async?: boolean;
  generator?: boolean;
  visibility?: Visibility;
  docstring?: string;
  complexity?: number;
  /** Identifiers the chunk defines (its own name, fields, enum members…). */
  defines: string[];
  /** Identifiers the chunk references (calls, types, attributes). */
  references: string[];
}

/** A fragment with what the index needs to find it. */
export interface Chunk extends Fragment, ChunkMeta {
  id: string;
  /** The whole definition this chunk belongs to: equal to `id` unless the definition was split. */
  groupId: string;
  language: string;
  kind: ChunkKind;
  name: string;
  qualifiedName: string;
  /** Context for the embedding and for display: `<path> (<module doc>) <kind> <name>`. Never part of `text`. */
  title: string;
  /** Key of the embedding input minus the path, so a renamed file keeps its vectors. */
  contentHash: string;
  /** Set when an oversized node was split: this is part `index` (1-based) of `count`. */
  part?: { index: number; count: number };
  isDocumentation?: boolean;
}

export type SkipReason =
  | 'ignored' // by a rule; `detail` names the rule and its file
  | 'default-exclude'
  | 'secret'
  | 'binary'
  | 'too-large'
  | 'minified'
  | 'generated'
  | 'documentation' // code-only mode
  | 'unreadable'
  | 'invalid-utf8'
  | 'symlink-loop'
  | 'special-file' // a FIFO, socket or device: reading it would block or never end
  | 'outside-workspace' // a symlink whose target is outside the root; `detail` names the target
  | 'parse-failed' // it killed the parse worker (out of memory, even with a heap sized to it): until it changes
  | 'unsupported';

/**
 * Skips that pass: the file vanished, could not be read, or changed while it was read. The next
 * pass and the watcher's settle read such a file again whatever its stamp says; other skips
 * (binary, minified…) hold until the file changes.
 */
export const TRANSIENT_SKIPS: readonly SkipReason[] = ['unreadable'];

export interface SkippedFile {
  path: string;
  reason: SkipReason;
  detail?: string;
}

/** How a file was cut, recorded so `status` can say why a file fell back to line windows. */
export interface FileChunks {
  path: string;
  language: string;
  chunks: Chunk[];
  /** Set when the parser could not be used and we fell back to line windows. */
  fallback?: string;
  /** tree-sitter reported syntax errors but recovered. */
  syntaxErrors?: boolean;
}
