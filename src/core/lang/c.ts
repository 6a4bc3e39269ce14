// Placeholder: chunking for c is being written (queries/c/chunks.scm, test/chunk-c.test.ts).
import type { LanguageSpec } from './spec';

export const c: LanguageSpec = {
  id: 'c',
  extensions: ['.c', '.h'],
  grammar: { package: 'tree-sitter-c', file: 'tree-sitter-c.wasm' },
  queries: 'c',
  commentTypes: ['comment'],
  docstring: 'leading-comment',
  decisionTypes: [],
  identifierTypes: ['identifier'],
};
