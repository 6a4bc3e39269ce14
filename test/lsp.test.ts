// `coderag lsp --stdio`: the language server the extension starts, spoken to as an editor would.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { SEARCH_REQUEST, type SearchHit, type ServerStatus, STATUS_NOTIFICATION, STATUS_REQUEST } from '../src/lsp/protocol';
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
    // The launcher started it again with the malloc settings, and it lowered its own priority.
    const environ = fs.readFileSync(`/proc/${status.pid}/environ`, 'utf8').split('\0');
    assert.ok(environ.includes('MALLOC_ARENA_MAX=2'), 'MALLOC_ARENA_MAX=2 in the server environment');
    const nice = Number(fs.readFileSync(`/proc/${status.pid}/stat`, 'utf8').split(') ')[1].split(' ')[16]);
    assert.equal(nice, 10);
    assert.ok(fs.existsSync(path.join(root, '.coderag')), 'the index folder is created in the workspace');

    const hits = await conn.sendRequest<SearchHit[]>(SEARCH_REQUEST, { query: 'split a url query string into parameters', limit: 3 });
    assert.deepEqual([hits[0].path, hits[0].name, hits[0].startLine, hits[0].endLine], ['app/http.py', 'parse_query_string', 1, 3]);
    assert.equal(hits[0].file, path.join(root, 'app/http.py'));

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
