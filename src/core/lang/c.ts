// C: names live inside declarators (`char *f(void)`, `void (*f(int))(int)`), so parameters and
// return types are read by walking the declarator chain rather than from fields of the definition.
// C++ (./cpp.ts) reuses these helpers.
import type { Node } from 'web-tree-sitter';
import type { LanguageSpec } from './spec';
import type { Visibility } from '../base/types';

/** The next declarator down the chain; C++ reference and parenthesized declarators have no field for it. */
function innerDeclarator(n: Node): Node | null {
  const next = n.childForFieldName('declarator');
  if (next) return next;
  return n.type === 'reference_declarator' || n.type === 'parenthesized_declarator' ? n.firstNamedChild : null;
}

/** The declarator chain of a definition, outermost first, down to its name. */
export function declaratorChain(def: Node): Node[] {
  const chain: Node[] = [];
  for (let n = def.childForFieldName('declarator'); n; n = innerDeclarator(n)) chain.push(n);
  return chain;
}

/**
 * The function_declarator that names the function: the deepest one (`void (*f(int))(int)` → `f(int)`),
 * except in `int API(name)(args)`, where the outer one holds the parameters.
 */
function functionDeclarator(def: Node): Node | undefined {
  const chain = declaratorChain(def);
  return chain.filter((n, i) => n.type === 'function_declarator' && chain[i - 1]?.type !== 'function_declarator').pop();
}

export function cParameters(def: Node): string[] | undefined {
  const list = functionDeclarator(def)?.childForFieldName('parameters');
  if (!list) return undefined;
  const params = list.namedChildren.filter((c) => c && c.type !== 'comment').map((c) => c!.text.replace(/\s+/g, ' '));
  // `f(void)` takes no parameter.
  return params.length === 1 && params[0] === 'void' ? [] : params;
}

const NOT_RETURN_TYPE = new Set([
  'storage_class_specifier', 'attribute_specifier', 'attribute_declaration', 'ms_declspec_modifier',
  'virtual', 'explicit_function_specifier', 'comment',
]);

/** `static const char *f(void)` → `const char *`: the type plus the pointer/reference marks before the name. */
export function cReturnType(def: Node): string | undefined {
  if (def.type !== 'function_definition') return undefined;
  const chain = declaratorChain(def);
  // A function returning a function pointer: no contiguous text spells the return type.
  if (chain.some((n) => n.type === 'parenthesized_declarator')) return undefined;
  const fn = functionDeclarator(def);
  if (!fn) return undefined;
  const trailing = fn.namedChildren.find((c) => c?.type === 'trailing_return_type');
  if (trailing) return trailing.text.replace(/^->\s*/, '').replace(/\s+/g, ' ');
  const first = def.namedChildren.find(
    (c) => c && c.startIndex < fn.startIndex && !NOT_RETURN_TYPE.has(c.type)
      && !(c.type === 'type_qualifier' && /^(constexpr|consteval|constinit|inline)$/.test(c.text)),
  );
  // Constructors and destructors have none.
  if (!first) return undefined;
  // `API int f(void)`: an unknown macro parses as the type and the real type as an ERROR after it.
  const error = def.children.find((c) => c?.type === 'ERROR' && c.startIndex < fn.startIndex);
  const from = error ?? first;
  const text = def.text.slice(from.startIndex - def.startIndex, fn.startIndex - def.startIndex);
  return text.replace(/\s+/g, ' ').trim() || undefined;
}

export function isStatic(def: Node): boolean {
  return def.namedChildren.some((c) => c?.type === 'storage_class_specifier' && c.text === 'static');
}

/**
 * `static` gives internal linkage: private to the file. A macro's reach depends on whether it sits
 * in a header or a .c file, which the tree does not tell: left undefined.
 */
function visibility(def: Node): Visibility | undefined {
  if (def.type.startsWith('preproc_')) return undefined;
  return isStatic(def) ? 'private' : 'public';
}

/** `int a, b = 2;` and `typedef struct {…} foo_t, *foo_p;` declare every name in one chunk. */
export function declaredNames(def: Node): string[] | undefined {
  if (def.type !== 'declaration' && def.type !== 'type_definition') return undefined;
  const declarators = def.childrenForFieldName('declarator');
  if (declarators.length < 2) return undefined;
  return declarators.map((d) => {
    let n: Node | null = d;
    while (n && innerDeclarator(n)) n = innerDeclarator(n);
    return n!.text;
  });
}

// `default:` is a case_statement too, so a switch with a default counts one branch more than McCabe.
export const cDecisionTypes = [
  'if_statement', 'for_statement', 'while_statement', 'do_statement', 'case_statement', 'conditional_expression',
];

export const c: LanguageSpec = {
  id: 'c',
  extensions: ['.c', '.h'],
  grammar: { package: 'tree-sitter-c', file: 'tree-sitter-c.wasm' },
  queries: 'c',
  commentTypes: ['comment'],
  // `__attribute__((…))` and C23 `[[…]]` lead the definition they qualify.
  attachedTypes: ['attribute_specifier', 'attribute_declaration'],
  // `extern "C" int f(void);` in headers shared with C++.
  wrapperTypes: ['linkage_specification'],
  docstring: 'leading-comment',
  // `value` is a function-like macro's replacement text: its signature is `#define SQ(x)`.
  bodyFields: ['body', 'value'],
  decisionTypes: cDecisionTypes,
  booleanOperators: ['&&', '||'],
  identifierTypes: ['identifier', 'field_identifier', 'type_identifier'],
  functionTypes: ['function_definition'],
  visibility,
  parameters: cParameters,
  returnType: cReturnType,
  definedNames: declaredNames,
};
