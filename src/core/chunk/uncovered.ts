// Code outside every definition — scripts, `if __name__ == "__main__":` blocks, test files made of
// describe()/it() calls, top-level statements — would otherwise be in no chunk and unsearchable.
// Such statements become 'window' chunks; imports, package lines, comments and the module
// docstring do not (they are context, not answers).
import type { Node } from 'web-tree-sitter';
import { lastRow } from './definitions';

const NOT_CODE = /import|package|^use_declaration$|using_directive|preproc_include|extern_crate|comment|^extends_statement$|^class_name_statement$|^annotation$|inner_attribute|^attribute_item$|^expression_statement_docstring$/;

/**
 * Row ranges (0-based, inclusive) of statements no definition covers: top-level named nodes that
 * do not overlap a definition, descending into those that contain definitions (namespaces, mods).
 */
export function uncoveredRuns(root: Node, covered: [number, number][], skipRows: Set<number>, minLines = 2): [number, number][] {
  const overlaps = (a: number, b: number) => covered.some(([s, e]) => s <= b && a <= e);
  const inside = (a: number, b: number) => covered.some(([s, e]) => s <= a && b <= e);
  const pieces: [number, number][] = [];
  const visit = (node: Node, depth: number) => {
    for (const child of node.namedChildren) {
      if (!child || NOT_CODE.test(child.type)) continue;
      const a = child.startPosition.row;
      const b = lastRow(child);
      if (skipRows.has(a) || inside(a, b)) continue;
      // The header of a container we descended into (`namespace :db do`, `#ifndef GUARD`) is not
      // a statement of its own.
      if (!overlaps(a, b)) {
        if (depth === 0 || a !== node.startPosition.row) pieces.push([a, b]);
      } else if (depth < 4) visit(child, depth + 1);
    }
  };
  visit(root, 0);
  pieces.sort((x, y) => x[0] - y[0]);
  // Neighbouring statements (only blank lines or comments between them) make one run.
  const runs: [number, number][] = [];
  for (const p of pieces) {
    const last = runs[runs.length - 1];
    if (last && p[0] <= last[1] + 2 && !overlaps(last[1] + 1, p[0] - 1)) last[1] = Math.max(last[1], p[1]);
    else runs.push([...p]);
  }
  return runs.filter(([a, b]) => b - a + 1 >= minLines);
}
