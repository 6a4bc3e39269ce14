// coderag/search and coderag/searchFilters: one search across every workspace folder, the best
// hits of all of them in one list, and the filter values the core accepts.
import { type CancellationToken, type Connection, ErrorCodes, LSPErrorCodes, ResponseError } from 'vscode-languageserver/node';
import { SEARCH_FILTERS_REQUEST, SEARCH_REQUEST, type SearchParams, type SearchResponse } from './protocol';
import { type FolderSearch, type IndexedFolder, InvalidArgumentError, searchFilterChoices, searchOptions } from './workspace';

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;
/** A folder whose index is not open yet: nothing to find in it so far. */
const NOT_OPEN: FolderSearch = { hits: [], vectors: { embedded: 0, total: 0 }, indexing: true };

/** Folders' answers as one: hits (or the file view's files) best first (scores are z-scored per folder, so comparable), cut to `limit`. */
export function mergeFolderSearches(parts: FolderSearch[], limit: number): Omit<SearchResponse, 'tookMs'> {
  const hits = parts.flatMap((p) => p.hits).sort((a, b) => b.score - a.score).slice(0, limit);
  const files = parts.some((p) => p.files) ? parts.flatMap((p) => p.files ?? []).sort((a, b) => b.score - a.score).slice(0, limit) : undefined;
  const reasons = [...new Set(parts.map((p) => p.keywordOnly).filter((r): r is string => !!r))];
  const vectors = parts.reduce((v, p) => ({ embedded: v.embedded + p.vectors.embedded, total: v.total + p.vectors.total }), { embedded: 0, total: 0 });
  return {
    hits,
    ...(files ? { files } : {}),
    vectors,
    ...(reasons.length ? { keywordOnly: reasons.join('; ') } : {}),
    ...(parts.some((p) => p.indexing) ? { indexing: true } : {}),
  };
}

export function registerSearch(connection: Connection, folders: () => IndexedFolder[]): void {
  connection.onRequest(SEARCH_REQUEST, async (p: SearchParams, token: CancellationToken): Promise<SearchResponse> => {
    const t0 = performance.now();
    if (typeof p?.query !== 'string') throw new ResponseError(ErrorCodes.InvalidParams, 'query: expected a string');
    const limit = Math.min(Math.max(Math.trunc(Number(p.limit ?? DEFAULT_LIMIT)) || DEFAULT_LIMIT, 1), MAX_LIMIT);
    let opts;
    try {
      opts = searchOptions(p, limit);
    } catch (err) {
      // A typo in a filter must read as one, not as "no results".
      if (err instanceof InvalidArgumentError) throw new ResponseError(ErrorCodes.InvalidParams, err.message);
      throw err;
    }
    // The client cancels a query the user replaced: the folders stop between their steps.
    const abort = new AbortController();
    const listener = token.onCancellationRequested(() => abort.abort());
    try {
      const parts = await Promise.all(folders().map((f) => f.search(p.query, opts, abort.signal)));
      // A file-view request answers with files even while no folder has any.
      const files = p.groupBy === 'file' ? { files: [] } : {};
      return { ...files, ...mergeFolderSearches(parts.map((x) => x ?? NOT_OPEN), limit), tookMs: Math.round(performance.now() - t0) };
    } catch (err) {
      if (abort.signal.aborted) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'search cancelled');
      throw err;
    } finally {
      listener.dispose();
    }
  });
  connection.onRequest(SEARCH_FILTERS_REQUEST, () => searchFilterChoices());
}
