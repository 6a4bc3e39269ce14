// The Godot migration analysis in a real editor, against the packaged VSIX, in one code-server
// session: the sample's mascot game (a Godot 3 project and its Godot 4 port). Opening the Godot 3
// script shows squiggles and Problems entries with rule codes; a quick fix applies and its
// diagnostic goes away; "fix all safe" fixes the rest of the file (which then parses with the
// Godot 4 grammar); the port shows no Godot diagnostic; the debug view shows the cursor's fragment;
// the verdict command lists the projects and their fragments.
import { before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { parseGdscript } from '../../src/core/godot/gdscript-tree';
import { eventually, withEditor } from './harness/session';
import { productVsix, testExtensionVsix } from './harness/vsix';
import { problemsRow, runCommand, webviewFrame } from './harness/workbench';
import { goToLine, openFile, ours, probe } from './godot-editor';
import { sampleGame } from './sample';

let vsix: string[] = [];
before(() => {
  vsix = [productVsix(), testExtensionVsix()];
});


/** The code action menu of the cursor's place (Ctrl+.), and its item with `title`. */
async function quickFix(page: Page, title: string): Promise<void> {
  await page.locator('.monaco-editor.focused').waitFor();
  await page.keyboard.press('Control+.');
  await page.locator('.action-widget', { hasText: title }).waitFor();
}

test('godot: squiggles and problems with rule codes, a quick fix, fix all safe, none on the port, the debug view, the verdict', { timeout: 420_000 }, async () => {
  await withEditor('godot', { files: sampleGame(), vsix, trust: 'off', extra: { 'editor.lightbulb.enabled': 'on' } }, async (s) => {
    const { page, shots } = s;

    // --- the Godot 3 script: squiggles, and Problems entries with their codes and links ----------
    await openFile(s, 'game/godot3/main.gd');
    const editor = page.locator('.editor-group-container.active .monaco-editor');
    await editor.locator('.squiggly-error').first().waitFor({ timeout: 90_000 });
    s.step('squiggles in main.gd');
    const first = await eventually('main.gd diagnostics', async () => {
      const p = await probe(s);
      return ours(p, 'game/godot3/main.gd').length >= 5 ? p : undefined;
    });
    const main = ours(first, 'game/godot3/main.gd');
    assert.deepEqual([...new Set(main.map((d) => d.code))].sort(), ['api-rename', 'gd3-export', 'gd3-instance']);
    const exportD = main.find((d) => d.code === 'gd3-export')!;
    assert.deepEqual(exportD.range, [2, 0, 2, 6]);
    assert.equal(exportD.severity, 0, 'an error (vscode.DiagnosticSeverity.Error)');
    assert.match(exportD.message, /@export var mob_scene: PackedScene/);
    assert.match(exportD.href!, /^https:\/\/docs\.godotengine\.org\//);
    assert.ok(ours(first, 'game/godot3/hud.gd').length && ours(first, 'game/godot3/project.godot').length, 'the whole project is analyzed in the background');
    await goToLine(page, '3:3');
    await runCommand(page, 'Show or Focus Hover');
    await page.locator('.monaco-hover', { hasText: 'export became annotations' }).waitFor();
    await shots.take(page, 'squiggles-and-hover');
    await page.keyboard.press('Escape');

    await runCommand(page, 'View: Focus Problems (Errors, Warnings, Infos)');
    // The whole project is listed; the view is virtualized, so narrow it to this file (a glob).
    await page.getByPlaceholder(/^Filter \(e\.g\. text/).fill('**/godot3/main.gd');
    await problemsRow(page, /gd3-export/).first().waitFor();
    await problemsRow(page, /gd3-instance/).first().waitFor();
    await shots.take(page, 'problems-with-rule-codes');

    // --- one quick fix: the export line becomes an annotation, its diagnostic goes ----------------
    await goToLine(page, '3:3');
    await quickFix(page, 'Change to `@export var mob_scene: PackedScene` (Godot 4)');
    await shots.take(page, 'quick-fix-menu');
    await page.locator('.action-widget .monaco-list-row', { hasText: '@export var mob_scene: PackedScene' }).click();
    await eventually('the export fixed and its diagnostic gone', async () => {
      const p = await probe(s);
      const codes = ours(p, 'game/godot3/main.gd').map((d) => d.code);
      return p.editor?.text.includes('@export var mob_scene: PackedScene\n') && !codes.includes('gd3-export') && codes.includes('gd3-instance') ? p : undefined;
    });
    s.step('quick fix applied');
    await shots.take(page, 'quick-fix-applied');

    // --- fix all safe ones: what is left has no safe edit ------------------------------------------
    await goToLine(page, '30:25');
    await quickFix(page, 'Fix all safe Godot 4 changes in this file');
    await shots.take(page, 'fix-all-menu');
    await page.locator('.action-widget .monaco-list-row', { hasText: 'Fix all safe Godot 4 changes in this file' }).click();
    const all = await eventually('every safe fix applied', async () => {
      const p = await probe(s);
      const left = ours(p, 'game/godot3/main.gd');
      return p.editor?.text.includes('mob_scene.instantiate()') && left.length === 1 ? { p, left } : undefined;
    });
    // The one left is a rename the engine's own converter leaves alone: reported, never edited.
    assert.equal(all.left[0].code, 'api-rename');
    assert.match(all.left[0].message, /PathFollow2D\.offset was renamed progress/);
    assert.match(all.p.editor!.text, /randf_range\(-PI \/ 4, PI \/ 4\)/);
    await page.keyboard.press('Control+s');
    await eventually('main.gd saved', async () => (fs.readFileSync(path.join(s.workspace, 'game/godot3/main.gd'), 'utf8').includes('instantiate()') ? true : undefined));
    const tree = await parseGdscript(fs.readFileSync(path.join(s.workspace, 'game/godot3/main.gd'), 'utf8'));
    assert.equal(tree.rootNode.hasError, false, 'the fixed script parses with the Godot 4 grammar');
    tree.delete();
    s.step('fix all applied and saved; the file parses');
    await runCommand(page, 'View: Focus Problems (Errors, Warnings, Infos)');
    await shots.take(page, 'fix-all-applied');

    // --- typing Godot 3 code: its squiggle comes (timed), and goes with the undo ---------------------
    const saved = fs.readFileSync(path.join(s.workspace, 'game/godot3/main.gd'), 'utf8');
    await goToLine(page, '39:17');
    await page.locator('.monaco-editor.focused').waitFor();
    await page.keyboard.press('End');
    await page.keyboard.type('; mob.connect("hit", self, "game_over")', { delay: 20 });
    const typedAt = Date.now();
    await eventually('a squiggle for the typed connect', async () => (ours(await probe(s), 'game/godot3/main.gd').some((d) => d.code === 'gd3-connect-args' && d.range[0] === 38) ? true : undefined));
    s.step(`typed connect() flagged ${Date.now() - typedAt} ms after the last key (probe round trips included)`);
    await editor.locator('.squiggly-error').nth(1).waitFor();
    await shots.take(page, 'typed-godot3-code');
    await eventually('the typing undone and its squiggle gone', async () => {
      const p = await probe(s);
      if (p.editor?.text !== saved) {
        await page.locator('.editor-group-container.active .monaco-editor').click({ position: { x: 200, y: 10 } });
        await page.keyboard.press('Control+z');
        return undefined;
      }
      return !ours(p, 'game/godot3/main.gd').some((d) => d.code === 'gd3-connect-args') ? true : undefined;
    });

    // --- the Godot 4 port: no Godot diagnostic -----------------------------------------------------
    await openFile(s, 'game/godot4/main.gd');
    const port = await probe(s);
    assert.deepEqual(port.diagnostics.filter((d) => d.path.startsWith('game/godot4/')), [], 'nothing at all on the port');
    assert.equal(await page.locator('.editor-group-container.active .monaco-editor .squiggly-error, .editor-group-container.active .monaco-editor .squiggly-warning').count(), 0);
    await shots.take(page, 'godot4-port-clean');

    // --- the debug view: the fragment under the cursor ---------------------------------------------
    await openFile(s, 'game/godot3/hud.gd');
    await goToLine(page, '16:3');
    await runCommand(page, 'CodeRAG: Show Godot Migration Details');
    const view = webviewFrame(page);
    await view.locator('#where', { hasText: 'game/godot3/hud.gd:16' }).waitFor({ timeout: 30_000 });
    await view.locator('#fragment h2', { hasText: 'Fragment: function show_game_over' }).waitFor();
    assert.match((await view.locator('#fragment pre').textContent())!, /yield\(\$MessageTimer, "timeout"\)/);
    assert.ok((await view.locator('#hints li').count()) > 3);
    for (const table of ['api_mapping', 'label_prototypes', 'docs_chunks']) assert.ok((await view.locator(`#table-${table} li`).count()) > 0, `${table} candidates`);
    await view.locator('#judgment .evidence', { hasText: 'gd3-yield' }).first().waitFor();
    await view.locator('#judgment .fix.safe', { hasText: 'await $MessageTimer.timeout' }).first().waitFor();
    assert.match((await view.locator('#tracking').textContent())!, /Pathhud\.gd/);
    assert.ok(!(await view.locator('#fragment, #hints').allTextContents()).join(' ').includes('hud.gd'), 'the path is not among what was sent');
    s.step('debug view shows the cursor\'s fragment');
    await page.mouse.move(700, 800); // no tooltip over the view's heading
    await shots.take(page, 'debug-view');
    await view.locator('#candidates').scrollIntoViewIfNeeded();
    await shots.take(page, 'debug-view-candidates');
    await view.locator('#judgment').scrollIntoViewIfNeeded();
    await shots.take(page, 'debug-view-judgment');
    // It follows the cursor.
    await page.locator('.editor-group-container .monaco-editor', { hasText: 'show_game_over' }).first().click();
    await goToLine(page, '28:5');
    await view.locator('#fragment h2', { hasText: 'Fragment: function _ready' }).waitFor({ timeout: 30_000 });
    await view.locator('#judgment .evidence', { hasText: 'gd3-connect-args' }).first().waitFor();
    await page.mouse.move(700, 800); // no tooltip over the view's heading
    await shots.take(page, 'debug-view-follows-cursor');

    // --- the verdict -------------------------------------------------------------------------------
    await runCommand(page, 'CodeRAG: Analyze Godot Migration');
    const rows = page.locator('.quick-input-widget');
    await rows.locator('.quick-input-title', { hasText: 'game/godot3: Godot 3: needs migration · game/godot4: Godot 4' }).waitFor({ timeout: 60_000 });
    await rows.locator('.monaco-list-row', { hasText: /Godot 3: needs migration.*\d+ fragments need migration, \d+ Godot 4/ }).first().waitFor();
    await rows.locator('.monaco-list-row', { hasText: /\d+ findings, \d+ with a safe fix · \d+ files · judged from the code; project\.godot:/ }).first().waitFor();
    await rows.locator('.monaco-list-row', { hasText: 'Godot 3 evidence: yield' }).first().waitFor();
    await page.mouse.move(700, 800);
    await shots.take(page, 'verdict');
    // The list is long (every fragment): filtered to find the rows below the fold.
    const input = page.locator('.quick-input-widget .quick-input-box input');
    await input.fill('interrupted');
    await rows.locator('.monaco-list-row', { hasText: /Fragments: \d+ done, 0 interrupted, 0 pending/ }).first().waitFor();
    await input.fill('godot3/hud.gd 27');
    await rows.locator('.monaco-list-row', { hasText: /done · game\/godot3\/hud\.gd 27–30/ }).first().waitFor();
    assert.equal(await rows.locator('.monaco-list-row').count(), 1, 'the port\'s hud.gd is told apart');
    await shots.take(page, 'verdict-filtered');
    // Choosing a fragment opens its place.
    await page.keyboard.press('Enter');
    await page.locator('.tabs-container .tab.active[aria-label^="hud.gd"]').waitFor();
    await eventually('the cursor on line 27', async () => ((await page.locator('.statusbar-item', { hasText: /^Ln 27, Col 1/ }).count()) ? true : undefined));
  });
});
