// "Ask the codebase" in a real editor, against the packaged VSIX and the test helper's language
// model, in one session: a search returns results and opening one selects its exact lines; the
// same by keyboard alone; markup in a file's path and code stays text; an answer streams with
// citations that open their source; a new query cancels the last answer; model errors show in the
// answer area; without a model, the hint; "Results: Files" ranks the file a pasted traceback points at.
import { before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { expectEditorOn, modelRequests, search, setModel, shownResult, updateSetting, viewFrame, waitForResults } from './ask-view';
import { withEditor } from './harness/session';
import { productVsix, testExtensionVsix } from './harness/vsix';
import { sampleWorkspace } from './sample';
import { openContainer, runCommand, statusBarItem, webviewFrame } from './harness/workbench';

let vsix: string[] = [];
before(() => {
  vsix = [productVsix(), testExtensionVsix()];
});


// A path and code that are markup: the path is the folder `xss/<script>window.__xss=1<` holding
// `script>.py`, so the path reads `xss/<script>window.__xss=1</script>.py`.
const XSS_PATH = 'xss/<script>window.__xss=1</script>.py';
// A report as users paste it: prose, then a traceback through the standard library and the sample's server.
const TRACEBACK = [
  'Ordering an ebook fails with a 500 since the VAT change:',
  '',
  'Traceback (most recent call last):',
  '  File "/usr/lib/python3.11/http/server.py", line 427, in handle_one_request',
  '    method()',
  '  File "/srv/bookshop/server/bookshop/app.py", line 47, in do_POST',
  '    total = order_total([(CATALOG[l["isbn"]]["price_cents"], l["quantity"], CATALOG[l["isbn"]]["category"]) for l in order["lines"]])',
  '  File "/srv/bookshop/server/bookshop/pricing.py", line 40, in order_total',
  '    gross += net + vat_cents(net, category)',
  '  File "/srv/bookshop/server/bookshop/pricing.py", line 20, in vat_cents',
  '    raise ValueError(f"no VAT rate for category {category!r}")',
  "ValueError: no VAT rate for category 'ebook'",
].join('\n');

const XSS_CODE = [
  'def render_banner_markup(title):',
  '    """Shows <script>window.__xss=1</script> and <img src=x onerror="window.__xss=2"> as text."""',
  '    return "<img src=x onerror=window.__xss=3>" + title',
  '',
].join('\n');

test('ask: search, open exact lines, keyboard only, markup as text, a streamed answer with citations, errors, no model', { timeout: 300_000 }, async () => {
  const files = { ...sampleWorkspace(), [XSS_PATH]: XSS_CODE };
  await withEditor('ask', { files, vsix, trust: 'off' }, async (s) => {
    const { page, shots, workspace } = s;
    await statusBarItem(page, /CodeRAG: \d+ files/).waitFor({ timeout: 90_000 });
    s.step('indexed');

    // ── without a model: the results alone and the hint ───────────────────────────────────
    await setModel(s, { available: false });
    await openContainer(page, 'CodeRAG');
    const view = webviewFrame(page);
    await view.locator('#query').waitFor();
    await search(view, 'where is a price rounded to cents?');
    const first = await shownResult(page, 1);
    assert.equal(first.path, 'server/bookshop/pricing.py');
    assert.equal(first.name, 'round_cents');
    // Grouped by file, each file where its best result ranks; numbered 1…n by rank across files.
    const groups = (await (await viewFrame(page)).evaluate(`[...document.querySelectorAll('#results .file')].map((f) => ({
      path: f.querySelector('.file-head').getAttribute('title'),
      ns: [...f.querySelectorAll('.result')].map((r) => Number(r.id.replace('result-', ''))),
    }))`)) as { path: string; ns: number[] }[];
    assert.ok(groups.length >= 2, `results from several files: ${JSON.stringify(groups)}`);
    assert.equal(new Set(groups.map((g) => g.path)).size, groups.length, 'one group per file');
    const ranks = groups.flatMap((g) => g.ns);
    assert.deepEqual([...ranks].sort((a, b) => a - b), ranks.map((_, i) => i + 1), 'every rank once');
    for (const g of groups) assert.deepEqual(g.ns, [...g.ns].sort((a, b) => a - b), `${g.path}: best first`);
    assert.deepEqual(groups.map((g) => g.ns[0]), groups.map((g) => g.ns[0]).sort((a, b) => a - b), 'files ordered by their best result');
    await view.locator('#hint', { hasText: 'No language model available: showing search results only.' }).waitFor();
    assert.equal(await view.locator('#answer').isHidden(), true, 'no answer area without a model');
    assert.match(await view.locator('#summary .count').innerText(), /^\d+ results? in \d+ files? · [\d.]+ m?s$/);
    await shots.take(page, 'results-no-model');
    s.step(`results; no model: hint (${await view.locator('#summary .count').innerText()})`);

    // ── a click opens the result with its lines selected ──────────────────────────────────
    await view.locator('#result-1').click();
    await expectEditorOn(s, workspace, first);
    await shots.take(page, 'opened-result-1');
    s.step(`result 1 opened at ${first.path}:${first.startLine}-${first.endLine}`);

    // ── keyboard only: a command focuses the box; type, Enter, ↓ ↓, Enter opens result 2 ───
    await page.keyboard.press('F1');
    await page.keyboard.type('>CodeRAG: Ask the Codebase');
    await page.locator('.quick-input-widget .monaco-list-row[aria-label^="CodeRAG: Ask the Codebase"]').first().waitFor();
    await page.keyboard.press('Enter');
    await view.locator('#query:focus').waitFor();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('apply a discount code to the cart');
    await page.keyboard.press('Enter');
    await view.locator('#results[aria-busy="false"]').waitFor({ state: 'attached' });
    await page.keyboard.press('ArrowDown');
    await view.locator('#result-1:focus').waitFor();
    await page.keyboard.press('ArrowDown');
    await view.locator('#result-2:focus').waitFor();
    const second = await shownResult(page, 2);
    await shots.take(page, 'keyboard-result-2');
    await page.keyboard.press('Enter');
    await expectEditorOn(s, workspace, second);
    s.step(`keyboard: result 2 opened at ${second.path}:${second.startLine}-${second.endLine}`);

    // ── markup in a path and in code is shown as text and never runs ──────────────────────
    await search(view, 'render banner markup');
    const frame = await viewFrame(page);
    const xss = await frame.evaluate(`(() => ({
      xss: window.__xss,
      text: document.getElementById('results').textContent,
      images: document.querySelectorAll('img').length,
      // The page's own bundle and the acquireVsCodeApi shim VS Code injects into every webview.
      scripts: [...document.scripts].map((s) => s.src ? new URL(s.src).pathname.split('/').pop() : (s.textContent.includes('acquireVsCodeApi') ? 'vscode-api' : s.outerHTML.slice(0, 120))),
    }))()`) as { xss?: number; text: string; images: number; scripts: string[] };
    assert.equal(xss.xss, undefined, 'no markup from the workspace ran');
    assert.equal(xss.images, 0);
    assert.deepEqual(xss.scripts.filter((s) => s !== 'vscode-api'), ['sidebar.js'], 'only the page’s own script');
    assert.ok(xss.text.includes('<script>window.__xss=1<'), `the path's markup is text: ${xss.text.slice(0, 300)}`);
    assert.ok(xss.text.includes('<img src=x onerror="window.__xss=2">'), 'the code’s markup is text');
    const markup = await shownResult(page, 1);
    assert.equal(markup.path, XSS_PATH);
    await view.locator('#result-1').click();
    await expectEditorOn(s, workspace, markup);
    await shots.take(page, 'markup-as-text');
    s.step('markup shown as text; its file opens');

    // ── with a model: the answer streams above the results, citing them ───────────────────
    await setModel(s, { available: true });
    const question = 'how does the cart apply a discount code?';
    await search(view, question);
    await view.locator('#answer-body a.cite').first().waitFor();
    await view.locator('#answer-copy').waitFor(); // shown once the answer is done
    const answerText = await view.locator('#answer-body').innerText();
    assert.match(answerText, /^FAKE-LM reply to 2 messages\. You asked: "Question: how does the cart apply a discount code\?"\. From the sources, see /);
    assert.equal(await view.locator('#answer-model').innerText(), 'CodeRAG Test Model');
    assert.equal(await view.locator('#hint').isHidden(), true);
    // What the model was given: the rules, then the question and the numbered excerpts with their code.
    const request = modelRequests(s).at(-1)!;
    assert.equal(request.messages.length, 2);
    assert.match(request.messages[0], /Answer only from these excerpts\. If they do not contain the answer, say so/);
    assert.ok(request.messages[1].startsWith(`Question: ${question}\n\nExcerpts (the only context you have):\n\n[1] `), request.messages[1].slice(0, 200));
    const cited = await shownResult(page, 2);
    const code = fs.readFileSync(path.join(workspace, cited.path), 'utf8').split('\n').slice(cited.startLine - 1, cited.endLine).join('\n');
    assert.ok(request.messages[1].includes(`[2] ${cited.path}, lines ${cited.startLine}-${cited.endLine}`), 'excerpt 2 is named by path and lines');
    assert.ok(request.messages[1].includes(code.trimEnd()), 'excerpt 2 carries the chunk’s code as the file holds it');
    const headers = [...request.messages[1].matchAll(/^\[(\d+)\] /gm)].map((m) => Number(m[1]));
    assert.deepEqual(headers, headers.map((_, i) => i + 1), 'the excerpts are the results 1…n, in order');
    assert.ok(headers.length >= 2 && headers.length <= 8, `${headers.length} excerpts`);
    await shots.take(page, 'answer-with-citations');
    s.step(`answer streamed; ${headers.length} excerpts sent`);

    // A citation opens its source's lines.
    await view.locator('#answer-body a.cite[data-cite="2"]').first().click();
    await expectEditorOn(s, workspace, cited);
    await shots.take(page, 'citation-opened');
    s.step(`citation [2] opened ${cited.path}:${cited.startLine}-${cited.endLine}`);

    // ── a new query cancels the answer still streaming ────────────────────────────────────
    await setModel(s, { available: true, delayMs: 1500 });
    const before = modelRequests(s).length;
    await view.locator('#query').fill('which requests are retried?');
    await view.locator('#query').press('Enter');
    await view.locator('#answer-body', { hasText: 'FAKE-LM reply' }).waitFor();
    await search(view, 'what happens when the supplier feed rate-limits us?');
    await view.locator('#answer-body', { hasText: 'You asked: "Question: what happens when the supplier feed rate-limits us?"' }).waitFor();
    await view.locator('#answer-copy').waitFor({ timeout: 30_000 });
    const [stopped, answered] = modelRequests(s).slice(before);
    assert.ok(stopped.messages[1].startsWith('Question: which requests are retried?'));
    assert.equal(stopped.cancelled, true, 'the first answer was cancelled at the model');
    assert.ok(stopped.parts < 3, `the cancelled answer stopped early (${stopped.parts} parts)`);
    assert.equal(answered.cancelled, false);
    assert.equal(await view.locator('#answer-body', { hasText: 'retried' }).count(), 0, 'nothing of the old answer is shown');
    s.step('a new query cancelled the streaming answer');

    // ── model errors are shown in the answer area, never an empty panel ───────────────────
    for (const [fail, words] of [['Blocked', 'refused the request'], ['NoPermissions', 'permission was not given']] as const) {
      await setModel(s, { available: true, fail });
      await search(view, 'how is stock reserved when an order is placed?');
      await view.locator('#answer-note', { hasText: words }).waitFor();
      assert.equal(await view.locator('#answer-body .thinking').count(), 0, 'no spinner left behind');
      assert.ok((await view.locator('#result-1').count()) === 1, 'the results stay');
      await shots.take(page, `model-error-${fail}`);
    }
    s.step('model errors shown');

    // ── the view comes back with the last answer after being hidden (it reloads) ──────────
    await setModel(s, { available: true });
    await search(view, question);
    await view.locator('#answer-copy').waitFor();
    await runCommand(page, 'View: Show Explorer');
    await openContainer(page, 'CodeRAG');
    await webviewFrame(page).locator('#answer-body a.cite').first().waitFor();
    assert.match(await webviewFrame(page).locator('#answer-body').innerText(), /You asked: "Question: how does the cart apply a discount code\?"/);
    await shots.take(page, 'answer-after-reload');
    s.step('answer restored after hide and show');

    // ── answers turned off in the settings: no request to the model, the hint says how ─────
    await updateSetting(s, 'coderag.languageModel.enabled', false);
    const offView = webviewFrame(page);
    // The setting is read per query: the next search has no answer, only the hint.
    await search(offView, 'where is a price rounded to cents?');
    await offView.locator('#hint', { hasText: 'Answers are turned off (setting coderag.languageModel.enabled)' }).waitFor();
    const asked = modelRequests(s).length;
    await search(offView, 'how does the cart apply a discount code?');
    await offView.locator('#hint', { hasText: 'Answers are turned off' }).waitFor();
    assert.equal(await offView.locator('#answer').isHidden(), true, 'no answer area when answers are off');
    assert.equal(modelRequests(s).length, asked, 'the model was not asked');
    assert.equal(await offView.locator('#result-1').count(), 1, 'the results are shown');
    await shots.take(page, 'answers-turned-off');
    s.step('answers turned off: the hint');

    // ── Results: Files — a pasted traceback ranks the file it points at first ─────────────
    // The Repo Map below takes half the side bar: folded, the ranking has room to show (and to be seen in the screenshot).
    const repoMap = page.locator('.pane-header[aria-expanded="true"]', { hasText: 'Repo Map' });
    if (await repoMap.count()) await repoMap.first().click();
    await offView.locator('#toggle-filters').click();
    await offView.locator('label.segment', { hasText: 'Files' }).click();
    assert.equal(await offView.locator('#group-by-file').isChecked(), true);
    // Pasted as the clipboard gives it: the box keeps the line breaks (⏎) for the core's trace reader.
    await offView.locator('#query').fill('');
    await (await viewFrame(page)).evaluate(`(() => {
      const data = new DataTransfer();
      data.setData('text/plain', ${JSON.stringify(TRACEBACK)});
      document.getElementById('query').dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    })()`);
    await offView.locator('#query').press('Enter');
    await offView.locator('.file-rank').first().waitFor({ timeout: 30_000 });
    await waitForResults(offView);
    const ranked = (await (await viewFrame(page)).evaluate(`[...document.querySelectorAll('#results .file')].map((f) => ({
      rank: f.querySelector('.file-rank').textContent,
      path: f.querySelector('.file-head').getAttribute('title'),
      why: f.querySelector('.file-why')?.textContent ?? '',
    }))`)) as { rank: string; path: string; why: string }[];
    assert.equal(ranked[0]?.path, 'server/bookshop/pricing.py', JSON.stringify(ranked));
    assert.match(ranked[0].why, /in the trace: .*vat_cents/);
    assert.deepEqual(ranked.map((f) => f.rank), ranked.map((_, i) => String(i + 1)), 'files numbered by rank');
    assert.equal(new Set(ranked.map((f) => f.path)).size, ranked.length, 'each file once');
    assert.match(await offView.locator('#summary .count').innerText(), /^\d+ files? ranked, \d+ chunks? · [\d.]+ m?s$/);
    // Its best chunk is a traced function, and a click selects exactly its lines.
    const best = await shownResult(page, 1);
    assert.equal(best.path, 'server/bookshop/pricing.py');
    assert.ok(['vat_cents', 'order_total'].includes(best.name), best.name);
    const source = fs.readFileSync(path.join(workspace, best.path), 'utf8').split('\n');
    assert.equal(source[best.startLine - 1], source.find((l) => l.startsWith(`def ${best.name}(`)), `${best.name} starts at line ${best.startLine}`);
    await offView.locator('#result-1').click();
    await expectEditorOn(s, workspace, best);
    await shots.take(page, 'files-traceback');
    s.step(`files: ${ranked.map((f) => f.path).slice(0, 3).join(', ')}…; ${best.name} opened at ${best.startLine}-${best.endLine}`);

    // A short question in the file view too.
    await search(offView, 'where is a price rounded to cents?');
    assert.equal((await shownResult(page, 1)).path, 'server/bookshop/pricing.py');
    assert.match(await offView.locator('#summary .count').innerText(), / ranked, /);
    s.step('files: a short question');
  });
});
