// coderag/map: every folder's repo map for the editor's tree view and "Copy Repo Map". The core
// ranks (PageRank over the tags, personalized per request); this file only picks each folder's
// part of the request and shapes the answer.
import * as path from 'node:path';
import { type Connection, ResponseError, ErrorCodes } from 'vscode-languageserver/node';
import type { MapRequest, RepoMapView } from '../core/service/api';
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

/**
 * The share of the focused ranking in the tree's order. A walk that restarts only at the focus
 * files leaves every file they do not reach at zero (a leaf like a formatting helper keeps all the
 * rank), so the tree ranks by a mix with the plain walk: PageRank is linear in its restart vector,
 * so this is (nearly: focus also weighs its files' edges ×50) a walk restarting at the focus files
 * three times in four and anywhere the fourth. Unreached files keep their global order.
 */
export const FOCUS_SHARE = 0.75;

type Ranked = RepoMapView['ranked'];

export function blend(focused: Ranked, plain: Ranked, share: number, limit: number): Ranked {
  if (share >= 1) return focused.slice(0, limit);
  const byPath = new Map<string, Ranked[number]>();
  const score = new Map<string, number>();
  for (const f of focused) {
    byPath.set(f.path, f);
    score.set(f.path, share * f.rank);
  }
  for (const f of plain) {
    if (!byPath.has(f.path)) byPath.set(f.path, f);
    score.set(f.path, (score.get(f.path) ?? 0) + (1 - share) * f.rank);
  }
  return [...byPath.values()].map((f) => ({ ...f, rank: score.get(f.path)! })).sort((a, b) => b.rank - a.rank || (a.path < b.path ? -1 : 1)).slice(0, limit);
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
  const personalized = focus.some((f) => view.rankedFiles.some((r) => r.path === f)) || symbols.length > 0;
  const plain = personalized ? await ws.map({ tokens, files: request.files } as MapRequest, signal) : view;
  const files = blend(view.ranked, plain.ranked, personalized ? FOCUS_SHARE : 1, request.files).map((f) => ({
    file: path.join(folder.root, f.path),
    path: f.path,
    rank: f.rank,
    definitions: f.definitions.map((d) => ({ name: d.name, kind: d.category, signature: d.signature, startLine: d.line, endLine: Math.max(d.line, d.endLine) })),
  }));
  // The focused walk renders only what the focus files reach, without the focus files themselves
  // (a model has them already): around a leaf that is next to nothing, so the text is then the plain map.
  const thin = personalized && view.tokens < tokens / 4 && plain.tokens > view.tokens;
  const text = thin ? plain : view;
  const map: FolderMap = { ...empty, state: 'ready', files, edges: view.edges, text: text.text, tokens: text.tokens, budget: text.budget, textPersonalized: personalized && !thin };
  return { map, personalized };
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
