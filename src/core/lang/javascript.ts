// JavaScript, TypeScript and TSX share one spec shape; TypeScript adds its own node types.
import type { Node } from 'web-tree-sitter';
import type { LanguageSpec } from './spec';
import type { Visibility } from '../base/types';

function visibility(def: Node, name: string, isMember: boolean): Visibility | undefined {
  if (name.startsWith('#')) return 'private';
  for (const child of def.children) {
    if (child?.type === 'accessibility_modifier') return child.text as Visibility;
  }
  if (isMember) return name.startsWith('_') ? 'private' : 'public';
  // `exports.x = …` is exported; `Foo.prototype.x = …` is a member by convention.
  if (def.type === 'assignment_expression') {
    if (/^(module\.)?exports\b/.test(def.childForFieldName('left')?.text ?? '')) return 'public';
    return name.startsWith('_') ? 'private' : 'public';
  }
  let wrapper: Node | null = def.parent;
  // `declare …` describes something that exists globally (a .d.ts), as public as an export.
  const open = ['export_statement', 'ambient_declaration'];
  while (wrapper && !open.includes(wrapper.type) && wrapper.type !== 'program') wrapper = wrapper.parent;
  return wrapper && open.includes(wrapper.type) ? 'public' : 'internal';
}

const shared = {
  commentTypes: ['comment', 'html_comment'],
  attachedTypes: ['decorator'],
  // Function consts and `x.y = function` are captured at the declarator/assignment: the statement
  // around them (and `declare`) belongs to their range.
  wrapperTypes: ['export_statement', 'lexical_declaration', 'variable_declaration', 'expression_statement', 'ambient_declaration'],
  docstring: 'leading-comment' as const,
  bodyFields: ['body', 'value.body', 'right.body'],
  parameterFields: ['parameters', 'parameter', 'right.parameters', 'right.parameter'],
  returnTypeFields: ['return_type', 'right.return_type'],
  decisionTypes: [
    'if_statement', 'for_statement', 'for_in_statement', 'while_statement', 'do_statement',
    'switch_case', 'catch_clause', 'ternary_expression',
  ],
  booleanOperators: ['&&', '||', '??'],
  generatorMarkers: ['yield_expression'],
  functionTypes: [
    'function_declaration', 'function_expression', 'arrow_function', 'method_definition',
    'generator_function_declaration', 'generator_function', 'class_declaration', 'class',
  ],
  visibility,
};

export const javascript: LanguageSpec = {
  ...shared,
  id: 'javascript',
  extensions: ['.js', '.mjs', '.cjs', '.jsx'],
  grammar: { package: 'tree-sitter-javascript', file: 'tree-sitter-javascript.wasm' },
  queries: 'javascript',
  identifierTypes: ['identifier', 'property_identifier', 'shorthand_property_identifier'],
};

const tsIdentifiers = ['identifier', 'property_identifier', 'type_identifier', 'shorthand_property_identifier'];

export const typescript: LanguageSpec = {
  ...shared,
  id: 'typescript',
  extensions: ['.ts', '.mts', '.cts'],
  grammar: { package: 'tree-sitter-typescript', file: 'tree-sitter-typescript.wasm' },
  queries: 'typescript',
  tagsIncludes: ['javascript'],
  identifierTypes: tsIdentifiers,
};

export const tsx: LanguageSpec = {
  ...shared,
  id: 'tsx',
  extensions: ['.tsx'],
  grammar: { package: 'tree-sitter-typescript', file: 'tree-sitter-tsx.wasm' },
  queries: 'typescript',
  tagsIncludes: ['javascript'],
  identifierTypes: tsIdentifiers,
};
