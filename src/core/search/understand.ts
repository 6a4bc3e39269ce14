// Query understanding for long inputs (bug reports, tracebacks, pasted code): whether a query is
// one, and what it says, resolved against the index. Short questions keep the plain path
// (hybrid.ts): their words are all the query, in the order typed.
import type { KeywordEngine, QueryTerm } from '../keyword/engine';
import { askedFor, type Asked, pathClass, type PathClass } from './priors';
import { type Evidence, resolveEvidence } from './evidence';
import { parseQueryParts, type QueryParts } from './query-parts';
import { weightedTerms } from './query-terms';
import { type TellingName, tellingNames } from './telling';
import { queryTerms } from '../keyword/terms';
import { LONG_QUERY } from './weights';

export interface Understanding {
  parts: QueryParts;
  terms: QueryTerm[];
  names: TellingName[];
  evidence: Evidence;
  asked: Asked;
  /** The class of a workspace path (source, test, doc, generated, declaration). */
  classOf(path: string, kind?: string): PathClass;
}

/** Below this many distinct terms, a query without traces, code or errors is a question, not a report. */
export const LONG_TERMS = 24;

/** Whether a query gets the long-input treatment: a trace, code, an error line, or many words. */
export function isLongQuery(text: string, parts: QueryParts): boolean {
  return parts.frames.length > 0 || parts.code.length > 0 || parts.errors.length > 0 || queryTerms(text).length > LONG_TERMS;
}

type Engine = Pick<KeywordEngine, 'fileTable' | 'docsOf' | 'definitionsNamed'>;

export function understand(text: string, engine: Engine): Understanding | undefined {
  const parts = parseQueryParts(text);
  if (!isLongQuery(text, parts)) return undefined;
  const names = tellingNames(parts);
  return {
    parts,
    terms: weightedTerms(parts, LONG_QUERY.terms),
    names,
    evidence: resolveEvidence(parts, names, engine, LONG_QUERY.evidence),
    asked: askedFor(parts.prose.join('\n'), parts.paths),
    classOf: pathClasses(engine),
  };
}

/** A path classifier over the workspace's files (build outputs count as generated when their sources are beside them). */
export function pathClasses(engine: Pick<KeywordEngine, 'fileTable'>): (path: string, kind?: string) => PathClass {
  const table = engine.fileTable();
  const beside = (dir: string) => table.hasDir(dir ? `${dir}/src` : 'src') || table.hasDir(dir ? `${dir}/lib` : 'lib');
  const classes = new Map<string, PathClass>();
  return (path, kind) => {
    const key = kind === 'documentation' ? `${path}\0doc` : path;
    let c = classes.get(key);
    if (c === undefined) classes.set(key, (c = pathClass(path, kind, beside)));
    return c;
  };
}
