// Search hints of a fragment, read from its text alone (the file path is never one): qualified
// calls and members, class names, calls with their arguments, keywords and annotations, signal
// connections, node names, declared names with their lines; for project, scene, shader and C#
// fragments the settings, types and identifiers they hold. The terms "Godot 3", "Godot 4" and
// "migration" are added when the request is about migration.
import type { Node } from 'web-tree-sitter';
import { classRef } from './classref';
import { allKids, kids } from './gdscript-tree';
import type { Hint, MigrationFragment } from './model';

export const MIGRATION_TERMS: Hint[] = [
  { kind: 'term', text: 'Godot 3' },
  { kind: 'term', text: 'Godot 4' },
  { kind: 'term', text: 'migration' },
];

const KEYWORDS = new Set(['tool', 'export', 'onready', 'setget', 'remote', 'master', 'puppet', 'remotesync', 'mastersync', 'puppetsync', 'yield', 'await', 'static', 'super']);

class HintSet {
  readonly list: Hint[] = [];
  private readonly seen = new Set<string>();
  add(kind: Hint['kind'], text: string, line?: number): void {
    const key = `${kind}\u0000${text}`;
    if (!text || this.seen.has(key)) return;
    this.seen.add(key);
    this.list.push(line === undefined ? { kind, text } : { kind, text, line });
  }
}

/** Hints of a GDScript fragment from the nodes it holds (rows outside the fragment are skipped). */
export function gdscriptHints(nodes: Node[], startRow: number, endRow: number): Hint[] {
  const hints = new HintSet();
  const ref = classRef();
  const line = (n: Node) => n.startPosition.row + 1;
  const visit = (n: Node) => {
    if (n.endPosition.row < startRow || n.startPosition.row > endRow) return;
    const t = n.type;
    if (t === 'comment' || t === 'string') return;
    if (t === 'get_node') {
      const last = n.text.replace(/^\$/, '').replace(/["']/g, '').split('/').pop()?.replace(/^%/, '');
      if (last) hints.add('node', last, line(n));
      return;
    }
    if (t === 'annotation') hints.add('annotation', `@${n.namedChildren[0]?.text ?? ''}`, line(n));
    if (t === 'remote_keyword') hints.add('keyword', n.text, line(n));
    if (t === 'setget') hints.add('keyword', 'setget', line(n));
    if (t === 'await_expression') hints.add('keyword', 'await', line(n));
    if (t === 'export_variable_statement' || t === 'onready_variable_statement') hints.add('keyword', t.startsWith('export') ? 'export' : 'onready', line(n));
    if (t === 'expression_statement' && n.text === 'tool') hints.add('keyword', 'tool', line(n));
    if (t === 'base_call') hints.add('keyword', '.()', line(n));
    if ((t === 'function_definition' || t === 'class_definition' || t === 'signal_statement' || t.endsWith('variable_statement') || t === 'const_statement' || t === 'enum_definition') && n.childForFieldName('name')) {
      hints.add('declaration', n.childForFieldName('name')!.text, line(n));
    }
    if (t === 'constructor_definition') hints.add('declaration', '_init', line(n));
    if (t === 'call') {
      const fn = n.namedChildren[0];
      const args = n.childForFieldName('arguments');
      if (fn?.type === 'identifier') {
        const name = fn.text;
        if (KEYWORDS.has(name)) hints.add('keyword', name, line(n));
        else hints.add('call', name, line(n));
        if (args && args.namedChildCount) hints.add('shape', n.text.length <= 120 ? n.text : `${name}(${args.namedChildCount} arguments)`, line(n));
        if (name === 'connect') hints.add('signal', n.text.slice(0, 120), line(n));
      }
    }
    if (t === 'attribute') {
      const parts = kids(n);
      const base = parts[0];
      const second = parts[1];
      const baseName = base?.type === 'identifier' ? base.text : base?.type === 'call' ? base.namedChildren[0]?.text : base?.type === 'get_node' ? base.text.replace(/["'$%]/g, '').split('/').pop() : undefined;
      const memberName = second?.type === 'attribute_call' ? second.namedChildren[0]?.text : second?.type === 'identifier' ? second.text : undefined;
      if (baseName && memberName) hints.add(second?.type === 'attribute_call' ? 'call' : 'member', `${baseName}.${memberName}`, line(n));
      for (const p of parts.slice(2)) {
        const m = p.type === 'attribute_call' ? p.namedChildren[0]?.text : p.type === 'identifier' ? p.text : undefined;
        if (m) hints.add(p.type === 'attribute_call' ? 'call' : 'member', m, line(p));
      }
      for (const p of parts) {
        if (p.type !== 'attribute_call') continue;
        const name = p.namedChildren[0]?.text ?? '';
        const args = p.childForFieldName('arguments');
        if (args && args.namedChildCount) hints.add('shape', `${name}(${kids(args).map((a) => a.text).join(', ')})`.slice(0, 120), line(p));
        if (name === 'connect' || name === 'instance' || name === 'instantiate') hints.add(name === 'connect' ? 'signal' : 'call', name === 'connect' ? p.text.slice(0, 120) : `.${name}()`, line(p));
      }
    }
    if (t === 'identifier' && ref.isClass(n.text)) hints.add('class', n.text, line(n));
    for (const c of allKids(n)) if (c.isNamed) visit(c);
  };
  for (const n of nodes) visit(n);
  return hints.list;
}

/** Hints of a project, scene, shader or C# fragment, from its lines. */
export function textHints(f: MigrationFragment): Hint[] {
  const hints = new HintSet();
  const ref = classRef();
  let section = '';
  f.text.split('\n').forEach((raw, i) => {
    const line = f.startLine + i;
    const text = raw.length > 2000 ? raw.slice(0, 200) : raw;
    if (f.route === 'project') {
      const h = /^\s*\[([^\]]+)\]/.exec(text);
      if (h) section = h[1];
      const kv = /^([\w./-]+)\s*=/.exec(text);
      if (kv) hints.add('setting', section ? `${section}/${kv[1]}` : kv[1], line);
      for (const m of text.matchAll(/"(\w+)":/g)) if (f.name === 'input') hints.add('setting', m[1], line);
      return;
    }
    if (f.route === 'resource') {
      for (const m of text.matchAll(/\btype="(\w+)"/g)) hints.add('class', m[1], line);
      const kv = /^([\w/]+)\s*=/.exec(text);
      if (kv) hints.add('setting', kv[1], line);
      const c = /^\[connection signal="(\w+)".*method="(\w+)"/.exec(text);
      if (c) hints.add('signal', `${c[1]} → ${c[2]}`, line);
      return;
    }
    for (const m of text.replace(/\/\/.*$/, '').matchAll(/\b[A-Za-z_]\w*(?:\.\w+)?/g)) {
      const word = m[0];
      if (f.route === 'shader' ? /^[A-Z][A-Z0-9_]+$/.test(word) : ref.isClass(word.split('.')[0]) || /^[A-Z]\w+\.[A-Z]\w+$/.test(word)) hints.add(ref.isClass(word) ? 'class' : 'member', word, line);
    }
  });
  return hints.list;
}
