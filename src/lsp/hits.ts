// The core's search results as the protocol carries them: chunk hits, and the file view's files
// each with its best chunks. Pure translation, no I/O.
import type { SearchResult } from '../core/service/api';
import type { SearchFileHit, SearchHit } from './protocol';

/** Chunks shown under a file of the file view: its best, then two more (a file view lists files, not every chunk in them). */
export const CHUNKS_PER_FILE = 3;

export function hitOf(root: string, h: SearchResult): SearchHit {
  return {
    id: h.id,
    folder: root,
    file: `${root}/${h.path}`,
    path: h.path,
    startLine: h.startLine,
    endLine: h.endLine,
    kind: h.kind,
    language: h.language,
    name: h.name,
    qualifiedName: h.qualifiedName || h.name,
    ...(h.signature ? { signature: h.signature } : {}),
    score: h.score,
    snippet: h.snippet,
    ...(h.snippetCut ? { snippetCut: true } : {}),
    ...(h.copies?.length ? { copies: h.copies.map((c) => ({ path: c.path, startLine: c.startLine, endLine: c.endLine })) } : {}),
  };
}

/**
 * The file view's files (one result each: the file's best chunk, its score the file's, `why`),
 * each joined by the file's other chunks from the chunk ranking of the same query. The file
 * view's own pick stays first: it may come from outside the chunk ranking (the keyword engine's
 * best document of a file no chunk of the ranking is in).
 */
export function filesOf(root: string, files: SearchResult[], chunks: SearchResult[]): SearchFileHit[] {
  const byPath = new Map<string, SearchResult[]>();
  for (const c of chunks) byPath.set(c.path, [...(byPath.get(c.path) ?? []), c]);
  return files.map((f) => {
    const others = (byPath.get(f.path) ?? []).filter((c) => c.id !== f.id).slice(0, CHUNKS_PER_FILE - 1);
    return {
      folder: root,
      file: `${root}/${f.path}`,
      path: f.path,
      score: f.score,
      ...(f.why?.length ? { why: f.why } : {}),
      // The best chunk's own score is the file's in the core's answer: keep the chunk ranking's where it has one.
      chunks: [hitOf(root, { ...f, score: chunks.find((c) => c.id === f.id)?.score ?? f.score }), ...others.map((c) => hitOf(root, c))],
    };
  });
}
