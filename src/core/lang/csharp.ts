// Placeholder: chunking for csharp is being written (queries/csharp/chunks.scm, test/chunk-csharp.test.ts).
import type { LanguageSpec } from './spec';

export const csharp: LanguageSpec = {
  id: 'csharp',
  extensions: ['.cs'],
  grammar: { package: 'tree-sitter-c-sharp', file: 'tree-sitter-c_sharp.wasm' },
  queries: 'csharp',
  commentTypes: ['comment'],
  docstring: 'leading-comment',
  decisionTypes: [],
  identifierTypes: ['identifier'],
};
