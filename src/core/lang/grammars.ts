// Loads web-tree-sitter, grammars and queries once per thread. Everything here is cached:
// a Language and its compiled Queries are reused for every file of that language.
import * as fs from 'node:fs';
import { Language, Parser, Query } from 'web-tree-sitter';
import { grammarPath, queryPath, treeSitterRuntimePath } from '../base/assets';
import type { LanguageSpec } from './spec';

let runtime: Promise<void> | undefined;

export function initTreeSitter(): Promise<void> {
  runtime ??= Parser.init({ locateFile: () => treeSitterRuntimePath() });
  return runtime;
}

export interface LoadedLanguage {
  spec: LanguageSpec;
  language: Language;
  parser: Parser;
  /** The tag patterns alone (tags-only passes). */
  tags(): Query;
  /** Chunk patterns, then marks patterns (decision points and yields, for complexity and generators). */
  chunking(): SplitQuery;
  /** The same, then the tag patterns: one walk of the tree instead of three (each cost about a third of the parse). */
  withTags(): SplitQuery;
}

/** A query made of sections; a match's section is told by its patternIndex. */
export interface SplitQuery {
  query: Query;
  /** First pattern index of the marks section… */
  marksFrom: number;
  /** …and of the tags section (patternCount when there is none). */
  tagsFrom: number;
  /** Chunk patterns whose matches are tags too: the tag patterns repeating them are disabled. */
  alsoTags: ReadonlySet<number>;
}

/**
 * A pattern's text without comments (its span runs to the next pattern's start, comments included)
 * or layout, to tell two patterns that say the same. A `;` inside a string is not a comment.
 */
function patternText(source: string, query: Query, i: number): string {
  return source
    .slice(query.startIndexForPattern(i), query.endIndexForPattern(i))
    .replace(/("(?:[^"\\]|\\.)*")|;[^\n]*/g, (_, str: string | undefined) => str ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

const loaded = new Map<string, Promise<LoadedLanguage>>();

function readQuery(folder: string, file: string): string {
  const p = queryPath(folder, file);
  return fs.existsSync(p) ? fs.readFileSync(p, 'utf8') : '';
}

/**
 * Patterns for the spec's decision and generator node types. A type name may denote a named node,
 * an anonymous token or both (Ruby `if`); both are captured, anonymous ones under `.anon`, as
 * descendantsOfType would have found them.
 */
function marksSource(spec: LanguageSpec, language: Language): string {
  const patterns: string[] = [];
  const add = (types: string[], capture: string) => {
    const named = types.filter((t) => language.idForNodeType(t, true));
    const anon = types.filter((t) => language.idForNodeType(t, false));
    if (named.length) patterns.push(`[${named.map((t) => `(${t})`).join(' ')}] @${capture}`);
    if (anon.length) patterns.push(`[${anon.map((t) => JSON.stringify(t)).join(' ')}] @${capture}.anon`);
  };
  add([...new Set([...spec.decisionTypes, ...(spec.booleanOperators ?? [])])], 'mark.decision');
  add(spec.generatorMarkers ?? [], 'mark.yield');
  return patterns.join('\n');
}

export function loadLanguage(spec: LanguageSpec): Promise<LoadedLanguage> {
  let p = loaded.get(spec.id);
  if (!p) {
    p = (async () => {
      await initTreeSitter();
      const language = await Language.load(grammarPath(spec.grammar.package, spec.grammar.file));
      const parser = new Parser();
      parser.setLanguage(language);
      const chunksSource = `${readQuery(spec.queries, 'chunks.scm')}\n`;
      const marks = `${marksSource(spec, language)}\n`;
      const tagsSource = [...(spec.tagsIncludes ?? []), spec.queries].map((f) => readQuery(f, 'tags.scm')).join('\n');
      // Compiled on first use only: compiling is slow (Python's chunk + tag queries: ~0.5 s per
      // worker) and a worker that only chunks never needs the tag patterns.
      const lazy = <T>(make: () => T) => {
        let value: T | undefined;
        return () => (value ??= make());
      };
      const split = (source: string): SplitQuery => {
        const query = new Query(language, source);
        const count = query.patternCount();
        // Sections by where their patterns start in the source (string offsets, as web-tree-sitter gives them).
        const from = (offset: number) => {
          let i = 0;
          while (i < count && query.startIndexForPattern(i) < offset) i++;
          return i;
        };
        const marksFrom = from(chunksSource.length);
        const tagsFrom = from(chunksSource.length + marks.length);
        // Tag queries repeat some chunk patterns word for word (Python's functions and classes: 72k
        // of the stdlib's 430k tag matches): a second match of the same nodes, with its node
        // objects, for nothing. The chunk pattern's matches serve as tags instead.
        const alsoTags = new Set<number>();
        const chunkPatterns = new Map<string, number>();
        for (let i = 0; i < marksFrom; i++) chunkPatterns.set(patternText(source, query, i), i);
        for (let i = tagsFrom; i < count; i++) {
          const same = chunkPatterns.get(patternText(source, query, i));
          if (same === undefined) continue;
          query.disablePattern(i);
          alsoTags.add(same);
        }
        return { query, marksFrom, tagsFrom, alsoTags };
      };
      return {
        spec, language, parser,
        tags: lazy(() => new Query(language, tagsSource || ';')),
        chunking: lazy(() => split(chunksSource + marks)),
        withTags: lazy(() => split(chunksSource + marks + tagsSource)),
      };
    })();
    loaded.set(spec.id, p);
    // A grammar that fails to load must not poison the cache forever.
    p.catch(() => loaded.delete(spec.id));
  }
  return p;
}
