// The chunker's coverage property: every non-blank line of a parsed file is inside some chunk's
// line range, except the lines that are context by design: comments, the module docstring,
// imports and export lists (`isContext`), the header and closing rows of scopes (`SCAFFOLD`), and
// lines with no word at all (`});`, `end`). Used by test/chunk-coverage.test.ts and by scratch runs over
// whole trees (the Python standard library, node_modules).
import type { Node } from 'web-tree-sitter';
import { chunkFile } from '../src/core/chunk/chunk-file';
import { estimateTokens } from '../src/core/chunk/split';
import { languageOf } from '../src/core/lang/registry';
import { isContext, SCAFFOLD } from '../src/core/chunk/uncovered';
import type { Chunk } from '../src/core/base/types';

// Scopes of their definitions' qualified names, like SCAFFOLD (scope definitions in the queries:
// Rust `impl`, Rake `namespace :db do`).
const SCOPES = /^impl_item$/;
const WORD = /[\p{L}\p{N}_$]/u;

export interface Uncovered {
  line: number;
  text: string;
}

/** Non-blank lines of `source` no chunk covers and that are not context by design. */
export async function uncoveredLines(path: string, source: string, maxTokens = 512): Promise<{ chunks: Chunk[]; uncovered: Uncovered[]; fallback?: string }> {
  const parsed = await chunkFile(path, source, { maxTokens, countTokens: estimateTokens }, true);
  const { chunks, fallback } = parsed.result;
  const rows = source.split('\n');
  const covered = new Uint8Array(rows.length);
  for (const c of chunks) for (let r = c.startLine - 1; r < c.endLine; r++) covered[r] = 1;
  const exempt = new Uint8Array(rows.length);
  const spec = languageOf(path);
  if (parsed.tree && spec) {
    const markAll = (n: Node) => {
      const end = n.endPosition.column === 0 && n.endPosition.row > n.startPosition.row ? n.endPosition.row - 1 : n.endPosition.row;
      for (let r = n.startPosition.row; r <= end; r++) exempt[r] = 1;
    };
    const visit = (n: Node, depth: number) => {
      for (const c of n.namedChildren) {
        if (!c) continue;
        if (spec.commentTypes.includes(c.type)) {
          // A trailing comment does not excuse the code before it on its first line.
          const before = rows[c.startPosition.row].slice(0, c.startPosition.column);
          const end = c.endPosition.row;
          if (!before.trim()) exempt[c.startPosition.row] = 1;
          for (let r = c.startPosition.row + 1; r <= end; r++) exempt[r] = 1;
        } else if (isContext(c)) markAll(c);
        else {
          // A scope's own header and closing rows (`namespace app {`, `}`) only scope what it holds.
          if (SCAFFOLD.test(c.type) || SCOPES.test(c.type) || (c.type === 'call' && c.namedChildren[0]?.text === 'namespace')) exempt[c.startPosition.row] = exempt[c.endPosition.row] = 1;
          if (c.childCount) visit(c, depth + 1);
        }
      }
    };
    visit(parsed.tree.rootNode, 0);
    // The module docstring (Python): the first statement, when it is a string.
    const first = parsed.tree.rootNode.namedChildren.find((c) => c && !spec.commentTypes.includes(c.type));
    if (spec.docstring === 'body-string' && first?.type === 'expression_statement' && first.namedChildren[0]?.type === 'string') markAll(first);
    parsed.tree.delete();
  }
  const uncovered: Uncovered[] = [];
  if (!fallback) {
    for (let r = 0; r < rows.length; r++) {
      if (!covered[r] && !exempt[r] && WORD.test(rows[r].replace(/\bend\b/g, ''))) uncovered.push({ line: r + 1, text: rows[r] });
    }
  }
  return { chunks, uncovered, fallback };
}
