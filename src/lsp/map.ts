// coderag/map: every folder's repo map for the editor's tree view and "Copy Repo Map". The core
// ranks (PageRank over the tags, personalized per request); this file only picks each folder's
// part of the request and shapes the answer.
import * as path from 'node:path';
import { type Connection, ResponseError, ErrorCodes } from 'vscode-languageserver/node';
import type { MapRequest } from '../core/service/api';
import { type FolderMap, MAP_REQUEST, type MapParams, type MapResponse } from './protocol';
import type { IndexedFolder } from './workspace';

const clamp = (v: number | undefined, lo: number, hi: number, dflt: number) => (typeof v === 'number' && Number.isFinite(v) ? Math.min(Math.max(Math.round(v), lo), hi) : dflt);

/** The absolute paths of `files` inside `root`, relative to it; the others belong to another folder. */
export function inside(root: string, files: string[]): string[] {
  return files.flatMap((f) => {
    const rel = path.relative(root, path.resolve(f));
    return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? [rel.split(path.sep).join('/')] : [];
  });
}

export async function folderMap(folder: IndexedFolder, p: MapParams, signal?: AbortSignal): Promise<{ map: FolderMap; personalized: boolean }> {
  const tokens = clamp(p.tokens, 64, 16384, 1024);
  const empty: FolderMap = { folder: folder.root, state: folder.state.state, files: [], edges: [], text: '', tokens: 0, budget: tokens };
  const ws = folder.workspace;
  if (!ws) {
    const why = folder.state.state === 'error' ? `the index failed: ${folder.state.message ?? 'unknown error'}` : 'the folder is still being indexed';
    return { map: { ...empty, message: why }, personalized: false };
  }
  const focus = inside(folder.root, p.focus ?? []);
  const symbols = (p.symbols ?? []).filter((s) => typeof s === 'string' && s.length > 0 && s.length < 200);
  const request: MapRequest & { files: number } = { tokens, files: clamp(p.files, 1, 500, 100), focus, mentionedIdents: symbols };
  const view = await ws.map(request, signal);
  const known = new Set(view.rankedFiles.map((f) => f.path));
  const files = view.ranked.map((f) => ({
    file: path.join(folder.root, f.path),
    path: f.path,
    rank: f.rank,
    definitions: f.definitions.map((d) => ({ name: d.name, kind: d.category, signature: d.signature, startLine: d.line, endLine: Math.max(d.line, d.endLine) })),
  }));
  const map: FolderMap = { ...empty, state: 'ready', files, edges: view.edges, text: view.text, tokens: view.tokens, budget: view.budget };
  return { map, personalized: focus.some((f) => known.has(f)) || symbols.length > 0 };
}

export function registerMap(connection: Connection, folders: () => IndexedFolder[]): void {
  connection.onRequest(MAP_REQUEST, async (p: MapParams = {}, token): Promise<MapResponse> => {
    if (p.focus !== undefined && (!Array.isArray(p.focus) || p.focus.some((f) => typeof f !== 'string'))) {
      throw new ResponseError(ErrorCodes.InvalidParams, 'coderag/map: focus must be a list of absolute file paths');
    }
    const started = performance.now();
    const abort = new AbortController();
    token.onCancellationRequested(() => abort.abort());
    const each = await Promise.all(folders().map((f) => folderMap(f, p, abort.signal)));
    return { folders: each.map((e) => e.map), personalized: each.some((e) => e.personalized), tookMs: Math.round(performance.now() - started) };
  });
}
