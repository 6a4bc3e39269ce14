// Go: exported means capitalised; methods are declared apart from their type and qualified by
// their receiver in queries/go/chunks.scm.
import type { Node } from 'web-tree-sitter';
import type { LanguageSpec } from './spec';

/** Compiler directives (`//go:generate`, `//go:noinline`, cgo `//export`) act as Go's annotations. */
function directives(def: Node): string[] {
  const found: string[] = [];
  let row = def.startPosition.row;
  for (let prev = def.previousSibling; prev?.type === 'comment' && prev.endPosition.row >= row - 1; prev = prev.previousSibling) {
    if (/^\/\/(go:\S|export\s)/.test(prev.text)) found.unshift(prev.text.trim());
    row = prev.startPosition.row;
  }
  return found;
}

/** Every name a `const (…)`/`var (…)` block declares: one chunk defines them all. */
function blockNames(def: Node): string[] | undefined {
  if (def.type !== 'const_declaration' && def.type !== 'var_declaration') return undefined;
  const list = def.namedChildren.find((c) => c?.type === 'var_spec_list') ?? def;
  return list.namedChildren
    .filter((c) => c?.type === 'const_spec' || c?.type === 'var_spec')
    .flatMap((spec) => spec!.childrenForFieldName('name').filter((n) => n?.type === 'identifier').map((n) => n!.text));
}

export const go: LanguageSpec = {
  id: 'go',
  extensions: ['.go'],
  grammar: { package: 'tree-sitter-go', file: 'tree-sitter-go.wasm' },
  queries: 'go',
  commentTypes: ['comment'],
  docstring: 'leading-comment',
  returnTypeFields: ['result'],
  decisionTypes: ['if_statement', 'for_statement', 'expression_case', 'type_case', 'communication_case'],
  booleanOperators: ['&&', '||'],
  identifierTypes: ['identifier', 'field_identifier', 'type_identifier', 'package_identifier'],
  functionTypes: ['function_declaration', 'method_declaration', 'func_literal'],
  // Unexported names are visible to the whole package, but Go has no finer level to tell apart:
  // `private` is what a Go developer means by "unexported".
  visibility: (_def, name) => (/^\p{Lu}/u.test(name) ? 'public' : 'private'),
  decorators: directives,
  definedNames: blockNames,
};
