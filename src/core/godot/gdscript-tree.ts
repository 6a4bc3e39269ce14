// One GDScript parse per file, shared by the fragmenter, the hints and the judge. The caller
// deletes the tree (web-tree-sitter trees live in wasm memory).
import type { Node, Tree } from 'web-tree-sitter';
import { loadLanguage } from '../lang/grammars';
import { gdscript } from '../lang/gdscript';

export async function parseGdscript(text: string): Promise<Tree> {
  const { parser } = await loadLanguage(gdscript);
  const tree = parser.parse(text);
  if (!tree) throw new Error('the GDScript parser returned no tree');
  return tree;
}

/** Named children, without the nulls web-tree-sitter's typings allow. */
export function kids(node: Node): Node[] {
  return node.namedChildren.filter((c): c is Node => c !== null);
}

/** Every child, anonymous tokens included. */
export function allKids(node: Node): Node[] {
  return node.children.filter((c): c is Node => c !== null);
}

/** The last row a node covers: a node ending at column 0 ends on the row before. */
export function endRow(node: Node): number {
  const e = node.endPosition;
  return e.column === 0 && e.row > node.startPosition.row ? e.row - 1 : e.row;
}
