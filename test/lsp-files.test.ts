// coderag/search with `groupBy: 'file'`: the core's file view through the language server, as the
// sidebar's "Results: Files" asks for it — two workspace folders, a pasted traceback and a short question.
import { after, before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createProtocolConnection, type ProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { SEARCH_REQUEST, type SearchParams, type SearchResponse, type ServerStatus, STATUS_NOTIFICATION } from '../src/lsp/protocol';
import { lines, removeWorkspace, workspace } from './helpers';

const bin = path.join(__dirname, '..', '..', 'bin', 'coderag.js');

const SHOP = {
  'shop/pricing.py': lines(
    'from decimal import Decimal, ROUND_HALF_UP',
    '',
    'VAT_RATES = {"book": Decimal("0.07"), "gift": Decimal("0.19")}',
    '',
    'def round_cents(amount):',
    '    """Rounds an amount to whole cents, halves up."""',
    '    return int(amount.quantize(Decimal("1"), rounding=ROUND_HALF_UP))',
    '',
    'def vat_cents(net_cents, category):',
    '    """The VAT owed on a net amount, by product category."""',
    '    rate = VAT_RATES.get(category)',
    '    return round_cents(Decimal(net_cents) * rate)',
    '',
    'def order_total(lines):',
    '    total = 0',
    '    for net, category in lines:',
    '        total += net + vat_cents(net, category)',
    '    return total',
  ),
  'shop/app.py': lines(
    'from shop.pricing import order_total',
    '',
    'def place_order(order):',
    '    """Checks an order and answers with its total in cents."""',
    '    return {"total": order_total(order["lines"])}',
  ),
  'shop/README.md': lines('# Shop', '', 'Prices are rounded to cents; VAT is added per category.'),
};
const LIB = {
  'money/rounding.py': lines(
    'def round_to_cents(value):',
    '    """Rounds a float amount of money to cents."""',
    '    return round(value * 100) / 100',
  ),
};

const TRACE = [
  'Placing an order with a gift card crashes:',
  '',
  'Traceback (most recent call last):',
  '  File "/srv/app/shop/app.py", line 5, in place_order',
  '    return {"total": order_total(order["lines"])}',
  '  File "/srv/app/shop/pricing.py", line 17, in order_total',
  '    total += net + vat_cents(net, category)',
  '  File "/srv/app/shop/pricing.py", line 12, in vat_cents',
  '    return round_cents(Decimal(net_cents) * rate)',
  "TypeError: unsupported operand type(s) for *: 'decimal.Decimal' and 'NoneType'",
].join('\n');

let shop = '';
let lib = '';
let child: ChildProcess;
let conn: ProtocolConnection;
const ask = (p: SearchParams) => conn.sendRequest<SearchResponse>(SEARCH_REQUEST, p);

before(async () => {
  shop = workspace(SHOP);
  lib = workspace(LIB);
  child = spawn(process.execPath, [bin, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  conn = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const ready = new Promise<ServerStatus>((resolve) =>
    conn.onNotification(STATUS_NOTIFICATION, (s: ServerStatus) => {
      if (s.state === 'ready' || s.state === 'error') resolve(s);
    }),
  );
  conn.listen();
  await conn.sendRequest('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities: {},
    workspaceFolders: [{ uri: pathToFileURL(shop).href, name: 'shop' }, { uri: pathToFileURL(lib).href, name: 'lib' }],
    initializationOptions: { embeddings: false },
  });
  await conn.sendNotification('initialized', {});
  const s = await ready;
  assert.equal(s.state, 'ready', `server said ${JSON.stringify(s)}\n${stderr}`);
});

after(async () => {
  conn?.dispose();
  child?.kill();
  removeWorkspace(shop);
  removeWorkspace(lib);
});

test('lsp files: a pasted traceback ranks the traced file first, says why, and gives its best chunks with their ranges', async () => {
  const res = await ask({ query: TRACE, groupBy: 'file', limit: 5 });
  assert.deepEqual(res.hits, [], 'files, not hits');
  assert.ok(res.files?.length, JSON.stringify(res));
  const [first] = res.files;
  assert.equal(first.path, 'shop/pricing.py');
  assert.equal(first.folder, shop);
  assert.equal(first.file, path.join(shop, 'shop/pricing.py'));
  assert.ok(first.why?.includes('in the trace: vat_cents'), `why: ${JSON.stringify(first.why)}`);
  // The traced functions, best first (the core's pick), each with its exact lines and its head as snippet.
  const traced = first.chunks.slice(0, 2).map((c) => [c.name, c.startLine, c.endLine]);
  assert.deepEqual(traced.sort(), [['order_total', 14, 18], ['vat_cents', 9, 12]]);
  assert.ok(first.chunks.length <= 3);
  const vat = first.chunks.find((c) => c.name === 'vat_cents')!;
  assert.match(vat.snippet, /^def vat_cents\(net_cents, category\):/);
  for (const c of first.chunks) assert.deepEqual([c.path, c.folder, c.file], [first.path, shop, first.file]);
  assert.equal(new Set(first.chunks.map((c) => c.id)).size, first.chunks.length, 'no chunk twice');
  // The caller of the traced code comes next; files are ranked, each once.
  assert.equal(res.files[1].path, 'shop/app.py');
  assert.ok(res.files[1].why?.some((w) => /place_order/.test(w)), JSON.stringify(res.files[1].why));
  const scores = res.files.map((f) => f.score);
  assert.deepEqual(scores, [...scores].sort((a, b) => b - a));
  assert.equal(new Set(res.files.map((f) => `${f.folder}/${f.path}`)).size, res.files.length);
  assert.ok(res.tookMs >= 0);
});

test('lsp files: a short question ranks files of every workspace folder, each labelled by its folder', async () => {
  const res = await ask({ query: 'round an amount to cents', groupBy: 'file', limit: 10 });
  const files = res.files ?? [];
  assert.deepEqual(res.hits, []);
  const where = files.map((f) => `${path.basename(f.folder)}:${f.path}`);
  assert.ok(files.some((f) => f.folder === lib && f.path === 'money/rounding.py'), where.join(', '));
  assert.ok(files.some((f) => f.folder === shop && f.path === 'shop/pricing.py'), where.join(', '));
  for (const f of files) assert.ok(f.chunks.length >= 1 && f.chunks.every((c) => c.folder === f.folder), JSON.stringify(f));
  // `limit` counts files; filters apply as for chunks.
  assert.equal((await ask({ query: 'round an amount to cents', groupBy: 'file', limit: 1 })).files?.length, 1);
  const python = await ask({ query: 'round an amount to cents', groupBy: 'file', languages: ['py'] });
  assert.ok(python.files?.every((f) => f.path.endsWith('.py')), JSON.stringify(python.files?.map((f) => f.path)));
});

test('lsp files: chunk results stay the default; an unknown grouping is an error', async () => {
  for (const groupBy of [undefined, 'chunk'] as const) {
    const res = await ask({ query: 'round an amount to cents', ...(groupBy ? { groupBy } : {}) });
    assert.equal(res.files, undefined);
    assert.ok(res.hits.length > 0);
  }
  await assert.rejects(ask({ query: 'x', groupBy: 'folder' as 'file' }), (err: Error & { code?: number }) => err.code === -32602 && /groupBy folder: not one of chunk, file/.test(err.message));
});
