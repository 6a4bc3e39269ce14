// Placeholder: chunking for java is being written (queries/java/chunks.scm, test/chunk-java.test.ts).
import type { LanguageSpec } from './spec';

export const java: LanguageSpec = {
  id: 'java',
  extensions: ['.java'],
  grammar: { package: 'tree-sitter-java', file: 'tree-sitter-java.wasm' },
  queries: 'java',
  commentTypes: ['comment'],
  docstring: 'leading-comment',
  decisionTypes: [],
  identifierTypes: ['identifier'],
};
