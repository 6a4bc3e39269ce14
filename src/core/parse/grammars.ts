// Loads web-tree-sitter, grammars and queries once per thread. Everything here is cached:
// a Language and its compiled Queries are reused for every file of that language.
import * as fs from 'node:fs';
import { Language, Parser, Query } from 'web-tree-sitter';
import { grammarPath, queryPath, treeSitterRuntimePath } from '../assets';
import type { LanguageSpec } from '../lang/spec';

let runtime: Promise<void> | undefined;

export function initTreeSitter(): Promise<void> {
  runtime ??= Parser.init({ locateFile: () => treeSitterRuntimePath() });
  return runtime;
}

export interface LoadedLanguage {
  spec: LanguageSpec;
  language: Language;
  parser: Parser;
  chunks: Query;
  tags: Query;
  /**
   * What the chunker walks the tree for — chunk patterns, then the marks patterns (decision points
   * and yields, for complexity and generators) — and, in `withTags`, the tag patterns after them:
   * one walk of the tree instead of three (each walk cost about a third of the parse).
   */
  chunking: Query;
  withTags: Query;
  /** Matches with a patternIndex below this are chunk patterns… */
  chunkPatterns: number;
  /** …below this, marks; the rest are tags. */
  markPatterns: number;
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
      const chunksSource = readQuery(spec.queries, 'chunks.scm') || ';';
      const chunks = new Query(language, chunksSource);
      const tagsSource = [...(spec.tagsIncludes ?? []), spec.queries].map((f) => readQuery(f, 'tags.scm')).join('\n');
      const tags = new Query(language, tagsSource);
      const marks = marksSource(spec, language);
      const chunkPatterns = chunks.patternCount();
      const markPatterns = chunkPatterns + (marks ? new Query(language, marks).patternCount() : 0);
      const chunking = new Query(language, `${chunksSource}\n${marks}`);
      const withTags = new Query(language, `${chunksSource}\n${marks}\n${tagsSource}`);
      return { spec, language, parser, chunks, tags, chunking, withTags, chunkPatterns, markPatterns };
    })();
    loaded.set(spec.id, p);
    // A grammar that fails to load must not poison the cache forever.
    p.catch(() => loaded.delete(spec.id));
  }
  return p;
}
