import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { chunksOf, lines, outline } from './helpers';
import { cutLine } from '../src/core/chunk/split';

test('project.godot: one section per [section], preamble kept', async () => {
  const src = lines(
    '; Engine configuration file.', //      1
    'config_version=5', //                  2
    '', //                                  3
    '[application]', //                     4
    'config/name="Dodge the Creeps"', //    5
    'run/main_scene="res://main.tscn"', //  6
    '', //                                  7
    '[input]', //                           8
    'move_left={', //                       9
    '"deadzone": 0.5', //                  10
    '}', //                                11
  );
  const { chunks } = await chunksOf('project.godot', src);
  assert.deepEqual(outline(chunks), ['section (preamble) 1-2', 'section application 4-6', 'section input 8-11']);
  assert.equal(chunks[0].language, 'godot-project');
});

test('.tscn: one fragment per ext_resource, sub_resource and node block', async () => {
  const src = lines(
    '[gd_scene load_steps=3 format=3]', //                                           1
    '', //                                                                           2
    '[ext_resource type="Script" path="res://player.gd" id="1"]', //                 3
    '', //                                                                           4
    '[sub_resource type="CapsuleShape2D" id="2"]', //                                5
    'radius = 27.0', //                                                              6
    '', //                                                                           7
    '[node name="Player" type="Area2D"]', //                                         8
    'script = ExtResource("1")', //                                                  9
    '', //                                                                          10
    '[node name="CollisionShape2D" type="CollisionShape2D" parent="."]', //        11
    'shape = SubResource("2")', //                                                  12
    '', //                                                                          13
    '[connection signal="body_entered" from="." to="." method="_on_body_entered"]', // 14
  );
  const { chunks } = await chunksOf('player.tscn', src);
  assert.deepEqual(outline(chunks), [
    'section gd_scene 1-1',
    'section ext_resource res://player.gd 3-3',
    'section sub_resource CapsuleShape2D 2 5-6',
    'section node Player 8-9',
    'section node CollisionShape2D 11-12',
    'section connection body_entered .→. 14-14',
  ]);
});

test('JSON, YAML, TOML, INI: top-level sections', async () => {
  const json = lines('{', '  "name": "x",', '  "scripts": {', '    "test": "node --test"', '  },', '  "dependencies": {}', '}');
  assert.deepEqual(outline((await chunksOf('package.json', json)).chunks), ['section name 2-2', 'section scripts 3-5', 'section dependencies 6-7']);
  const yaml = lines('# CI', 'name: build', 'on:', '  push:', '    branches: [main]', 'jobs:', '  test:', '    runs-on: ubuntu');
  assert.deepEqual(outline((await chunksOf('ci.yml', yaml)).chunks), ['section (preamble) 1-1', 'section name 2-2', 'section on 3-5', 'section jobs 6-8']);
  const toml = lines('title = "x"', '', '[tool.poetry]', 'name = "a"', '', '[[bin]]', 'path = "b"');
  assert.deepEqual(outline((await chunksOf('pyproject.toml', toml)).chunks), ['section (top-level keys) 1-1', 'section tool.poetry 3-4', 'section bin 6-7']);
  const ini = lines('[core]', 'editor = vim', '[user]', 'name = me');
  assert.deepEqual(outline((await chunksOf('settings.ini', ini)).chunks), ['section core 1-2', 'section user 3-4']);
});

test('Markdown: heading sections marked as documentation, fences respected', async () => {
  const md = lines('Intro line', '# Title', 'text', '```sh', '# not a heading', '```', '## Usage', 'run it');
  const { chunks } = await chunksOf('README.md', md);
  assert.deepEqual(outline(chunks), ['documentation (preamble) 1-1', 'documentation Title 2-6', 'documentation Usage 7-8']);
  assert.ok(chunks.every((c) => c.isDocumentation));
});

test('anything else: line windows that cover the file', async () => {
  const src = Array.from({ length: 95 }, (_, i) => `line ${i + 1}`).join('\n');
  const { chunks } = await chunksOf('notes.txt', src);
  assert.deepEqual(outline(chunks), ['window lines 1-40 1-40', 'window lines 41-80 41-80', 'window lines 81-95 81-95']);
});

test('a line window is named after the range it covers, also when the file ends with a newline', async () => {
  const { chunks } = await chunksOf('notes.txt', lines('one', 'two', 'three'));
  assert.deepEqual(outline(chunks), ['window lines 1-3 1-3']);
  const padded = await chunksOf('notes.txt', lines('', 'one', 'two', '', ''));
  assert.deepEqual(outline(padded.chunks), ['window lines 2-3 2-3']);
});

test('an oversized section is split with its header repeated', async () => {
  const body = Array.from({ length: 80 }, (_, i) => `key_${i} = "a fairly long value number ${i}"`);
  const { chunks } = await chunksOf('big.ini', lines('[big]', ...body));
  assert.ok(chunks.length > 1);
  assert.equal(chunks[0].startLine, 1);
  assert.equal(chunks[chunks.length - 1].endLine, 81);
  for (let i = 1; i < chunks.length; i++) {
    assert.equal(chunks[i].startLine, chunks[i - 1].endLine + 1);
    assert.ok(chunks[i].text.startsWith('[big]'));
  }
});

test('an over-long line is cut by characters into parts of that line, each within the token limit', async () => {
  const items = Array.from({ length: 2000 }, (_, i) => `{"id":${i},"name":"item number ${i}","tags":["a","b"]}`);
  const json = `{"items":[${items.join(',')}]}`;
  const { chunks } = await chunksOf('data.json', json + '\n');
  assert.ok(chunks.length > 50, `${chunks.length} chunks`);
  const limit = Math.floor(512 * 1.8);
  for (const c of chunks) {
    assert.equal(`${c.startLine}-${c.endLine}`, '1-1');
    assert.ok(c.text.length <= limit, `a chunk of ${c.text.length} characters`);
  }
  assert.equal(chunks.map((c) => c.text).join(''), json, 'the parts join back to the line: nothing dropped');
  assert.equal(new Set(chunks.map((c) => c.id)).size, chunks.length);
  assert.equal(new Set(chunks.map((c) => c.groupId)).size, 1, 'ranked as one section');

  const svgLine = `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0L10 10Z"/>'.repeat(3000)}</svg>`;
  const html = await chunksOf('page.txt', lines('first line', svgLine, 'last line'));
  const middle = html.chunks.filter((c) => c.startLine === 2);
  assert.ok(middle.length > 50);
  assert.ok(middle.every((c) => c.endLine === 2 && c.text.length <= limit));
  assert.equal(middle.map((c) => c.text).join(''), svgLine);
  assert.deepEqual(html.chunks.filter((c) => c.startLine !== 2).map((c) => `${c.startLine}-${c.endLine}`), ['1-1', '3-3']);
});

test('cutLine: cuts after a separator near the limit, never inside a surrogate pair', () => {
  assert.deepEqual(cutLine('aaaa,bbbb,cccc', 10), ['aaaa,bbbb,', 'cccc']);
  const emoji = '😀'.repeat(20); // 40 UTF-16 units, no separator
  const pieces = cutLine(emoji, 9);
  assert.equal(pieces.join(''), emoji);
  assert.ok(pieces.every((p) => p.length <= 9 && !/^[\udc00-\udfff]|[\ud800-\udbff]$/.test(p)));
});
