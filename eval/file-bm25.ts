// The comparison the long-query set is held against: plain BM25 over whole files (path + content,
// the index's own tokenizer: identifiers split, words stemmed), each query term counted as often as
// the query repeats it, as rank_bm25 and Lucene's bag-of-clauses do. No fields, no chunks, no priors.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fieldTerms } from '../src/core/keyword/terms';

const K1 = 1.2;
const B = 0.75;

export class FileBm25 {
  private postings = new Map<string, { doc: number; tf: number }[]>();
  private lengths: number[] = [];
  private avg = 1;

  private constructor(readonly paths: string[]) {}

  static build(root: string, paths: string[]): FileBm25 {
    const index = new FileBm25(paths);
    paths.forEach((p, doc) => {
      let text = '';
      try {
        text = fs.readFileSync(path.join(root, p), 'utf8');
      } catch {
        /* unreadable: only its path */
      }
      const { pairs, length } = fieldTerms(`${p}\n${text}`);
      index.lengths.push(length);
      for (let i = 0; i < pairs.length; i += 2) {
        const t = pairs[i] as string;
        let list = index.postings.get(t);
        if (!list) index.postings.set(t, (list = []));
        list.push({ doc, tf: pairs[i + 1] as number });
      }
    });
    index.avg = index.lengths.reduce((a, b) => a + b, 0) / Math.max(1, paths.length);
    return index;
  }

  /** Paths, best first. */
  search(query: string, limit = 10): string[] {
    const n = this.paths.length;
    const scores = new Float64Array(n);
    const { pairs } = fieldTerms(query);
    for (let i = 0; i < pairs.length; i += 2) {
      const list = this.postings.get(pairs[i] as string);
      if (!list) continue;
      const qtf = pairs[i + 1] as number;
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
      for (const { doc, tf } of list) {
        const norm = tf + K1 * (1 - B + (B * this.lengths[doc]) / this.avg);
        scores[doc] += qtf * idf * ((tf * (K1 + 1)) / norm);
      }
    }
    return [...scores.keys()]
      .filter((d) => scores[d] > 0)
      .sort((a, b) => scores[b] - scores[a] || (this.paths[a] < this.paths[b] ? -1 : 1))
      .slice(0, limit)
      .map((d) => this.paths[d]);
  }
}
