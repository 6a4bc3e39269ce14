// The Godot migration as `@coderag /migrate` and the coderag_godotMigration tool render it: the
// verdict and counts, findings grouped by file in line order with 1-based ranges, the path filter.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { GodotFindingView, GodotProjectReport } from '../src/lsp/protocol';
import { byFile, findingText, migrationToolText, NO_PROJECT, rangeText, selectFindings, verdictLine } from '../src/vscode/chat/migrate-text';

const finding = (over: Partial<GodotFindingView>): GodotFindingView => ({
  path: 'game/godot3/main.gd', line: 1, column: 1, endLine: 1, endColumn: 5, rule: 'gd3-tool', severity: 'warning', message: '`tool` is an annotation in Godot 4', ...over,
});

const project = (over: Partial<GodotProjectReport> = {}): GodotProjectReport => ({
  folder: '/ws', dir: 'game/godot3', hasProjectFile: true, running: false, files: 4, findings: 3, fixable: 1, fragments: [],
  verdict: { verdict: 'godot3', counts: { godot3: 5, godot4: 0, neutral: 7 }, reason: 'Godot 3 code', strongest: [] },
  findingList: [
    finding({ path: 'game/godot3/player.gd', line: 9, column: 3, endLine: 9, endColumn: 20, rule: 'gd3-move-and-slide', message: 'move_and_slide takes no arguments', godot4: 'velocity = v; move_and_slide()' }),
    finding({ line: 12, column: 1, endLine: 12, endColumn: 7, rule: 'gd3-onready', message: 'onready', godot4: '@onready', replacement: { line: 12, column: 1, endLine: 12, endColumn: 8, text: '@onready' }, link: 'https://docs.godotengine.org/x' }),
    finding({ line: 2, column: 1, endLine: 2, endColumn: 5 }),
  ],
  ...over,
});

test('verdict line: the label with the fragment counts, or why there is none', () => {
  assert.equal(verdictLine(project()), 'Godot 3: needs migration (fragments: 5 Godot 3, 0 Godot 4, 7 neutral)');
  assert.equal(verdictLine(project({ verdict: undefined, running: true })), 'still being analyzed');
  assert.equal(verdictLine(project({ verdict: undefined })), 'not analyzed yet');
});

test('findings: grouped by file in path order, each file in line order; the filter matches part of the path', () => {
  const groups = byFile(selectFindings(project()));
  assert.deepEqual(groups.map(([p, l]) => [p, l.map((f) => f.line)]), [['game/godot3/main.gd', [2, 12]], ['game/godot3/player.gd', [9]]]);
  assert.deepEqual(selectFindings(project(), ' PLAYER.gd ').map((f) => f.line), [9]);
  assert.deepEqual(selectFindings(project({ findingList: undefined })), []);
  assert.equal(findingText(finding({ message: 'yield became await: await x', godot4: 'await x' })), '[gd3-tool] yield became await: await x', 'the Godot 4 form is not said twice');
  assert.equal(rangeText(finding({ line: 12, column: 1, endLine: 12, endColumn: 7 })), '12:1-12:7');
  assert.equal(findingText(project().findingList![1]), '[gd3-onready] onready → Godot 4: @onready (safe fix: `@onready`)');
});

test('tool text: verdict, counts, findings with paths and ranges, how to fix; no project said plainly', () => {
  const t = migrationToolText([project()]);
  assert.match(t, /^Godot project game\/godot3 \(folder: \/ws\): Godot 3: needs migration \(fragments: 5 Godot 3, 0 Godot 4, 7 neutral\); 3 findings in 2 of its 4 files, 1 with a safe fix\./);
  assert.match(t, /\ngame\/godot3\/main\.gd:\n- 2:1-2:5 warning \[gd3-tool\] .*\n- 12:1-12:7 warning \[gd3-onready\] onready → Godot 4: @onready \(safe fix: `@onready`\) \(docs: https:\/\/docs\.godotengine\.org\/x\)\ngame\/godot3\/player\.gd:\n- 9:3-9:20 warning \[gd3-move-and-slide\]/);
  assert.match(t, /Fix all safe Godot 4 changes in this file/);
  assert.match(migrationToolText([project()], 'hud.gd'), /No finding in a path containing "hud\.gd"\./);
  assert.match(migrationToolText([project({ findingList: [], findings: 0, verdict: { verdict: 'godot4', counts: { godot3: 0, godot4: 3, neutral: 1 }, reason: '', strongest: [] } })]), /Godot 4 \(fragments: 0 Godot 3, 3 Godot 4, 1 neutral\); No finding among its 4 files\.\nNo finding: nothing to change for Godot 4\./);
  assert.equal(migrationToolText([]), NO_PROJECT);
});
