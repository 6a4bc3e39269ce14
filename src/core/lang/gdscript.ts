import { type LanguageSpec, underscoreVisibility } from './spec';

export const gdscript: LanguageSpec = {
  id: 'gdscript',
  extensions: ['.gd'],
  grammar: { file: 'tree-sitter-gdscript.wasm' },
  queries: 'gdscript',
  commentTypes: ['comment'],
  // Godot 4 annotations on functions (@rpc, @warning_ignore) are previous siblings.
  attachedTypes: ['annotation'],
  docstring: 'leading-comment',
  decisionTypes: [
    'if_statement', 'elif_clause', 'for_statement', 'while_statement', 'match_statement',
    'pattern_section', 'conditional_expression',
  ],
  booleanOperators: ['and', 'or', '&&', '||'],
  identifierTypes: ['identifier', 'name'],
  functionTypes: ['function_definition', 'lambda', 'class_definition'],
  visibility: (_def, name) => underscoreVisibility(name),
};
