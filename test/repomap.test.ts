import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { openWorkspace, type Workspace } from '../src/core/service/api';
import { CodeIndex } from '../src/core/index/code-index';
import { RepoMap } from '../src/core/repomap/repo-map';
import { searchIdentifiers } from '../src/core/repomap/identifiers';
import { SymbolGraph } from '../src/core/repomap/graph';
import { pagerank, toCsr } from '../src/core/repomap/pagerank';
import { countTokens } from '../src/core/repomap/tokens';
import { lines, removeWorkspace, workspace } from './helpers';
import { chunkFile } from '../src/core/chunk/chunk-file';
import { extractTags } from '../src/core/tags/tags';
import { tagsOfFile } from '../src/core/tags/file-tags';
import { estimateTokens } from '../src/core/chunk/split';

const project = {
  'README.md': '# Shop\n',
  'pyproject.toml': '[project]\nname = "shop"\n',
  'shop/ledger.py': lines(
    'class Ledger:',
    '    """Every sale and refund."""',
    '    def record_sale(self, amount):',
    '        self.entries.append(amount)',
    '',
    '    def running_balance(self):',
    '        return sum(self.entries)',
    '',
    'def compute_total(items):',
    '    return sum(i.price for i in items)',
  ),
  'shop/cart.py': lines('from shop.ledger import Ledger, compute_total', '', 'def checkout(cart):', '    ledger = Ledger()', '    ledger.record_sale(compute_total(cart))', '    return ledger.running_balance()'),
  'shop/refunds.py': lines('from shop.ledger import Ledger', '', 'def refund(order):', '    Ledger().record_sale(-order.total)', '    return compute_total(order.items)'),
  'shop/report.py': lines('from shop.ledger import Ledger', 'from shop.money import format_money_amount', '', 'def daily_report(ledger):', '    return format_money_amount(ledger.running_balance())'),
  'shop/money.py': lines('def format_money_amount(value):', '    return f"{value:.2f} EUR"'),
  'shop/cli.py': lines('from shop.cart import checkout', 'from shop.parsing import parse_cart_file', '', 'def main(path):', '    return checkout(parse_cart_file(path))'),
  'shop/parsing.py': lines('def parse_cart_file(path):', '    with open(path) as f:', '        return [line.split(",") for line in f]'),
  'tools/unrelated.py': lines('def lonely_helper():', '    return 42'),
};

/** Runs `body` on a service over a fresh workspace holding `files`, then closes and removes both. */
async function withService(files: Record<string, string>, body: (service: Workspace, root: string) => Promise<void>) {
  const root = workspace(files);
  const service = await openWorkspace({ root, embedding: { enabled: false }, inProcess: true });
  try {
    await body(service, root);
  } finally {
    await service.dispose();
    removeWorkspace(root);
  }
}

const position = (ranked: { path: string }[], p: string) => ranked.findIndex((r) => r.path === p);

test('repo map: the central module ranks first without any personalization', async () => {
  await withService(project, async (service) => {
    const map = await service.map({ tokens: 2048 });
    assert.equal(map.rankedFiles[0].path, 'shop/ledger.py');
    // Important files lead, then the central module with its key definitions and enclosing class.
    assert.ok(map.text.startsWith('README.md\npyproject.toml\nshop/ledger.py:\n'), map.text);
    assert.match(map.text, /│class Ledger:\n⋮\n│ {4}def record_sale\(self, amount\):/);
    assert.ok(map.tokens <= 2048);
  });
});

test('repo map: mentioning an identifier moves its file up; focusing a file moves its neighbours up', async () => {
  await withService(project, async (service) => {
    const plain = (await service.map({ tokens: 4096 })).rankedFiles;
    const mentioned = (await service.map({ tokens: 4096, mentionedIdents: ['format_money_amount'] })).rankedFiles;
    assert.ok(position(mentioned, 'shop/money.py') < position(plain, 'shop/money.py'));
    const focused = await service.map({ tokens: 4096, focus: ['shop/cli.py'] });
    const others = focused.rankedFiles.filter((r) => r.path !== 'shop/cli.py');
    // cli.py uses parsing.py and cart.py: both move up, cart.py even above the central ledger.py.
    assert.equal(others[0].path, 'shop/parsing.py');
    assert.ok(position(others, 'shop/cart.py') < position(others, 'shop/ledger.py'));
    assert.ok(position(plain, 'shop/cart.py') > position(plain, 'shop/ledger.py'));
    const rankOf = (list: { path: string; rank: number }[], p: string) => list.find((r) => r.path === p)!.rank;
    assert.ok(rankOf(focused.rankedFiles, 'shop/parsing.py') > rankOf(plain, 'shop/parsing.py'));
    assert.ok(!focused.files.includes('shop/cli.py'), 'the focus file itself is not repeated in the map');
    const out = await service.map({ tokens: 4096, focus: ['../outside.py'] }).catch((e: Error) => e);
    assert.match(String(out), /outside the workspace root/);
  });
});

test('repo map: fits the token budget, within 10% under it, with real token counts', async () => {
  const big: Record<string, string> = {};
  for (let i = 0; i < 60; i++) {
    big[`pkg/module_${i}.py`] = lines(`from pkg.core import shared_helper_function`, '', ...Array.from({ length: 8 }, (_, k) => `def handler_${i}_${k}(x):\n    return shared_helper_function(x) + ${k}\n`));
  }
  big['pkg/core.py'] = lines('def shared_helper_function(x):', '    return x');
  await withService(big, async (service) => {
    for (const budget of [256, 512, 1024]) {
      const map = await service.map({ tokens: budget });
      assert.equal(map.tokens, countTokens(map.text));
      assert.ok(map.tokens <= budget, `${map.tokens} > ${budget}`);
      assert.ok(map.tokens >= budget * 0.9, `${map.tokens} is more than 10% under ${budget}`);
    }
  });
});

test('repo map: Godot scenes attaching scripts and preload() are edges; GDScript tags both syntaxes', async () => {
  const godot = {
    'game/project.godot': lines('config_version=5', '[application]', 'run/main_scene="res://main.tscn"'),
    'game/main.tscn': lines('[gd_scene format=3]', '[ext_resource type="Script" path="res://player.gd" id="1"]', '[node name="Player" type="Area2D"]', 'script = ExtResource("1")'),
    'game/player.gd': lines('extends Area2D', 'const Bullet = preload("res://bullet.gd")', 'export var speed = 200', 'onready var gun = $Gun', 'func shoot():', '	var b = Bullet.new()', '	add_child(b)'),
    'game/bullet.gd': lines('extends Area2D', 'class_name Bullet4', '@export var damage = 1', '@onready var trail = $Trail', 'signal hit_target', 'func fly(delta):', '	position.x += delta'),
    'game/unrelated.gd': lines('extends Node', 'func noop():', '	pass'),
  };
  await withService(godot, async (service) => {
    const focused = await service.map({ tokens: 2048, focus: ['game/main.tscn'] });
    const r = focused.rankedFiles;
    assert.ok(position(r, 'game/player.gd') < position(r, 'game/unrelated.gd'), JSON.stringify(r));
    const fromPlayer = await service.map({ tokens: 2048, focus: ['game/player.gd'] });
    assert.ok(position(fromPlayer.rankedFiles, 'game/bullet.gd') < position(fromPlayer.rankedFiles, 'game/unrelated.gd'));
    assert.deepEqual(await service.symbols('', {}), []);
    const expected = { speed: 'variable', gun: 'variable', damage: 'variable', trail: 'variable', hit_target: 'signal', Bullet4: 'class', Bullet: 'constant', shoot: 'function', fly: 'function' };
    for (const [name, category] of Object.entries(expected)) {
      const [hit] = await service.symbols(name, { references: false });
      assert.deepEqual([hit?.name, hit?.category], [name, category], name);
    }
    const refs = await service.symbols('add_child', { definitions: false });
    assert.equal(refs[0]?.path, 'game/player.gd');
  });
});

test('repo map: a changed file updates its tags and the graph without a rebuild', async () => {
  const root = workspace(project);
  const index = await CodeIndex.open({ root, embedding: { enabled: false }, inProcess: true });
  try {
    await index.update({ embeddings: false });
    await index.tags.load();
    const map = new RepoMap(index);
    map.render();
    fs.writeFileSync(path.join(root, 'tools/unrelated.py'), lines('from shop.money import format_money_amount', 'def lonely_helper():', '    return format_money_amount(42)'));
    await index.update({ paths: ['tools/unrelated.py'], embeddings: false });
    assert.deepEqual(map.sync(), { updated: 1, removed: 0 });
    const hits = searchIdentifiers(root, map.taggedFiles(), 'format_money_amount', { definitions: false });
    assert.ok(hits.some((h) => h.path === 'tools/unrelated.py' && h.line === 3));
  } finally {
    await index.close();
    removeWorkspace(root);
  }
});

test('search_identifiers: exact, prefix, substring; definitions first; context lines', async () => {
  await withService(project, async (service) => {
    const hits = await service.symbols('record_sale');
    assert.equal(hits[0].kind, 'def');
    assert.deepEqual([hits[0].path, hits[0].line, hits[0].match], ['shop/ledger.py', 3, 'exact']);
    assert.deepEqual(hits[0].context.map((c) => c.line), [1, 2, 3, 4, 5]);
    assert.ok(hits.slice(1).every((h) => h.kind === 'ref'));
    const prefix = await service.symbols('running');
    assert.equal(prefix[0].match, 'prefix');
    const sub = await service.symbols('MONEY');
    assert.ok(sub.length && sub.every((h) => h.match === 'substring'));
  });
});

test('graph and PageRank scale linearly: 100k files, hub identifiers, no recursion', () => {
  const g = new SymbolGraph();
  const n = 100_000;
  for (let i = 0; i < n; i++) {
    g.setFile(`f${i}.py`, [
      { name: `fn_${i}`, kind: 'def', line: 1, category: 'function' },
      { name: '__init__', kind: 'def', line: 2, category: 'method' },
      { name: `fn_${(i * 7919) % n}`, kind: 'ref', line: 3, category: 'call' },
      { name: 'shared_util', kind: 'ref', line: 4, category: 'call' },
      { name: '__init__', kind: 'ref', line: 5, category: 'call' },
    ]);
  }
  g.setFile('util.py', [{ name: 'shared_util', kind: 'def', line: 1, category: 'function' }]);
  const t0 = performance.now();
  const ranking = g.rank();
  const ms = performance.now() - t0;
  assert.equal(ranking.definitions[0].path, 'util.py');
  assert.ok(ms < 20_000, `ranking took ${ms} ms`);
  const csr = toCsr(3, Uint32Array.from([0, 1]), Uint32Array.from([1, 2]), Float64Array.from([1, 1]));
  const { rank } = pagerank(csr);
  assert.ok(rank[2] > rank[1] && rank[1] > rank[0]);
});

test('repo map on a workspace never indexed: a tags-only pass, completed by the next full update', async () => {
  await withService(project, async (service) => {
    const map = await service.map({ tokens: 1024 });
    assert.equal(map.rankedFiles[0].path, 'shop/ledger.py');
    assert.equal(service.complete, false, 'files known by their tags only');
    assert.deepEqual([(await service.status()).files, (await service.status()).chunks], [0, 0]);
    const full = await service.index({ embeddings: false }).report;
    assert.equal(full.indexed, 10);
    assert.equal(service.complete, true);
    assert.equal((await service.search('running balance of the ledger', { mode: 'keyword' })).results[0].qualifiedName, 'Ledger.running_balance');
    const again = await service.index({ embeddings: false }).report;
    assert.deepEqual([again.indexed, again.unchanged], [0, 10]);
  });
});

test('tags from the chunker walk, where chunk patterns stand in for identical tag patterns, equal the tags-only query', async () => {
  const samples: Record<string, string> = {
    'a.py': lines('import os', 'LIMIT = 3', 'class Shop(Base):', '    def buy(self, x: Item):', '        return os.path.join(helper(x))', '', 'def helper(y):', '    return Shop().buy(y)'),
    'a.go': lines('package a', 'type Shop struct{}', 'func (s Shop) Buy(x int) int { return helper(x) }', 'func helper(y int) int { return y }'),
    'a.rs': lines('struct Shop;', 'impl Shop { fn buy(&self, x: i32) -> i32 { helper(x) } }', 'fn helper(y: i32) -> i32 { y }'),
    'A.java': lines('class Shop extends Base {', '  int buy(int x) { return helper(x); }', '  static int helper(int y) { return y; }', '}'),
    'A.cs': lines('class Shop : Base {', '  int Buy(int x) { return Helper(x); }', '  static int Helper(int y) { return y; }', '}'),
    'a.gd': lines('extends Node', 'class_name Shop', 'signal bought', 'func buy(x):', '    return helper(x)', 'func helper(y):', '    emit_signal("bought")'),
  };
  const opts = { maxTokens: 512, countTokens: estimateTokens };
  for (const [file, source] of Object.entries(samples)) {
    const parsed = await chunkFile(file, source, opts, true);
    assert.ok(parsed.tree && parsed.loaded, file);
    const walked = extractTags(parsed.tree.rootNode, parsed.loaded, parsed.tagMatches);
    parsed.tree.delete();
    const alone = (await tagsOfFile(file, source)).tags;
    const key = (t: { kind: string; name: string; line: number; category: string }) => `${t.kind} ${t.name} ${t.line} ${t.category}`;
    assert.deepEqual(walked.map(key).sort(), alone.map(key).sort(), file);
    assert.ok(walked.some((t) => t.kind === 'def'), `${file}: definitions tagged`);
    if (file === 'a.py') assert.ok(parsed.loaded.withTags().alsoTags.size > 0, 'Python shares its function and class patterns');
  }
});

test('repo map: relative preload paths resolve, signal connections are edges to the handler, and the file edges are data', async () => {
  const godot = {
    'game/project.godot': lines('config_version=5', '[application]', 'run/main_scene="res://main.tscn"'),
    'game/main.tscn': lines(
      '[gd_scene format=3]',
      '[ext_resource type="Script" path="res://main.gd" id="1"]',
      '[ext_resource type="PackedScene" path="res://hud/hud.tscn" id="2"]',
      '[node name="Main" type="Node"]',
      'script = ExtResource("1")',
      '[node name="HUD" parent="." instance=ExtResource("2")]',
      '[connection signal="start_game" from="HUD" to="." method="new_game"]',
    ),
    'game/main.gd': lines('extends Node', 'const Bullet = preload("weapons/Bullet.tscn")', 'func new_game():', '\tpass', 'func _ready():', '\t$Timer.connect("timeout", self, "on_tick")'),
    'game/ticker.gd': lines('extends Node', 'func on_tick():', '\tpass'),
    'game/hud/hud.tscn': lines('[gd_scene format=3]', '[node name="HUD" type="CanvasLayer"]'),
    'game/weapons/Bullet.tscn': lines('[gd_scene format=3]', '[node name="Bullet" type="Area2D"]'),
  };
  await withService(godot, async (service) => {
    const map = await service.map({ tokens: 1024 });
    const edges = map.edges.map((e: { from: string; to: string; kinds: string[] }) => `${e.from} → ${e.to} ${e.kinds.join(',')}`);
    assert.ok(edges.includes('game/main.tscn → game/main.gd file.script,handler'), edges.join('\n'));
    assert.ok(edges.includes('game/main.tscn → game/hud/hud.tscn file.scene'), edges.join('\n'));
    assert.ok(edges.includes('game/main.gd → game/weapons/Bullet.tscn file.preload'), edges.join('\n'));
    assert.ok(edges.includes('game/main.gd → game/ticker.gd handler'), edges.join('\n'));
  });
});
