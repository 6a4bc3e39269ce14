// Definitions and references of one file, from the language's tags.scm query, over the same parse
// tree the chunker used.
import type { Node } from 'web-tree-sitter';
import type { LoadedLanguage } from '../parse/grammars';

export interface Tag {
  name: string;
  kind: 'def' | 'ref';
  /** 1-based line of the name. */
  line: number;
  /** What the query called it: function, class, method, call, … */
  category: string;
}

export function extractTags(root: Node, loaded: LoadedLanguage, _path: string, _source: string): Tag[] {
  const tags: Tag[] = [];
  for (const c of loaded.tags.captures(root)) {
    const m = c.name.match(/^(?:name\.)?(definition|reference)\.(.+)$/);
    if (!m) continue;
    tags.push({ name: c.node.text, kind: m[1] === 'definition' ? 'def' : 'ref', line: c.node.startPosition.row + 1, category: m[2] });
  }
  return tags;
}
