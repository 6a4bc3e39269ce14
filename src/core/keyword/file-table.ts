// Files as the keyword engine sees them: a number per file, each document's file, each file's
// field lengths (the sums of its documents'), and files by base name. Built from the engine's
// documents on first use after a change and kept until the next one, so a search pays for it once
// per process, not once per query.
import { FIELDS } from './terms';
import type { DocInfo } from './docs';

const PATH = FIELDS.indexOf('path');

export class FileTable {
  /** Paths by file number. */
  readonly paths: string[] = [];
  /** File number of each document number, -1 for deleted documents. */
  readonly fileOf: Int32Array;
  /**
   * Per field, per file: the summed length of its documents; for the path field, one document's
   * (every document of a file repeats its path).
   */
  readonly lengths: Float64Array[];
  readonly averages: number[];
  private readonly byBase = new Map<string, string[]>();

  constructor(docs: readonly (DocInfo | null)[], docLengths: readonly number[][]) {
    this.fileOf = new Int32Array(docs.length).fill(-1);
    const numbers = new Map<string, number>();
    docs.forEach((d, i) => {
      if (!d) return;
      let n = numbers.get(d.path);
      if (n === undefined) {
        numbers.set(d.path, (n = this.paths.length));
        this.paths.push(d.path);
      }
      this.fileOf[i] = n;
    });
    this.lengths = FIELDS.map(() => new Float64Array(this.paths.length));
    docs.forEach((d, i) => {
      if (!d) return;
      const file = this.fileOf[i];
      for (let f = 0; f < FIELDS.length; f++) {
        if (f === PATH) this.lengths[f][file] = docLengths[f][i];
        else this.lengths[f][file] += docLengths[f][i];
      }
    });
    this.averages = this.lengths.map((ls) => ls.reduce((a, b) => a + b, 0) / Math.max(1, ls.length) || 1);
    for (const p of this.paths) {
      const base = baseName(p);
      const list = this.byBase.get(base);
      if (list) list.push(p);
      else this.byBase.set(base, [p]);
    }
  }

  get size(): number {
    return this.paths.length;
  }

  private dirs?: Set<string>;

  /** Whether some indexed file lies under the folder `dir` (workspace-relative, no trailing `/`). */
  hasDir(dir: string): boolean {
    if (!this.dirs) {
      this.dirs = new Set();
      for (const p of this.paths) for (let i = p.indexOf('/'); i >= 0; i = p.indexOf('/', i + 1)) this.dirs.add(p.slice(0, i));
    }
    return this.dirs.has(dir);
  }

  /** Indexed files whose path ends with `suffix` at a segment boundary (`json/encoder.py` → `python/json/encoder.py`). */
  endingWith(suffix: string): string[] {
    const clean = suffix.replace(/^\/+/, '');
    const list = this.byBase.get(baseName(clean)) ?? [];
    return list.filter((p) => p === clean || p.endsWith('/' + clean));
  }
}

function baseName(p: string): string {
  return p.slice(p.lastIndexOf('/') + 1);
}
