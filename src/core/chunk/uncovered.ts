// Code outside every definition — scripts, `if __name__ == "__main__":` blocks, test files made of
// describe()/it() calls, top-level statements — would otherwise be in no chunk and unsearchable.
// Such statements become 'window' chunks; imports, package lines, comments, re-export lists,
// directives and the module docstring do not (they are context, not answers).
import type { Node } from 'web-tree-sitter';
import { lastRow } from './definitions';
import { lowerBound } from '../base/sorted';

const NOT_CODE = /import|package|^use_declaration$|using_directive|preproc_include|extern_crate|comment|^extends_statement$|^class_name_statement$|^annotation$|inner_attribute|^attribute_item$|^expression_statement_docstring$|^file_scoped_namespace_declaration$|^hash_bang_line$/;

/**
 * Containers whose own lines (`namespace app {`, `#ifndef GUARD`, `mod tests {`, the closing `}`)
 * only scope what they hold: the qualified names of their definitions already say it.
 */
export const SCAFFOLD = /namespace|^module$|^internal_module$|^mod_item$|^preproc_(if|ifdef|else|elif|elifdef)$|^linkage_specification$|^foreign_mod_item$|^type_declaration$|^declaration_list$|^compilation_unit$/;

// Re-export lists and export wiring (`export { a, b };`, `export * from './x'`, `export default Foo;`).
const EXPORT_ONLY = /^(export_clause|string|identifier|namespace_export|comment)$/;

/**
 * A statement that is context rather than code: imports and their kin, `export { a };` and other
 * export wiring, `module.exports = Foo;`, and a lone string (`'use strict';`, a Python attribute
 * docstring). Reads the node's children only for the few types that can be such wiring.
 */
export function isContext(node: Node, type: string = node.type): boolean {
  if (NOT_CODE.test(type)) return true;
  if (type === 'export_statement') return node.namedChildren.every((c) => !c || EXPORT_ONLY.test(c.type));
  if (type === 'expression_statement') {
    if (node.namedChildCount !== 1) return false;
    const only = node.namedChildren[0]!;
    const t = only.type;
    // A directive: `'use strict';`, Godot 3's `tool`.
    if (t === 'string' || t === 'identifier') return true;
    if (t !== 'assignment_expression') return false;
    return only.childForFieldName('right')?.type === 'identifier' && /^(module\.)?exports(\.[\w$]+)?$/.test(only.childForFieldName('left')?.text ?? '');
  }
  // `#define GUARD_H` (no value): an include guard or a flag.
  if (type === 'preproc_def') return !node.childForFieldName('value');
  // Ruby's imports are calls.
  if (type === 'call') return /^require(_relative)?$/.test(node.namedChildren[0]?.text ?? '');
  return false;
}

/**
 * Row ranges (0-based, inclusive) of statements no definition covers. A statement that holds
 * definitions (a describe() callback with a helper function, an `if` around a function, a
 * namespace) is descended into, however deep the definition sits: its statements around the
 * definitions are kept, and so are its own header and closing rows, unless it is a SCAFFOLD or a
 * scope definition (`scaffold`: node ids). Runs made of header/closing rows alone are kept too
 * (`if (x) {` around a function is code); the caller drops runs with no word in them (`});`).
 */
export function uncoveredRuns(root: Node, covered: [number, number][], skipRows: Set<number>, scaffold: Set<number>): [number, number][] {
  // The covered rows as sorted disjoint runs (nested and touching ranges merged): every child of
  // every visited node asks, and a file of 500 functions made a scan of them all quadratic.
  const sorted = covered.slice().sort((x, y) => x[0] - y[0]);
  const starts: number[] = [];
  const ends: number[] = [];
  for (const [s, e] of sorted) {
    const n = ends.length;
    if (n && s <= ends[n - 1] + 1) ends[n - 1] = Math.max(ends[n - 1], e);
    else {
      starts.push(s);
      ends.push(e);
    }
  }
  /** Index of the first run ending at or after `row`. */
  const runAt = (row: number) => lowerBound(ends, row);
  const overlaps = (a: number, b: number) => {
    const i = runAt(a);
    return i < ends.length && starts[i] <= b;
  };
  const inside = (a: number, b: number) => {
    const i = runAt(a);
    return i < ends.length && starts[i] <= a && b <= ends[i];
  };
  const pieces: [number, number][] = [];
  const piece = (a: number, b: number) => {
    for (let r = a; r <= b; r++) {
      if (skipRows.has(r) || inside(r, r)) continue;
      let e = r;
      while (e < b && !skipRows.has(e + 1) && !inside(e + 1, e + 1)) e++;
      pieces.push([r, e]);
      r = e;
    }
  };
  // `own`: the node's header and closing rows are code of their own (not the root, not a scaffold).
  const visit = (node: Node, nodeRow: number, nodeEnd: number, own: boolean, depth: number) => {
    let firstRow = -1;
    let lastEnd = -1;
    for (const child of node.namedChildren) {
      if (!child) continue;
      const a = child.startPosition.row;
      const b = lastRow(child);
      if (b > lastEnd) lastEnd = b;
      // Definitions first: no `type` read (a call into wasm) for what a chunk already holds.
      if (inside(a, b)) {
        if (firstRow < 0) firstRow = a;
        continue;
      }
      const type = child.type;
      if (isContext(child, type)) continue;
      // A comment on the header row (`else:  # why`) is not where the body starts.
      if (firstRow < 0) firstRow = a;
      if (skipRows.has(a)) continue;
      const onHeader = depth > 0 && a === nodeRow;
      if (!overlaps(a, b)) {
        // On the header row of a scaffold (`namespace app {`'s name) it is part of the header.
        if (own || !onHeader) pieces.push([a, b]);
      } else {
        // A scaffold's body opening on its header row (`do … end`, `{ … }`) is scaffold too.
        const scaffolding = SCAFFOLD.test(type) || scaffold.has(child.id) || (!own && onHeader);
        visit(child, a, b, !scaffolding, depth + 1);
      }
    }
    if (!own || depth === 0) return;
    // The container's own rows: its header above the first child, its closing rows below the last.
    if (firstRow < 0) firstRow = nodeEnd + 1;
    if (firstRow > nodeRow) piece(nodeRow, firstRow - 1);
    if (lastEnd < nodeEnd) piece(Math.max(lastEnd + 1, nodeRow), nodeEnd);
  };
  visit(root, 0, 0, true, 0);
  pieces.sort((x, y) => x[0] - y[0]);
  // Neighbouring statements (only blank lines or comments between them) make one run.
  const runs: [number, number][] = [];
  for (const p of pieces) {
    const last = runs[runs.length - 1];
    if (last && p[0] <= last[1] + 2 && !overlaps(last[1] + 1, p[0] - 1)) last[1] = Math.max(last[1], p[1]);
    else runs.push([...p]);
  }
  return runs;
}
