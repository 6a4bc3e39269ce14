// Position lookups for an editor: the chunk holding a line, and the identifier at a position with
// its definitions, references and callers (from the tags every indexed file keeps).
import * as path from 'node:path';
import type { Chunk } from '../base/types';
import { linesOf } from '../chunk/lines';
import type { CodeIndex } from '../index/code-index';
import { readSourceText } from '../scan/content';
import { fromRow } from '../store/rows';
import type { Tag } from '../tags/tags';
import type { ChunkView, DefinitionView } from './contract';

function view(c: Chunk): ChunkView {
  return {
    id: c.id, path: c.path, startLine: c.startLine, endLine: c.endLine, kind: c.kind, language: c.language, name: c.name,
    qualifiedName: c.qualifiedName, signature: c.signature, docstring: c.docstring, text: c.text,
  };
}

/** The innermost chunk holding `line`, with the other parts of its definition when it was split. */
export async function chunkAt(index: CodeIndex, file: string, line: number): Promise<ChunkView | undefined> {
  if (!index.readable) return undefined;
  const chunks = (await index.store.chunksOfPaths([file])).map(fromRow).sort((a, b) => a.startLine - b.startLine);
  const holding = chunks.filter((c) => c.startLine <= line && line <= c.endLine);
  if (!holding.length) return undefined;
  const best = holding.reduce((a, b) => (b.endLine - b.startLine < a.endLine - a.startLine ? b : a));
  const parts = chunks.filter((c) => c.groupId === best.groupId);
  if (parts.length < 2) return view(best);
  const whole = { ...parts[0], id: best.groupId, endLine: Math.max(...parts.map((p) => p.endLine)) };
  whole.text = parts.map((p, i) => (i ? p.text.split('\n').slice(1).join('\n') : p.text)).join('\n');
  return view(whole);
}

const IDENT = /[A-Za-z_$\u00C0-\uFFFF][\w$\u00C0-\uFFFF]*/g;

/** The identifier covering `column` (0-based) in `text`. */
export function identifierAt(text: string, column: number): string | undefined {
  for (const m of text.matchAll(IDENT)) if (m.index! <= column && column <= m.index! + m[0].length) return m[0];
  return undefined;
}

/** The definition in `tags` that encloses `line` most tightly (what "calls" from there). */
function enclosing(tags: Tag[], line: number, name?: string): Tag | undefined {
  let best: Tag | undefined;
  for (const t of tags) {
    if (t.kind !== 'def' || t.end === undefined || t.line > line || line > t.end || (name && t.name === name && t.line === line)) continue;
    if (!best || t.end - t.line < best.end! - best.line) best = t;
  }
  return best;
}

export async function definitionAt(
  index: CodeIndex, tagged: () => [string, Tag[]][], file: string, line: number, column: number | undefined, read: (p: string) => Promise<string | undefined>,
): Promise<DefinitionView | undefined> {
  const files = tagged();
  const own = files.find(([p]) => p === file)?.[1] ?? [];
  let name: string | undefined;
  if (column !== undefined) {
    const text = (await read(file)) ?? readSourceText(path.join(index.root, file));
    name = identifierAt(linesOf(text)[line - 1] ?? '', column);
  } else {
    const onLine = own.filter((t) => t.line === line);
    name = (onLine.find((t) => t.kind === 'def') ?? onLine[0])?.name;
  }
  if (!name) return undefined;
  const definitions: DefinitionView['definitions'] = [];
  const references: DefinitionView['references'] = [];
  const callers = new Map<string, DefinitionView['callers'][number]>();
  for (const [p, tags] of files) {
    for (const t of tags) {
      if (t.name !== name) continue;
      if (t.kind === 'def') definitions.push({ path: p, line: t.line, endLine: t.end ?? t.line, category: t.category });
      else {
        const caller = enclosing(tags, t.line);
        references.push({ path: p, line: t.line, ...(caller ? { caller: caller.name } : {}) });
        if (caller) callers.set(`${p}:${caller.line}`, { path: p, line: caller.line, name: caller.name });
      }
    }
  }
  if (!definitions.length && !references.length) return undefined;
  definitions.sort((a, b) => Number(b.path === file) - Number(a.path === file) || a.path.localeCompare(b.path) || a.line - b.line);
  for (const d of definitions.slice(0, 20)) d.chunk = await chunkAt(index, d.path, d.line);
  references.sort((a, b) => a.path.localeCompare(b.path) || a.line - b.line);
  return { name, definitions, references, callers: [...callers.values()] };
}
