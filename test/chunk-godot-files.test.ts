// Godot scenes, resources and project.godot as the index cuts them (issue 15 §0): a scene with one
// long data line is never "minified" (the line is cut, the blocks around it kept), project.godot is
// split only between keys (an [input] action stays whole), and Godot 3's `tool` is in a chunk.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { decodeSource, minifiedReason } from '../src/core/scan/content';
import { chunksOf, lines, outline } from './helpers';

const bytes = 'PackedByteArray(' + Array.from({ length: 6000 }, (_, i) => i % 256).join(', ') + ')';
const scene = lines(
  '[gd_scene load_steps=3 format=3]', //                            1
  '', //                                                            2
  '[ext_resource type="Script" path="res://world.gd" id="1_w"]', // 3
  '', //                                                            4
  '[sub_resource type="ArrayMesh" id="ArrayMesh_1"]', //            5
  `_surfaces = [{ "vertex_data": ${bytes} }]`, //                   6
  '', //                                                            7
  '[node name="World" type="Node3D"]', //                           8
  'script = ExtResource("1_w")', //                                 9
  '', //                                                           10
  '[node name="Mesh" type="MeshInstance3D" parent="."]', //        11
  'mesh = SubResource("ArrayMesh_1")', //                          12
);

test('godot scenes: one long data line does not make a scene "minified"; the line is cut, the blocks kept', async () => {
  assert.ok(scene.length > 20000);
  assert.equal(minifiedReason(scene, 'world.tscn'), undefined);
  assert.equal(decodeSource(Buffer.from(scene), 'levels/world.tscn').skip, undefined);
  assert.equal(decodeSource(Buffer.from(scene), 'res/mesh.tres').skip, undefined);
  // The same text under a name that is not a scene is still what the check is for.
  assert.ok(minifiedReason(scene, 'bundle.js'));
  const { chunks } = await chunksOf('world.tscn', scene);
  const names = [...new Set(chunks.map((c) => `${c.name} ${c.startLine}-${c.endLine}`))];
  assert.ok(names.includes('node World 8-9'), names.join('\n'));
  assert.ok(names.includes('node Mesh 11-12'));
  assert.ok(names.includes('ext_resource res://world.gd 3-3'));
  // The data line is in parts that keep its line number.
  const data = chunks.filter((c) => c.startLine === 6 && c.endLine === 6);
  assert.ok(data.length > 2);
});

test('godot project.godot: a section is split only between its keys, never inside a value', async () => {
  const events = (key: string) => `"events": [ Object(InputEventKey,"resource_local_to_scene":false,"resource_name":"","device":0,"alt":false,"shift":false,"control":false,"meta":false,"command":false,"pressed":false,"scancode":${key},"physical_scancode":0,"unicode":0,"echo":false,"script":null)`;
  const actions = ['move_left', 'move_right', 'move_up', 'move_down', 'jump', 'shoot'].flatMap((a, i) => [`${a}={`, '"deadzone": 0.5,', events(String(16777231 + i)), ' ]', '}']);
  const project = lines('config_version=4', '', '[input]', '', ...actions);
  const { chunks } = await chunksOf('project.godot', project);
  const input = chunks.filter((c) => c.name === 'input');
  assert.ok(input.length > 1, 'the section is over the limit: it is split');
  for (const c of input) {
    // Each part starts at a key (after the repeated section header) and ends with a closed value.
    const body = c.text.replace(/^\[input\]\n/, '').trimStart();
    assert.match(body, /^\w+=\{/, body.slice(0, 80));
    assert.match(c.text, /\}$/, c.text.slice(-80));
  }
});

test('gdscript: Godot 3 `tool` and Godot 4 `@tool` are chunks of their own', async () => {
  const { chunks } = await chunksOf('t.gd', lines('tool', 'extends Node', '', 'func f():', '\tpass'));
  assert.deepEqual(outline(chunks), ['declaration tool 1-1', 'declaration Node 2-2', 'function f 4-5']);
  const four = await chunksOf('t.gd', lines('@tool', 'extends Node'));
  assert.deepEqual(outline(four.chunks), ['declaration tool 1-1', 'declaration Node 2-2']);
});
