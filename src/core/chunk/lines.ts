// A source's rows by offset: one scan for '\n', then any run of rows is one slice. Splitting every
// file into line strings and joining them back for each chunk was a tenth of what chunking allocated.

export class SourceLines {
  /** Offset of each row's first character. */
  private readonly starts: Int32Array;
  readonly count: number;

  constructor(readonly source: string) {
    let n = 1;
    for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) n++;
    const starts = new Int32Array(n);
    let r = 1;
    for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) starts[r++] = i + 1;
    this.starts = starts;
    this.count = n;
  }

  private end(r: number): number {
    return r + 1 < this.count ? this.starts[r + 1] - 1 : this.source.length;
  }

  /** Row `r` without its '\n'; undefined past the last row (as `source.split('\n')[r]`). */
  at(r: number): string | undefined {
    if (r < 0 || r >= this.count) return undefined;
    return this.source.slice(this.starts[r], this.end(r));
  }

  /** Rows a..b (inclusive) joined by '\n': `source.split('\n').slice(a, b + 1).join('\n')`. */
  join(a: number, b: number): string {
    const from = Math.max(0, a);
    const to = Math.min(b, this.count - 1);
    if (from > to) return '';
    return this.source.slice(this.starts[from], this.end(to));
  }
}

/**
 * A file's lines as the index numbers them: split at '\n', or at CR in a file with no '\n' at all
 * (classic Mac line endings, which parse-job reads as line breaks).
 */
export function linesOf(text: string): string[] {
  return text.includes('\n') || !text.includes('\r') ? text.split('\n') : text.split('\r');
}
