// What the generic tree-sitter chunker needs to know about one language. Most of a language lives
// in its queries (queries/<folder>/chunks.scm and tags.scm); this is the rest: the node types that
// a query cannot express as "belongs to the definition".
import type { Node } from 'web-tree-sitter';
import type { Visibility } from '../base/types';

export interface GrammarRef {
  /** npm package shipping the wasm; undefined for the committed grammars/ folder. */
  package?: string;
  file: string;
}

export interface LanguageSpec {
  id: string;
  extensions: string[];
  /** Exact file names (e.g. `Rakefile`) mapped to this language. */
  fileNames?: string[];
  grammar: GrammarRef;
  /** Folder under queries/ with chunks.scm and tags.scm. */
  queries: string;
  /** Extra query folders whose tags.scm is prepended (TypeScript reuses JavaScript's patterns). */
  tagsIncludes?: string[];
  commentTypes: string[];
  /** Previous siblings that belong to the next definition: decorators, attributes, annotations. */
  attachedTypes?: string[];
  /** Parents that wrap a definition and belong to its range: export_statement, decorated_definition. */
  wrapperTypes?: string[];
  /** 'body-string': a string literal as first statement of the body (Python); else the leading comment. */
  docstring: 'body-string' | 'leading-comment';
  bodyFields?: string[];
  returnTypeFields?: string[];
  parameterFields?: string[];
  /** Node types that add a branch to the cyclomatic complexity. */
  decisionTypes: string[];
  /** Operator tokens that add a branch (short-circuit boolean operators). */
  booleanOperators?: string[];
  identifierTypes: string[];
  /** Node types (or anonymous tokens) whose presence inside a function body makes it a generator. */
  generatorMarkers?: string[];
  /** Node types of nested function-like scopes: a yield inside them does not count for the parent. */
  functionTypes?: string[];
  visibility?(def: Node, name: string, isMember: boolean): Visibility | undefined;
  /** Class-body children whose own children are members (Java `enum_body_declarations`). */
  memberContainers?: string[];
  /** Parameter texts when the grammar does not wrap each one in a node (C# `params`). */
  parameters?(def: Node): string[] | undefined;
  /** The return type when no field holds all of it (C `char *f(void)`: the `*` sits in the declarator). */
  returnType?(def: Node): string | undefined;
  /** Body nodes whose first statement's leading comments the grammar puts before the body (Ruby `body_statement`). */
  commentsBeforeBody?: string[];
  /** A member's line in a class summary; default `sig { … }` / `sig: ...`. */
  memberStub?(signature: string): string;
  /** Decorators/annotations as text, when not covered by attachedTypes/wrapper children. */
  decorators?(def: Node): string[];
  /** All names one definition node declares, when it declares several (Go `const ( A = iota; B )`). */
  definedNames?(def: Node): string[] | undefined;
  /** The doc a statement right above a definition gives it (Rake's `desc "Run the tests"`), else undefined. */
  describes?(statement: Node): string | undefined;
  /** Only the nearest describing statement counts (Rake: a later `desc` overrides an earlier one). */
  describesOnce?: boolean;
}

/**
 * The spec with every field present, in one order: specs of different languages then share one
 * object shape, and the chunker's optimized code is not thrown away each time a new language comes
 * along (each such deoptimization cost a recompile of the chunker in every worker).
 */
export function withEveryField(s: LanguageSpec): LanguageSpec {
  // Typed so that a field added to LanguageSpec and forgotten here fails to compile.
  const all: { [K in keyof Required<LanguageSpec>]: LanguageSpec[K] } = {
    id: s.id, extensions: s.extensions, fileNames: s.fileNames, grammar: s.grammar, queries: s.queries,
    tagsIncludes: s.tagsIncludes, commentTypes: s.commentTypes, attachedTypes: s.attachedTypes,
    wrapperTypes: s.wrapperTypes, docstring: s.docstring, bodyFields: s.bodyFields,
    returnTypeFields: s.returnTypeFields, parameterFields: s.parameterFields, decisionTypes: s.decisionTypes,
    booleanOperators: s.booleanOperators, identifierTypes: s.identifierTypes,
    generatorMarkers: s.generatorMarkers, functionTypes: s.functionTypes, visibility: s.visibility,
    memberContainers: s.memberContainers, parameters: s.parameters, returnType: s.returnType,
    commentsBeforeBody: s.commentsBeforeBody, memberStub: s.memberStub, decorators: s.decorators,
    definedNames: s.definedNames, describes: s.describes, describesOnce: s.describesOnce,
  };
  return all;
}

/** Visibility by naming convention: `_x` is private, `__x__` is public. */
export function underscoreVisibility(name: string): Visibility {
  if (name.startsWith('__') && name.endsWith('__')) return 'public';
  return name.startsWith('_') ? 'private' : 'public';
}
