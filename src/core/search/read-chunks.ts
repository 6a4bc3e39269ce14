// Whole definitions read back from the chunk store: a split definition's parts joined into one
// chunk, the first part's signature and docstring kept for display.
import type { Chunk } from '../base/types';
import type { ChunkStore } from '../store/chunk-store';
import { fromRow } from '../store/rows';

/** Whole definitions by id: the parts of a split definition joined, the first part's signature and docstring kept. */
export async function readChunks(store: Pick<ChunkStore, 'chunksByGroups'>, ids: string[]): Promise<Chunk[]> {
  const rows = await store.chunksByGroups(ids);
  const parts = new Map<string, Chunk[]>();
  for (const r of rows.map(fromRow).sort((a, b) => a.startLine - b.startLine)) {
    const list = parts.get(r.groupId);
    if (list) list.push(r);
    else parts.set(r.groupId, [r]);
  }
  const out: Chunk[] = [];
  for (const [groupId, [first, ...rest]] of parts) {
    // Later parts extend the range; the first part keeps the signature and docstring for display.
    // Each later part repeats the definition's header line: joined once, not re-scanned per part
    // (a class of fifty parts made this quadratic).
    const seen = new Set([first.text]);
    const texts = [first.text];
    let endLine = first.endLine;
    for (const r of rest) {
      endLine = Math.max(endLine, r.endLine);
      if (seen.has(r.text)) continue;
      seen.add(r.text);
      texts.push(r.text.split('\n').slice(1).join('\n'));
    }
    out.push({ ...first, id: groupId, part: undefined, endLine, text: texts.join('\n') });
  }
  return out;
}
