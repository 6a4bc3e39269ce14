// The Repo Map view in the real workbench, on the sample bookshop: files ranked by PageRank, re-ranked
// around the active editor, the plain/personalized toggle, a definition's click revealing its
// lines, Copy Repo Map.
import { before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { eventually, withEditor } from './harness/session';
import { productVsix, testExtensionVsix } from './harness/vsix';
import { openContainer, runCommand, statusBarItem, waitForNotification } from './harness/workbench';
import { openFile } from './quick-open';
import { SAMPLE_FILES, sampleWorkspace } from './sample';

let vsix: string[] = [];
before(() => {
  vsix = [productVsix(), testExtensionVsix()];
});

const PANE = 'Repo Map';
const pane = (page: Page) => page.locator('.pane', { has: page.locator('.pane-header', { hasText: PANE }) });

/** The file rows (top level) of the tree, in order: "name #place · share · folder". */
async function topRows(page: Page): Promise<string[]> {
  return pane(page).locator('.monaco-list-row[aria-level="1"]').evaluateAll((rows) => rows.map((r) => (r.textContent ?? '').trim()));
}
const names = (rows: string[]) => rows.map((r) => r.split('#')[0].trim());

test('repo map: ranked files, re-ranked around the active editor, the toggle, a definition click reveals its lines', { timeout: 420_000 }, async () => {
  await withEditor('repomap', { files: sampleWorkspace(), vsix, trust: 'off' }, async (s) => {
    const { page, shots } = s;
    await statusBarItem(page, `CodeRAG: ${SAMPLE_FILES} files`).waitFor({ timeout: 120_000 });
    s.step('indexed');
    await openContainer(page, 'CodeRAG');
    await pane(page).waitFor();
    const header = pane(page).locator('.pane-header');
    if ((await header.getAttribute('aria-expanded')) === 'false') await header.click();

    // No editor open: the ranking is the plain one, best first.
    await pane(page).locator('.monaco-list-row[aria-level="1"]').first().waitFor({ timeout: 60_000 });
    const plain = await topRows(page);
    s.step(`plain: ${plain.slice(0, 5).join(' | ')}`);
    assert.ok(plain.length >= 8, `rows: ${plain.join(' | ')}`);
    assert.match(plain[0], /#1 · [\d.]+%/);
    await shots.take(page, 'ranked-files');

    // The active editor personalizes the ranking (after the debounce, without emptying the tree).
    await openFile(page, 'web/src/money.ts');
    await header.locator('.description', { hasText: 'around money.ts' }).waitFor({ timeout: 30_000 });
    const aroundMoney = await eventually('a ranking around money.ts', async () => {
      const rows = await topRows(page);
      return rows.length && names(rows).join() !== names(plain).join() ? rows : undefined;
    });
    s.step(`around money.ts: ${aroundMoney.slice(0, 5).join(' | ')}`);
    assert.ok(names(aroundMoney).indexOf('money.ts') < names(plain).indexOf('money.ts'), 'money.ts rises when it is the active editor');
    await shots.take(page, 'ranked-around-money-ts');

    // Another editor becomes active: ranked again, around it.
    await openFile(page, 'worker/ratelimit.go');
    await header.locator('.description', { hasText: 'around ratelimit.go' }).waitFor({ timeout: 30_000 });
    const aroundGo = await eventually('a ranking around ratelimit.go', async () => {
      const rows = await topRows(page);
      return rows.length && names(rows).join() !== names(aroundMoney).join() ? rows : undefined;
    });
    s.step(`around ratelimit.go: ${aroundGo.slice(0, 5).join(' | ')}`);
    assert.equal(names(aroundGo)[0], 'ratelimit.go');
    assert.ok(names(aroundGo).indexOf('money.ts') > names(aroundMoney).indexOf('money.ts'), 'money.ts falls back');
    await shots.take(page, 'reranked-around-ratelimit-go');

    // The title-bar toggle: the plain ranking, whatever the editors; and back.
    await pane(page).hover();
    await pane(page).locator('.actions .action-label[aria-label="Show Plain Ranking"]').click();
    await header.locator('.description', { hasText: 'plain ranking' }).waitFor();
    await eventually('the plain order again', async () => ((await topRows(page)).join() === plain.join() ? true : undefined));
    await shots.take(page, 'toggle-plain');
    await pane(page).hover();
    await pane(page).locator('.actions .action-label[aria-label="Rank Around Open Editors"]').click();
    await header.locator('.description', { hasText: 'around ratelimit.go' }).waitFor();
    s.step('toggle: plain and back');

    // A file expands to its definitions; a click reveals the definition's lines.
    await openFile(page, 'server/bookshop/app.py');
    await header.locator('.description', { hasText: 'around app.py' }).waitFor();
    // The description moves first, the rows when the new ranking lands: click once they settle,
    // or the click can land on a row that is about to move (it expanded hud.gd once).
    await eventually('the ranking around app.py settled', async () => {
      const before = await topRows(page);
      await page.waitForTimeout(700);
      return before.length && before.join() === (await topRows(page)).join() ? true : undefined;
    });
    const pricing = pane(page).locator('.monaco-list-row[aria-level="1"]', { hasText: 'pricing.py' });
    const round = pane(page).locator('.monaco-list-row[aria-level="2"]', { hasText: 'round_cents' });
    await eventually('pricing.py expanded to its definitions', async () => {
      if (!(await round.isVisible())) await pricing.click();
      return (await round.waitFor({ timeout: 5_000 }).then(() => true, () => undefined)) ?? undefined;
    });
    assert.match((await round.textContent()) ?? '', /def round_cents\(amount: Decimal\) -> int:/);
    await round.click();
    await page.locator('.tabs-container .tab.active[aria-label^="pricing.py"]').waitFor();
    // Lines 11-13 selected: the cursor ends on line 13.
    await statusBarItem(page, /Ln 13, Col \d+ \(\d+ selected\)/).waitFor();
    s.step('definition click revealed pricing.py:11-13');
    await shots.take(page, 'definition-revealed');

    // Copy Repo Map: the budgeted text on the clipboard (the browser must allow the page to write it).
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.server.base });
    await runCommand(page, 'CodeRAG: Copy Repo Map');
    await waitForNotification(page, /Copied the repo map: \d+ of 1024 tokens, (ranked around pricing\.py|plain ranking \(what pricing\.py references)/);
    // The web workbench hands the text to the browser's clipboard asynchronously.
    const copied = await eventually('the map on the clipboard', async () => {
      const text = (await page.evaluate('navigator.clipboard.readText()')) as string;
      return /pricing\.py/.test(text) ? text : undefined;
    }, 20_000);
    assert.match(copied, /def round_cents|def order_total/);
    await shots.take(page, 'copied');
  });
});
