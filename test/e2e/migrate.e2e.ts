// The Godot 3 → 4 migration in chat and for agents, in the real workbench against the packaged
// VSIX, on the sample's game (a Godot 3 project and its Godot 4 port): `@coderag /migrate` shows
// each project's verdict and the findings as anchors into main.gd's exact ranges, and the
// coderag_godotMigration tool, called through vscode.lm.invokeTool, lists the same findings.
import { before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { commandOutput, type Session, withEditor, writeExchange } from './harness/session';
import { productVsix, testExtensionVsix } from './harness/vsix';
import { sampleGame } from './sample';
import { runCommand } from './harness/workbench';

let vsix: string[] = [];
before(() => {
  vsix = [productVsix(), testExtensionVsix()];
});

const LONG = 240_000;


async function ask(s: Session, query: string, text: string | RegExp): Promise<Locator> {
  writeExchange(s.run, 'chat.json', { query });
  await runCommand(s.page, 'CodeRAG Test: Open Chat');
  const response = s.page.locator('.interactive-item-container.interactive-response').last();
  await response.filter({ hasText: text }).waitFor({ timeout: LONG });
  await s.page.locator('.interactive-item-container.interactive-response.chat-response-loading').waitFor({ state: 'detached', timeout: LONG });
  return response;
}

const anchors = (response: Locator) => response.locator('.chat-inline-anchor-widget').evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()));

type ToolResult = { name: string; text?: string[]; error?: string };

test('@coderag /migrate and coderag_godotMigration: the verdict and the findings, anchored to main.gd', { timeout: 600_000 }, async () => {
  await withEditor('migrate', { files: sampleGame(), vsix }, async (s) => {
    const { page } = s;
    const reply = await ask(s, '@coderag /migrate', /Verdict:/);
    await runCommand(page, 'View: Maximize Secondary Side Bar');
    const text = (await reply.textContent()) ?? '';
    s.step(`/migrate: ${text.slice(0, 300).replace(/\n/g, '⏎')}`);
    assert.match(text, /Godot project .*godot3.*Verdict: Godot 3: needs migration \(fragments: \d+ Godot 3/s);
    assert.match(text, /Godot project .*godot4.*Verdict: Godot 4/s);
    assert.match(text, /main\.gd — \d+ findings?/);
    assert.match(text, /(was renamed|became) .* in Godot 4/, 'the Godot 4 form, in the message or after it');
    assert.match(text, /Fix all safe Godot 4 changes in this file/);
    const labels = await anchors(reply);
    s.step(`/migrate anchors (${labels.length}): ${labels.slice(0, 10).join(' | ')}`);
    assert.ok(labels.some((a) => /main\.gd:\d+/.test(a)), `an anchor to a range of main.gd: ${labels.join(' | ')}`);
    const box = await reply.boundingBox();
    if (box) await page.mouse.move(box.x + box.width / 2, 400);
    for (let i = 0; i < 60; i++) {
      const top = (await reply.boundingBox())?.y ?? 0;
      if (top >= 100) break;
      await page.mouse.wheel(0, Math.max(top - 100, -400));
      await page.waitForTimeout(150);
    }
    await s.shots.take(page, 'migrate');
    for (let i = 0; i < 80; i++) await page.mouse.wheel(0, 600);
    await page.waitForTimeout(500);
    await s.shots.take(page, 'migrate-end');

    const filtered = await ask(s, '@coderag /migrate player.gd', /in paths containing/);
    const filteredLabels = await anchors(filtered);
    s.step(`/migrate player.gd anchors: ${filteredLabels.slice(0, 6).join(' | ')}`);
    assert.ok(filteredLabels.length && filteredLabels.every((a) => a.includes('player.gd')), `only player.gd: ${filteredLabels.join(' | ')}`);

    writeExchange(s.run, 'tool.json', { name: 'coderag_godotMigration', input: { path: 'main.gd' } });
    const r = await commandOutput<ToolResult>(s, 'CodeRAG Test: Invoke Tool', 'tool-result.json', LONG);
    const tool = r.text?.join('') ?? r.error ?? '';
    s.step(`coderag_godotMigration → ${tool.slice(0, 400).replace(/\n/g, '⏎')}`);
    assert.match(tool, /^Godot project game\/godot3 \(folder: \/\S+\): Godot 3: needs migration/);
    assert.match(tool, /\ngame\/godot3\/main\.gd:\n- \d+:\d+-\d+:\d+ (error|warning|information) \[[\w-]+\] /);
    assert.match(tool, /\n- \d+:\d+-\d+:\d+ \w+ \[[\w-]+\] .*Godot 4/, 'a finding with its Godot 4 form');
    assert.doesNotMatch(tool, /player\.gd:\n/, 'the path filter keeps main.gd only');
  });
});
