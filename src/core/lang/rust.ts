// Rust: attributes are siblings before the item they belong to, `///` doc comments likewise;
// visibility comes from `pub(…)`, or from the trait for trait items and trait impls.
import type { Node } from 'web-tree-sitter';
import type { LanguageSpec } from './spec';
import type { Visibility } from '../base/types';

function visibility(def: Node): Visibility {
  const modifier = def.children.find((c) => c?.type === 'visibility_modifier');
  if (modifier) {
    const scope = modifier.text.replace(/\s+/g, '');
    if (scope === 'pub') return 'public';
    return scope === 'pub(self)' ? 'private' : 'internal'; // pub(crate), pub(super), pub(in path)
  }
  // `macro_rules!` has no `pub`: `#[macro_export]` puts it at the crate root for everyone.
  if (def.type === 'macro_definition') {
    for (let prev = def.previousNamedSibling; prev && /^(attribute_item|line_comment|block_comment)$/.test(prev.type); prev = prev.previousNamedSibling) {
      if (/^#\[\s*macro_export\b/.test(prev.text)) return 'public';
    }
    return 'private';
  }
  // Items of a trait are as visible as the trait; those of `impl Trait for T` as the trait too,
  // which is not in this file, so public.
  const container = def.parent?.type === 'declaration_list' ? def.parent.parent : null;
  if (container?.type === 'trait_item') return visibility(container);
  if (container?.type === 'impl_item' && container.childForFieldName('trait')) return 'public';
  return 'private';
}

export const rust: LanguageSpec = {
  id: 'rust',
  extensions: ['.rs'],
  grammar: { package: 'tree-sitter-rust', file: 'tree-sitter-rust.wasm' },
  queries: 'rust',
  commentTypes: ['line_comment', 'block_comment'],
  // Outer attributes only: `#![…]` applies to the enclosing module, not to the next item.
  attachedTypes: ['attribute_item'],
  docstring: 'leading-comment',
  decisionTypes: ['if_expression', 'match_arm', 'while_expression', 'for_expression'],
  booleanOperators: ['&&', '||'],
  identifierTypes: ['identifier', 'field_identifier', 'type_identifier'],
  functionTypes: ['function_item', 'closure_expression'],
  visibility,
};
