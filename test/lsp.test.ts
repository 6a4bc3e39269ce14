// `coderag lsp --stdio`: the language server the extension starts, spoken to as an editor would.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { SEARCH_FILTERS_REQUEST, SEARCH_REQUEST, type SearchFilterChoices, type SearchResponse, type ServerStatus, STATUS_NOTIFICATION, STATUS_REQUEST } from '../src/lsp/protocol';
import { mergeFolderSearches } from '../src/lsp/search';
import { lines, removeWorkspace, workspace } from './helpers';

const bin = path.join(__dirname, '..', '..', 'bin', 'coderag.js');

test('lsp: indexes the workspace folder in the background, reports its state and searches it', async () => {
  const root = workspace({
    'app/http.py': lines('def parse_query_string(qs):', '    """Split a URL query string into a dict of parameters."""', '    return dict(p.split("=") for p in qs.split("&"))'),
    'app/server.py': lines('from app.http import parse_query_string', '', 'def handle(request):', '    return parse_query_string(request.query)'),
  });
  const child = spawn(process.execPath, [bin, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const conn = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const states: string[] = [];
  const ready = new Promise<ServerStatus>((resolve) =>
    conn.onNotification(STATUS_NOTIFICATION, (s: ServerStatus) => {
      states.push(s.state);
      if (s.state === 'ready' || s.state === 'error') resolve(s);
    }),
  );
  conn.listen();
  try {
    const init = await conn.sendRequest('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: {},
      workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'ws' }],
      initializationOptions: { embeddings: false },
    });
    assert.equal((init as { serverInfo: { name: string } }).serverInfo.name, 'coderag');
    await conn.sendNotification('initialized', {});

    const pushed = await ready;
    assert.equal(pushed.state, 'ready', `server said ${JSON.stringify(pushed)}\n${stderr}`);
    assert.equal(states[0], 'starting');
    assert.ok(states.includes('indexing'), `states: ${states.join(' → ')}`);

    const status = await conn.sendRequest<ServerStatus>(STATUS_REQUEST);
    assert.equal(status.files, 2);
    assert.equal(status.folders[0].root, root);
    assert.ok(status.folders[0].chunks >= 2);
    // The launcher started it again with the malloc settings; the thread answering requests keeps
    // the priority it was given (its parse and embedding workers lower theirs: test/priority.test.ts).
    const environ = fs.readFileSync(`/proc/${status.pid}/environ`, 'utf8').split('\0');
    assert.ok(environ.includes('MALLOC_ARENA_MAX=2'), 'MALLOC_ARENA_MAX=2 in the server environment');
    const nice = Number(fs.readFileSync(`/proc/${status.pid}/stat`, 'utf8').split(') ')[1].split(' ')[16]);
    assert.equal(nice, os.getPriority(0));
    assert.ok(fs.existsSync(path.join(root, '.coderag')), 'the index folder is created in the workspace');

    const res = await conn.sendRequest<SearchResponse>(SEARCH_REQUEST, { query: 'split a url query string into parameters', limit: 3 });
    const [hit] = res.hits;
    assert.deepEqual([hit.path, hit.name, hit.qualifiedName, hit.kind, hit.language, hit.startLine, hit.endLine], ['app/http.py', 'parse_query_string', 'parse_query_string', 'function', 'python', 1, 3]);
    assert.equal(hit.file, path.join(root, 'app/http.py'));
    assert.equal(hit.folder, root);
    assert.match(hit.snippet, /^def parse_query_string/);
    assert.equal(res.keywordOnly, 'vectors are turned off (setting coderag.embeddings.enabled)', 'no embeddings: keyword-only, and why (not the CLI\'s advice)');
    assert.equal(res.indexing, undefined);
    assert.ok(res.tookMs >= 0 && res.vectors.total >= 2 && res.vectors.embedded === 0, JSON.stringify(res.vectors));

    // Filters reach the core: a kind, a language (aliases too) and a path glob narrow the hits.
    const q = (extra: object) => conn.sendRequest<SearchResponse>(SEARCH_REQUEST, { query: 'parse_query_string', ...extra });
    assert.deepEqual((await q({ path: 'app/server.py' })).hits.map((h) => h.path), ['app/server.py']);
    assert.deepEqual((await q({ languages: ['ts'] })).hits, []);
    assert.ok((await q({ kinds: ['function'], languages: ['py'] })).hits.every((h) => h.kind === 'function' && h.language === 'python'));
    // An invalid one is an error that lists what is valid, not an empty result.
    await assert.rejects(q({ kinds: ['funktion'] }), (err: Error & { code?: number }) => err.code === -32602 && /kind funktion: not one of .*function/.test(err.message));
    await assert.rejects(q({ path: 'src/[ab' }), /path src\/\[ab: invalid glob/);
    const choices = await conn.sendRequest<SearchFilterChoices>(SEARCH_FILTERS_REQUEST);
    assert.ok(choices.languages.includes('python') && choices.languages.includes('godot-resource'), choices.languages.join());
    assert.ok(choices.kinds.includes('method'), choices.kinds.join());

    await conn.sendRequest('shutdown');
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await conn.sendNotification('exit');
    assert.equal(await exited, 0);
  } finally {
    conn.dispose();
    child.kill();
    removeWorkspace(root);
  }
});

test('lsp: without a transport it says how to run it (exit 2)', () => {
  const r = spawnSync(process.execPath, [bin, 'lsp'], { encoding: 'utf8', env: { ...process.env, CODERAG_NO_RELAUNCH: '1' } });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /coderag lsp --stdio/);
});

test('lsp: folders answer as one list, best first, with their notes combined', () => {
  const hit = (folder: string, name: string, score: number) => ({ id: name, folder, file: `${folder}/a.py`, path: 'a.py', startLine: 1, endLine: 2, kind: 'function', language: 'python', name, qualifiedName: name, score, snippet: '' });
  const merged = mergeFolderSearches(
    [
      { hits: [hit('/a', 'a1', 3), hit('/a', 'a2', 1)], vectors: { embedded: 5, total: 10 }, keywordOnly: 'no vectors yet' },
      { hits: [hit('/b', 'b1', 2)], vectors: { embedded: 0, total: 0 }, indexing: true },
      { hits: [], vectors: { embedded: 1, total: 1 }, keywordOnly: 'no vectors yet' },
    ],
    2,
  );
  assert.deepEqual(merged.hits.map((h) => h.name), ['a1', 'b1']);
  assert.deepEqual(merged.vectors, { embedded: 6, total: 11 });
  assert.equal(merged.keywordOnly, 'no vectors yet');
  assert.equal(merged.indexing, true);
  assert.deepEqual(mergeFolderSearches([], 5), { hits: [], vectors: { embedded: 0, total: 0 } });
});
