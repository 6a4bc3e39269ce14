// The Godot 4 annotation for a Godot 3 `export(...)`: the hint arguments become an annotation and
// the type becomes the variable's declared type. Only the shapes whose meaning is certain get one;
// for anything else the judge reports the line without an edit.
import type { Node } from 'web-tree-sitter';
import type { ClassRef } from './classref';
import { kids } from './gdscript-tree';

const NUMBER = /^-?\d+(\.\d+)?$/;
const PRIMITIVE = new Set(['int', 'float', 'bool', 'String']);

export function exportAnnotation(statement: Node, ref: ClassRef): { annotation: string; type?: string } | undefined {
  const args = statement.childForFieldName('arguments');
  // A declared type already (`export var x: int`) stays as it is.
  const declared = statement.childForFieldName('type');
  if (!args) return { annotation: '@export' };
  if (declared) return undefined;
  const list = kids(args).filter((a) => a.type !== 'comment');
  const [first, ...rest] = list;
  if (!first || first.type !== 'identifier') return undefined;
  const type = typeIn4(first.text, ref);
  if (!type) return undefined;
  if (!rest.length) return { annotation: '@export', type };
  const texts = rest.map((r) => r.text);
  if ((type === 'int' || type === 'float') && texts.length >= 2 && texts.length <= 3 && texts.every((t) => NUMBER.test(t))) return { annotation: `@export_range(${texts.join(', ')})`, type };
  if ((type === 'int' || type === 'String') && rest.every((r) => r.type === 'string')) return { annotation: `@export_enum(${texts.join(', ')})`, type };
  if (type === 'int' && texts[0] === 'FLAGS' && rest.slice(1).every((r) => r.type === 'string')) return { annotation: `@export_flags(${texts.slice(1).join(', ')})`, type };
  if (type === 'String' && rest.length <= 2) {
    const [hint, filter] = rest;
    const extra = filter?.type === 'string' ? filter.text : undefined;
    if (filter && !extra) return undefined;
    if (hint.text === 'FILE') return { annotation: extra ? `@export_file(${extra})` : '@export_file', type };
    if (hint.text === 'DIR' && !filter) return { annotation: '@export_dir', type };
    if (hint.text === 'MULTILINE' && !filter) return { annotation: '@export_multiline', type };
    if (hint.text === 'GLOBAL_FILE') return { annotation: extra ? `@export_global_file(${extra})` : '@export_global_file', type };
  }
  if (type === 'Array' && rest.length === 1 && rest[0].type === 'identifier') {
    const element = typeIn4(rest[0].text, ref);
    return element ? { annotation: '@export', type: `Array[${element}]` } : undefined;
  }
  if (type === 'Color' && texts.length === 1 && texts[0] === 'RGB') return { annotation: '@export_color_no_alpha', type };
  return undefined;
}

function typeIn4(name: string, ref: ClassRef): string | undefined {
  if (PRIMITIVE.has(name)) return name;
  if (name === 'Resource' || name === 'NodePath' || name === 'Dictionary' || name === 'Array') return name;
  return ref.classIn4(name);
}
