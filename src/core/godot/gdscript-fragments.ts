// A GDScript file cut in order into the fragments the analysis judges: `extends X` alone, `tool`
// alone, each `signal`, consecutive var/const/export/onready declarations together, each `func`
// (with the annotations above it), each enum; an inner class is its header then its own members,
// cut the same way. Comments are context, in no fragment. Lines are the file's own.
import type { Node } from 'web-tree-sitter';
import { endRow, kids } from './gdscript-tree';

/** A fragment before it gets its text and key: 0-based inclusive rows and the nodes it holds. */
export interface GdPiece {
  kind: string;
  name: string;
  startRow: number;
  endRow: number;
  nodes: Node[];
}

const DECLARATIONS = new Set(['variable_statement', 'export_variable_statement', 'onready_variable_statement', 'const_statement']);

function nameOf(node: Node): string {
  return node.childForFieldName('name')?.text ?? '';
}

/** Godot 3's `tool`: a statement made of that one word. */
export function isToolKeyword(node: Node): boolean {
  return node.type === 'expression_statement' && node.namedChildCount === 1 && node.namedChildren[0]?.type === 'identifier' && node.text === 'tool';
}

export function gdscriptPieces(container: Node, prefix = ''): GdPiece[] {
  const out: GdPiece[] = [];
  let pendingAnnotations: Node[] = [];
  let group: GdPiece | undefined;
  const push = (p: GdPiece) => {
    group = undefined;
    out.push(p);
  };
  const single = (node: Node, kind: string, name: string) => push({ kind, name, startRow: node.startPosition.row, endRow: endRow(node), nodes: [node] });
  for (const node of kids(container)) {
    const type = node.type;
    if (type === 'comment') continue;
    if (type === 'annotation') {
      const head = node.namedChildren[0]?.text ?? '';
      if (head === 'tool') single(node, 'tool', '@tool');
      else if (head === 'icon' || head === 'static_unload') single(node, 'annotation', `@${head}`);
      // @rpc, @warning_ignore, @export_category…: they belong to what follows.
      else pendingAnnotations.push(node);
      continue;
    }
    const before = pendingAnnotations;
    pendingAnnotations = [];
    const startRow = before.length ? before[0].startPosition.row : node.startPosition.row;
    if (DECLARATIONS.has(type)) {
      if (group && !before.length) {
        group.endRow = endRow(node);
        group.nodes.push(node);
        group.name += `, ${nameOf(node)}`;
      } else {
        const g: GdPiece = { kind: 'declarations', name: nameOf(node), startRow, endRow: endRow(node), nodes: [...before, node] };
        out.push(g);
        group = g;
      }
      continue;
    }
    if (type === 'function_definition' || type === 'constructor_definition') {
      const name = type === 'constructor_definition' ? '_init' : nameOf(node);
      push({ kind: 'function', name: prefix + name, startRow, endRow: endRow(node), nodes: [...before, node] });
      continue;
    }
    if (type === 'class_definition') {
      const body = node.childForFieldName('body');
      const headerEnd = body ? Math.max(node.startPosition.row, body.startPosition.row - 1) : endRow(node);
      const name = nameOf(node);
      push({ kind: 'class', name: prefix + name, startRow, endRow: body && body.startPosition.row > node.startPosition.row ? headerEnd : node.startPosition.row, nodes: [...before, node] });
      if (body) out.push(...gdscriptPieces(body, `${prefix}${name}.`));
      continue;
    }
    const kind = type === 'extends_statement' ? 'extends' : type === 'class_name_statement' ? 'class_name' : type === 'signal_statement' ? 'signal' : type === 'enum_definition' ? 'enum' : isToolKeyword(node) ? 'tool' : type === 'ERROR' ? 'unparsed' : 'statement';
    const name = kind === 'extends' ? (node.namedChildren[0]?.text ?? '') : kind === 'tool' ? 'tool' : nameOf(node) || kind;
    push({ kind, name, startRow, endRow: endRow(node), nodes: [...before, node] });
  }
  // Annotations with nothing after them still belong somewhere.
  for (const a of pendingAnnotations) out.push({ kind: 'annotation', name: a.text, startRow: a.startPosition.row, endRow: endRow(a), nodes: [a] });
  return out;
}
