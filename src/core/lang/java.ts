// Java: annotations live inside a `modifiers` child, so they reach the chunk through `decorators()`.
import type { Node } from 'web-tree-sitter';
import type { LanguageSpec } from './spec';
import type { Visibility } from '../base/types';

const ANNOTATIONS = ['marker_annotation', 'annotation'];

function modifiersOf(def: Node): Node | undefined {
  return def.children.find((c) => c?.type === 'modifiers') ?? undefined;
}

function visibility(def: Node): Visibility | undefined {
  const words = modifiersOf(def)?.children.map((c) => c?.type) ?? [];
  for (const v of ['public', 'protected', 'private'] as const) if (words.includes(v)) return v;
  // Interface and annotation members are implicitly public, enum constructors private; everything
  // else without a keyword is package-private, the nearest thing Java has to `internal`.
  const container = def.parent?.type === 'enum_body_declarations' ? def.parent.parent : def.parent;
  if (container?.type === 'interface_body' || container?.type === 'annotation_type_body') return 'public';
  if (container?.type === 'enum_body' && def.type === 'constructor_declaration') return 'private';
  return 'internal';
}

export const java: LanguageSpec = {
  id: 'java',
  extensions: ['.java'],
  grammar: { package: 'tree-sitter-java', file: 'tree-sitter-java.wasm' },
  queries: 'java',
  commentTypes: ['line_comment', 'block_comment'],
  // Mostly inside `modifiers`; listed so the signature starts after them.
  attachedTypes: ANNOTATIONS,
  docstring: 'leading-comment',
  bodyFields: ['body'],
  returnTypeFields: ['type'],
  parameterFields: ['parameters'],
  memberContainers: ['enum_body_declarations'],
  decisionTypes: [
    'if_statement', 'for_statement', 'enhanced_for_statement', 'while_statement', 'do_statement',
    'catch_clause', 'ternary_expression',
    // The keyword, not switch_label: `default` labels are no extra branch.
    'case',
  ],
  booleanOperators: ['&&', '||'],
  identifierTypes: ['identifier', 'type_identifier'],
  visibility,
  decorators: (def) =>
    (modifiersOf(def)?.namedChildren ?? [])
      .filter((c) => c && ANNOTATIONS.includes(c.type))
      .map((c) => c!.text.replace(/\s+/g, ' ').trim()),
};
