// "CodeRAG: Go to Symbol in Workspace" in the real workbench on the sample bookshop: a misspelt
// name typed key by key finds the definition (marked fuzzy), and choosing it lands on its lines.
import { before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { withEditor } from './harness/session';
import { productVsix, testExtensionVsix } from './harness/vsix';
import { sampleWorkspace } from './sample';
import { runCommand, statusBarItem } from './harness/workbench';

let vsix: string[] = [];
before(() => {
  vsix = [productVsix(), testExtensionVsix()];
});


test('symbols: the Go to Symbol quick pick finds a misspelt definition and opens it at its lines', { timeout: 300_000 }, async () => {
  const files = sampleWorkspace();
  await withEditor('symbols', { files, vsix }, async (s) => {
    const { page, shots } = s;
    await statusBarItem(page, /CodeRAG: \d+ files/).waitFor({ timeout: 120_000 });
    s.step('indexed');

    const input = page.locator('.quick-input-widget .quick-input-box input');
    // The palette's input is the same element: type only once the pick's own title is up and its input empty.
    const openPick = async () => {
      await runCommand(page, 'CodeRAG: Go to Symbol in Workspace');
      await page.locator('.quick-input-widget .quick-input-title', { hasText: 'CodeRAG: Go to Symbol in Workspace' }).waitFor();
      await page.waitForFunction(`document.querySelector('.quick-input-widget .quick-input-box input')?.value === ''`);
    };
    await openPick();
    // Key by key, as a user types: each keystroke asks the server again.
    await page.keyboard.type('aply_discont', { delay: 80 });
    assert.equal(await input.inputValue(), 'aply_discont');
    const rows = page.locator('.quick-input-widget .monaco-list-row');
    const hit = rows.filter({ hasText: 'apply_discount' }).filter({ hasText: 'fuzzy match' }).filter({ hasText: 'server/bookshop/pricing.py:24' });
    await hit.first().waitFor({ timeout: 30_000 });
    // The best match is the first row: Enter chooses it.
    await rows.first().filter({ hasText: 'apply_discount' }).waitFor({ timeout: 10_000 });
    await page.locator('.quick-input-widget .monaco-list-row .codicon-symbol-function').first().waitFor();
    s.step('quick pick shows apply_discount for "aply_discont"');
    await shots.take(page, 'misspelt-symbol-found');

    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    await page.locator('.tabs-container .tab.active', { hasText: 'pricing.py' }).waitFor({ timeout: 30_000 });
    // The name selected (`def apply_discount` on line 24, columns 5–18: the cursor after it) and the definition in view.
    await statusBarItem(page, /Ln 24, Col 19 \(14 selected\)/).waitFor({ timeout: 30_000 });
    const editor = page.locator('.editor-instance .monaco-editor').first();
    await editor.locator('.view-line', { hasText: 'def apply_discount(subtotal_cents' }).waitFor();
    await editor.locator('.view-line', { hasText: 'return max(0, round_cents(discounted))' }).waitFor();
    s.step('editor on pricing.py:24');
    await shots.take(page, 'definition-opened');

    // A camelCase name typed by its word beginnings, in the TypeScript storefront.
    await openPick();
    await page.keyboard.type('applDiscCode', { delay: 80 });
    await rows.filter({ hasText: 'applyDiscountCode' }).filter({ hasText: 'web/src/cart.ts:36' }).first().waitFor({ timeout: 30_000 });
    await shots.take(page, 'words-match');
    await page.keyboard.press('Escape');
  });
});
