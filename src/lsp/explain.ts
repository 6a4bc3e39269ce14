// coderag/explain: the evidence about the symbol at a position — its definition's chunk, where it
// is referenced and who calls it (from the tags), related chunks from hybrid search — with paths
// and line ranges, for the editor's "Explain This Symbol" panel and the chat's /explain.
import * as path from 'node:path';
import { type Connection, ErrorCodes, ResponseError } from 'vscode-languageserver/node';
import type { ChunkView, DefinitionView, Workspace } from '../core/service/api';
import { type ExplainDefinition, type ExplainParams, EXPLAIN_REQUEST, type ExplainResponse } from './protocol';
import type { IndexedFolder } from './workspace';
import { inside } from './map';

const MAX_REFERENCES = 50;
const MAX_CALLERS = 30;
const RELATED = 6;

function definitionOf(root: string, c: ChunkView): ExplainDefinition {
  return {
    file: path.join(root, c.path), path: c.path, startLine: c.startLine, endLine: c.endLine,
    name: c.name, qualifiedName: c.qualifiedName || c.name, kind: c.kind, language: c.language,
    ...(c.signature ? { signature: c.signature } : {}), ...(c.docstring ? { docstring: c.docstring } : {}), text: c.text,
  };
}

/** The definition the user means: the one holding the cursor, else the first (same file first: the core's order). */
function chosen(view: DefinitionView, rel: string, line: number) {
  return view.definitions.find((d) => d.path === rel && d.line <= line && line <= d.endLine) ?? view.definitions[0];
}

/** What hybrid search finds for the definition: its name, signature and the first sentence of its docstring. */
function relatedQuery(name: string, def?: ExplainDefinition): string {
  const doc = def?.docstring?.split(/(?<=[.!?])\s/)[0] ?? '';
  return [def?.qualifiedName ?? name, def?.signature ?? '', doc].filter(Boolean).join(' ').slice(0, 500);
}

export async function explainAt(root: string, ws: Workspace, rel: string, line: number, column?: number): Promise<ExplainResponse> {
  const abs = (p: string) => path.join(root, p);
  let view = await ws.definitionAt(rel, line, column);
  let chunk: ChunkView | undefined;
  if (!view) {
    // No identifier under the cursor (a blank or a keyword): the definition that holds the line.
    chunk = await ws.chunkAt(rel, line);
    if (chunk && chunk.startLine !== line) view = await ws.definitionAt(rel, chunk.startLine);
  }
  const name = view?.name ?? chunk?.qualifiedName ?? chunk?.name ?? '';
  const empty: ExplainResponse = { folder: root, name, otherDefinitions: [], references: [], referencesTotal: 0, callers: [], related: [] };
  if (!view && !chunk) return { ...empty, notFound: `Nothing indexed at ${rel}:${line}: no symbol under the cursor and no definition holds the line.` };

  const main = view ? chosen(view, rel, line) : undefined;
  const defChunk = main?.chunk ?? chunk;
  const definition = defChunk ? definitionOf(root, defChunk) : undefined;
  const otherDefinitions = (view?.definitions ?? []).filter((d) => d !== main).slice(0, 20)
    .map((d) => ({ file: abs(d.path), path: d.path, startLine: d.line, endLine: Math.max(d.line, d.endLine), kind: d.category }));
  const refs = view?.references ?? [];
  const references = refs.slice(0, MAX_REFERENCES).map((r) => ({ file: abs(r.path), path: r.path, startLine: r.line, endLine: r.line, ...(r.caller ? { caller: r.caller } : {}) }));
  const callers = (view?.callers ?? []).slice(0, MAX_CALLERS).map((c) => ({ file: abs(c.path), path: c.path, startLine: c.line, endLine: c.line, name: c.name }));

  const { results } = await ws.search(relatedQuery(name, definition), { limit: RELATED + 4 });
  const overlaps = (p: string, s: number, e: number) => definition !== undefined && p === definition.path && s <= definition.endLine && e >= definition.startLine;
  const related = results.filter((r) => !overlaps(r.path, r.startLine, r.endLine)).slice(0, RELATED)
    .map((r) => ({ file: abs(r.path), path: r.path, startLine: r.startLine, endLine: r.endLine, name: r.qualifiedName || r.name, kind: r.kind, score: r.score, snippet: r.snippet }));
  return {
    ...empty, name, ...(definition ? { definition } : {}), otherDefinitions, references, referencesTotal: refs.length, callers, related,
    ...(!definition ? { notFound: `${name} is not defined in this workspace (a library or built-in?): its references are shown.` } : {}),
  };
}

export function registerExplain(connection: Connection, folders: () => IndexedFolder[]): void {
  connection.onRequest(EXPLAIN_REQUEST, async (p: ExplainParams): Promise<ExplainResponse> => {
    if (!p || typeof p.file !== 'string' || !path.isAbsolute(p.file)) throw new ResponseError(ErrorCodes.InvalidParams, 'coderag/explain: file must be an absolute path');
    if (!Number.isSafeInteger(p.line) || p.line < 1) throw new ResponseError(ErrorCodes.InvalidParams, `coderag/explain: line must be a 1-based line number, got ${JSON.stringify(p.line)}`);
    if (p.column !== undefined && (!Number.isSafeInteger(p.column) || p.column < 0)) throw new ResponseError(ErrorCodes.InvalidParams, `coderag/explain: column must be 0-based, got ${JSON.stringify(p.column)}`);
    // The innermost folder holding the file (folders may nest).
    const folder = folders().filter((f) => inside(f.root, [p.file]).length).sort((a, b) => b.root.length - a.root.length)[0];
    if (!folder) throw new ResponseError(ErrorCodes.InvalidParams, `${p.file} is not inside a workspace folder CodeRAG indexes`);
    const rel = inside(folder.root, [p.file])[0];
    const ws = folder.workspace;
    const empty: ExplainResponse = { folder: folder.root, name: '', otherDefinitions: [], references: [], referencesTotal: 0, callers: [], related: [] };
    if (!ws) return { ...empty, notFound: folder.state.state === 'error' ? `The index of ${folder.root} failed: ${folder.state.message ?? 'unknown error'}` : 'The workspace is still being indexed: try again in a moment.' };
    return explainAt(folder.root, ws, rel, p.line, p.column);
  });
}
