// The analysis' input and cutting, on the Godot seed's own example: a bundle split at its headers
// (never parsed or searched, line numbers the file's own), routing (documentation excluded with its
// reason), fragments per file type, and hints and judgments that never depend on the path.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { splitBundle } from '../src/core/godot/bundle';
import { fragmentsOf } from '../src/core/godot/fragments';
import { analyzeProject } from '../src/core/godot/analyze';
import { DOCUMENTATION_EXCLUDED } from '../src/core/godot/route';
import { Retriever } from '../src/core/godot/retriever';

// Built once for the file: a retriever indexes ~32k table rows (a second or two).
let shared: Retriever | undefined;
const retriever = () => (shared ??= new Retriever());

const bundle = fs.readFileSync(path.join(__dirname, '..', '..', 'test', 'fixtures', 'godot-seed', 'mini-dodge.bundle.txt'), 'utf8');
const outline = (fs: { kind: string; name: string; startLine: number; endLine: number }[]) => fs.map((f) => `${f.kind} ${f.name} ${f.startLine}-${f.endLine}`);

test('godot bundle: files split at `# <path>` headers; a header is no part of any file, lines are the file\'s own', () => {
  const files = splitBundle(bundle);
  assert.deepEqual(files.map((f) => f.path), ['project.godot', 'player.gd', 'player.tscn', 'README.md', 'enemy.gd']);
  const player = files.find((f) => f.path === 'player.gd')!;
  assert.equal(player.text.split('\n')[0], 'extends Area2D');
  assert.ok(!player.text.includes('# player.gd'));
  // A comment inside a script is not a header: the README's "# Mini Dodge" stays in the README.
  assert.ok(files.find((f) => f.path === 'README.md')!.text.startsWith('# Mini Dodge'));
});

test('godot fragments: the seed\'s cuts (extends alone, each signal, declarations together, each func; sections; scene blocks)', async () => {
  const files = splitBundle(bundle);
  const text = (p: string) => files.find((f) => f.path === p)!.text;
  assert.deepEqual(outline((await fragmentsOf('player.gd', text('player.gd'))).fragments), [
    'extends Area2D 1-1',
    'signal hit 3-3',
    'declarations speed, screen_size 5-6',
    'function _ready 8-10',
    'function _process 12-26',
    'function start 28-31',
  ]);
  assert.deepEqual(outline((await fragmentsOf('project.godot', text('project.godot'))).fragments), ['preamble (preamble) 1-1', 'section application 3-5']);
  assert.deepEqual(outline((await fragmentsOf('player.tscn', text('player.tscn'))).fragments), ['gd_scene gd_scene 1-1', 'ext_resource ext_resource res://player.gd 3-3', 'node node Player 5-6']);
  const process = (await fragmentsOf('player.gd', text('player.gd'))).fragments[4];
  assert.ok(process.text.startsWith('func _process(delta):') && process.text.endsWith('position = position.clamp(Vector2.ZERO, screen_size)'));
  const readme = await fragmentsOf('README.md', text('README.md'));
  assert.deepEqual(readme, { fragments: [], excluded: { path: 'README.md', reason: DOCUMENTATION_EXCLUDED } });
});

test('godot fragments: Godot 3 `tool`, an inner class, a shader', async () => {
  const gd = ['tool', 'extends Node', '', 'class Inner extends Reference:', '\tvar a = 1', '\tfunc f():', '\t\treturn a', ''].join('\n');
  assert.deepEqual(outline((await fragmentsOf('t.gd', gd)).fragments), ['tool tool 1-1', 'extends Node 2-2', 'class Inner 4-4', 'declarations a 5-5', 'function Inner.f 6-7']);
  const shader = ['shader_type canvas_item;', 'uniform vec4 tint : hint_color;', '', 'void fragment() {', '\tCOLOR = tint; // {', '}', ''].join('\n');
  assert.deepEqual(outline((await fragmentsOf('s.shader', shader)).fragments), ['declarations shader_type 1-2', 'function fragment 4-6']);
});

test('godot analysis: the seed\'s verdicts per fragment, README listed as excluded, the project mixed', async () => {
  const r = await analyzeProject({ bundleText: bundle }, { retriever: retriever() });
  assert.deepEqual(r.excluded, [{ path: 'README.md', reason: DOCUMENTATION_EXCLUDED }]);
  const verdict = (p: string, line: number) => r.fragments.find((f) => f.path === p && f.startLine === line)!.judgment.verdict;
  assert.equal(verdict('player.gd', 12), 'godot4'); // &"move_right", position.clamp (Vector2.clamp is 4.x API)
  assert.equal(verdict('enemy.gd', 1), 'godot3'); // extends KinematicBody2D
  assert.equal(verdict('enemy.gd', 5), 'godot3'); // move_and_slide(velocity)
  assert.equal(r.verdict.verdict, 'mixed');
  const enemy = r.fragments.find((f) => f.path === 'enemy.gd' && f.startLine === 1)!;
  assert.ok(enemy.candidates.some((c) => c.table === 'api_mapping' && c.id === 'class_renames:KinematicBody2D'));
  assert.ok(enemy.candidates.some((c) => c.table === 'docs_chunks'));
  assert.ok(enemy.candidates.some((c) => c.table === 'label_prototypes'));
  const process = r.fragments.find((f) => f.path === 'player.gd' && f.startLine === 12)!;
  for (const h of ['Input.is_action_pressed', 'Vector2.ZERO', 'position.clamp', 'AnimatedSprite2D', '_process', 'Godot 3', 'Godot 4', 'migration']) assert.ok(process.hints.some((x) => x.text === h), `hint ${h}`);
  assert.ok(!process.hints.some((h) => h.text.includes('player.gd')), 'the path is never a hint');
});

test('godot analysis: the same fragment under two paths gets the same hints, candidates and judgment', async () => {
  const text = ['extends KinematicBody2D', '', 'func _physics_process(delta):', '\tvar v = move_and_slide(Vector2.ZERO, Vector2.UP)', '\tyield(get_tree(), "idle_frame")', ''].join('\n');
  const at = (p: string) => analyzeProject({ files: [{ path: p, text }] }, { retriever: retriever() });
  const a = await at('player.gd');
  const b = await at('deep/folder/godot3_enemy_OLD.gd');
  const strip = (r: Awaited<ReturnType<typeof at>>) => r.fragments.map(({ path: _, ...f }) => f);
  assert.deepEqual(strip(a), strip(b));
  assert.deepEqual(a.findings.map(({ path: _, ...f }) => f), b.findings.map(({ path: _, ...f }) => f));
  assert.ok(a.findings.length >= 3);
});
