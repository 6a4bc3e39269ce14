// The work one parse worker does for one file: read, hash, sniff, decode, parse once, chunk (and
// tag, for the repo map). Also usable in-process (tests, single-file updates).
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { chunkFile, type ChunkOptions } from '../chunk/chunk-file';
import { decodeSource } from '../scan/content';
import type { Chunk, SkipReason } from '../model';
import { extractTags, type Tag, textTags } from '../repomap/tags';
import { textFormatOf } from '../lang/registry';
import { chunkTerms, type ChunkTerms } from '../index/terms';

export interface ParseRequest {
  path: string;
  absPath: string;
  /** sha256 already indexed for this path: an equal hash means "unchanged", nothing else is done. */
  knownSha?: string;
  withTags?: boolean;
}

export type ParseResult =
  | { path: string; status: 'unchanged'; sha: string; size: number; mtimeMs: number }
  | { path: string; status: 'skipped'; reason: SkipReason; detail: string; sha?: string }
  | {
      path: string;
      status: 'parsed';
      sha: string;
      size: number;
      mtimeMs: number;
      language: string;
      chunks: Chunk[];
      /** Keyword terms of each chunk, same order: tokenizing here keeps it off the index thread. */
      terms: ChunkTerms[];
      tags?: Tag[];
      fallback?: string;
      syntaxErrors?: boolean;
      note?: string;
      parseMs: number;
    };

export async function parseOne(req: ParseRequest, opts: ChunkOptions): Promise<ParseResult> {
  let bytes: Buffer;
  let stat: fs.Stats;
  try {
    stat = fs.statSync(req.absPath);
    bytes = fs.readFileSync(req.absPath);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { path: req.path, status: 'skipped', reason: 'unreadable', detail: code === 'ENOENT' ? 'deleted while indexing' : code ?? String(err) };
  }
  const sha = createHash('sha256').update(bytes).digest('hex');
  const mtimeMs = Math.floor(stat.mtimeMs);
  if (sha === req.knownSha) return { path: req.path, status: 'unchanged', sha, size: bytes.length, mtimeMs };
  const decoded = decodeSource(bytes, req.path);
  if (decoded.skip) return { path: req.path, status: 'skipped', sha, ...decoded.skip };
  const t0 = performance.now();
  const parsed = await chunkFile(req.path, decoded.text!, opts, !!req.withTags);
  let tags: Tag[] | undefined;
  if (parsed.tree && parsed.loaded) {
    try {
      tags = extractTags(parsed.tree.rootNode, parsed.loaded, req.path, decoded.text!);
    } finally {
      parsed.tree.delete();
    }
  }
  if (req.withTags && !tags && /^godot-/.test(textFormatOf(req.path))) tags = textTags(decoded.text!);
  const r = parsed.result;
  return {
    path: req.path, status: 'parsed', sha, size: bytes.length, mtimeMs, language: r.language, chunks: r.chunks,
    terms: r.chunks.map(chunkTerms),
    tags, fallback: r.fallback, syntaxErrors: r.syntaxErrors, note: decoded.note, parseMs: performance.now() - t0,
  };
}
