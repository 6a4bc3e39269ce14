// coderag/symbols/search: "Go to symbol in workspace" across every folder, each hit labelled by
// its folder. A keystroke's request: it reads each folder's symbol index as it is now and never
// waits for a run.
import * as path from 'node:path';
import type { Connection } from 'vscode-languageserver/node';
import { SYMBOL_SEARCH_REQUEST, type SymbolSearchHit, type SymbolSearchParams, type SymbolSearchResponse } from './protocol';
import type { IndexedFolder } from './workspace';

const MATCH_ORDER: SymbolSearchHit['match'][] = ['exact', 'prefix', 'words', 'fuzzy'];

export function registerSymbolSearch(connection: Connection, folders: () => IndexedFolder[]): void {
  connection.onRequest(SYMBOL_SEARCH_REQUEST, (p: SymbolSearchParams) => searchSymbols(folders(), p));
}

export async function searchSymbols(folders: IndexedFolder[], p: SymbolSearchParams): Promise<SymbolSearchResponse> {
  if (typeof p?.query !== 'string') throw new Error('coderag/symbols/search: query must be a string');
  const limit = Math.min(Math.max(Math.trunc(p.limit ?? 50), 1), 200);
  const unavailable: SymbolSearchResponse['unavailable'] = [];
  const ranked: { hit: SymbolSearchHit; place: number }[] = [];
  const answers = await Promise.all(folders.map((f) => f.searchSymbols(p.query, limit).catch((err: Error) => err)));
  answers.forEach((matches, i) => {
    const root = folders[i].root;
    if (matches instanceof Error) return void unavailable.push({ folder: root, reason: matches.message });
    if (!matches) return void unavailable.push({ folder: root, reason: 'its index is not open yet' });
    const folderName = path.basename(root);
    matches.forEach((m, place) => ranked.push({ place, hit: { folder: root, folderName, file: path.join(root, m.path), ...m } }));
  });
  // Each folder's order is its own ranking; across folders the kind of match decides first, so an
  // exact name in the second folder is not buried under the first folder's typos.
  ranked.sort((a, b) => MATCH_ORDER.indexOf(a.hit.match) - MATCH_ORDER.indexOf(b.hit.match) || a.place - b.place);
  return { hits: ranked.slice(0, limit).map((r) => r.hit), unavailable };
}
