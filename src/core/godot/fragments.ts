// A file in, its migration fragments out, routed by file type. The path decides the route only;
// a fragment's text and key never contain it.
import { createHash } from 'node:crypto';
import type { Tree } from 'web-tree-sitter';
import { chunkFile } from '../chunk/chunk-file';
import { SourceLines, linesOf } from '../chunk/lines';
import { type GdPiece, gdscriptPieces } from './gdscript-fragments';
import { parseGdscript } from './gdscript-tree';
import type { Exclusion, MigrationFragment, Route } from './model';
import { isRoute, routeOf } from './route';
import { projectPieces, resourcePieces, shaderPieces, type TextPiece } from './text-fragments';

/** What identifies a fragment's content across runs and paths. */
export function fragmentKey(route: Route, text: string): string {
  return createHash('sha1').update(`${route}\u0000${text}`).digest('hex').slice(0, 20);
}

/** A file cut for the analysis: its fragments, and for GDScript the tree and pieces they came from. */
export interface CutFile {
  path: string;
  route: Route;
  text: string;
  fragments: MigrationFragment[];
  /** GDScript only; the caller deletes it. */
  tree?: Tree;
  pieces?: GdPiece[];
}

function toFragments(path: string, route: Route, text: string, pieces: (TextPiece | GdPiece)[]): MigrationFragment[] {
  const rows = new SourceLines(text);
  return pieces.map((p) => {
    const body = rows.join(p.startRow, p.endRow);
    return { path, route, kind: p.kind, name: p.name, startLine: p.startRow + 1, endLine: p.endRow + 1, text: body, key: fragmentKey(route, body) };
  });
}

async function csharpPieces(path: string, text: string): Promise<TextPiece[]> {
  const { result } = await chunkFile(path, text, { maxTokens: Number.MAX_SAFE_INTEGER, countTokens: () => 0 });
  const members = result.chunks.filter((c) => c.kind !== 'class');
  return (members.length ? members : result.chunks)
    .map((c) => ({ kind: c.kind, name: c.qualifiedName, startRow: c.startLine - 1, endRow: c.endLine - 1 }))
    .sort((a, b) => a.startRow - b.startRow);
}

/** Cuts one file; an excluded file comes back as its exclusion. */
export async function cutFile(path: string, text: string, keepTree = false): Promise<CutFile | Exclusion> {
  const route = routeOf(path);
  if (!isRoute(route)) return route;
  if (route === 'gdscript') {
    const tree = await parseGdscript(text);
    const pieces = gdscriptPieces(tree.rootNode);
    const cut: CutFile = { path, route, text, fragments: toFragments(path, route, text, pieces) };
    if (keepTree) return { ...cut, tree, pieces };
    tree.delete();
    return cut;
  }
  const lines = linesOf(text);
  const pieces = route === 'project' ? projectPieces(lines) : route === 'resource' ? resourcePieces(lines) : route === 'shader' ? shaderPieces(lines) : await csharpPieces(path, text);
  return { path, route, text, fragments: toFragments(path, route, text, pieces) };
}

/** The fragments of one file, in order (`coderag fragments FILE`). */
export async function fragmentsOf(path: string, text: string): Promise<{ fragments: MigrationFragment[]; excluded?: Exclusion }> {
  const cut = await cutFile(path, text);
  return 'fragments' in cut ? { fragments: cut.fragments } : { fragments: [], excluded: cut };
}
