// `@coderag` in the real chat view, on the sample workspace, answered through the test extension's
// fake model (vendor coderag-test): each command shows its results as anchors to exact ranges, a
// free question streams the model's answer with its citations as anchors, and a question nothing
// in the workspace matches is answered "not found" without asking the model.
import { before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { indexed } from './chat-fixtures';
import { sampleWorkspace } from './sample';
import { type Session, withEditor, writeExchange } from './harness/session';
import { productVsix, testExtensionVsix } from './harness/vsix';
import { runCommand } from './harness/workbench';

let vsix: string[] = [];
before(() => {
  vsix = [productVsix(), testExtensionVsix()];
});

const LONG = 120_000;

/** The newest response in the chat view. */
function lastResponse(page: Page): Locator {
  return page.locator('.interactive-item-container.interactive-response').last();
}

/** Sends `query` to chat (with the fake model picked) and waits for the response to hold `text`. */
async function ask(s: Session, query: string, text: string | RegExp): Promise<Locator> {
  // Each query here expects a text no earlier response holds (the chat list is virtualized:
  // counting its items in the DOM says nothing).
  writeExchange(s.run, 'chat.json', { query });
  await runCommand(s.page, 'CodeRAG Test: Open Chat');
  const response = lastResponse(s.page);
  await response.filter({ hasText: text }).waitFor({ timeout: LONG });
  // Streamed to the end (the item is marked loading until the participant returns).
  await s.page.locator('.interactive-item-container.interactive-response.chat-response-loading').waitFor({ state: 'detached', timeout: LONG });
  return response;
}

/**
 * Screenshots of a response: its start, then its end. The chat list scrolls itself (a native
 * scrollIntoView does nothing there): the wheel over it does.
 */
async function shoot(s: Session, response: Locator, name: string): Promise<void> {
  await s.shots.take(s.page, `${name}-end`);
  const box = await response.boundingBox();
  if (box) await s.page.mouse.move(box.x + box.width / 2, 400);
  for (let i = 0; i < 40; i++) {
    const top = (await response.boundingBox())?.y ?? 0;
    if (top >= 100) break;
    await s.page.mouse.wheel(0, Math.max(top - 100, -400));
    await s.page.waitForTimeout(150);
  }
  await s.shots.take(s.page, name);
}

/** The inline anchors (links to a file or range) of a response, as their labels. */
async function anchors(response: Locator): Promise<string[]> {
  return response.locator('.chat-inline-anchor-widget').evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()));
}

test('@coderag answers /search, /map, /explain and free questions with references; nothing found is said', { timeout: 600_000 }, async () => {
  await withEditor('chat', { files: sampleWorkspace(), vsix }, async (s) => {
    const { page } = s;
    const p = await indexed(s);
    s.step(`indexed ${p.coderag.status?.files} files`);

    const search = await ask(s, '@coderag /search round a price to cents', /results for "round a price to cents"/);
    // Wide enough to read the answers in the screenshots.
    await runCommand(page, 'View: Maximize Secondary Side Bar');
    await search.filter({ hasText: 'round_cents' }).waitFor({ timeout: LONG });
    const searchAnchors = await anchors(search);
    s.step(`/search anchors: ${searchAnchors.join(' | ')}`);
    assert.ok(searchAnchors.some((a) => /pricing\.py:\d+-\d+/.test(a)), `an anchor to a range of pricing.py: ${searchAnchors.join(' | ')}`);
    assert.match((await search.textContent()) ?? '', /Used \d+ references?/);
    await shoot(s, search, 'search');

    const map = await ask(s, '@coderag /map', /Repo map of/);
    await map.filter({ hasText: 'The map as a language model gets it' }).waitFor({ timeout: LONG });
    const mapAnchors = await anchors(map);
    s.step(`/map anchors: ${mapAnchors.slice(0, 8).join(' | ')}`);
    assert.ok(mapAnchors.some((a) => a.includes('pricing.py')), `pricing.py is among the ranked files: ${mapAnchors.join(' | ')}`);
    assert.match((await map.textContent()) ?? '', /pricing\.py — rank 0\.\d+: round_cents pricing\.py:11-13/);
    await shoot(s, map, 'map');

    const explain = await ask(s, '@coderag /explain round_cents', /From the sources, see/);
    const explainText = (await explain.textContent()) ?? '';
    assert.match(explainText, /Defined \(function\) in/);
    assert.match(explainText, /Called by \(\d+\)/);
    assert.match(explainText, /Called by \(\d+\): `?vat_cents`?/, 'a caller of round_cents, by name');
    assert.match(explainText, /You asked: "Explain `?round_cents/);
    const explainAnchors = await anchors(explain);
    s.step(`/explain anchors: ${explainAnchors.join(' | ')}`);
    assert.ok(explainAnchors.some((a) => /pricing\.py:\d+-\d+/.test(a)), 'the definition as an anchor to its range');
    await shoot(s, explain, 'explain');

    const question = await ask(s, '@coderag where is a price rounded to cents?', 'You asked: "where is a price rounded to cents?"');
    const questionText = (await question.textContent()) ?? '';
    assert.match(questionText, /FAKE-LM reply to \d+ messages/);
    assert.match(questionText, /From the sources, see/);
    assert.match(questionText, /Used \d+ references?/);
    // The model's [n] citations became anchors to the sources' ranges: none is left as text.
    assert.doesNotMatch(questionText, /\[\d+\]/);
    const cited = await anchors(question);
    s.step(`free question anchors: ${cited.join(' | ')}`);
    assert.ok(cited.some((a) => /pricing\.py:\d+-\d+/.test(a)), `a citation of pricing.py: ${cited.join(' | ')}`);
    await shoot(s, question, 'question');

    // A model that cannot answer: the retrieved code is still shown, with why there is no answer.
    const failed = await ask(s, '@coderag where is a price rounded to cents? #fail-model', 'No answer from the model');
    const failedText = (await failed.textContent()) ?? '';
    assert.match(failedText, /the fake model was told to fail/);
    assert.match(failedText, /What the index found for the question/);
    assert.ok((await anchors(failed)).some((a) => /pricing\.py:\d+-\d+/.test(a)), 'the retrieved chunks, as anchors');
    await shoot(s, failed, 'model-failed');

    const none = await ask(s, '@coderag zyxwvut quasar flibbertigibbet', 'Not found in this workspace');
    assert.doesNotMatch((await none.textContent()) ?? '', /FAKE-LM/, 'the model is not asked when nothing was retrieved');
    await shoot(s, none, 'not-found');
  });
});
