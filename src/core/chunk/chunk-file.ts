// One file in, its chunks out: routes to the tree-sitter chunker or a text cutter, and falls back
// to line windows (recording why) when a file cannot be parsed at all.
import { isDocumentation, languageOfSource, textFormatOf } from '../lang/registry';
import type { Chunk, ChunkKind, FileChunks } from '../base/types';
import { loadLanguage, type LoadedLanguage } from '../lang/grammars';
import { chunkCode } from './code-chunker';
import { fileMarks } from './metadata';
import { packSegments, segmentsAt, type TokenCounter } from './split';
import { keyRows, lineWindows, type Section, textSections } from './text-chunkers';
import { SourceLines } from './lines';
import { finishChunk } from './title';
import type { QueryMatch, Tree } from 'web-tree-sitter';

export interface ChunkOptions {
  maxTokens: number;
  countTokens: TokenCounter;
}

export interface ParsedFile {
  result: FileChunks;
  /** The parse tree, for callers that also want tags from the same single parse. Caller deletes it. */
  tree?: Tree;
  loaded?: LoadedLanguage;
  /** The tag query's matches, found in the chunker's walk of the tree (kept trees only). */
  tagMatches?: QueryMatch[];
}

export async function chunkFile(path: string, source: string, opts: ChunkOptions, keepTree = false): Promise<ParsedFile> {
  const spec = languageOfSource(path, source);
  if (spec) {
    let loaded: LoadedLanguage | undefined;
    let tree: Tree | null = null;
    try {
      loaded = await loadLanguage(spec);
      tree = loaded.parser.parse(source);
      if (!tree) throw new Error('the parser returned no tree');
      const chunkMatches: QueryMatch[] = [];
      const markMatches: QueryMatch[] = [];
      const tagMatches: QueryMatch[] = [];
      const { query, marksFrom, tagsFrom, alsoTags } = keepTree ? loaded.withTags() : loaded.chunking();
      for (const m of query.matches(tree.rootNode)) {
        const i = m.patternIndex;
        if (i >= tagsFrom) tagMatches.push(m);
        else if (i >= marksFrom) markMatches.push(m);
        else {
          chunkMatches.push(m);
          if (alsoTags.has(i)) tagMatches.push(m);
        }
      }
      const chunks = chunkCode(tree.rootNode, chunkMatches, spec, path, source, opts, fileMarks(markMatches, spec));
      const result: FileChunks = { path, language: spec.id, chunks };
      if (tree.rootNode.hasError) result.syntaxErrors = true;
      if (keepTree) return { result, tree, loaded, tagMatches };
      tree.delete();
      return { result };
    } catch (err) {
      tree?.delete();
      const reason = `tree-sitter ${spec.id}: ${(err as Error).message}`;
      return { result: { path, language: spec.id, chunks: sectionChunks(path, spec.id, source, 'text', opts), fallback: reason } };
    }
  }
  const format = textFormatOf(path);
  const language = format === 'text' ? 'text' : format;
  return { result: { path, language, chunks: sectionChunks(path, language, source, format, opts) } };
}

function sectionChunks(path: string, language: string, source: string, format: Parameters<typeof textSections>[0], opts: ChunkOptions): Chunk[] {
  const lines = source.split('\n');
  const rows = new SourceLines(source);
  const sections: Section[] = format === 'text' ? lineWindows(lines) : textSections(format, lines);
  const keys = keyRows(format, lines);
  const kind: ChunkKind = format === 'markdown' ? 'documentation' : format === 'text' ? 'window' : 'section';
  const doc = isDocumentation(path);
  const chunks: Chunk[] = [];
  for (const s of sections) {
    const text = rows.join(s.startRow, s.endRow);
    const context = lines[s.startRow].trim().slice(0, 200);
    // A one-row section (a one-line JSON file) cut into parts: its head would only repeat itself.
    const header = kind === 'window' || s.startRow === s.endRow ? '' : context;
    const parts =
      opts.countTokens(text) > opts.maxTokens
        ? packSegments(segmentsAt(rows, s.startRow, s.endRow, keys), header, opts.maxTokens, opts.countTokens)
        : [{ startRow: s.startRow, endRow: s.endRow, text }];
    parts.forEach((p, i) =>
      chunks.push(
        finishChunk({
          path, language, kind, name: s.name, qualifiedName: s.name,
          startLine: p.startRow + 1, endLine: p.endRow + 1, text: p.text,
          part: parts.length > 1 ? { index: i + 1, count: parts.length } : undefined,
          isDocumentation: doc || undefined,
        }, undefined, [s.startRow + 1, s.endRow + 1]),
      ),
    );
  }
  return chunks;
}
