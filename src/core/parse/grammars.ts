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
}

const loaded = new Map<string, Promise<LoadedLanguage>>();

function readQuery(folder: string, file: string): string {
  const p = queryPath(folder, file);
  return fs.existsSync(p) ? fs.readFileSync(p, 'utf8') : '';
}

export function loadLanguage(spec: LanguageSpec): Promise<LoadedLanguage> {
  let p = loaded.get(spec.id);
  if (!p) {
    p = (async () => {
      await initTreeSitter();
      const language = await Language.load(grammarPath(spec.grammar.package, spec.grammar.file));
      const parser = new Parser();
      parser.setLanguage(language);
      const chunks = new Query(language, readQuery(spec.queries, 'chunks.scm') || ';');
      const tagsSource = [...(spec.tagsIncludes ?? []), spec.queries].map((f) => readQuery(f, 'tags.scm')).join('\n');
      const tags = new Query(language, tagsSource);
      return { spec, language, parser, chunks, tags };
    })();
    loaded.set(spec.id, p);
    // A grammar that fails to load must not poison the cache forever.
    p.catch(() => loaded.delete(spec.id));
  }
  return p;
}
