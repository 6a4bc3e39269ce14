// The deterministic judge on focused cases: the user's own names against the engine's, the
// receiver's class from declared types, extends and the scene, ambiguous renames only when the
// receiver is known, removed APIs, changed argument shapes, names in comments, strings and node
// paths, and safe edits only where the judge is sure.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyzeProject } from '../src/core/godot/analyze';
import type { SourceFile } from '../src/core/godot/model';

async function findings(files: SourceFile[]) {
  return (await analyzeProject({ files }, { retrieve: false })).findings;
}
const gd = (...lines: string[]) => lines.join('\n') + '\n';
const at = (fs: { line: number; rule: string }[]) => fs.map((f) => `${f.line} ${f.rule}`);

test('godot judge: a name the project declares is the user\'s, not the engine\'s', async () => {
  const user = gd('extends Node2D', 'func update():', '\tpass', 'func _process(delta):', '\tupdate()');
  assert.deepEqual(at(await findings([{ path: 'a.gd', text: user }])), []);
  const engine = gd('extends Node2D', 'func _process(delta):', '\tupdate()');
  const f = await findings([{ path: 'a.gd', text: engine }]);
  assert.deepEqual(at(f), ['3 api-rename']);
  assert.equal(f[0].replacement?.text, 'queue_redraw');
  // A method defined in another script of the project is not CanvasItem.update either.
  const other = gd('extends Node', 'func f(thing):', '\tthing.update()');
  assert.deepEqual(at(await findings([{ path: 'a.gd', text: other }, { path: 'b.gd', text: gd('extends Node', 'func update():', '\tpass') }])), []);
});

test('godot judge: names in comments, strings and node paths are not API uses', async () => {
  const text = gd(
    'extends Node',
    '# File.new() and KinematicBody2D are Godot 3',
    'func f():',
    '\tprint("yield(x, \\"timeout\\") File.new() instance()")',
    '\tvar a = $KinematicBody2D/Sprite',
    '\tvar b = get_node("HUD/File")',
    '\tvar c = $"Tween"',
  );
  assert.deepEqual(at(await findings([{ path: 'a.gd', text }])), []);
});

test('godot judge: the receiver\'s class from declared types, extends, return types and the scene', async () => {
  const script = gd(
    'extends KinematicBody2D', //                                          1
    'func f(box: Control, tree: SceneTree, theme: Theme):', //             2
    '\tbox.get_stylebox("panel")', //                                       3 ambiguous pair, receiver known
    '\ttree.change_scene("res://a.tscn")', //                              4
    '\tget_tree().change_scene("res://a.tscn")', //                        5 return type of get_tree
    '\t$Map.set_cellv(Vector2(), 1)', //                                   6 the scene says TileMap
    '\tvar body = something()', //                                         7
    '\tbody.get_stylebox("panel")', //                                     8 ambiguous, receiver unknown: no finding
    '\ttheme.get_stylebox("panel", "Button")', //                          9 Theme still has it
  );
  const scene = ['[gd_scene load_steps=2 format=2]', '[ext_resource path="res://a.gd" type="Script" id=1]', '[node name="A" type="KinematicBody2D"]', 'script = ExtResource( 1 )', '[node name="Map" type="TileMap" parent="."]', ''].join('\n');
  const f = await findings([{ path: 'a.gd', text: script }, { path: 'a.tscn', text: scene }]);
  const lines = f.filter((x) => x.path === 'a.gd').map((x) => `${x.line} ${x.rule} ${x.godot4 ?? ''}`.trim());
  assert.ok(lines.includes('1 api-rename CharacterBody2D'), lines.join('\n'));
  assert.ok(lines.includes('3 api-rename get_theme_stylebox'), lines.join('\n'));
  assert.ok(lines.includes('4 api-rename change_scene_to_file'));
  assert.ok(lines.includes('5 api-rename change_scene_to_file'));
  assert.ok(lines.some((l) => l.startsWith('6 api-removed')));
  assert.ok(!lines.some((l) => l.startsWith('8 ') || l.startsWith('9 ')), lines.join('\n'));
  // The ambiguous pair is flagged but never edited.
  assert.equal(f.find((x) => x.line === 3)!.replacement, undefined);
  assert.equal(f.find((x) => x.line === 4)!.replacement?.text, 'change_scene_to_file');
});

test('godot judge: removed APIs, changed argument shapes, 3.x-only syntax', async () => {
  const text = gd(
    'extends KinematicBody2D', //                                                   1
    'export(int, 0, 5) var lives = 3', //                                           2
    'onready var tween = $Tween', //                                                3
    'func f():', //                                                                 4
    '\tvar file = File.new()', //                                                   5
    '\ttween.interpolate_property(self, "scale", Vector2.ONE, Vector2.ZERO, 1.0)', // 6
    '\tOS.window_size = Vector2(640, 480)', //                                      7
    '\tvar p = transform.xform(Vector2.ONE)', //                                    8
    '\tmove_and_slide(Vector2.ZERO, Vector2.UP)', //                                9
    '\tyield(get_tree(), "idle_frame")', //                                         10
    '\tvar s = load("res://s.tscn").instance()', //                                 11
  );
  const f = await findings([{ path: 'a.gd', text }]);
  const rules = new Map(f.map((x) => [x.line, x.rule]));
  assert.equal(rules.get(2), 'gd3-export');
  assert.equal(rules.get(3), 'gd3-onready');
  assert.equal(rules.get(5), 'gd3-file-api');
  assert.equal(rules.get(6), 'gd3-tween-node');
  assert.equal(rules.get(7), 'api-removed');
  assert.equal(rules.get(8), 'api-removed');
  assert.equal(rules.get(9), 'gd3-move-and-slide-args');
  assert.equal(rules.get(10), 'gd3-yield');
  assert.equal(rules.get(11), 'gd3-instance');
  const edit = (line: number) => f.find((x) => x.line === line && x.replacement)?.replacement?.text;
  assert.equal(edit(2), '@export_range(0, 5) var lives: int');
  assert.equal(edit(3), '@onready');
  assert.equal(edit(10), 'await get_tree().process_frame'); // SceneTree's idle_frame is process_frame in 4
  assert.equal(edit(11), 'instantiate');
  assert.equal(edit(9), undefined, 'move_and_slide needs a human');
  // Columns are exact: the squiggle of `instance` starts where the word does.
  const inst = f.find((x) => x.line === 11)!;
  assert.equal(text.split('\n')[10].slice(inst.column - 1, inst.endColumn - 1), 'instance');
});

test('godot judge: Godot 4 code gives Godot 4 evidence and no finding', async () => {
  const text = gd(
    '@tool',
    'extends CharacterBody2D',
    '@export_range(0, 5) var lives: int = 3',
    'var hp := 3:',
    '\tset(v):',
    '\t\thp = v',
    'func f():',
    '\tawait get_tree().process_frame',
    '\tvar s = load("res://s.tscn").instantiate()',
    '\tvar t = create_tween()',
    '\tt.tween_property(self, "scale", Vector2.ZERO, 1.0)',
    '\tvar file = FileAccess.open("user://a", FileAccess.READ)',
    '\tmove_and_slide()',
    '\t$%Score.text = str(lives)',
    '\tvar add = func(a, b): return a + b',
  );
  const r = await analyzeProject({ files: [{ path: 'a.gd', text }] }, { retrieve: false });
  assert.deepEqual(r.findings, []);
  assert.equal(r.verdict.verdict, 'godot4');
  assert.ok(r.verdict.strongest.godot4.length > 0);
});
