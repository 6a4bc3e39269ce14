// The Godot model check in a real editor, against the packaged VSIX: the test helper's fake model
// (vendor coderag-test, registered with vscode.lm) re-validates the sample game's Godot 3 findings
// through the language server's coderag/lm/chat request. Off by default: the deterministic
// judgment alone, and the details view says so. On: the findings the model dropped leave the
// Problems view, its explanation joins the others' messages and the details view shows who judged,
// the explanation and the dropped evidence; the model saw the fragment, hints, candidates and
// evidence and never a path, and no fragment twice. A model that refuses leaves the deterministic
// judgment, with the reason in the details view.
import { before, test } from 'node:test';
import type { Locator } from 'playwright-core';
import * as assert from 'node:assert/strict';
import { modelRequests, setModel, updateSetting } from './ask-view';
import { eventually, type Session, withEditor } from './harness/session';
import { productVsix, testExtensionVsix } from './harness/vsix';
import { runCommand, webviewFrame } from './harness/workbench';
import { goToLine, openFile, ours, probe } from './godot-editor';
import { sampleGame } from './sample';

let vsix: string[] = [];
before(() => {
  vsix = [productVsix(), testExtensionVsix()];
});

const GODOT_SYSTEM = 'You check a Godot 3 → 4 migration analysis';
const HUD = 'game/godot3/hud.gd';

const checked = (items: { message: string }[]) => items.filter((d) => d.message.includes('Checked by CodeRAG Test Model: FAKE-LM checked'));

/**
 * Scrolls the details view to a part before a screenshot. The view re-renders as diagnostics
 * change, and a scroll that meets the element being replaced fails (seen once): try the new one.
 */
async function scrollTo(part: Locator): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await part.scrollIntoViewIfNeeded({ timeout: 5_000 });
    } catch (err) {
      if (attempt === 2) throw err;
    }
  }
}

/** The Godot prompts the fake model received, in order. */
const godotPrompts = (s: Session) => modelRequests(s).filter((r) => r.messages[0]?.startsWith(GODOT_SYSTEM));

/** The request count once it stopped moving for two seconds. */
async function settled(s: Session): Promise<number> {
  let last = godotPrompts(s).length;
  for (;;) {
    await new Promise((r) => setTimeout(r, 2000));
    const now = godotPrompts(s).length;
    if (now === last) return now;
    last = now;
  }
}

test('godot-lm: off by default; on, a vscode.lm model re-validates the findings, explains and drops; never a path; a refusing model leaves the deterministic judgment', { timeout: 420_000 }, async () => {
  await withEditor('godot-lm', { files: sampleGame(), vsix, trust: 'off' }, async (s) => {
    const { page, shots } = s;
    const view = webviewFrame(page);

    // --- off by default: the deterministic findings, and the details view says so --------------------
    await openFile(s, HUD);
    const first = await eventually('hud.gd deterministic diagnostics', async () => {
      const items = ours(await probe(s), HUD);
      return items.some((d) => d.code === 'gd3-connect-args') && items.some((d) => d.code === 'gd3-yield') ? items : undefined;
    }, 90_000);
    assert.equal(checked(first).length, 0);
    s.step('deterministic diagnostics in hud.gd');
    await goToLine(page, '28:5');
    await runCommand(page, 'CodeRAG: Show Godot Migration Details');
    await view.locator('#fragment h2', { hasText: 'Fragment: function _ready' }).waitFor({ timeout: 30_000 });
    await view.locator('#judgment .judged-by', { hasText: 'Judged by: deterministic — the model check is off (setting coderag.godot.languageModel)' }).waitFor();
    await view.locator('#chips .chip', { hasText: 'judged by: deterministic' }).waitFor();
    assert.equal(godotPrompts(s).length, 0, 'nothing is sent while the setting is off');
    await scrollTo(view.locator('#judgment'));
    await page.mouse.move(700, 800);
    await shots.take(page, 'details-deterministic-off');

    // --- on: the model re-validates every fragment with findings ---------------------------------------
    await setModel(s, { available: true, delayMs: 20, godotDrop: ['gd3-connect-args'] });
    const onAt = Date.now();
    await updateSetting(s, 'coderag.godot.languageModel', true);
    const refined = await eventually('hud.gd refined by the model', async () => {
      const items = ours(await probe(s), HUD);
      return checked(items).length && !items.some((d) => d.code === 'gd3-connect-args') ? items : undefined;
    }, 120_000);
    s.step(`hud.gd refined ${Date.now() - onAt} ms after the setting went on`);
    assert.ok(refined.some((d) => d.code === 'gd3-yield'), 'what the model kept stays');
    assert.match(checked(refined)[0].message, /\n\nChecked by CodeRAG Test Model: FAKE-LM checked \d+ evidence items? and kept \d+/);

    // The details view follows the new diagnostics: who judged, the explanation, what was dropped.
    await view.locator('#judgment .judged-by', { hasText: 'Judged by: model (CodeRAG Test Model)' }).waitFor({ timeout: 30_000 });
    await view.locator('#judgment .explanation', { hasText: 'FAKE-LM checked 4 evidence items and kept 2; dropped gd3-connect-args.' }).waitFor();
    assert.equal(await view.locator('#judgment .evidence-list.dropped .evidence', { hasText: 'gd3-connect-args' }).count(), 2);
    assert.equal(await view.locator('#judgment .evidence-list:not(.dropped) .evidence', { hasText: 'gd3-connect-args' }).count(), 0);
    await view.locator('#chips .chip', { hasText: 'judged by: model' }).waitFor();
    s.step('details view shows the model\'s judgment');
    await scrollTo(view.locator('#fragment h2'));
    await page.mouse.move(700, 800);
    await shots.take(page, 'details-model-header');
    await scrollTo(view.locator('#judgment'));
    await shots.take(page, 'details-model-judgment');

    // The hover of a finding the model kept carries its explanation.
    await page.locator('.editor-group-container .monaco-editor', { hasText: 'show_game_over' }).first().click();
    await goToLine(page, '16:3');
    await runCommand(page, 'Show or Focus Hover');
    await page.locator('.monaco-hover', { hasText: 'Checked by CodeRAG Test Model' }).waitFor();
    await shots.take(page, 'hover-with-explanation');
    await page.keyboard.press('Escape');

    // What the model saw: the fragment, hints, candidates and evidence; never a path; each fragment once.
    const asked = await settled(s);
    const prompts = godotPrompts(s);
    assert.ok(asked >= 8, `${asked} fragments asked`);
    // Open files first: what the user looks at is refined first.
    assert.match(prompts[0].messages[1], /Fragment \(function show_message, /);
    const texts = prompts.map((r) => /Fragment \(.*?, lines \d+-\d+\):\n([\s\S]*?)\n\nHints:/.exec(r.messages[1])?.[1]);
    assert.ok(texts.every(Boolean));
    assert.equal(new Set(texts).size, texts.length, 'no fragment sent twice');
    for (const r of prompts) {
      assert.equal(r.messages.length, 2, 'the instructions, then the request');
      assert.match(r.messages[1], /\n\nHints: .+\n\nCandidates:\n- (api_mapping|label_prototypes|docs_chunks): [\s\S]+\n\nEvidence:\n0\. \[godot3, /);
      // A scene's own `res://` references are its text; the file's path is never sent.
      const all = r.messages.join('\n').replace(/res:\/\/[^\s"']*/g, '');
      assert.ok(!/\.gd\b|\.tscn|project\.godot|game\/|godot3\/|godot4\//.test(all) && !all.includes(s.workspace), `a path was sent: ${r.messages[1].slice(0, 400)}`);
    }
    // Only fragments with findings: every text sent is the Godot 3 project's (the port has none).
    const godot3 = Object.entries(sampleGame()).filter(([p]) => p.startsWith('game/godot3/')).map(([, t]) => t);
    for (const t of texts) assert.ok(godot3.some((file) => file.includes(t!)), `not a Godot 3 fragment: ${t!.slice(0, 200)}`);
    s.step(`${asked} fragments re-validated, no path sent`);

    // --- a model that refuses: the deterministic judgment stands, with the reason ---------------------
    await setModel(s, { available: true, fail: 'Blocked' });
    await page.locator('.editor-group-container .monaco-editor', { hasText: 'show_game_over' }).first().click();
    await goToLine(page, '27:15');
    await page.keyboard.press('End');
    // One edit (typed keys could each be judged on a loaded machine, each a new fragment text).
    await page.keyboard.insertText(' # edited');
    await eventually('the connects back, judged deterministically', async () => {
      const items = ours(await probe(s), HUD);
      return items.some((d) => d.code === 'gd3-connect-args') ? true : undefined;
    });
    await eventually('the edited fragment sent', () => (godotPrompts(s).some((r) => r.messages[1].includes('func _ready(): # edited')) ? true : undefined));
    await settled(s);
    const since = godotPrompts(s).slice(asked);
    assert.ok(since.every((r) => r.messages[1].includes('Fragment (function _ready, ')), 'only the edited fragment was sent');
    // The details view re-asks as the cursor moves: until the failure is recorded.
    await eventually('the failure in the details view', async () => {
      await goToLine(page, (await view.locator('#where').textContent())?.endsWith(':29') ? '30:3' : '29:3');
      return (await view.locator('#judgment .judged-by.failed').count()) ? true : undefined;
    });
    await view.locator('#judgment .judged-by.failed', { hasText: /Judged by: deterministic — the model check failed: CodeRAG Test Model cannot be used \(Blocked/ }).waitFor();
    assert.ok((await view.locator('#judgment .evidence', { hasText: 'gd3-connect-args' }).count()) >= 2);
    await scrollTo(view.locator('#judgment'));
    await page.mouse.move(700, 800);
    await shots.take(page, 'details-model-failed');
    s.step('a refusing model leaves the deterministic judgment, with the reason');
  });
});
