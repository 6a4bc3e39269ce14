// Offsets in a file's text as 1-based lines and columns (UTF-16 code units, as JavaScript strings
// and SARIF count them), computed from the text rather than from tree-sitter's byte columns.
import type { Node } from 'web-tree-sitter';
import type { Edit, Span } from './model';
import { partitionPoint } from '../base/sorted';

export class Locator {
  private readonly starts: number[] = [0];

  constructor(readonly text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  position(offset: number): { line: number; column: number } {
    // The last line starting at or before `offset` (line 0 starts at 0).
    const lo = Math.max(0, partitionPoint(0, this.starts.length, (i) => this.starts[i] <= offset) - 1);
    return { line: lo + 1, column: offset - this.starts[lo] + 1 };
  }

  span(from: number, to: number): Span {
    const a = this.position(from);
    const b = this.position(to);
    return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
  }

  spanOf(node: Node): Span {
    return this.span(node.startIndex, node.endIndex);
  }

  edit(from: number, to: number, text: string): Edit {
    return { ...this.span(from, to), text };
  }

  /** The offset of a 1-based line and column. */
  offset(line: number, column: number): number {
    return (this.starts[line - 1] ?? this.text.length) + column - 1;
  }
}

/** A text with edits applied (spans must not overlap; applied from the last). */
export function applyEdits(text: string, edits: Edit[]): string {
  const at = new Locator(text);
  const sorted = edits.map((e) => ({ e, from: at.offset(e.line, e.column), to: at.offset(e.endLine, e.endColumn) })).sort((a, b) => b.from - a.from);
  let out = text;
  let limit = Infinity;
  for (const { e, from, to } of sorted) {
    if (to > limit) continue; // overlaps an edit already applied: skipped
    out = out.slice(0, from) + e.text + out.slice(to);
    limit = from;
  }
  return out;
}
