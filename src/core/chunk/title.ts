// The last touch on every chunk: its title (context for the embedding, never part of the text),
// its content hash (the key vectors are reused by) and its id.
import { hash } from 'node:crypto';
import type { Chunk } from '../base/types';

export type ChunkDraft = Omit<Chunk, 'id' | 'groupId' | 'title' | 'contentHash' | 'defines' | 'references'> &
  Partial<Pick<Chunk, 'defines' | 'references'>>;

export function titleOf(path: string, moduleDoc: string | undefined, kind: string, name: string): string {
  return moduleDoc ? `${path} (${moduleDoc}) ${kind} ${name}` : `${path} ${kind} ${name}`;
}

/** The module doc a title holds (titleOf read backwards), for chunks read back from the store. */
export function moduleDocOf(c: Pick<Chunk, 'title' | 'path' | 'kind' | 'name' | 'qualifiedName'>): string | undefined {
  const head = `${c.path} (`;
  const tail = `) ${c.kind} ${c.qualifiedName || c.name}`;
  const t = c.title;
  return t.length > head.length + tail.length && t.startsWith(head) && t.endsWith(tail) ? t.slice(head.length, t.length - tail.length) : undefined;
}

/** The path is left out on purpose: a renamed file must keep its vectors. */
export function contentHashOf(moduleDoc: string | undefined, kind: string, name: string, text: string): string {
  // One-shot hash(): a Hash object per chunk cost twice as much.
  return hash('sha256', `${moduleDoc ?? ''}\u0000${kind}\u0000${name}\u0000${text}`, 'hex').slice(0, 32);
}

/**
 * Completes a draft in place (it becomes the chunk): copying two dozen fields per chunk, twice,
 * was a sixth of chunking. `groupLines`: lines of the whole definition when the draft is one part.
 */
export function finishChunk(draft: ChunkDraft, moduleDoc?: string, groupLines?: [number, number]): Chunk {
  const chunk = draft as Chunk;
  const name = draft.qualifiedName || draft.name;
  const part = draft.part ? `#${draft.part.index}` : '';
  const [groupStart, groupEnd] = draft.part && groupLines ? groupLines : [draft.startLine, draft.endLine];
  chunk.defines ??= [];
  chunk.references ??= [];
  // Parts of one split definition share it: search ranks definitions, not parts.
  const groupId = `${draft.path}:${groupStart}-${groupEnd}:${draft.kind}:${name}`;
  chunk.id = draft.part ? `${draft.path}:${draft.startLine}-${draft.endLine}:${draft.kind}:${name}${part}` : groupId;
  chunk.groupId = groupId;
  chunk.title = titleOf(draft.path, moduleDoc, draft.kind, name);
  chunk.contentHash = contentHashOf(moduleDoc, draft.kind, name, draft.text);
  return chunk;
}
