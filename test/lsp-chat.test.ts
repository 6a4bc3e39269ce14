// The chat requests of `coderag lsp --stdio` (what @coderag and the language-model tools ask), spoken
// to as the extension does, over a real index of a small workspace.
import { after, before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createProtocolConnection, type ProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import {
  CHAT_EXPLAIN_REQUEST, CHAT_MAP_REQUEST, CHAT_SEARCH_REQUEST, CHAT_SYMBOLS_REQUEST, type ChatExplainResult, type ChatMapResult,
  type ChatSearchResult, type ChatSymbolHit, type ServerStatus, STATUS_NOTIFICATION,
} from '../src/lsp/protocol';
import { lines, removeWorkspace, workspace } from './helpers';

const bin = path.join(__dirname, '..', '..', 'bin', 'coderag.js');
let root: string;
let child: ChildProcess;
let conn: ProtocolConnection;

before(async () => {
  root = workspace({
    'app/http.py': lines('def parse_query_string(qs):', '    """Split a URL query string into a dict of parameters."""', '    return dict(p.split("=") for p in qs.split("&"))'),
    'app/server.py': lines('from app.http import parse_query_string', '', 'def handle(request):', '    return parse_query_string(request.query)', '', 'def serve_forever(port):', '    return handle(port)'),
    'app/cart.py': lines('class Cart:', '    """Items and their prices."""', '', '    def total(self):', '        return sum(self.items)'),
  });
  child = spawn(process.execPath, [bin, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  conn = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const ready = new Promise<ServerStatus>((resolve) => conn.onNotification(STATUS_NOTIFICATION, (s: ServerStatus) => { if (s.state !== "starting" && s.state !== "indexing") resolve(s); }));
  conn.listen();
  await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {}, workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'ws' }], initializationOptions: { embeddings: false } });
  await conn.sendNotification('initialized', {});
  assert.equal((await ready).state, 'ready');
});

after(() => {
  conn?.dispose();
  child?.kill();
  removeWorkspace(root);
});

test('chat/search: hits with absolute paths, ranges and the text of the range; nonsense finds no words', async () => {
  const r = await conn.sendRequest<ChatSearchResult>(CHAT_SEARCH_REQUEST, { query: 'split a url query string', limit: 3 });
  assert.equal(r.state, 'ready');
  assert.equal(r.note, undefined);
  const top = r.hits[0];
  assert.deepEqual([top.path, top.name, top.startLine, top.endLine, top.matchedWords], ['app/http.py', 'parse_query_string', 1, 3, true]);
  assert.equal(top.file, path.join(root, 'app/http.py'));
  assert.match(top.text, /^def parse_query_string\(qs\):\n.*\n {4}return dict/);
  const none = await conn.sendRequest<ChatSearchResult>(CHAT_SEARCH_REQUEST, { query: 'zyxwvut quasar' });
  assert.equal(none.hits.filter((h) => h.matchedWords).length, 0);
  await assert.rejects(conn.sendRequest(CHAT_SEARCH_REQUEST, { query: '  ' }), /Type what to search for/);
});

test('chat/map: the budgeted text and the ranked files with their definitions; focus files rank first', async () => {
  const r = await conn.sendRequest<ChatMapResult>(CHAT_MAP_REQUEST, { tokens: 256 });
  assert.equal(r.folders.length, 1);
  const [f] = r.folders;
  assert.equal(f.root, root);
  assert.ok(f.tokens > 0 && f.tokens <= 256, `tokens ${f.tokens}`);
  assert.match(f.text, /parse_query_string/);
  assert.ok(f.ranked.some((x) => x.path === 'app/http.py' && x.file === path.join(root, 'app/http.py') && x.definitions.some((d) => d.name === 'parse_query_string' && d.line === 1)));
  // A focus path outside every folder is ignored, not refused.
  const focused = await conn.sendRequest<ChatMapResult>(CHAT_MAP_REQUEST, { focus: [path.join(root, 'app/cart.py'), '/elsewhere/x.py'] });
  assert.equal(focused.folders[0].ranked[0].path, 'app/cart.py');
});

test('chat/symbols: exact and prefix definitions with their chunk ranges; references on request', async () => {
  const defs = await conn.sendRequest<ChatSymbolHit[]>(CHAT_SYMBOLS_REQUEST, { query: 'serve' });
  assert.deepEqual(defs.map((h) => [h.name, h.kind, h.match, h.path, h.line, h.endLine]), [['serve_forever', 'def', 'prefix', 'app/server.py', 6, 7]]);
  const all = await conn.sendRequest<ChatSymbolHit[]>(CHAT_SYMBOLS_REQUEST, { query: 'parse_query_string', references: true });
  assert.equal(all[0].kind, 'def');
  assert.ok(all.some((h) => h.kind === 'ref' && h.path === 'app/server.py' && h.line === 4), JSON.stringify(all));
});

test('chat/explain: definition, references, callers and related code, by name or by position', async () => {
  const byName = await conn.sendRequest<ChatExplainResult>(CHAT_EXPLAIN_REQUEST, { symbol: 'parse_query_string' });
  assert.equal(byName.name, 'parse_query_string');
  assert.deepEqual(byName.definitions.map((d) => [d.path, d.line, d.endLine]), [['app/http.py', 1, 3]]);
  assert.equal(byName.definitions[0].docstring, 'Split a URL query string into a dict of parameters.');
  assert.ok(byName.callers.some((c) => c.name === 'handle' && c.path === 'app/server.py'), JSON.stringify(byName.callers));
  assert.ok(byName.references.some((r) => r.path === 'app/server.py' && r.line === 4));
  assert.ok(byName.related.every((h) => !(h.path === 'app/http.py' && h.startLine === 1)), 'the definition is not repeated as related');
  const byPosition = await conn.sendRequest<ChatExplainResult>(CHAT_EXPLAIN_REQUEST, { file: path.join(root, 'app/server.py'), line: 7, column: 12 });
  assert.equal(byPosition.name, 'handle');
  assert.ok(byPosition.callers.some((c) => c.name === 'serve_forever'));
  const unknown = await conn.sendRequest<ChatExplainResult>(CHAT_EXPLAIN_REQUEST, { symbol: 'no_such_thing_anywhere' });
  assert.equal(unknown.name, undefined);
  assert.deepEqual(unknown.definitions, []);
});
