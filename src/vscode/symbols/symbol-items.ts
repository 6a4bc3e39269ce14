// How a symbol hit reads in the quick pick: a kind icon and the name as label; qualified name,
// folder, path and line as description; fuzzy matches marked. No vscode import: unit-tested as is.
import type { SymbolSearchHit } from '../../lsp/protocol';

const ICONS: Record<string, string> = {
  class: 'symbol-class',
  interface: 'symbol-interface',
  type: 'symbol-class',
  enum: 'symbol-enum',
  struct: 'symbol-struct',
  module: 'symbol-module',
  implementation: 'symbol-namespace',
  scope: 'symbol-namespace',
  function: 'symbol-function',
  method: 'symbol-method',
  constant: 'symbol-constant',
  variable: 'symbol-variable',
  declaration: 'symbol-variable',
  field: 'symbol-field',
  property: 'symbol-property',
  signal: 'symbol-event',
  macro: 'symbol-constant',
};

/** The codicon of a definition kind (`symbol-misc` for kinds without one of their own). */
export function kindIcon(kind: string): string {
  return ICONS[kind] ?? 'symbol-misc';
}

export interface SymbolItemText {
  label: string;
  description: string;
}

/**
 * `manyFolders`: the workspace has several folders, so the path says which one. The qualified name
 * is left out when it is the name itself (a top-level definition).
 */
export function symbolItemText(hit: SymbolSearchHit, manyFolders: boolean): SymbolItemText {
  const where = `${manyFolders ? `${hit.folderName}/` : ''}${hit.path}:${hit.line}`;
  const parts = [hit.match === 'fuzzy' ? '≈ fuzzy match' : '', hit.qualifiedName !== hit.name ? hit.qualifiedName : '', where].filter(Boolean);
  return { label: `$(${kindIcon(hit.kind)}) ${hit.name}`, description: parts.join(' · ') };
}

/** What the quick pick says when a search gave nothing to choose. */
export function emptyText(query: string, unavailable: { folder: string; reason: string }[]): string {
  if (unavailable.length) return `No symbol matches "${query}" yet: ${unavailable.map((u) => `${u.folder}: ${u.reason}`).join('; ')}`;
  return `No symbol matches "${query}" in the indexed files`;
}
