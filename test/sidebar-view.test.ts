// The sidebar webview in a real browser: dist/sidebar.js and its styles loaded into the page that
// page.ts builds, under its Content-Security-Policy, with a stub acquireVsCodeApi that records what
// the view posts. The host's messages are the protocol's (fixtures in sidebar-fixtures.ts).
// Headless Debian Chromium through playwright-core; screenshots go to test-results/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { sidebarPage } from '../src/vscode/sidebar/page';
import type { HostMessage, ViewMessage } from '../src/vscode/sidebar/protocol';
import {
  ANSWER_CHUNKS, fileResults, FONTS, LIB, multiRootResults, results, ROOT, SOURCES, THEMES, TRACEBACK, XSS_ANSWER, XSS_SOURCES, xssFileResults, xssResults,
} from './sidebar-fixtures';

const ROOT_DIR = path.join(__dirname, '..', '..');
const DIST = path.join(ROOT_DIR, 'dist');
const SHOTS = path.join(ROOT_DIR, 'test-results');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The page and its resources come from two origins, as in VS Code (the resources' is cspSource):
// one loopback server answers both, as 127.0.0.1 and as localhost.
let pageUrl = '';
let resources = '';
const NONCE = 'c2lkZWJhci10ZXN0LW5vbmNlMTIzNDU2';

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.ttf': 'font/ttf', '.map': 'application/json' };

declare const window: {
  __posted: ViewMessage[];
  __violations: { directive: string; blocked: string; sample: string }[];
  __xss?: unknown;
  postMessage(m: unknown, origin: string): void;
};
// Page-side code (evaluate, addInitScript) runs in the browser; these say just enough about it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
declare const document: any;
declare const sessionStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };

let browser: Browser | undefined;
let server: http.Server | undefined;
let context: BrowserContext;

before(async () => {
  assert.ok(fs.existsSync(CHROMIUM), `no Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  context = await browser.newContext({ viewport: { width: 360, height: 900 }, deviceScaleFactor: 1 });
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/index.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(sidebarPage({
        cspSource: resources, nonce: NONCE, scriptUri: `${resources}/sidebar.js`,
        styleUris: [`${resources}/codicon.css`, `${resources}/sidebar.css`], codiconFontUri: `${resources}/codicon.ttf`,
      }));
      return;
    }
    const file = path.join(DIST, url.pathname);
    if (!file.startsWith(DIST + path.sep) || !fs.existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'access-control-allow-origin': '*', 'cache-control': 'max-age=600' });
    res.end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  pageUrl = `http://127.0.0.1:${port}/index.html`;
  resources = `http://localhost:${port}`;
  // What VS Code gives a webview: acquireVsCodeApi (state kept across reloads, like a hidden and
  // shown view); setTheme() puts the theme's variables on <html> as VS Code does. Recorded: posted messages, CSP violations.
  await context.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    w.__posted = [];
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e: { violatedDirective: string; blockedURI: string; sample: string }) => {
      (w.__violations as unknown[]).push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample });
    });
    w.acquireVsCodeApi = () => ({
      postMessage: (m: unknown) => (w.__posted as unknown[]).push(m),
      getState: () => JSON.parse(sessionStorage.getItem('vscode-state') ?? 'null'),
      setState: (s: unknown) => sessionStorage.setItem('vscode-state', JSON.stringify(s)),
    });
  });
});

after(async () => {
  await browser?.close();
  server?.close();
});

let shared: Page | undefined;
/** A fresh view: the page loaded anew with no saved state (one tab for all tests: a new one costs a second). */
async function open(theme: 'dark' | 'light' = 'dark'): Promise<Page> {
  if (!shared) {
    shared = await context.newPage();
    shared.setDefaultTimeout(5000);
  } else await shared.evaluate(() => (sessionStorage as unknown as { clear(): void }).clear());
  const page = shared;
  await page.goto(pageUrl);
  await setTheme(page, theme);
  await waitPosted(page, 1);
  return page;
}

async function setTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  await page.evaluate(({ vars, theme }) => {
    for (const [k, v] of Object.entries(vars)) document.documentElement.style.setProperty(`--vscode-${k}`, v);
    document.documentElement.style.background = 'var(--vscode-sideBar-background)';
    document.body.className = `vscode-${theme}`;
  }, { vars: { ...FONTS, ...THEMES[theme] }, theme });
}

const send = (page: Page, m: HostMessage) => page.evaluate((msg) => window.postMessage(msg, '*'), m);
const posted = (page: Page) => page.evaluate(() => window.__posted);
const waitPosted = (page: Page, n: number) => page.waitForFunction((count) => window.__posted.length >= count, n);
const lastPosted = async (page: Page) => (await posted(page)).at(-1);
const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id as string | undefined);
const text = async (page: Page, selector: string) => (await page.locator(selector).innerText()).trim();

async function noViolations(page: Page): Promise<void> {
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
}

/** A paste into the query box, as the clipboard gives it (page-side code as a string: this file has no DOM types). */
const paste = (page: Page, text: string) => page.evaluate(`(() => {
  const data = new DataTransfer();
  data.setData('text/plain', ${JSON.stringify(text)});
  document.getElementById('query').dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
})()`);

/** Types a query, presses Enter, answers with the fixture's results. */
async function searchFor(page: Page, query = 'parse header'): Promise<number> {
  const before = (await posted(page)).length;
  await page.locator('#query').fill(query);
  await page.locator('#query').press('Enter');
  await waitPosted(page, before + 1);
  const m = (await posted(page)).reverse().find((p) => p.type === 'search');
  assert.ok(m && m.type === 'search');
  return m.queryId;
}

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
}

describe('sidebar webview in Chromium', () => {
  test('loads under its CSP, with the codicon font, and says it is ready', async () => {
    const page = await open();
    assert.deepEqual(await posted(page), [{ type: 'ready' }]);
    await page.evaluate(() => document.fonts.ready);
    const fonts: string[] = await page.evaluate(() => [...document.fonts].map((f: { family: string; status: string }) => `${f.family}:${f.status}`));
    assert.ok(fonts.some((f) => /codicon.*:loaded/.test(f)), fonts.join(', '));
    assert.match(await page.locator('#empty').innerText(), /Ask a question/);
    await noViolations(page);
  });

  test('Enter posts a search; results render grouped by file with highlighted terms, count and time', async () => {
    const page = await open();
    const queryId = await searchFor(page);
    assert.deepEqual(await lastPosted(page), { type: 'search', queryId, query: 'parse header', filters: { languages: [], kinds: [], path: '' } });
    await send(page, results(queryId));
    await page.locator('.result').first().waitFor();
    assert.deepEqual(await page.locator('.file-head .file-name').allInnerTexts(), ['headers.ts', 'parse_headers.py', 'request.ts']);
    assert.deepEqual(await page.locator('.file-head .file-dir').allInnerTexts(), ['src/http', 'tools', 'src/http']);
    assert.deepEqual(await page.locator('.result .result-name').allInnerTexts(), ['parseHeader', 'HeaderParser', 'parse_header', 'Request.readHeaders']);
    assert.deepEqual(await page.locator('.result .result-lines').allInnerTexts(), ['12–30', '40–58', '5–19', '88–120']);
    assert.equal(await page.locator('#summary .count').innerText(), '4 results in 3 files · 84 ms');
    assert.match(await page.locator('#summary').innerText(), /Vectors are still being computed \(24%\)/);
    // Identifier-aware: one mark over parseHeader and parse_header, Header inside HeaderParser.
    const marks = await page.locator('.result mark').allInnerTexts();
    for (const m of ['parseHeader', 'parse_header', 'Header', 'header']) assert.ok(marks.includes(m), `${m} in ${marks.join('|')}`);
    assert.equal(await page.locator('#result-2 .result-name mark').innerText(), 'parse_header');
    // The kind's codicon, the snippet's own line numbers, the copy note.
    assert.equal(await page.locator('#result-1 .kind').getAttribute('class'), 'codicon codicon-symbol-function kind kind-function');
    assert.equal(await page.locator('#result-1 .snippet .ln').first().innerText(), '12');
    assert.match(await page.locator('#result-4 .copies').innerText(), /also in 1 other place/);
    assert.equal(await page.locator('#results').getAttribute('role'), 'listbox');
    assert.equal(await page.locator('[role=option]').count(), 4);
    // What a screen reader is given: a listbox of file groups of options with short names.
    const tree = await page.locator('#results').ariaSnapshot();
    assert.match(tree, /- listbox "Results":\n\s+- group "src\/http\/headers\.ts, 2 results":\n\s+- option "parseHeader, function, lines 12 to 30, src\/http\/headers\.ts, result 1" \[selected\]/);
    await noViolations(page);
  });

  test('a click and the keyboard open the exact range; arrows move, Escape returns to the box', async () => {
    const page = await open();
    const queryId = await searchFor(page);
    await send(page, results(queryId));
    await page.locator('#result-3').click();
    assert.deepEqual(await lastPosted(page), { type: 'open', folder: ROOT.uri, path: 'src/http/headers.ts', startLine: 40, endLine: 58 });

    // ↓ from the box goes back to the result last opened; the list is in file order (1, 3, 2, 4).
    await page.locator('#query').focus();
    await page.keyboard.press('ArrowDown');
    assert.equal(await activeId(page), 'result-3');
    await page.keyboard.press('Home');
    assert.equal(await activeId(page), 'result-1');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    assert.equal(await activeId(page), 'result-2');
    assert.equal(await page.locator('#result-2').getAttribute('aria-selected'), 'true');
    assert.equal(await page.locator('[role=option][tabindex="0"]').count(), 1);
    await page.keyboard.press('Enter');
    assert.deepEqual(await lastPosted(page), { type: 'open', folder: ROOT.uri, path: 'tools/parse_headers.py', startLine: 5, endLine: 19 });
    await page.keyboard.press('Control+Enter');
    assert.deepEqual(await lastPosted(page), { type: 'open', folder: ROOT.uri, path: 'tools/parse_headers.py', startLine: 5, endLine: 19, side: true });
    await page.keyboard.press('End');
    assert.equal(await activeId(page), 'result-4');
    await page.keyboard.press('Control+c');
    assert.deepEqual(await lastPosted(page), { type: 'copy', text: 'src/http/request.ts:88-120' });
    await page.keyboard.press('Escape');
    assert.equal(await activeId(page), 'query');
    // Tab order: box → clear → filters toggle → the list (one stop, on the active result).
    await page.keyboard.press('Tab');
    assert.equal(await activeId(page), 'clear');
    await page.keyboard.press('Tab');
    assert.equal(await activeId(page), 'toggle-filters');
    await page.keyboard.press('Tab');
    assert.equal(await activeId(page), 'result-4');
    await shot(page, 'sidebar-keyboard-dark.png');
    await noViolations(page);
  });

  test('filters post the search again with language, kind and path glob', async () => {
    const page = await open();
    const first = await searchFor(page);
    await send(page, results(first));
    await page.locator('#toggle-filters').click();
    assert.equal(await page.locator('#toggle-filters').getAttribute('aria-expanded'), 'true');
    await page.locator('#filter-language').selectOption('python');
    let m = await lastPosted(page);
    assert.ok(m?.type === 'search' && m.queryId === first + 1);
    assert.deepEqual(m.filters, { languages: ['python'], kinds: [], path: '' });
    await page.locator('#filter-kind').selectOption('function');
    await page.locator('#filter-path').fill('tools/**/*.py');
    await page.locator('#filter-path').press('Enter');
    m = await lastPosted(page);
    assert.ok(m?.type === 'search');
    assert.deepEqual(m.filters, { languages: ['python'], kinds: ['function'], path: 'tools/**/*.py' });
    assert.equal(m.query, 'parse header');
    // The earlier searches, unanswered, were cancelled as the next ones went out.
    const cancels = (await posted(page)).filter((p) => p.type === 'cancel').map((p) => p.type === 'cancel' && p.queryId);
    assert.deepEqual(cancels, [first + 1, first + 2]);
    await noViolations(page);
  });

  test('the streamed answer renders Markdown above the results, with citations that open their result', async () => {
    const page = await open();
    const queryId = await searchFor(page);
    await send(page, results(queryId));
    await send(page, { type: 'answerStart', queryId, model: 'Test Model', sources: SOURCES });
    await page.locator('#answer .thinking').waitFor();
    for (const text of ANSWER_CHUNKS) await send(page, { type: 'answerChunk', queryId, text });
    await send(page, { type: 'answerEnd', queryId, reason: 'done' });
    await page.locator('#answer-copy:not([hidden])').waitFor();
    const body = page.locator('#answer-body');
    assert.equal(await body.locator('strong code').innerText(), 'parseHeader');
    assert.equal(await body.locator('li').count(), 2);
    assert.match(await body.locator('pre code').innerText(), /const h = parseHeader\("Host: example.org"\);/);
    assert.equal(await body.locator('table td').count(), 2);
    assert.deepEqual(await body.locator('a.cite').allInnerTexts(), ['1', '2', '3', '1', '3', '1']);
    assert.match(await body.innerText(), /There is no \[9\] source\./);
    assert.equal(await body.locator('a.cite').first().getAttribute('title'), 'Source 1: src/http/headers.ts:12–30 parseHeader');
    // Above the results.
    const [answerY, resultsY] = await Promise.all([page.locator('#answer').boundingBox(), page.locator('#results').boundingBox()]);
    assert.ok(answerY!.y < resultsY!.y);

    await body.locator('a.cite', { hasText: '2' }).click();
    assert.deepEqual(await lastPosted(page), { type: 'open', folder: ROOT.uri, path: 'tools/parse_headers.py', startLine: 5, endLine: 19 });
    assert.equal(await activeId(page), 'result-2');
    // Keyboard: a citation is a link, Enter follows it.
    await body.locator('a.cite').nth(2).focus();
    await page.keyboard.press('Enter');
    assert.deepEqual(await lastPosted(page), { type: 'open', folder: ROOT.uri, path: 'src/http/headers.ts', startLine: 40, endLine: 58 });
    await page.locator('#answer-copy').click();
    assert.deepEqual(await lastPosted(page), { type: 'copy', text: ANSWER_CHUNKS.join('') });
    await page.locator('#query').focus();
    await shot(page, 'sidebar-dark.png');
    await setTheme(page, 'light');
    await shot(page, 'sidebar-light.png');
    await noViolations(page);
  });

  test('a new query cancels the answer still streaming and ignores what comes late for it', async () => {
    const page = await open();
    const first = await searchFor(page);
    await send(page, results(first));
    await send(page, { type: 'answerStart', queryId: first, model: 'Test Model', sources: SOURCES });
    await send(page, { type: 'answerChunk', queryId: first, text: 'Half an answer' });
    await page.locator('#answer-stop:not([hidden])').waitFor();
    const second = await searchFor(page, 'readHeaders');
    const all = await posted(page);
    assert.deepEqual(all.slice(-2), [{ type: 'cancel', queryId: first }, { type: 'search', queryId: second, query: 'readHeaders', filters: { languages: [], kinds: [], path: '' } }]);
    assert.equal(await page.locator('#answer').isHidden(), true);
    await send(page, { type: 'answerChunk', queryId: first, text: ' LATE' });
    await send(page, results(first));
    await send(page, { type: 'noModel', queryId: second });
    await send(page, results(second, 'readHeaders'));
    await page.locator('#hint:not([hidden])').waitFor();
    assert.equal(await page.locator('#answer').isHidden(), true);
    assert.equal(await text(page, '#hint'), 'No language model available: showing search results only.');
    assert.equal(await page.locator('#result-4 .result-name mark').innerText(), 'readHeaders');
    // The Stop button cancels too.
    await send(page, { type: 'answerStart', queryId: second, model: 'Test Model', sources: SOURCES });
    await page.locator('#answer-stop').click();
    assert.deepEqual(await lastPosted(page), { type: 'cancel', queryId: second });
    // Clear empties the view back to its welcome text.
    await page.locator('#clear').click();
    await page.locator('#empty:not([hidden])').waitFor();
    assert.equal(await page.locator('.result').count(), 0);
    assert.equal(await page.locator('#answer').isHidden(), true);
    assert.equal(await page.locator('#query').inputValue(), '');
    await noViolations(page);
  });

  test('markup in paths, names, snippets, folder names and the answer renders as text; no script runs', async () => {
    const page = await open();
    const queryId = await searchFor(page, 'script');
    await send(page, xssResults(queryId));
    await send(page, { type: 'answerStart', queryId, model: '<img src=x onerror="window.__xss=20">', sources: XSS_SOURCES });
    await send(page, { type: 'answerChunk', queryId, text: XSS_ANSWER });
    await send(page, { type: 'answerEnd', queryId, reason: 'error', message: '<img src=x onerror="window.__xss=21">' });
    await send(page, { type: 'error', queryId, message: '<script>window.__xss=22</script>' });
    await send(page, { type: 'status', state: 'error', message: '<img src=x onerror="window.__xss=23">' });
    await page.locator('.result').waitFor();
    await page.waitForTimeout(100);
    assert.equal(await page.evaluate(() => window.__xss), undefined);
    assert.equal(await page.locator('img, iframe, b, body script:not([nonce])').count(), 0);
    assert.equal(await page.locator('script').count(), 1);
    assert.equal(await page.locator('.file-name').innerText(), '<img src=x onerror="window.__xss=1">.ts');
    assert.equal(await page.locator('.folder-name').innerText(), '<b onmouseover="window.__xss=3">folder</b>');
    assert.equal(await page.locator('.result-name').innerText(), '<script>window.__xss=5</script>');
    assert.match(await page.locator('.snippet').innerText(), /<script>alert\(1\); window.__xss=7<\/script>\s+2\s+<img src=x onerror=alert\(1\);window.__xss=8>/);
    const answer = await page.locator('#answer-body').innerText();
    assert.match(answer, /See <img src=x onerror="window.__xss=11"> and <script>window.__xss=12<\/script> 1\./);
    assert.match(answer, /<script>window.__xss=16<\/script>/);
    // The javascript: link is not a link; the citation is.
    assert.deepEqual(await page.locator('#answer-body a').evaluateAll((as) => as.map((a) => a.getAttribute('href'))), ['#result-1']);
    assert.equal(await page.locator('#answer-model').innerText(), '<img src=x onerror="window.__xss=20">');
    assert.equal(await text(page, '#error'), '<script>window.__xss=22</script>');
    assert.equal(await text(page, '#status'), '<img src=x onerror="window.__xss=23">');
    assert.equal(await text(page, '#answer-note'), '<img src=x onerror="window.__xss=21">');
    assert.match(await text(page, '#summary'), /Keyword search only: <img src=x onerror="window.__xss=9">/);
    await shot(page, 'sidebar-xss-dark.png');
    await noViolations(page);
  });

  test('Results: Files — chosen by keyboard and remembered; a pasted traceback keeps its lines; files ranked with why, their chunks open their lines', async () => {
    const page = await open();
    // The choice sits in the filter row; the row opens on it, the arrows choose.
    await page.locator('#toggle-filters').click();
    assert.equal(await activeId(page), 'group-by-chunk');
    assert.match(await page.locator('#filters').ariaSnapshot(), /- radiogroup "Results":[^]*- radio "Chunks" \[checked\][^]*- radio "Files"\n/);
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.locator('#group-by-file').isChecked(), true);
    assert.match(await page.locator('#toggle-filters').getAttribute('class') ?? '', /\bchecked\b/);
    assert.equal((await posted(page)).filter((m) => m.type === 'search').length, 0, 'no query, no search');

    // A paste with line breaks: shown on one line with ⏎, sent with its lines.
    await page.locator('#query').focus();
    await paste(page, `${TRACEBACK}\n`);
    assert.equal(await page.locator('#query').inputValue(), TRACEBACK.replaceAll('\n', '⏎'));
    await page.locator('#query').press('Enter');
    const m = await lastPosted(page);
    assert.ok(m?.type === 'search');
    assert.deepEqual(m, { type: 'search', queryId: m.queryId, query: TRACEBACK, filters: { languages: [], kinds: [], path: '' }, groupBy: 'file' });
    await send(page, fileResults(m.queryId));
    await page.locator('.file-rank').first().waitFor();

    assert.deepEqual(await page.locator('.file-head .file-rank').allInnerTexts(), ['1', '2', '3']);
    assert.deepEqual(await page.locator('.file-head .file-name').allInnerTexts(), ['headers.ts', 'request.ts', 'headers.test.ts']);
    assert.deepEqual(await page.locator('.file-why').allInnerTexts(), [
      'in the trace: parseHeader, HeaderParser.feed · defines: parseHeader',
      'in the trace: Request.readHeaders',
    ]);
    assert.equal(await page.locator('.file').nth(2).locator('.file-why').count(), 0, 'nothing pointed at the third file');
    assert.equal(await page.locator('#summary .count').innerText(), '3 files ranked, 4 chunks · 42 ms');
    // The best chunk with its snippet, the others on one line; each opens its exact range.
    assert.equal(await page.locator('#result-1 .snippet .line').count(), 5);
    assert.equal(await page.locator('#result-2 .snippet').count(), 0);
    assert.deepEqual(await page.locator('#result-2 .result-lines').innerText(), '40–58');
    await page.locator('#result-2').click();
    assert.deepEqual(await lastPosted(page), { type: 'open', folder: ROOT.uri, path: 'src/http/headers.ts', startLine: 40, endLine: 58 });
    await page.keyboard.press('ArrowDown');
    assert.equal(await activeId(page), 'result-3');
    await page.keyboard.press('Enter');
    assert.deepEqual(await lastPosted(page), { type: 'open', folder: ROOT.uri, path: 'src/http/request.ts', startLine: 88, endLine: 120 });
    const tree = await page.locator('#results').ariaSnapshot();
    assert.match(tree, /- '?group "File 1: src\/http\/headers\.ts, 2 chunks, pointed at by in the trace: parseHeader, HeaderParser\.feed · defines: parseHeader"'?:\n\s+- option "parseHeader, function, lines 12 to 30/);
    await page.locator('#query').focus();
    await shot(page, 'sidebar-files-dark.png');
    await setTheme(page, 'light');
    await shot(page, 'sidebar-files-light.png');

    // Hidden and shown again: still files, still these results.
    await page.reload();
    await waitPosted(page, 1);
    assert.equal(await page.locator('#group-by-file').isChecked(), true);
    assert.deepEqual(await page.locator('.file-head .file-rank').allInnerTexts(), ['1', '2', '3']);
    assert.equal(await page.locator('#query').inputValue(), TRACEBACK.replaceAll('\n', '⏎'));
    // Back to chunks: the same query asked again, without the grouping.
    await page.locator('label.segment', { hasText: 'Chunks' }).click();
    const back = await lastPosted(page);
    assert.ok(back?.type === 'search');
    assert.deepEqual([back.query, back.groupBy], [TRACEBACK, undefined]);
    await send(page, results(back.queryId, TRACEBACK));
    await page.locator('#summary .count', { hasText: '4 results in 3 files' }).waitFor();
    assert.equal(await page.locator('.file-rank').count(), 0);
    await noViolations(page);
  });

  test('the file view shows markup in paths and in what pointed at a file as text', async () => {
    const page = await open();
    const queryId = await searchFor(page, 'script');
    await send(page, xssFileResults(queryId));
    await page.locator('.file-why').waitFor();
    await page.waitForTimeout(100);
    assert.equal(await page.evaluate(() => window.__xss), undefined);
    assert.equal(await page.locator('img, iframe, b, body script:not([nonce])').count(), 0);
    assert.equal(await page.locator('.file-name').innerText(), '<img src=x onerror="window.__xss=1">.ts');
    assert.equal(await page.locator('.file-why').innerText(), 'in the trace: <img src=x onerror="window.__xss=30"> · path: <script>window.__xss=31</script>');
    await noViolations(page);
  });

  test('multi-root results are labelled by folder and open in their folder', async () => {
    const page = await open();
    const queryId = await searchFor(page);
    await send(page, multiRootResults(queryId));
    await page.locator('.folder-head').first().waitFor();
    assert.deepEqual(await page.locator('.folder-head .folder-name').allInnerTexts(), ['project', 'lib']);
    await page.locator('#result-5').click();
    assert.deepEqual(await lastPosted(page), { type: 'open', folder: LIB.uri, path: 'src/wire.go', startLine: 3, endLine: 9 });
    assert.match(await page.locator('#result-5').getAttribute('aria-label') ?? '', /wire\.ParseHeader, function, lines 3 to 9, src\/wire\.go/);
    await setTheme(page, 'light');
    await shot(page, 'sidebar-multiroot-light.png');
    await noViolations(page);
  });

  test('index status: indexing with its percentage, vectors incomplete, restricted mode', async () => {
    const page = await open();
    await send(page, { type: 'status', state: 'indexing', percent: 42, phase: 'parsing' });
    await page.locator('#status:not([hidden])').waitFor();
    assert.match(await page.locator('#status').innerText(), /Indexing 42% \(parsing\)/);
    assert.equal(await page.locator('#progress').getAttribute('aria-valuenow'), '42');
    assert.equal(await page.locator('#progress').isVisible(), true);
    await send(page, { type: 'status', state: 'ready', vectors: { embedded: 300, total: 1000 } });
    await page.waitForFunction(() => /Computing vectors 30%/.test(document.body.innerText));
    assert.equal(await page.locator('#progress').isHidden(), true);
    await send(page, { type: 'status', state: 'untrusted' });
    await page.waitForFunction(() => /Restricted Mode/.test(document.body.innerText));
    await send(page, { type: 'status', state: 'ready', vectors: { embedded: 1000, total: 1000 } });
    await page.locator('#status[hidden]').waitFor({ state: 'attached' });
    await noViolations(page);
  });

  test('a search’s vector counts update the status line the server last announced; keyword-only results say it once', async () => {
    const page = await open();
    await send(page, { type: 'status', state: 'ready', vectors: { embedded: 0, total: 1000 } });
    await page.waitForFunction(() => /Computing vectors 0%/.test(document.body.innerText));
    // The vectors finished after the last status: the results, counted at the search, say so.
    let queryId = await searchFor(page);
    await send(page, { ...results(queryId), vectors: { embedded: 1000, total: 1000 } });
    await page.locator('#status[hidden]').waitFor({ state: 'attached' });
    assert.doesNotMatch(await text(page, '#summary'), /Vectors|Keyword/);
    // Keyword only while the vectors are computed: the summary's note, not a second status line.
    await send(page, { type: 'status', state: 'ready', vectors: { embedded: 0, total: 1000 } });
    queryId = await searchFor(page, 'parse header again');
    await send(page, { ...results(queryId, 'parse header again'), vectors: { embedded: 0, total: 1000 }, keywordOnly: 'the vectors are still being computed' });
    await page.waitForFunction(() => /Keyword search only: the vectors are still being computed\./.test(document.body.innerText));
    assert.equal(await page.locator('#status').isHidden(), true);
    await noViolations(page);
  });

  test('hidden and shown again (a reload), the view restores its query, filters, results and answer', async () => {
    const page = await open();
    const queryId = await searchFor(page);
    await page.locator('#toggle-filters').click();
    await page.locator('#filter-kind').selectOption('class');
    const second = queryId + 1;
    await send(page, results(second));
    await send(page, { type: 'answerStart', queryId: second, model: 'Test Model', sources: SOURCES });
    await send(page, { type: 'answerChunk', queryId: second, text: 'Parsed by `parseHeader` [1].' });
    await page.locator('#answer-body code').waitFor();
    await page.locator('#result-3').click();
    await page.reload();
    await waitPosted(page, 1);
    assert.deepEqual(await posted(page), [{ type: 'ready', lastQueryId: second }]);
    assert.equal(await page.locator('#query').inputValue(), 'parse header');
    assert.equal(await page.locator('#filter-kind').inputValue(), 'class');
    assert.equal(await page.locator('#filters').isVisible(), true);
    assert.equal(await page.locator('.result').count(), 4);
    assert.equal(await page.locator('#answer-body code').innerText(), 'parseHeader');
    assert.equal(await page.locator('#answer-note').innerText(), 'Interrupted.');
    assert.equal(await page.locator('#result-3').getAttribute('aria-selected'), 'true');
    // The host replays the answer still streaming for that query.
    await send(page, { type: 'answerStart', queryId: second, model: 'Test Model', sources: SOURCES });
    await send(page, { type: 'answerChunk', queryId: second, text: 'Parsed by `parseHeader` [1], completely.' });
    await send(page, { type: 'answerEnd', queryId: second, reason: 'done' });
    await page.locator('#answer-note[hidden]').waitFor({ state: 'attached' });
    assert.match(await page.locator('#answer-body').innerText(), /completely/);
    await noViolations(page);
  });
});
