// C++: the C declarator helpers plus classes. A member's visibility comes from the nearest
// `public:`/`protected:`/`private:` label above it in the class body, else from the class key.
import type { Node } from 'web-tree-sitter';
import type { LanguageSpec } from './spec';
import type { Visibility } from '../base/types';
import { cDecisionTypes, cParameters, cReturnType, declaratorChain, declaredNames, isStatic } from './c';

// Nodes between a class body and the definition a member wraps (`template <…>`, `friend`, the
// `field_declaration` holding a nested `struct Inner {…};`, an `#ifdef` around members).
const MEMBER_WRAPPERS = new Set([
  'template_declaration', 'friend_declaration', 'field_declaration',
  'preproc_if', 'preproc_ifdef', 'preproc_else', 'preproc_elif', 'preproc_elifdef',
]);

function memberAccess(def: Node): Visibility | undefined {
  for (let n = def; n.parent; n = n.parent) {
    // A friend is not a member: access labels do not apply to it, and it is callable from outside.
    if (n.type === 'friend_declaration') return 'public';
    for (let p = n.previousNamedSibling; p; p = p.previousNamedSibling) {
      if (p.type === 'access_specifier') return p.text as Visibility;
    }
    if (n.parent.type === 'field_declaration_list') return n.parent.parent?.type === 'class_specifier' ? 'private' : 'public';
    if (!MEMBER_WRAPPERS.has(n.parent.type)) return undefined;
  }
  return undefined;
}

function inAnonymousNamespace(def: Node): boolean {
  for (let p = def.parent; p; p = p.parent) {
    if (p.type === 'namespace_definition' && !p.childForFieldName('name')) return true;
  }
  return false;
}

function visibility(def: Node): Visibility | undefined {
  if (def.type.startsWith('preproc_')) return undefined;
  const access = memberAccess(def);
  if (access) return access;
  // `void Foo::bar() {}`: the access was declared in the class, elsewhere.
  if (declaratorChain(def).some((n) => n.type === 'qualified_identifier' && n.text.includes('::'))) return undefined;
  return isStatic(def) || inAnonymousNamespace(def) ? 'private' : 'public';
}

export const cpp: LanguageSpec = {
  id: 'cpp',
  extensions: ['.cc', '.cpp', '.cxx', '.c++', '.hh', '.hpp', '.hxx', '.h++', '.ipp', '.inl'],
  grammar: { package: 'tree-sitter-cpp', file: 'tree-sitter-cpp.wasm' },
  queries: 'cpp',
  commentTypes: ['comment'],
  // `[[nodiscard]]`, `__attribute__((…))` and `__declspec(…)` lead the definition they qualify.
  attachedTypes: ['attribute_declaration', 'attribute_specifier', 'ms_declspec_modifier'],
  // `template <…>` and `extern "C"` belong to what they wrap; `friend` and a member struct's
  // `field_declaration` let the class summary find those members.
  wrapperTypes: ['template_declaration', 'linkage_specification', 'friend_declaration', 'field_declaration'],
  docstring: 'leading-comment',
  bodyFields: ['body', 'value'],
  decisionTypes: [...cDecisionTypes, 'for_range_loop', 'catch_clause'],
  booleanOperators: ['&&', '||', 'and', 'or'],
  identifierTypes: ['identifier', 'field_identifier', 'type_identifier', 'namespace_identifier'],
  // A coroutine that `co_yield`s is a generator.
  generatorMarkers: ['co_yield_statement'],
  functionTypes: ['function_definition', 'lambda_expression', 'class_specifier', 'struct_specifier', 'union_specifier'],
  visibility,
  parameters: cParameters,
  returnType: cReturnType,
  definedNames: declaredNames,
};
