// Placeholder: chunking for ruby is being written (queries/ruby/chunks.scm, test/chunk-ruby.test.ts).
import type { LanguageSpec } from './spec';

export const ruby: LanguageSpec = {
  id: 'ruby',
  extensions: ['.rb', '.rake', '.gemspec'],
  grammar: { package: 'tree-sitter-ruby', file: 'tree-sitter-ruby.wasm' },
  queries: 'ruby',
  commentTypes: ['comment'],
  docstring: 'leading-comment',
  decisionTypes: [],
  identifierTypes: ['identifier'],
};
