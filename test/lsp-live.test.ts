// The live index behind the editor, spoken to over stdio as VS Code's client would: two workspace
// folders with their own settings, an unsaved buffer and a file event feeding the index, the
// commands' requests, and a folder removed at runtime.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { CLEARED } from '../src/lsp/commands';
import {
  CLEAR_REQUEST,
  type CodeRagSettings,
  PAUSE_REQUEST,
  REINDEX_REQUEST,
  RESUME_REQUEST,
  SEARCH_REQUEST,
  type SearchHit,
  type SearchResponse,
  type ServerStatus,
  SKIPPED_REQUEST,
  type SkippedFolder,
  STATUS_NOTIFICATION,
  STATUS_REQUEST,
} from '../src/lsp/protocol';
import { lines, removeWorkspace, workspace } from './helpers';

const bin = path.join(__dirname, '..', '..', 'bin', 'coderag.js');

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('lsp live: multi-root folders with their own settings, unsaved edits and file events searchable, pause/resume, reindex, skipped, folder removed', async () => {
  const alpha = workspace({
    'billing/invoice.py': lines('def compute_invoice_total(lines):', '    """Sum the invoice lines with their tax."""', '    return sum(l.price * (1 + l.tax) for l in lines)'),
    'big.py': `# ${'x'.repeat(3000)}\n`,
  });
  const beta = workspace({
    'geo/distance.go': lines('package geo', '', '// HaversineDistance is the great-circle distance between two points.', 'func HaversineDistance(a, b Point) float64 {', '\treturn 0', '}'),
  });
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'coderag-storage-'));
  const settings: Record<string, CodeRagSettings> = {
    [pathToFileURL(alpha).href]: { index: { maxFileSizeKB: 1 } },
    [pathToFileURL(beta).href]: { index: { location: 'workspaceFolder' } },
  };

  const child = spawn(process.execPath, [bin, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const conn = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  let last: ServerStatus | undefined;
  conn.onNotification(STATUS_NOTIFICATION, (s: ServerStatus) => {
    last = s;
  });
  conn.onRequest('workspace/configuration', (p: { items: { scopeUri: string }[] }) => p.items.map((i) => settings[i.scopeUri] ?? null));
  const logs: string[] = [];
  conn.onNotification('window/logMessage', (m: { message: string }) => {
    logs.push(m.message);
  });
  conn.listen();
  const search = async (query: string): Promise<SearchHit[]> => (await conn.sendRequest<SearchResponse>(SEARCH_REQUEST, { query, limit: 10 })).hits;
  const found = (query: string, file: string) => until(`"${query}" in ${file}`, async () => (await search(query)).find((h) => h.file === file));
  const ready = () => until('every folder idle and ready', async () => (last && last.state === 'ready' && last.folders.every((f) => f.activity === 'idle') ? last : undefined));

  try {
    await conn.sendRequest('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: { workspace: { configuration: true, workspaceFolders: true } },
      workspaceFolders: [
        { uri: pathToFileURL(alpha).href, name: 'alpha' },
        { uri: pathToFileURL(beta).href, name: 'beta' },
      ],
      initializationOptions: { embeddings: false, storageDir: storage },
    });
    await conn.sendNotification('initialized', {});
    const first = await ready();
    assert.equal(first.folders.length, 2, JSON.stringify(first));

    // Index location: alpha in the editor's storage (the default), beta in its own folder.
    const byRoot = new Map(first.folders.map((f) => [f.root, f]));
    assert.ok(byRoot.get(alpha)!.indexDir.startsWith(storage + path.sep), byRoot.get(alpha)!.indexDir);
    assert.ok(!fs.existsSync(path.join(alpha, '.coderag')), 'nothing written into alpha');
    assert.equal(byRoot.get(beta)!.indexDir, path.join(beta, '.coderag'));
    assert.ok(byRoot.get(alpha)!.lastRun && byRoot.get(alpha)!.lastRun!.indexed >= 1);

    // One search across both folders, each hit labelled by its folder.
    const invoice = await found('compute invoice total tax', path.join(alpha, 'billing/invoice.py'));
    assert.equal(invoice.folder, alpha);
    const haversine = await found('HaversineDistance great circle', path.join(beta, 'geo/distance.go'));
    assert.equal(haversine.folder, beta);

    // alpha's max file size (1 KB) left big.py out, with the reason the core records.
    const skipped = await conn.sendRequest<SkippedFolder[]>(SKIPPED_REQUEST, { folder: alpha });
    const big = skipped[0].skipped.find((s) => s.path === 'big.py');
    assert.ok(big, JSON.stringify(skipped));
    assert.match(big.reason, /large|size/i);

    // An unsaved edit: the editor's buffer, never written to disk, is what the index reads.
    const invoiceUri = pathToFileURL(path.join(alpha, 'billing/invoice.py')).href;
    await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: invoiceUri, languageId: 'python', version: 1, text: fs.readFileSync(path.join(alpha, 'billing/invoice.py'), 'utf8') } });
    const edited = lines('def refund_marmalade_voucher(order):', '    """Give the marmalade voucher back."""', '    return order.voucher');
    await conn.sendNotification('textDocument/didChange', { textDocument: { uri: invoiceUri, version: 2 }, contentChanges: [{ text: edited }] });
    const unsaved = await found('refund marmalade voucher', path.join(alpha, 'billing/invoice.py'));
    assert.equal(unsaved.name, 'refund_marmalade_voucher');
    assert.ok(!fs.readFileSync(path.join(alpha, 'billing/invoice.py'), 'utf8').includes('marmalade'));

    // A file created on disk, reported by the editor's watcher (the server watches nothing itself).
    const created = path.join(beta, 'geo/bearing.go');
    fs.writeFileSync(created, lines('package geo', '', '// InitialBearingDegrees is the compass bearing from a to b.', 'func InitialBearingDegrees(a, b Point) float64 {', '\treturn 0', '}'));
    await conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(created).href, type: 1 }] });
    assert.equal((await found('InitialBearingDegrees compass bearing', created)).folder, beta);

    // Pause holds background work, resume lets it go on; Reindex runs a whole pass again.
    await conn.sendRequest(PAUSE_REQUEST);
    assert.equal((await conn.sendRequest<ServerStatus>(STATUS_REQUEST)).paused, true);
    await conn.sendRequest(REINDEX_REQUEST, { folder: beta });
    const held = await conn.sendRequest<ServerStatus>(STATUS_REQUEST);
    assert.equal(held.folders.find((f) => f.root === beta)!.activity, 'paused', JSON.stringify(held));
    await conn.sendRequest(RESUME_REQUEST);
    assert.notEqual((await conn.sendRequest<ServerStatus>(STATUS_REQUEST)).paused, true);
    const passes = () => logs.filter((l) => l.startsWith(`${path.basename(beta)}: full pass done`)).length;
    await until('beta reindexed', async () => (passes() >= 2 ? true : undefined));
    await ready();

    // Clear Index empties beta's index and builds it again from nothing.
    await conn.sendRequest(CLEAR_REQUEST, { folder: beta });
    await until('beta rebuilt', async () => (logs.some((l) => l.startsWith(`${path.basename(beta)}: rebuilt: ${CLEARED}`)) ? true : undefined));
    await ready();
    assert.equal((await found('HaversineDistance great circle', path.join(beta, 'geo/distance.go'))).folder, beta);

    // A folder removed at runtime: its results leave the search, its index stays on disk.
    await conn.sendNotification('workspace/didChangeWorkspaceFolders', { event: { added: [], removed: [{ uri: pathToFileURL(beta).href, name: 'beta' }] } });
    await until('beta removed', async () => ((await conn.sendRequest<ServerStatus>(STATUS_REQUEST)).folders.length === 1 ? true : undefined));
    assert.ok(!(await search('HaversineDistance great circle')).some((h) => h.folder === beta));
    assert.ok(fs.existsSync(path.join(beta, '.coderag')));
    // ...and added again: its kept index is reopened and searched.
    await conn.sendNotification('workspace/didChangeWorkspaceFolders', { event: { added: [{ uri: pathToFileURL(beta).href, name: 'beta' }], removed: [] } });
    assert.equal((await found('HaversineDistance great circle', path.join(beta, 'geo/distance.go'))).folder, beta);

    await conn.sendRequest('shutdown');
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await conn.sendNotification('exit');
    assert.equal(await exited, 0);
  } catch (err) {
    (err as Error).message += `\n--- server log ---\n${logs.join('\n')}\n--- stderr ---\n${stderr}`;
    throw err;
  } finally {
    conn.dispose();
    child.kill();
    for (const d of [alpha, beta, storage]) removeWorkspace(d);
  }
});
