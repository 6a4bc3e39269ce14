// The work one parse worker does for one file: read, hash, sniff, decode, parse once, chunk (and
// tag, for the repo map). Also usable in-process (tests, single-file updates).
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { chunkFile, type ChunkOptions } from '../chunk/chunk-file';
import { decodeSource } from '../scan/content';
import type { Chunk, SkipReason } from '../base/types';
import { extractTags, type Tag, textTags } from '../tags/tags';
import { tagsOfFile } from '../tags/file-tags';
import { textFormatOf } from '../lang/registry';
import { produceAll, type Products, tagProducts } from './producers';

export interface ParseRequest {
  path: string;
  absPath: string;
  /** sha256 already indexed for this path: an equal hash means "unchanged", nothing else is done. */
  knownSha?: string;
  withTags?: boolean;
  /** Only the tags (repo map): no chunks, no keyword terms, no rows. */
  tagsOnly?: boolean;
  /** The file's text as the editor holds it (an unsaved buffer): read instead of the disk's bytes. */
  text?: string;
}

export type ParseResult =
  | { path: string; status: 'unchanged'; sha: string; size: number; mtimeMs: number }
  | {
      path: string;
      status: 'skipped';
      reason: SkipReason;
      detail: string;
      sha?: string;
      /** The stamp the file had when it was read; absent when it could not be read at all. */
      size?: number;
      mtimeMs?: number;
    }
  | { path: string; status: 'tagged'; sha: string; size: number; mtimeMs: number; language: string; products: Products }
  | {
      path: string;
      status: 'parsed';
      sha: string;
      size: number;
      mtimeMs: number;
      language: string;
      chunkCount: number;
      /** The chunks themselves (omitted in compact mode: the products carry what the index needs). */
      chunks?: Chunk[];
      /** What each artifact derived from the file, by artifact id (producers.ts). */
      products: Products;
      fallback?: string;
      syntaxErrors?: boolean;
      note?: string;
      parseMs: number;
    };

export interface ParseOptions extends ChunkOptions {
  /** Leave out chunk objects (what crosses threads should be small). */
  compact?: boolean;
}

/** Reads of a file that keeps changing under us before it counts as 'changed while read'. */
const READ_ATTEMPTS = 3;

/**
 * The file's bytes and the stamp they belong to. The stamp is taken on the open file before and
 * after the read: a write in between (a save, an archive extracting) shows as a change, and the
 * file is read again. A stamp taken later than the bytes would mark a newer file as indexed.
 */
function readStable(absPath: string): { bytes: Buffer; stat: fs.Stats } | { error: string } {
  for (let attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
    let fd: number;
    try {
      fd = fs.openSync(absPath, 'r');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      return { error: code === 'ENOENT' ? 'deleted while indexing' : code ?? String(err) };
    }
    try {
      const stat = fs.fstatSync(fd);
      if (stat.isDirectory()) return { error: 'EISDIR' };
      const bytes = fs.readFileSync(fd);
      const after = fs.fstatSync(fd);
      if (bytes.length === after.size && after.size === stat.size && after.mtimeMs === stat.mtimeMs) return { bytes, stat };
    } catch (err) {
      return { error: (err as NodeJS.ErrnoException).code ?? String(err) };
    } finally {
      fs.closeSync(fd);
    }
  }
  return { error: 'changed while read' };
}

export async function parseOne(req: ParseRequest, opts: ParseOptions): Promise<ParseResult> {
  let bytes: Buffer;
  let stat: fs.Stats;
  if (req.text !== undefined) {
    try {
      stat = fs.statSync(req.absPath);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      return { path: req.path, status: 'skipped', reason: 'unreadable', detail: code === 'ENOENT' ? 'deleted while indexing' : code ?? String(err) };
    }
    bytes = Buffer.from(req.text, 'utf8');
  } else {
    const read = readStable(req.absPath);
    if ('error' in read) return { path: req.path, status: 'skipped', reason: 'unreadable', detail: read.error };
    ({ bytes, stat } = read);
  }
  const sha = createHash('sha256').update(bytes).digest('hex');
  const mtimeMs = Math.floor(stat.mtimeMs);
  if (sha === req.knownSha) return { path: req.path, status: 'unchanged', sha, size: bytes.length, mtimeMs };
  // Classic Mac files break lines with CR alone. Everything downstream (the minified check,
  // tree-sitter's line comments, the chunkers, line numbers) splits at '\n': such a file was one
  // line and gave no chunks. Its CRs are read as line breaks, as editors show them, and it says so.
  const crOnly = bytes.includes(0x0d) && !bytes.includes(0x0a);
  const decoded = decodeSource(crOnly ? crToLf(bytes) : bytes, req.path);
  if (crOnly && decoded.text !== undefined) decoded.note = [CR_ONLY_NOTE, decoded.note].filter(Boolean).join('; ');
  if (decoded.skip) return { path: req.path, status: 'skipped', sha, size: bytes.length, mtimeMs, ...decoded.skip };
  if (req.tagsOnly) {
    try {
      const { language, tags } = await tagsOfFile(req.path, decoded.text!);
      return { path: req.path, status: 'tagged', sha, size: bytes.length, mtimeMs, language, products: tagProducts(req.path, language, tags) };
    } catch {
      return { path: req.path, status: 'tagged', sha, size: bytes.length, mtimeMs, language: '', products: tagProducts(req.path, '', []) };
    }
  }
  const t0 = performance.now();
  const parsed = await chunkFile(req.path, decoded.text!, opts, !!req.withTags);
  const r = parsed.result;
  let products: Products;
  try {
    let tags: Tag[] | undefined;
    if (parsed.tree && parsed.loaded) tags = extractTags(parsed.tree.rootNode, parsed.loaded, parsed.tagMatches);
    if (req.withTags && !tags && /^godot-/.test(textFormatOf(req.path))) tags = textTags(decoded.text!);
    products = produceAll({ path: req.path, text: decoded.text!, language: r.language, chunks: r.chunks, tags, tree: parsed.tree });
  } finally {
    parsed.tree?.delete();
  }
  return {
    path: req.path, status: 'parsed', sha, size: bytes.length, mtimeMs, language: r.language, chunkCount: r.chunks.length,
    ...(opts.compact ? {} : { chunks: r.chunks }),
    products, fallback: r.fallback, syntaxErrors: r.syntaxErrors, note: decoded.note, parseMs: performance.now() - t0,
  };
}

export const CR_ONLY_NOTE = 'CR-only line endings (classic Mac): lines split at CR';

function crToLf(bytes: Buffer): Buffer {
  const out = Buffer.from(bytes);
  for (let i = out.indexOf(0x0d); i >= 0; i = out.indexOf(0x0d, i + 1)) out[i] = 0x0a;
  return out;
}
