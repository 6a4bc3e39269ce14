// The repo-map tree's nodes, built from a coderag/map response. Pure (no vscode): the provider
// turns them into TreeItems; tested in test/vscode-repomap.test.ts.
import type { FolderMap, MapDefinitionEntry, MapEdge, MapFileEntry, MapResponse } from '../../lsp/protocol';

export type MapNode =
  | { type: 'folder'; id: string; folder: FolderMap }
  | { type: 'file'; id: string; folder: FolderMap; entry: MapFileEntry; place: number }
  | { type: 'definition'; id: string; file: string; def: MapDefinitionEntry }
  | { type: 'edge'; id: string; folder: FolderMap; edge: MapEdge; target?: MapFileEntry; depth: number }
  | { type: 'message'; id: string; text: string };

/** How an edge reads from its source file (Godot's loads first, then signal handlers). */
const EDGE_WORDS: [kind: string, words: string][] = [
  ['file.script', 'attaches script'],
  ['file.scene', 'instances scene'],
  ['file.preload', 'preloads'],
  ['file.load', 'loads'],
  ['file.resource', 'uses resource'],
  ['handler', 'handles its signals'],
];

export function edgeWords(kinds: string[]): string {
  const words = EDGE_WORDS.filter(([k]) => kinds.includes(k)).map(([, w]) => w);
  return words.length ? words.join(', ') : kinds.join(', ');
}

/** Codicon names per tags category (the query's `@definition.<category>`). */
const KIND_ICONS: Record<string, string> = {
  function: 'symbol-function', method: 'symbol-method', class: 'symbol-class', interface: 'symbol-interface',
  module: 'symbol-namespace', namespace: 'symbol-namespace', type: 'symbol-structure', struct: 'symbol-structure',
  enum: 'symbol-enum', constant: 'symbol-constant', variable: 'symbol-variable', field: 'symbol-field',
  property: 'symbol-property', signal: 'symbol-event', macro: 'symbol-misc', constructor: 'symbol-constructor',
};

export function kindIcon(kind: string): string {
  return KIND_ICONS[kind] ?? 'symbol-misc';
}

/** A rank as the tree's description shows it: a share of the folder's PageRank, in per cent. */
export function rankText(rank: number): string {
  const pct = rank * 100;
  return `${pct >= 10 ? pct.toFixed(0) : pct >= 1 ? pct.toFixed(1) : pct.toFixed(2)}%`;
}

export function fileDescription(entry: MapFileEntry, place: number): string {
  const dir = entry.path.includes('/') ? entry.path.slice(0, entry.path.lastIndexOf('/')) : '';
  return `#${place} · ${rankText(entry.rank)}${dir ? ` · ${dir}` : ''}`;
}

/** The tree's top level: files (one folder) or folders (several); a message when there is nothing to rank. */
export function rootNodes(map: MapResponse | undefined): MapNode[] {
  if (!map) return [];
  if (map.folders.length === 1) return folderChildren(map.folders[0]);
  return map.folders.map((folder) => ({ type: 'folder', id: `folder:${folder.folder}`, folder }));
}

export function folderChildren(folder: FolderMap): MapNode[] {
  if (!folder.files.length) return [{ type: 'message', id: `msg:${folder.folder}`, text: folder.message ?? 'No files to rank yet.' }];
  return folder.files.map((entry, i) => ({ type: 'file', id: `file:${entry.file}`, folder, entry, place: i + 1 }));
}

/** A file's children: what it loads (Godot scenes: scripts and scenes, as edges one can open), then its definitions. */
export function fileChildren(folder: FolderMap, entry: MapFileEntry, parentId: string, depth = 0): MapNode[] {
  const byPath = new Map(folder.files.map((f) => [f.path, f]));
  const edges: MapNode[] = depth > 3 ? [] : folder.edges
    .filter((e) => e.from === entry.path && e.to !== entry.path)
    .map((edge) => ({ type: 'edge', id: `${parentId}>${edge.to}`, folder, edge, target: byPath.get(edge.to), depth: depth + 1 }));
  const defs: MapNode[] = entry.definitions.slice(0, 100).map((def) => ({ type: 'definition', id: `${parentId}#${def.name}@${def.startLine}`, file: entry.file, def }));
  return [...edges, ...defs];
}

/** The children of an edge: its target's own edges and definitions (a scene → its script → its functions). */
export function edgeChildren(node: Extract<MapNode, { type: 'edge' }>): MapNode[] {
  return node.target ? fileChildren(node.folder, node.target, node.id, node.depth) : [];
}

export function hasChildren(node: MapNode): boolean {
  if (node.type === 'folder') return true;
  if (node.type === 'file') return node.entry.definitions.length > 0 || node.folder.edges.some((e) => e.from === node.entry.path);
  if (node.type === 'edge') return !!node.target && (node.target.definitions.length > 0 || node.depth <= 3 && node.folder.edges.some((e) => e.from === node.target!.path));
  return false;
}

/** The map's text for a clipboard: each folder's, headed by its name when there are several. */
export function mapText(map: MapResponse): string {
  const parts = map.folders.filter((f) => f.text.trim());
  if (parts.length === 1) return parts[0].text;
  return parts.map((f) => `# ${f.folder}\n${f.text}`).join('\n\n');
}
