// The keyword terms of a long query, weighed by how often and where the query says them rather
// than by position: the engine used to read the first 32 distinct words, which in a pasted bug
// report are template headings and the first lines of a traceback. A term's weight grows with its
// count in the query and saturates (BM25's query-side k3), so a name the report repeats counts
// more than one it mentions once, but a word repeated in every frame does not drown the rest.
import type { QueryTerm } from '../keyword/engine';
import { fieldTerms } from '../keyword/terms';
import { withoutVersions } from './boilerplate';
import type { QueryParts } from './query-parts';

export interface TermWeights {
  /** Weight of a prose line's words. */
  prose: number;
  /** Weight of code the user pasted. */
  code: number;
  /** Weight of the source lines traces print under their frames (Python). */
  frameCode: number;
  /** Weight of an error's message: its words are often the raise statement's own. */
  message: number;
  /** Weight of an error's type and of the functions frames name. */
  names: number;
  /** Weight of the base names of files frames name (`encoder` of json/encoder.py). */
  frameFiles: number;
  /** Query-side saturation: a term said q times weighs (k + 1) q / (k + q). */
  k: number;
}

export const DEFAULT_TERM_WEIGHTS: TermWeights = { prose: 1, code: 1, frameCode: 1, message: 1.5, names: 1, frameFiles: 0.5, k: 1.5 };

// Hosts of URLs name where something was posted (github.com, git.new), not the code.
const URL_HOST = /\bhttps?:\/\/[^/\s)]+/g;

/** Weighted index terms of a parsed query, in first-seen order. */
export function weightedTerms(parts: QueryParts, w: TermWeights = DEFAULT_TERM_WEIGHTS): QueryTerm[] {
  const total = new Map<string, number>();
  const add = (text: string, weight: number) => {
    if (!text || weight <= 0) return;
    const { pairs } = fieldTerms(withoutVersions(text.replace(URL_HOST, ' ')));
    for (let i = 0; i < pairs.length; i += 2) {
      const t = pairs[i] as string;
      total.set(t, (total.get(t) ?? 0) + weight * (pairs[i + 1] as number));
    }
  };
  for (const line of parts.prose) add(line, w.prose);
  for (const line of parts.code) add(line, w.code);
  for (const e of parts.errors) {
    add(e.message, w.message);
    add(e.type, w.names);
  }
  for (const f of parts.frames) {
    if (f.code) add(f.code, w.frameCode);
    if (f.internal) continue;
    if (f.func) add(f.func, w.names);
    const base = f.file.slice(f.file.lastIndexOf('/') + 1).replace(/\.\w+$/, '');
    add(base, w.frameFiles);
  }
  return [...total].map(([term, q]) => ({ term, weight: ((w.k + 1) * q) / (w.k + q), expand: false }));
}
