// Whole-file BM25F, scored in the same pass over the postings as the documents: a file's field
// frequencies are the sums of its documents', normalised by its summed lengths. A bug report's
// words are spread over a file (the error message where it is raised, the option where it is
// parsed, the class in its header); scored per chunk, that evidence split into pieces no chunk
// held together, and plain whole-file BM25 beat chunk ranking on the long-query set.
import type { FileTable } from './file-table';
import { FIELDS } from './terms';
import type { DocInfo } from './docs';

const K1 = 1.2;
const PATH = FIELDS.indexOf('path');

export interface FileHit<H> {
  path: string;
  score: number;
  /** Whole-file BM25F before the coverage factor. */
  raw: number;
  /** The file's best document among those the search's filter accepts. */
  best: H;
  /** Query terms the file matched. */
  matched: number;
}

/** Accumulators by file number, reused across searches (reset through the touched lists). */
export class FileBuffers {
  readonly raw: Float64Array[];
  readonly score: Float64Array;
  readonly cover: Float64Array;
  readonly count: Uint32Array;
  readonly termStamp: Int32Array;
  readonly listed: Int32Array;
  readonly pathSeen: Int32Array;
  readonly bestDoc: Int32Array;
  readonly bestScore: Float64Array;
  readonly bestMatched: Uint32Array;
  /** Marks the current variant in `listed` and `pathSeen`: never reset, only increased. */
  mark = 0;

  constructor(readonly size: number) {
    this.raw = FIELDS.map(() => new Float64Array(size));
    this.score = new Float64Array(size);
    this.cover = new Float64Array(size);
    this.count = new Uint32Array(size);
    this.termStamp = new Int32Array(size);
    this.listed = new Int32Array(size);
    this.pathSeen = new Int32Array(size);
    this.bestDoc = new Int32Array(size).fill(-1);
    this.bestScore = new Float64Array(size);
    this.bestMatched = new Uint32Array(size);
  }
}

export class FileScoring {
  private touched: number[] = [];
  private variant: number[] = [];

  constructor(
    private readonly table: FileTable,
    private readonly buf: FileBuffers,
    private readonly docs: readonly (DocInfo | null)[],
    private readonly fieldB: Record<(typeof FIELDS)[number], number>,
    private readonly boost: Record<(typeof FIELDS)[number], number>,
  ) {
    buf.mark++;
  }

  /** One field's postings of the current variant: frequencies summed per file (a path counted once per file). */
  add(field: number, docs: Uint32Array, tfs: Uint16Array, from: number, to: number): void {
    const { fileOf } = this.table;
    const b = this.buf;
    const raw = b.raw[field];
    const mark = b.mark;
    for (let i = from; i < to; i++) {
      const file = fileOf[docs[i]];
      if (file < 0) continue;
      if (b.listed[file] !== mark) {
        b.listed[file] = mark;
        this.variant.push(file);
      }
      if (field !== PATH) raw[file] += tfs[i];
      else if (b.pathSeen[file] !== mark) {
        b.pathSeen[file] = mark;
        raw[file] = tfs[i];
      }
    }
  }

  /** Ends a variant: its per-file frequencies saturate once and add to the files' scores. */
  settle(weight: number, term: number, cover: number): void {
    const files = this.variant;
    const b = this.buf;
    b.mark++;
    if (!files.length) return;
    const { lengths, averages } = this.table;
    const idf = Math.log(1 + (this.table.size - files.length + 0.5) / (files.length + 0.5));
    const w = weight * idf;
    for (const file of files) {
      let x = 0;
      for (let f = 0; f < FIELDS.length; f++) {
        const tf = b.raw[f][file];
        if (!tf) continue;
        b.raw[f][file] = 0;
        const fb = this.fieldB[FIELDS[f]];
        x += (this.boost[FIELDS[f]] * tf) / (1 - fb + (fb * lengths[f][file]) / averages[f]);
      }
      if (b.count[file] === 0 && b.score[file] === 0) this.touched.push(file);
      b.score[file] += (w * x * (K1 + 1)) / (x + K1);
      if (b.termStamp[file] !== term + 1) {
        b.termStamp[file] = term + 1;
        b.cover[file] += cover;
        b.count[file]++;
      }
    }
    this.variant = [];
  }

  /** A document's final score: the best document of each file the filter accepts represents the file. */
  offer(doc: number, score: number, matched: number, filter?: (d: DocInfo) => boolean): void {
    const file = this.table.fileOf[doc];
    const b = this.buf;
    if (file < 0 || (b.bestDoc[file] >= 0 && score <= b.bestScore[file])) return;
    const info = this.docs[doc];
    if (!info || (filter && !filter(info))) return;
    b.bestDoc[file] = doc;
    b.bestScore[file] = score;
    b.bestMatched[file] = matched;
  }

  /** The best `limit` files by whole-file BM25F times the share of the query they cover; the buffers are reset. */
  ranked<H>(limit: number, totalWeight: number, hitOf: (doc: number, score: number, matched: number) => H): FileHit<H>[] {
    const b = this.buf;
    const out: { file: number; score: number }[] = [];
    for (const file of this.touched) {
      if (b.bestDoc[file] >= 0) out.push({ file, score: b.score[file] * (b.cover[file] / totalWeight) });
    }
    const paths = this.table.paths;
    out.sort((x, y) => y.score - x.score || (paths[x.file] < paths[y.file] ? -1 : 1));
    const hits = out.slice(0, limit).map(({ file, score }) => ({
      path: paths[file],
      score,
      raw: b.score[file],
      best: hitOf(b.bestDoc[file], b.bestScore[file], b.bestMatched[file]),
      matched: b.count[file],
    }));
    for (const file of this.touched) {
      b.score[file] = 0;
      b.cover[file] = 0;
      b.count[file] = 0;
      b.termStamp[file] = 0;
      b.bestDoc[file] = -1;
      b.bestScore[file] = 0;
      b.bestMatched[file] = 0;
    }
    this.touched = [];
    return hits;
  }
}
