// coderag/symbols/search through `coderag lsp --stdio` over two workspace folders, and how a hit
// reads in the editor's quick pick.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { type ServerStatus, STATUS_NOTIFICATION, SYMBOL_SEARCH_REQUEST, type SymbolSearchHit, type SymbolSearchResponse } from '../src/lsp/protocol';
import { emptyText, kindIcon, symbolItemText } from '../src/vscode/symbols/symbol-items';
import { lines, removeWorkspace, workspace } from './helpers';

const bin = path.join(__dirname, '..', '..', 'bin', 'coderag.js');

test('lsp symbols: every folder searched, hits labelled by folder, exact names before typos across folders', { timeout: 120_000 }, async () => {
  const api = workspace({
    'server/handler.ts': lines('export class RequestHandler {', '  processRequest(req: string): string {', '    return req.trim();', '  }', '}'),
  });
  const worker = workspace({
    'jobs/queue.py': lines('def process_requests(queue):', '    return [q for q in queue]', '', 'class ProcessRequest:', '    pass'),
  });
  const child = spawn(process.execPath, [bin, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const conn = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const ready = new Promise<ServerStatus>((resolve) =>
    conn.onNotification(STATUS_NOTIFICATION, (s: ServerStatus) => {
      if (s.folders.length === 2 && s.folders.every((f) => f.state === 'ready' || f.state === 'error')) resolve(s);
    }),
  );
  conn.listen();
  try {
    await conn.sendRequest('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: {},
      workspaceFolders: [api, worker].map((root) => ({ uri: pathToFileURL(root).href, name: path.basename(root) })),
      initializationOptions: { embeddings: false },
    });
    await conn.sendNotification('initialized', {});
    const status = await ready;
    assert.equal(status.state, 'ready', `${JSON.stringify(status)}\n${stderr}`);

    const ask = (query: string, limit?: number) => conn.sendRequest<SymbolSearchResponse>(SYMBOL_SEARCH_REQUEST, { query, limit });
    const seen = (r: SymbolSearchResponse) => r.hits.map((h) => `${h.match} ${h.folderName} ${h.qualifiedName} ${h.path}:${h.line}-${h.endLine}`);
    // Equal matches in folder order; the kind of match first across folders.
    const exact = await ask('ProcessRequest');
    assert.deepEqual(seen(exact), [
      `exact ${path.basename(api)} RequestHandler.processRequest server/handler.ts:2-4`,
      `exact ${path.basename(worker)} ProcessRequest jobs/queue.py:4-5`,
      `prefix ${path.basename(worker)} process_requests jobs/queue.py:1-2`,
    ]);
    assert.deepEqual(exact.unavailable, []);
    assert.equal(exact.hits[0].file, path.join(api, 'server/handler.ts'));
    assert.equal(exact.hits[0].folder, api);
    // The second folder's exact name before the first folder's near spelling.
    assert.deepEqual(seen(await ask('process_requests')).slice(0, 2), [
      `exact ${path.basename(worker)} process_requests jobs/queue.py:1-2`,
      `fuzzy ${path.basename(api)} RequestHandler.processRequest server/handler.ts:2-4`,
    ]);

    const typo = await ask('procesRequst');
    assert.ok(typo.hits.length >= 2 && typo.hits.every((h) => h.match === 'fuzzy'), JSON.stringify(typo.hits));
    assert.deepEqual(new Set(typo.hits.map((h) => h.folder)), new Set([api, worker]));
    assert.equal((await ask('ProcessRequest', 1)).hits.length, 1);
    assert.deepEqual((await ask('')).hits, []);
    await assert.rejects(conn.sendRequest(SYMBOL_SEARCH_REQUEST, {}), /query must be a string/);

    await conn.sendRequest('shutdown');
    await conn.sendNotification('exit');
  } finally {
    conn.dispose();
    child.kill();
    removeWorkspace(api);
    removeWorkspace(worker);
  }
});

test('lsp symbols: a hit in the quick pick: kind icon, qualified name and place, fuzzy marked', () => {
  const hit: SymbolSearchHit = {
    folder: '/w/api', folderName: 'api', file: '/w/api/server/handler.ts', path: 'server/handler.ts',
    name: 'processRequest', qualifiedName: 'RequestHandler.processRequest', kind: 'method', line: 2, endLine: 4, match: 'fuzzy',
  };
  assert.deepEqual(symbolItemText(hit, false), { label: '$(symbol-method) processRequest', description: '≈ fuzzy match · RequestHandler.processRequest · server/handler.ts:2' });
  assert.deepEqual(symbolItemText({ ...hit, qualifiedName: 'processRequest', kind: 'function', match: 'exact' }, true), {
    label: '$(symbol-function) processRequest',
    description: 'api/server/handler.ts:2',
  });
  assert.equal(kindIcon('class'), 'symbol-class');
  assert.equal(kindIcon('no-such-kind'), 'symbol-misc');
  assert.equal(emptyText('xyz', []), 'No symbol matches "xyz" in the indexed files');
  assert.match(emptyText('xyz', [{ folder: '/w/b', reason: 'its index is not open yet' }]), /yet: \/w\/b: its index is not open yet/);
});
