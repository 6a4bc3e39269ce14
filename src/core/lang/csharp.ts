// C#: attributes (`[HttpGet]`) are children of the declaration they annotate, so attachedTypes
// covers them; `modifier` nodes carry visibility and `async`.
import type { Node } from 'web-tree-sitter';
import type { LanguageSpec } from './spec';
import type { Visibility } from '../base/types';

const TYPE_DECLARATIONS = [
  'class_declaration', 'struct_declaration', 'record_declaration', 'interface_declaration', 'enum_declaration',
];

function visibility(def: Node): Visibility | undefined {
  const words = def.children.filter((c) => c?.type === 'modifier').map((c) => c!.text);
  if (words.includes('public')) return 'public';
  // `protected internal` and `private protected` both open the member to subclasses.
  if (words.includes('protected')) return 'protected';
  if (words.includes('internal')) return 'internal';
  if (words.includes('private')) return 'private';
  if (def.children.some((c) => c?.type === 'explicit_interface_specifier')) return 'public';
  // A top-level local function is visible to the file's top-level statements only.
  if (def.type === 'local_function_statement') return 'private';
  // Defaults: types outside a type are internal, interface and enum members public, other members private.
  const owner = def.parent?.type === 'declaration_list' ? def.parent.parent : def.parent;
  if (!owner || !TYPE_DECLARATIONS.includes(owner.type)) return 'internal';
  return owner.type === 'interface_declaration' || owner.type === 'enum_declaration' ? 'public' : 'private';
}

/** Split at the list's commas: a `params` parameter is loose tokens of the list, not a `parameter`. */
function parameters(def: Node): string[] | undefined {
  const list = def.childForFieldName('parameters');
  if (!list) return undefined;
  const out: string[] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length) out.push(current.join(' ').replace(/\s+/g, ' '));
    current = [];
  };
  for (const c of list.children) {
    if (!c || c.type === 'comment' || c.type === '(' || c.type === ')' || c.type === '[' || c.type === ']') continue;
    if (c.type === ',') flush();
    else current.push(c.text);
  }
  flush();
  return out;
}

export const csharp: LanguageSpec = {
  id: 'csharp',
  extensions: ['.cs'],
  grammar: { package: 'tree-sitter-c-sharp', file: 'tree-sitter-c_sharp.wasm' },
  queries: 'csharp',
  commentTypes: ['comment'],
  attachedTypes: ['attribute_list'],
  docstring: 'leading-comment',
  // Properties and indexers keep their code in `accessors` or an `=> value`.
  bodyFields: ['body', 'accessors', 'value'],
  returnTypeFields: ['returns', 'type'],
  parameterFields: ['parameters'],
  decisionTypes: [
    'if_statement', 'for_statement', 'foreach_statement', 'while_statement', 'do_statement',
    'catch_clause', 'conditional_expression', 'switch_expression_arm',
    // The keyword, not switch_section: `default:` is no extra branch.
    'case',
  ],
  booleanOperators: ['&&', '||', '??'],
  identifierTypes: ['identifier'],
  generatorMarkers: ['yield_statement'],
  functionTypes: ['local_function_statement', 'lambda_expression', 'anonymous_method_expression', ...TYPE_DECLARATIONS],
  visibility,
  parameters,
};
