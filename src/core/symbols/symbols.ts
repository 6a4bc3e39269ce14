// The definitions of one file as the symbol index holds them, derived from its tags alone: the
// producer (in the parse worker) and the repair path (from the tags table) run this same code, so
// a symbol index rebuilt from stored tags equals the one the parse made.
import type { Tag } from '../tags/tags';

export interface SymbolRecord {
  name: string;
  /** The enclosing definitions and the name, joined by `.`: `TextWrapper.wrap`. */
  qualifiedName: string;
  /** The tag's category, except that a function directly inside a class-like definition is a `method`. */
  kind: string;
  /** 1-based line of the name. */
  line: number;
  /** Last line of the definition. */
  endLine: number;
  /** Defined inside a function or method: a helper few people look for by name. */
  local: boolean;
}

/** Categories whose definitions hold members: what a function inside one of them is a method of. */
const CLASS_LIKE = new Set(['class', 'interface', 'module', 'type', 'enum', 'implementation']);
const FUNCTION_LIKE = new Set(['function', 'method']);

/**
 * The packed form crossing threads and stored per file: names interned, then one row of five
 * numbers per definition (name, parent row + 1 or 0, category, line, end line).
 */
export type PackedSymbols = [string[], string[], number[]];

/**
 * Definitions with their parents, found by nesting: a definition's parent is the innermost one
 * whose lines hold it (tags give the name's line and the definition's last line).
 */
export function packSymbols(tags: readonly Tag[]): PackedSymbols {
  const defs = tags.filter((t) => t.kind === 'def' && !t.category.startsWith('file'));
  defs.sort((a, b) => a.line - b.line || (b.end ?? b.line) - (a.end ?? a.line));
  const names = new Map<string, number>();
  const categories = new Map<string, number>();
  const rows: number[] = [];
  const open: { row: number; line: number; end: number; parent: number }[] = [];
  defs.forEach((t, i) => {
    const end = Math.max(t.end ?? t.line, t.line);
    while (open.length && open[open.length - 1].end < end) open.pop();
    const top = open[open.length - 1];
    // One node tagged twice (a name under two categories) spans the same lines: a sibling, not a child.
    const parent = !top ? 0 : top.line === t.line && top.end === end ? top.parent : top.row + 1;
    let name = names.get(t.name);
    if (name === undefined) names.set(t.name, (name = names.size));
    let category = categories.get(t.category);
    if (category === undefined) categories.set(t.category, (category = categories.size));
    rows.push(name, parent, category, t.line, end);
    // Only a definition spanning lines can hold another one.
    if (end > t.line) open.push({ row: i, line: t.line, end, parent });
  });
  return [[...names.keys()], [...categories.keys()], rows];
}

export function unpackSymbols([names, categories, rows]: PackedSymbols): SymbolRecord[] {
  const out: SymbolRecord[] = [];
  for (let i = 0; i < rows.length; i += 5) {
    const name = names[rows[i]];
    const parent = rows[i + 1] ? out[rows[i + 1] - 1] : undefined;
    let kind = categories[rows[i + 2]];
    if (kind === 'function' && parent && CLASS_LIKE.has(parent.kind)) kind = 'method';
    out.push({
      name,
      qualifiedName: parent ? `${parent.qualifiedName}.${name}` : name,
      kind,
      line: rows[i + 3],
      endLine: rows[i + 4],
      local: !!parent && (parent.local || FUNCTION_LIKE.has(parent.kind)),
    });
  }
  return out;
}
