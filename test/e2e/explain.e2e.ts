// "CodeRAG: Explain This Symbol" in the real workbench, on the sample bookshop: from the editor's
// context menu with the test model (a streamed explanation whose citations open the evidence, then
// the same symbol asked of `@coderag /explain` in chat), and from the palette with the model setting off (the structured summary).
import { before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { REPO } from './harness/paths';
import { withEditor, writeExchange } from './harness/session';
import { productVsix, testExtensionVsix } from './harness/vsix';
import { pickContextMenuItem, runCommand, statusBarItem, webviewFrame } from './harness/workbench';
import { openFile } from './quick-open';
import { SAMPLE_FILES, sampleWorkspace } from './sample';

let vsix: string[] = [];
before(() => {
  vsix = [productVsix(), testExtensionVsix()];
});

const pricing = fs.readFileSync(path.join(REPO, 'sample', 'server', 'bookshop', 'pricing.py'), 'utf8').split('\n');
const lineOf = (text: string) => pricing.findIndex((l) => l.includes(text)) + 1;

/** Puts the cursor on `vat_cents` where order_total calls it (Quick Open's :line:column). */
async function cursorOnVatCall(page: Page): Promise<void> {
  await openFile(page, 'server/bookshop/pricing.py');
  const line = lineOf('gross += net + vat_cents(');
  const column = pricing[line - 1].indexOf('vat_cents') + 3;
  await page.keyboard.press('Control+P');
  await page.locator('.quick-input-widget .quick-input-box input').fill(`:${line}:${column}`);
  // Enter before Quick Open has read the text goes nowhere (seen on a loaded machine).
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: `go to line ${line} at column ${column}` }).waitFor();
  await page.keyboard.press('Enter');
  await statusBarItem(page, `Ln ${line}, Col ${column}`).waitFor();
}

test('explain: from the context menu, the test model streams an explanation whose citations open the evidence', { timeout: 360_000 }, async () => {
  await withEditor('explain-model', { files: sampleWorkspace(), vsix, trust: 'off' }, async (s) => {
    const { page, shots } = s;
    await statusBarItem(page, `CodeRAG: ${SAMPLE_FILES} files`).waitFor({ timeout: 120_000 });
    await cursorOnVatCall(page);
    // The editor's context menu, opened from the keyboard so the cursor stays on the symbol.
    await page.locator('.monaco-editor .view-lines').first().focus();
    await page.keyboard.press('Shift+F10');
    await page.locator('.monaco-menu .action-item', { hasText: /^Explain This Symbol$/ }).waitFor();
    await shots.take(page, 'context-menu');
    await pickContextMenuItem(page, /^Explain This Symbol$/);
    s.step('Explain This Symbol from the context menu');

    const view = webviewFrame(page);
    await view.locator('#title', { hasText: 'Explain: vat_cents' }).waitFor({ timeout: 60_000 });
    await view.locator('body[data-answer="done"]').waitFor({ timeout: 60_000 });
    const answer = (await view.locator('#answer-body').textContent()) ?? '';
    s.step(`answer: ${answer}`);
    assert.match(answer, /FAKE-LM reply to 1 message/);
    assert.match(answer, /Explain the symbol vat_cents/);
    assert.match((await view.locator('#answer-title').textContent()) ?? '', /CodeRAG Test Model/);
    const cites = view.locator('#answer-body a.cite');
    assert.ok((await cites.count()) >= 3, `citations: ${await cites.count()}`);
    // The evidence below: the definition's code, its caller, related code.
    await view.locator('#section-definition pre', { hasText: 'def vat_cents(net_cents: int, category: str) -> int:' }).waitFor();
    await view.locator('#section-callers a', { hasText: 'order_total' }).first().waitFor();
    await view.locator('#section-related .item').first().waitFor();
    await shots.take(page, 'streamed-explanation');

    // [2] is order_total, the caller: a click opens its line.
    await cites.filter({ hasText: '[2]' }).first().click();
    const callerLine = lineOf('def order_total');
    await statusBarItem(page, new RegExp(`Ln ${callerLine}, Col \\d+ \\(\\d+ selected\\)`)).waitFor();
    s.step(`citation [2] revealed pricing.py:${callerLine}`);
    await shots.take(page, 'citation-revealed');

    // The same symbol from the context menu into chat: `@coderag /explain vat_cents` answered there.
    // The chat uses the model its user picked: the test model, picked by opening chat with it once.
    writeExchange(s.run, 'chat.json', { query: '@coderag /search vat' });
    await runCommand(page, 'CodeRAG Test: Open Chat');
    await page.locator('.interactive-item-container.interactive-response', { hasText: 'results for "vat"' }).waitFor({ timeout: 60_000 });
    await runCommand(page, 'View: Close All Editor Groups');
    await cursorOnVatCall(page);
    await page.locator('.monaco-editor .view-lines').first().focus();
    await page.keyboard.press('Shift+F10');
    await pickContextMenuItem(page, 'Explain This Symbol in Chat');
    const response = page.locator('.interactive-item-container.interactive-response', { hasText: 'Defined (function) in' }).last();
    await response.waitFor({ timeout: 60_000 });
    await page.locator('.interactive-item-container.interactive-response.chat-response-loading').waitFor({ state: 'detached', timeout: 60_000 });
    const chatText = (await response.textContent()) ?? '';
    assert.match(chatText, /vat_cents/);
    assert.match(chatText, /Called by \(\d+\): `?order_total/);
    await page.locator('.interactive-item-container.interactive-request', { hasText: '/explain vat_cents' }).last().waitFor();
    s.step('Explain This Symbol in Chat: @coderag /explain vat_cents answered in the chat view');
    await shots.take(page, 'explained-in-chat');
  });
});

test('explain: with the model setting off, the palette command shows the structured summary with links', { timeout: 360_000 }, async () => {
  await withEditor('explain-summary', { files: sampleWorkspace(), vsix, trust: 'off', extra: { 'coderag.languageModel.enabled': false } }, async (s) => {
    const { page, shots } = s;
    await statusBarItem(page, `CodeRAG: ${SAMPLE_FILES} files`).waitFor({ timeout: 120_000 });
    await cursorOnVatCall(page);
    await runCommand(page, 'CodeRAG: Explain This Symbol');
    const view = webviewFrame(page);
    await view.locator('body[data-answer="summary"]').waitFor({ timeout: 60_000 });
    assert.equal(await view.locator('#answer').isHidden(), true, 'no model answer');
    const summary = (await view.locator('#summary').textContent()) ?? '';
    s.step(`summary: ${summary.slice(0, 300)}`);
    assert.match(summary, /coderag\.languageModel\.enabled/);
    assert.match(summary, /def vat_cents\(net_cents: int, category: str\) -> int:/);
    assert.match(summary, /The VAT owed on a net amount/);
    assert.match(summary, /Referenced \d+ times? in \d+ files?, from order_total/);
    await shots.take(page, 'summary');
    await view.locator('#summary a', { hasText: 'function vat_cents' }).click();
    await statusBarItem(page, /Ln 21, Col \d+ \(\d+ selected\)/).waitFor();
    s.step('summary link revealed the definition (lines 16-21)');
    await shots.take(page, 'summary-link-revealed');
  });
});
