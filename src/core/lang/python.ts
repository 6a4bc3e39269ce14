import { type LanguageSpec, underscoreVisibility } from './spec';

export const python: LanguageSpec = {
  id: 'python',
  extensions: ['.py', '.pyi', '.pyw'],
  grammar: { package: 'tree-sitter-python', file: 'tree-sitter-python.wasm' },
  queries: 'python',
  commentTypes: ['comment'],
  wrapperTypes: ['decorated_definition'],
  docstring: 'body-string',
  decisionTypes: [
    'if_statement', 'elif_clause', 'for_statement', 'while_statement', 'except_clause',
    'conditional_expression', 'case_clause', 'for_in_clause', 'if_clause', 'with_statement',
  ],
  booleanOperators: ['and', 'or'],
  identifierTypes: ['identifier'],
  generatorMarkers: ['yield'],
  functionTypes: ['function_definition', 'lambda', 'class_definition'],
  visibility: (_def, name) => underscoreVisibility(name),
};
