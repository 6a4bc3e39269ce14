// What the @coderag chat participant and the language-model tools ask the server: search hits with
// the text a model can read, the repo map, symbol lookups and the evidence to explain a symbol.
// Only ready folders answer (a first pass still running would make a model answer from half an
// index); the result says so in `note`, so the chat can tell "not indexed yet" from "not found".
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { type CancellationToken, type Connection, ErrorCodes, ResponseError } from 'vscode-languageserver/node';
import {
  CHAT_EXPLAIN_REQUEST, CHAT_MAP_REQUEST, CHAT_SEARCH_REQUEST, CHAT_SYMBOLS_REQUEST,
  type ChatExplainParams, type ChatExplainResult, type ChatHit, type ChatIndexState, type ChatMapParams, type ChatMapResult,
  type ChatSearchParams, type ChatSearchResult, type ChatSymbolHit, type ChatSymbolsParams,
} from './protocol';
import type { IndexedFolder } from './workspace';

/** Enough of a chunk for a model to read, not so much that eight of them crowd out the question. */
const MAX_TEXT_CHARS = 3000;
const MAX_TEXT_LINES = 80;

const clamp = (n: number | undefined, fallback: number, lo: number, hi: number) =>
  Math.min(Math.max(Math.round(Number.isFinite(n) ? (n as number) : fallback), lo), hi);

function abortSignalOf(token: CancellationToken): AbortSignal {
  const c = new AbortController();
  if (token.isCancellationRequested) c.abort();
  else token.onCancellationRequested(() => c.abort());
  return c.signal;
}

function invalid(message: string): ResponseError<void> {
  return new ResponseError(ErrorCodes.InvalidParams, message);
}

/** Lines of files read once per request. */
class Lines {
  private files = new Map<string, Promise<string[]>>();

  async range(file: string, start: number, end: number): Promise<string> {
    let lines = this.files.get(file);
    if (!lines) this.files.set(file, (lines = fs.readFile(file, 'utf8').then((t) => t.split(/\r?\n/), () => [])));
    const all = await lines;
    const last = Math.min(end, start + MAX_TEXT_LINES - 1);
    let text = all.slice(start - 1, last).join('\n');
    if (text.length > MAX_TEXT_CHARS) text = `${text.slice(0, MAX_TEXT_CHARS)}\n…`;
    else if (last < end) text += `\n… (${end - last} more lines)`;
    return text;
  }
}

async function indexState(folders: IndexedFolder[]): Promise<ChatIndexState> {
  if (!folders.length) return { state: 'error', note: 'No workspace folder is open: CodeRAG indexes the folders of the workspace.' };
  const each = folders.map((f) => f.state);
  const failed = each.filter((f) => f.state === 'error');
  if (failed.length === each.length) return { state: 'error', note: `The index could not be opened: ${failed.map((f) => f.message ?? 'unknown error').join('; ')}` };
  const building = each.filter((f) => f.state === 'starting' || f.state === 'indexing');
  if (building.length) {
    const what = building.map((f) => (f.progress ? `${path.basename(f.root)} (${f.progress.phase} ${f.progress.done}/${f.progress.total})` : path.basename(f.root))).join(', ');
    return { state: 'indexing', note: `The index is still being built for ${what}: ${building.length === each.length ? 'nothing can be searched yet' : 'those folders are left out'}; try again in a moment.` };
  }
  if (failed.length) return { state: 'ready', note: `Left out (index error): ${failed.map((f) => `${path.basename(f.root)}: ${f.message}`).join('; ')}` };
  return { state: 'ready' };
}

const ready = (folders: IndexedFolder[]) => folders.filter((f) => f.state.state === 'ready' && f.workspace);

/** The folder holding an absolute path (the deepest one, folders may nest). */
function folderOf(folders: IndexedFolder[], file: string): IndexedFolder | undefined {
  return folders.filter((f) => file === f.root || file.startsWith(f.root + path.sep)).sort((a, b) => b.root.length - a.root.length)[0];
}

async function search(folders: IndexedFolder[], query: string, limit: number, signal: AbortSignal, lines: Lines): Promise<ChatHit[]> {
  const each = await Promise.all(
    ready(folders).map(async (f) => (await f.workspace!.search(query, { limit }, signal)).results.map((r) => ({ f, r }))),
  );
  const best = each.flat().sort((a, b) => b.r.score - a.r.score).slice(0, limit);
  return Promise.all(
    best.map(async ({ f, r }) => {
      const file = path.join(f.root, r.path);
      return {
        file, path: r.path, startLine: r.startLine, endLine: r.endLine, kind: r.kind, name: r.qualifiedName || r.name, score: r.score,
        snippet: r.snippet, text: await lines.range(file, r.startLine, r.endLine), matchedWords: r.ranks.keyword !== undefined,
      };
    }),
  );
}

async function symbols(folders: IndexedFolder[], p: ChatSymbolsParams): Promise<ChatSymbolHit[]> {
  const query = p.query?.trim();
  if (!query) throw invalid('Give a symbol name (or the start of one) to look up.');
  const limit = clamp(p.limit, 30, 1, 200);
  const hits: ChatSymbolHit[] = [];
  for (const f of ready(folders)) {
    const ws = f.workspace!;
    for (const h of await ws.symbols(query, { limit, references: p.references === true, contextLines: 1 })) {
      // A definition's range is its chunk's; a reference is its line.
      const chunk = h.kind === 'def' ? await ws.chunkAt(h.path, h.line) : undefined;
      const endLine = chunk && chunk.startLine <= h.line && chunk.endLine >= h.line ? chunk.endLine : h.line;
      hits.push({ name: h.name, kind: h.kind, category: h.category, file: path.join(f.root, h.path), path: h.path, line: h.line, endLine, match: h.match, context: h.context });
    }
  }
  const order = ['exact', 'prefix', 'substring'];
  return hits.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'def' ? -1 : 1) || order.indexOf(a.match) - order.indexOf(b.match)).slice(0, limit);
}

type Found = { f: IndexedFolder; rel: string; line: number; column?: number };

/** Where to ask definitionAt: the position given, or the best definition (else use) of the name. */
async function locate(folders: IndexedFolder[], p: ChatExplainParams): Promise<Found | undefined> {
  if (p.symbol?.trim()) {
    const name = p.symbol.trim();
    for (const references of [false, true]) {
      for (const f of ready(folders)) {
        const [h] = await f.workspace!.symbols(name, { limit: 1, references, definitions: !references, contextLines: 0 });
        if (!h) continue;
        const text = h.context.find((c) => c.line === h.line)?.text ?? '';
        const column = text.indexOf(h.name);
        return { f, rel: h.path, line: h.line, column: column >= 0 ? column : undefined };
      }
    }
    return undefined;
  }
  if (!p.file || !p.line) throw invalid('Give a symbol name, or a file and a line.');
  const f = folderOf(ready(folders), path.resolve(p.file));
  if (!f) return undefined;
  return { f, rel: path.relative(f.root, path.resolve(p.file)).split(path.sep).join('/'), line: p.line, column: p.column };
}

async function explain(folders: IndexedFolder[], p: ChatExplainParams, signal: AbortSignal, lines: Lines): Promise<Omit<ChatExplainResult, keyof ChatIndexState>> {
  const empty = { definitions: [], references: [], callers: [], related: [] };
  const at = await locate(folders, p);
  if (!at) return empty;
  const view = await at.f.workspace!.definitionAt(at.rel, at.line, at.column);
  if (!view) return empty;
  const abs = (rel: string) => path.join(at.f.root, rel);
  const definitions = await Promise.all(
    view.definitions.slice(0, 5).map(async (d) => {
      const c = d.chunk;
      const [start, end] = c ? [c.startLine, c.endLine] : [d.line, d.endLine];
      return {
        file: abs(d.path), path: d.path, line: start, endLine: end, category: d.category,
        ...(c?.signature ? { signature: c.signature } : {}), ...(c?.docstring ? { docstring: c.docstring } : {}),
        text: await lines.range(abs(d.path), start, end),
      };
    }),
  );
  const references = view.references.slice(0, 50).map((r) => ({ file: abs(r.path), path: r.path, line: r.line, endLine: r.line, ...(r.caller ? { caller: r.caller } : {}) }));
  const callers = view.callers.slice(0, 30).map((c) => ({ file: abs(c.path), path: c.path, line: c.line, endLine: c.line, name: c.name }));
  // Related code: what a search for the name and its documentation finds, besides the definitions.
  const first = definitions[0];
  const query = [view.name, first?.docstring?.slice(0, 300)].filter(Boolean).join(' ');
  const overlaps = (h: ChatHit) => definitions.some((d) => d.file === h.file && h.startLine <= d.endLine && h.endLine >= d.line);
  const related = (await search(folders, query, 10, signal, lines)).filter((h) => !overlaps(h)).slice(0, 5);
  return { name: view.name, definitions, references, callers, related };
}

/** Registers the chat requests; `folders` is read per request (the server opens them on initialize). */
export function registerChatRequests(connection: Connection, folders: () => IndexedFolder[]): void {
  connection.onRequest(CHAT_SEARCH_REQUEST, async (p: ChatSearchParams, token): Promise<ChatSearchResult> => {
    const query = p.query?.trim();
    if (!query) throw invalid('Type what to search for: words, a name, or a question.');
    const state = await indexState(folders());
    return { ...state, hits: await search(folders(), query, clamp(p.limit, 8, 1, 50), abortSignalOf(token), new Lines()) };
  });

  connection.onRequest(CHAT_MAP_REQUEST, async (p: ChatMapParams, token): Promise<ChatMapResult> => {
    const state = await indexState(folders());
    const signal = abortSignalOf(token);
    const tokens = clamp(p.tokens, 1024, 64, 32_768);
    const files = clamp(p.files, 30, 1, 500);
    const result: ChatMapResult = { ...state, folders: [] };
    for (const f of ready(folders())) {
      // A focus file of another folder would be refused as outside this root: each folder gets its own.
      const focus = (p.focus ?? []).filter((file) => folderOf(folders(), file) === f).map((file) => path.relative(f.root, file).split(path.sep).join('/'));
      const view = await f.workspace!.map({ tokens, ...(focus.length ? { focus } : {}) }, signal);
      result.folders.push({
        root: f.root,
        text: view.text,
        tokens: view.tokens,
        ranked: view.ranked.slice(0, files).map((r) => ({ file: path.join(f.root, r.path), path: r.path, rank: r.rank, definitions: r.definitions.slice(0, 8) })),
      });
    }
    return result;
  });

  connection.onRequest(CHAT_SYMBOLS_REQUEST, async (p: ChatSymbolsParams) => symbols(folders(), p));

  connection.onRequest(CHAT_EXPLAIN_REQUEST, async (p: ChatExplainParams, token): Promise<ChatExplainResult> => {
    const state = await indexState(folders());
    return { ...state, ...(await explain(folders(), p, abortSignalOf(token), new Lines())) };
  });
}
