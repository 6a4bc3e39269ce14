// Placeholder: chunking for cpp is being written (queries/cpp/chunks.scm, test/chunk-cpp.test.ts).
import type { LanguageSpec } from './spec';

export const cpp: LanguageSpec = {
  id: 'cpp',
  extensions: ['.cc', '.cpp', '.cxx', '.c++', '.hh', '.hpp', '.hxx', '.h++', '.ipp', '.inl'],
  grammar: { package: 'tree-sitter-cpp', file: 'tree-sitter-cpp.wasm' },
  queries: 'cpp',
  commentTypes: ['comment'],
  docstring: 'leading-comment',
  decisionTypes: [],
  identifierTypes: ['identifier'],
};
