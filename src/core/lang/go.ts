// Placeholder: chunking for go is being written (queries/go/chunks.scm, test/chunk-go.test.ts).
import type { LanguageSpec } from './spec';

export const go: LanguageSpec = {
  id: 'go',
  extensions: ['.go'],
  grammar: { package: 'tree-sitter-go', file: 'tree-sitter-go.wasm' },
  queries: 'go',
  commentTypes: ['comment'],
  docstring: 'leading-comment',
  decisionTypes: [],
  identifierTypes: ['identifier'],
};
