// Hybrid search over an open CodeIndex as the service runs it, for the evaluation, the bench and
// tests that hold an index rather than a workspace (one query model per index).
import type { CodeIndex } from '../src/core/index/code-index';
import { search, type SearchOptions, type SearchResult } from '../src/core/search/hybrid';
import { QueryModel, searchSource } from '../src/core/search/query-model';

const models = new WeakMap<CodeIndex, QueryModel>();

export function queryModelOf(index: CodeIndex): QueryModel {
  let model = models.get(index);
  if (!model) models.set(index, (model = new QueryModel(index)));
  return model;
}

export function searchIndex(index: CodeIndex, query: string, opts: SearchOptions = {}): Promise<SearchResult[]> {
  return search(searchSource(index, queryModelOf(index)), query, opts);
}
