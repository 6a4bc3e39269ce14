// The last touch on every chunk: its title (context for the embedding, never part of the text),
// its content hash (the key vectors are reused by) and its id.
import { createHash } from 'node:crypto';
import type { Chunk } from '../model';

export type ChunkDraft = Omit<Chunk, 'id' | 'groupId' | 'title' | 'contentHash' | 'defines' | 'references'> &
  Partial<Pick<Chunk, 'defines' | 'references'>> & {
    /** Lines of the whole definition when this draft is one part of it. */
    groupLines?: [number, number];
  };

export function titleOf(path: string, moduleDoc: string | undefined, kind: string, name: string): string {
  return moduleDoc ? `${path} (${moduleDoc}) ${kind} ${name}` : `${path} ${kind} ${name}`;
}

/** The path is left out on purpose: a renamed file must keep its vectors. */
export function contentHashOf(moduleDoc: string | undefined, kind: string, name: string, text: string): string {
  return createHash('sha256').update(`${moduleDoc ?? ''}\u0000${kind}\u0000${name}\u0000${text}`).digest('hex').slice(0, 32);
}

export function finishChunk(full: ChunkDraft, moduleDoc?: string): Chunk {
  const { groupLines, ...draft } = full;
  const name = draft.qualifiedName || draft.name;
  const part = draft.part ? `#${draft.part.index}` : '';
  const [groupStart, groupEnd] = draft.part && groupLines ? groupLines : [draft.startLine, draft.endLine];
  const chunk: Chunk = {
    ...draft,
    defines: draft.defines ?? [],
    references: draft.references ?? [],
    id: `${draft.path}:${draft.startLine}-${draft.endLine}:${draft.kind}:${name}${part}`,
    // Parts of one split definition share it: search ranks definitions, not parts.
    groupId: `${draft.path}:${groupStart}-${groupEnd}:${draft.kind}:${name}`,
    title: titleOf(draft.path, moduleDoc, draft.kind, name),
    contentHash: contentHashOf(moduleDoc, draft.kind, name, draft.text),
  };
  return chunk;
}
