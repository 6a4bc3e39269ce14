// The repo-map tree's nodes from a coderag/map response (pure: no editor).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { FolderMap, MapResponse } from '../src/lsp/protocol';
import { edgeChildren, edgeWords, fileChildren, fileDescription, hasChildren, kindIcon, mapText, rankText, rootNodes } from '../src/vscode/repomap/nodes';

const folder: FolderMap = {
  folder: '/ws', state: 'ready', text: 'game/main.tscn:\n…', tokens: 40, budget: 1024,
  files: [
    { file: '/ws/game/main.tscn', path: 'game/main.tscn', rank: 0.31, definitions: [] },
    { file: '/ws/game/main.gd', path: 'game/main.gd', rank: 0.2, definitions: [{ name: 'new_game', kind: 'function', signature: 'func new_game():', startLine: 3, endLine: 4 }] },
    { file: '/ws/README.md', path: 'README.md', rank: 0.004, definitions: [] },
  ],
  edges: [{ from: 'game/main.tscn', to: 'game/main.gd', kinds: ['file.script', 'handler'] }, { from: 'game/main.tscn', to: 'game/hud.tscn', kinds: ['file.scene'] }],
};
const map: MapResponse = { folders: [folder], personalized: false, tookMs: 3 };

test('repo-map nodes: files ranked with place, share and folder; one folder has no folder node', () => {
  const roots = rootNodes(map);
  assert.deepEqual(roots.map((n) => n.type === 'file' && n.entry.path), ['game/main.tscn', 'game/main.gd', 'README.md']);
  assert.equal(fileDescription(folder.files[0], 1), '#1 · 31% · game');
  assert.equal(fileDescription(folder.files[2], 3), '#3 · 0.40%');
  assert.equal(rankText(0.05), '5.0%');
  assert.equal(rootNodes({ ...map, folders: [folder, { ...folder, folder: '/ws2' }] })[0].type, 'folder');
  assert.deepEqual(rootNodes({ ...map, folders: [{ ...folder, files: [], message: 'the folder is still being indexed' }] }).map((n) => n.type === 'message' && n.text), ['the folder is still being indexed']);
});

test('repo-map nodes: a Godot scene expands to the script it attaches (which expands to its functions) and the scene it instances', () => {
  const scene = rootNodes(map)[0];
  assert.ok(scene.type === 'file' && hasChildren(scene));
  const kids = fileChildren(folder, folder.files[0], scene.id);
  assert.deepEqual(kids.map((k) => k.type === 'edge' && `${k.edge.to} ${edgeWords(k.edge.kinds)}`), ['game/main.gd attaches script, handles its signals', 'game/hud.tscn instances scene']);
  const script = kids[0];
  assert.ok(script.type === 'edge');
  assert.deepEqual(edgeChildren(script).map((k) => k.type === 'definition' && k.def.name), ['new_game']);
  assert.equal(hasChildren(kids[1]), false, 'hud.tscn is not ranked: nothing under it');
  assert.equal(kindIcon('function'), 'symbol-function');
  assert.equal(kindIcon('signal'), 'symbol-event');
  assert.equal(kindIcon('something-new'), 'symbol-misc');
  assert.equal(mapText(map), folder.text);
});
