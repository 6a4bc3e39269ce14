// coderag/map and coderag/explain, asked of the real language server (`coderag lsp --stdio`) as
// the extension asks them: the sample bookshop's Python plus a small Godot game.
import { after, before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createProtocolConnection, type ProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { EXPLAIN_REQUEST, type ExplainResponse, MAP_REQUEST, type MapResponse, type ServerStatus, STATUS_NOTIFICATION } from '../src/lsp/protocol';
import { lines, removeWorkspace, workspace } from './helpers';

const repo = path.join(__dirname, '..', '..');
const bin = path.join(repo, 'bin', 'coderag.js');
const bookshop = (f: string) => fs.readFileSync(path.join(repo, 'sample', 'server', 'bookshop', f), 'utf8');

let root = '';
let child: ChildProcess;
let conn: ProtocolConnection;
let stderr = '';

before(async () => {
  root = workspace({
    'server/bookshop/__init__.py': bookshop('__init__.py'),
    'server/bookshop/app.py': bookshop('app.py'),
    'server/bookshop/inventory.py': bookshop('inventory.py'),
    'server/bookshop/pricing.py': bookshop('pricing.py'),
    'game/project.godot': lines('config_version=5', '[application]', 'run/main_scene="res://main.tscn"'),
    'game/main.tscn': lines(
      '[gd_scene format=3]',
      '[ext_resource type="Script" path="res://main.gd" id="1"]',
      '[ext_resource type="PackedScene" path="res://hud.tscn" id="2"]',
      '[node name="Main" type="Node"]',
      'script = ExtResource("1")',
      '[node name="HUD" parent="." instance=ExtResource("2")]',
    ),
    'game/main.gd': lines('extends Node', 'const Bullet = preload("res://bullet.tscn")', 'func new_game():', '\tpass'),
    'game/hud.tscn': lines('[gd_scene format=3]', '[node name="HUD" type="CanvasLayer"]'),
    'game/bullet.tscn': lines('[gd_scene format=3]', '[node name="Bullet" type="Area2D"]'),
  });
  child = spawn(process.execPath, [bin, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  child.stderr!.on('data', (d) => (stderr += d));
  conn = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const ready = new Promise<ServerStatus>((resolve) => conn.onNotification(STATUS_NOTIFICATION, (s: ServerStatus) => {
    if (s.state === 'ready' || s.state === 'error') resolve(s);
  }));
  conn.listen();
  await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {}, workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'ws' }], initializationOptions: { embeddings: false } });
  await conn.sendNotification('initialized', {});
  const s = await ready;
  assert.equal(s.state, 'ready', `${JSON.stringify(s)}\n${stderr}`);
});

after(async () => {
  conn?.dispose();
  child?.kill();
  if (root) removeWorkspace(root);
});

const abs = (p: string) => path.join(root, p);

test('coderag/map: ranked files with their definitions, the budgeted text and the Godot edges', async () => {
  const map = await conn.sendRequest<MapResponse>(MAP_REQUEST, { tokens: 512 });
  assert.equal(map.folders.length, 1);
  const [f] = map.folders;
  assert.equal(f.state, 'ready');
  assert.equal(map.personalized, false);
  const ranks = f.files.map((x) => x.rank);
  assert.deepEqual(ranks, [...ranks].sort((a, b) => b - a), 'best first');
  const pricing = f.files.find((x) => x.path === 'server/bookshop/pricing.py');
  assert.ok(pricing, f.files.map((x) => x.path).join(', '));
  assert.equal(pricing.file, abs('server/bookshop/pricing.py'));
  const round = pricing.definitions.find((d) => d.name === 'round_cents');
  assert.deepEqual(round, { name: 'round_cents', kind: 'function', signature: 'def round_cents(amount: Decimal) -> int:', startLine: 11, endLine: 13 });
  assert.ok(f.tokens > 0 && f.tokens <= 512 && f.budget === 512, `${f.tokens} tokens of ${f.budget}`);
  assert.match(f.text, /pricing\.py/);
  const edges = f.edges.map((e) => `${e.from} → ${e.to} ${e.kinds.join(',')}`);
  assert.ok(edges.includes('game/main.tscn → game/main.gd file.script'), edges.join('\n'));
  assert.ok(edges.includes('game/main.tscn → game/hud.tscn file.scene'), edges.join('\n'));
  assert.ok(edges.includes('game/main.gd → game/bullet.tscn file.preload'), edges.join('\n'));
});

test('coderag/map: focus files re-rank, and unknown or foreign paths leave the plain ranking', async () => {
  const plain = await conn.sendRequest<MapResponse>(MAP_REQUEST, {});
  const focused = await conn.sendRequest<MapResponse>(MAP_REQUEST, { focus: [abs('game/main.gd')] });
  assert.equal(focused.personalized, true);
  const pos = (m: MapResponse, p: string) => m.folders[0].files.findIndex((x) => x.path === p);
  assert.ok(pos(focused, 'game/bullet.tscn') < pos(plain, 'game/bullet.tscn') || pos(focused, 'game/bullet.tscn') === 0,
    `bullet.tscn ${pos(plain, 'game/bullet.tscn')} → ${pos(focused, 'game/bullet.tscn')}`);
  // Files the focus does not reach keep their plain order below it instead of tying at zero.
  assert.ok(focused.folders[0].files.every((x) => x.rank > 0), JSON.stringify(focused.folders[0].files.map((x) => [x.path, x.rank])));
  const foreign = await conn.sendRequest<MapResponse>(MAP_REQUEST, { focus: ['/elsewhere/x.py'] });
  assert.equal(foreign.personalized, false);
  assert.deepEqual(foreign.folders[0].files.map((x) => x.path), plain.folders[0].files.map((x) => x.path));
  await assert.rejects(conn.sendRequest(MAP_REQUEST, { focus: 'app.py' }), /focus must be a list/);
});

test('coderag/explain: the definition chunk, references with their callers, related chunks, all with ranges', async () => {
  // The cursor on `vat_cents` in order_total's body (a call): explained is the definition it calls.
  const pricing = bookshop('pricing.py').split('\n');
  const line = pricing.findIndex((l) => l.includes('gross += net + vat_cents(')) + 1;
  const column = pricing[line - 1].indexOf('vat_cents') + 2;
  const r = await conn.sendRequest<ExplainResponse>(EXPLAIN_REQUEST, { file: abs('server/bookshop/pricing.py'), line, column });
  assert.equal(r.name, 'vat_cents');
  assert.equal(r.notFound, undefined);
  assert.ok(r.definition);
  assert.deepEqual([r.definition.path, r.definition.startLine, r.definition.endLine, r.definition.kind], ['server/bookshop/pricing.py', 16, 21, 'function']);
  assert.match(r.definition.docstring ?? '', /VAT owed on a net amount/);
  assert.match(r.definition.text, /raise ValueError/);
  assert.equal(r.definition.file, abs('server/bookshop/pricing.py'));
  const ref = r.references.find((x) => x.startLine === line);
  assert.deepEqual(ref, { file: abs('server/bookshop/pricing.py'), path: 'server/bookshop/pricing.py', startLine: line, endLine: line, caller: 'order_total' });
  assert.ok(r.callers.some((c) => c.name === 'order_total'), JSON.stringify(r.callers));
  assert.ok(r.related.length > 0, 'related chunks');
  assert.ok(r.related.every((x) => !(x.path === 'server/bookshop/pricing.py' && x.startLine === 16)), 'the definition is not related to itself');
  assert.ok(r.related.every((x) => x.file.startsWith(root) && x.startLine >= 1 && x.endLine >= x.startLine && x.snippet.length > 0));
});

test('coderag/explain: a blank line inside a definition explains that definition; bad input is refused clearly', async () => {
  const pricing = bookshop('pricing.py').split('\n');
  const inBody = pricing.findIndex((l) => l.includes('for unit_cents, quantity, category in lines')) + 1;
  const r = await conn.sendRequest<ExplainResponse>(EXPLAIN_REQUEST, { file: abs('server/bookshop/pricing.py'), line: inBody, column: 0 });
  assert.equal(r.definition?.name, 'order_total');
  assert.ok(r.callers.some((c) => c.path === 'server/bookshop/app.py'), JSON.stringify(r.callers));
  await assert.rejects(conn.sendRequest(EXPLAIN_REQUEST, { file: '/elsewhere/a.py', line: 1 }), /not inside a workspace folder/);
  await assert.rejects(conn.sendRequest(EXPLAIN_REQUEST, { file: abs('server/bookshop/pricing.py'), line: 0 }), /1-based line/);
});
