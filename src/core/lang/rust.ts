// Placeholder: chunking for rust is being written (queries/rust/chunks.scm, test/chunk-rust.test.ts).
import type { LanguageSpec } from './spec';

export const rust: LanguageSpec = {
  id: 'rust',
  extensions: ['.rs'],
  grammar: { package: 'tree-sitter-rust', file: 'tree-sitter-rust.wasm' },
  queries: 'rust',
  commentTypes: ['comment'],
  docstring: 'leading-comment',
  decisionTypes: [],
  identifierTypes: ['identifier'],
};
