// Stage 1 of code chunking: run the language's chunks.scm query and turn its matches into a tree
// of Definitions (what is a function, a method of which class, a module constant, …).
import type { Node, QueryMatch } from 'web-tree-sitter';
import type { LanguageSpec } from '../lang/spec';

export type DefinitionKind = 'function' | 'method' | 'class' | 'scope' | 'constant' | 'declaration';

export interface Definition {
  node: Node;
  kind: DefinitionKind;
  name: string;
  qualifiedName: string;
  /** Consecutive `.group` declarations (GDScript vars) merge into one chunk. */
  group: boolean;
  /** Every name the node declares, when it declares several (LanguageSpec.definedNames). */
  names?: string[];
  parent?: Definition;
  /** 0-based rows of the whole definition: wrappers, decorators and leading comments included. */
  startRow: number;
  endRow: number;
  /** The node's end offset, and the node with the wrappers that belong to it (outermost): read once. */
  endIndex: number;
  outer: Node;
  /** Filled on first use by the chunker (a class summary reads its members' before they are drafted). */
  body?: Node | null;
  signature?: string;
}

// When one node is captured under several kinds, the first in this list wins.
const priority: DefinitionKind[] = ['class', 'scope', 'method', 'function', 'declaration', 'constant'];

/** Last row that holds text of the node (a node ending at column 0 ends on the previous row). */
export function lastRow(node: Node): number {
  const end = node.endPosition;
  return end.column === 0 && end.row > node.startPosition.row ? end.row - 1 : end.row;
}

function cleanName(text: string): string {
  // A leading single `:` is a Ruby symbol (`task :build`), never part of a name.
  return text.replace(/^:(?=\w)/, '').replace(/^['"`]|['"`]$/g, '').replace(/\s+/g, ' ').trim();
}

/** `Foo.prototype.bar` → `Foo.bar`; `Foo::bar` → `Foo.bar`; `Box<T>::get` → `Box.get`. */
function qualifiedFromPath(text: string): string {
  return dropScopeArguments(cleanName(text)).replace(/::/g, '.').replace(/\.prototype\./g, '.').replace(/^this\./, '')
    // CommonJS: `module.exports.parse` is `parse`; `module.exports` itself is the default export.
    .replace(/^(module\.)?exports\./, '').replace(/^module\.exports$/, 'default');
}

/** C++ `Map<K, V<W>>::find` → `Map::find`: a scope's template arguments are not part of its name. */
function dropScopeArguments(text: string): string {
  let out = text;
  for (let close = out.indexOf('>::'); close >= 0; close = out.indexOf('>::')) {
    let open = close;
    for (let depth = 0; open >= 0; open--) {
      if (out[open] === '>') depth++;
      else if (out[open] === '<' && --depth === 0) break;
    }
    if (open < 0) break;
    out = out.slice(0, open) + out.slice(close + 1);
  }
  return out;
}

export function findDefinitions(matches: Iterable<QueryMatch>, spec: LanguageSpec): Definition[] {
  const byNode = new Map<number, Definition>();
  for (const match of matches) {
    let defNode: Node | undefined;
    let captureName = '';
    let nameNode: Node | undefined;
    let receiver: Node | undefined;
    for (const c of match.captures) {
      if (c.name.startsWith('definition.')) {
        defNode = c.node;
        captureName = c.name;
      } else if (c.name === 'name') nameNode = c.node;
      else if (c.name === 'receiver') receiver = c.node;
    }
    if (!defNode) continue;
    const parts = captureName.split('.');
    const kind = parts[1] as DefinitionKind;
    if (!priority.includes(kind)) continue;
    const rawName = nameNode ? nameNode.text : '';
    let name = cleanName(rawName);
    if (!name) name = defNode.parent?.type === 'export_statement' ? 'default' : defNode.type === 'constructor_definition' ? '_init' : kind;
    let qualifiedName = name;
    if (/[.:]/.test(name) && nameNode && nameNode.type !== 'string') {
      qualifiedName = qualifiedFromPath(rawName);
      name = qualifiedName.split('.').pop() ?? name;
    }
    if (receiver) qualifiedName = `${cleanName(receiver.text).replace(/^[*&]+/, '')}.${name}`;
    const existing = byNode.get(defNode.id);
    if (existing && priority.indexOf(existing.kind) <= priority.indexOf(kind)) continue;
    const names = spec.definedNames?.(defNode);
    if (names && names.length > 1) name = qualifiedName = names.join(', ');
    // Every field set here, in this order: one object shape for all definitions.
    byNode.set(defNode.id, {
      node: defNode,
      kind,
      name,
      qualifiedName,
      group: parts[2] === 'group',
      names: names && names.length > 1 ? names : undefined,
      parent: undefined,
      startRow: defNode.startPosition.row,
      endRow: lastRow(defNode),
      endIndex: defNode.endIndex,
      outer: defNode,
      body: undefined,
      signature: undefined,
    });
  }
  const sorted = [...byNode.values()].sort((a, b) => a.node.startIndex - b.node.startIndex || b.endIndex - a.endIndex);
  for (const d of sorted) d.outer = outermost(d.node, spec);
  // Nested first: each declarator's qualified name is then its own (`NS.a`), and what a dropped
  // declarator holds (`B = class { m() {} }`) keeps its name (`B.m`).
  nest(sorted);
  const defs = mergeDeclarators(sorted);
  for (const d of defs) d.startRow = leadingStartRow(d.outer, spec);
  return defs;
}

/**
 * `var a = 1, b = 2;` and `const x = {…}, y = […];` declare several names in one statement. Each
 * declarator climbs to that statement (its wrapper), so each would be a chunk holding the whole
 * statement (the same text twice) while its range said only its own lines. The statement is one
 * chunk, named by all its names (as a Python `a, b = …`), of the kind that ranks first.
 */
function mergeDeclarators(defs: Definition[]): Definition[] {
  const byOuter = new Map<number, Definition[]>();
  for (const d of defs) {
    if (d.outer.id === d.node.id) continue;
    const list = byOuter.get(d.outer.id);
    if (list) list.push(d);
    else byOuter.set(d.outer.id, [d]);
  }
  const dropped = new Map<Definition, Definition>();
  for (const list of byOuter.values()) {
    if (list.length < 2) continue;
    // Declarators of one statement are siblings; a definition nested deeper under the same wrapper is not one of them.
    const parentId = list[0].node.parent?.id;
    const same = list.filter((d) => d.node.parent?.id === parentId);
    if (same.length < 2) continue;
    const kept = same.reduce((best, d) => (priority.indexOf(d.kind) < priority.indexOf(best.kind) ? d : best));
    const names = same.flatMap((d) => d.names ?? [d.name]);
    kept.names = names;
    kept.name = names.join(', ');
    kept.qualifiedName = same.map((d) => d.qualifiedName).join(', ');
    kept.endRow = lastRow(kept.outer);
    kept.endIndex = kept.outer.endIndex;
    for (const d of same) if (d !== kept) dropped.set(d, kept);
  }
  if (!dropped.size) return defs;
  for (const d of defs) if (d.parent && dropped.has(d.parent)) d.parent = dropped.get(d.parent);
  return defs.filter((d) => !dropped.has(d));
}

/** Links each definition to its nearest enclosing one and qualifies names through classes and scopes. */
function nest(defs: Definition[]): void {
  const stack: Definition[] = [];
  for (const d of defs) {
    // Sorted by start, outer first: the stack top contains d unless it ends before d does.
    while (stack.length && stack[stack.length - 1].endIndex < d.endIndex) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) {
      d.parent = parent;
      const qualifies = parent.kind === 'class' || parent.kind === 'scope';
      if (qualifies && !d.qualifiedName.startsWith(parent.qualifiedName + '.')) {
        // `int a, b;` in `namespace ns` declares ns.a and ns.b, not "ns.a, b".
        d.qualifiedName = d.names ? d.names.map((n) => `${parent.qualifiedName}.${n}`).join(', ') : `${parent.qualifiedName}.${d.qualifiedName}`;
      }
      if (d.kind === 'function' && parent.kind === 'class') d.kind = 'method';
    }
    stack.push(d);
  }
}

/** Climbs through wrappers that belong to the definition (export, decorated_definition, template). */
export function outermost(node: Node, spec: LanguageSpec): Node {
  let n = node;
  const wrappers = spec.wrapperTypes ?? [];
  // Each `parent` read is a call into wasm and a new node object: once per step.
  for (let p = n.parent; p && wrappers.includes(p.type); p = n.parent) n = p;
  return n;
}

/**
 * The first row of the definition with its attached decorators and its leading comment block:
 * previous siblings that are comments or attached types, adjacent (no blank line in between, except
 * a `/** … *\/` doc block right above), and not trailing comments of the statement before them.
 */
export function leadingStartRow(node: Node, spec: LanguageSpec): number {
  const attached = spec.attachedTypes ?? [];
  let start = node.startPosition.row;
  let prev = previousSiblingOf(node, spec);
  let first = true;
  while (prev) {
    const isComment = spec.commentTypes.includes(prev.type);
    if (!isComment && !attached.includes(prev.type) && !spec.describes?.(prev)) break;
    if (lastRow(prev) < start - 1 && !(isComment && docBlockAcrossBlankLines(prev, first))) break;
    first = false;
    const before = prev.previousSibling;
    if (isComment && before && lastRow(before) === prev.startPosition.row) break;
    start = prev.startPosition.row;
    prev = before;
  }
  return start;
}

/**
 * A `/** … *\/` block right above a definition documents it even across blank lines, as
 * TypeScript and Javadoc read it; other comments must touch it. A block opening the file is the
 * file's header (licence, module doc), not the first definition's.
 */
export function docBlockAcrossBlankLines(comment: Node, isFirst: boolean): boolean {
  return isFirst && comment.text.startsWith('/**') && comment.startPosition.row > 0;
}

/** The previous sibling, or for a body's first statement the comments the grammar put before the body. */
export function previousSiblingOf(node: Node, spec: LanguageSpec): Node | null {
  const prev = node.previousSibling;
  if (prev || !spec.commentsBeforeBody) return prev;
  const parent = node.parent;
  return parent && spec.commentsBeforeBody.includes(parent.type) ? parent.previousSibling : null;
}
