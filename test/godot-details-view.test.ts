// The Godot details view in a real browser: dist/godot-details.js under the page's CSP with a stub
// acquireVsCodeApi, fed the host's messages. Every string (paths, code, hints, candidates, messages)
// lands as text; nothing runs but the nonce'd bundle. Screenshot: test-results/godot-details-view.png.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium, type Page } from 'playwright-core';
import type { GodotFragmentDetails } from '../src/lsp/protocol';
import { detailsPage } from '../src/vscode/godot/details-page';
import type { DetailsMessage } from '../src/vscode/godot/messages';
import { FONTS, THEMES } from './sidebar-fixtures';

const ROOT = path.join(__dirname, '..', '..');
const DIST = path.join(ROOT, 'dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const NONCE = 'Z29kb3QtZGV0YWlscy10ZXN0LW5vbmNl';
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.ttf': 'font/ttf', '.map': 'application/json' };

declare const window: { __posted: unknown[]; __violations: string[]; __xss?: unknown; postMessage(m: unknown, origin: string): void };
// eslint-disable-next-line @typescript-eslint/no-explicit-any
declare const document: any;

const XSS = '<img src=x onerror="window.__xss=1">';
const DETAILS: GodotFragmentDetails = {
  tracking: { folder: `/ws/${XSS}`, project: 'game/godot3', path: `hud${XSS}.gd`, startLine: 14, endLine: 19, route: 'gdscript', kind: 'function', name: 'show_game_over', key: 'a1b2c3', status: 'judged' },
  sent: {
    text: `func show_game_over():\n\tshow_message("Game Over ${XSS}")\n\tyield($MessageTimer, "timeout")\n\t$Message.text = "<script>window.__xss=2</script>"`,
    hints: [
      { kind: 'keyword', text: 'yield', line: 16 },
      { kind: 'shape', text: 'yield($MessageTimer, "timeout")', line: 16 },
      { kind: 'node', text: `$Message${XSS}`, line: 15 },
      { kind: 'term', text: 'Godot 3' },
    ],
  },
  candidates: {
    api_mapping: [{ id: 'api_mapping:gdscript_function_renames:yield', title: `yield → await ${XSS}`, score: 7.25 }],
    label_prototypes: [{ id: 'label_prototypes:yield-await', title: 'yield(obj, "signal") → await obj.signal', score: 12.5 }],
    docs_chunks: [],
  },
  judgment: {
    verdict: 'godot3',
    by: 'rules',
    evidence: [
      { version: 'godot3', rule: 'gd3-yield', confidence: 'high', what: 'yield(…, "timeout")', godot4: 'await $MessageTimer.timeout', message: `yield became await in Godot 4 ${XSS}`, line: 16, column: 2, endLine: 16, endColumn: 33, support: ['label_prototypes:yield-await'], fix: 'await $MessageTimer.timeout' },
      { version: 'godot3', rule: 'api-removed', confidence: 'medium', what: 'Tween.start', message: 'Tween.start is not in Godot 4', line: 17, column: 9, endLine: 17, endColumn: 14, support: [] },
    ],
  },
};

let browser: Browser | undefined;
let server: http.Server | undefined;
let page: Page;

before(async () => {
  assert.ok(fs.existsSync(CHROMIUM), `no Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  let resources = '';
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/index.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(detailsPage({ cspSource: resources, nonce: NONCE, scriptUri: `${resources}/godot-details.js`, styleUris: [`${resources}/codicon.css`, `${resources}/godot-details.css`], codiconFontUri: `${resources}/codicon.ttf` }));
      return;
    }
    const file = path.join(DIST, url.pathname);
    if (!file.startsWith(DIST + path.sep) || !fs.existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'access-control-allow-origin': '*' });
    res.end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // Two origins, as in VS Code: the page's and the resources' (cspSource).
  resources = `http://localhost:${port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  const context = await browser.newContext({ viewport: { width: 760, height: 1100 } });
  await context.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    w.__posted = [];
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e: { violatedDirective: string; blockedURI: string }) => (w.__violations as string[]).push(`${e.violatedDirective} ${e.blockedURI}`));
    let state: unknown = null;
    w.acquireVsCodeApi = () => ({ postMessage: (m: unknown) => (w.__posted as unknown[]).push(m), getState: () => state, setState: (s: unknown) => (state = s) });
  });
  page = await context.newPage();
  page.setDefaultTimeout(5000);
  await page.goto(`http://127.0.0.1:${port}/index.html`);
  await page.evaluate((vars) => {
    for (const [k, v] of Object.entries(vars)) document.documentElement.style.setProperty(`--vscode-${k}`, v);
    document.documentElement.style.setProperty('--vscode-editor-background', '#1f1f1f');
    document.documentElement.style.background = '#1f1f1f';
  }, { ...FONTS, ...THEMES.dark });
});

after(async () => {
  await browser?.close();
  server?.close();
});

const send = (m: DetailsMessage) => page.evaluate((msg) => window.postMessage(msg, '*'), m);

test('godot details view: sent to the search, candidates per table, judgment, tracking apart; all of it as text', async () => {
  assert.deepEqual(await page.evaluate(() => window.__posted), [{ type: 'ready' }]);
  await send({ type: 'details', file: 'game/godot3/hud.gd', line: 16, answer: { found: true, details: DETAILS } });
  await page.locator('#details:not([hidden])').waitFor();
  assert.equal(await page.locator('#where').textContent(), 'game/godot3/hud.gd:16');
  assert.equal(await page.locator('#fragment pre').textContent(), DETAILS.sent.text);
  assert.deepEqual(await page.locator('#hints li code').allTextContents(), DETAILS.sent.hints.map((h) => h.text));
  assert.deepEqual(await page.locator('#table-api_mapping li .title').allTextContents(), [`yield → await ${XSS}`]);
  assert.equal(await page.locator('#table-docs_chunks').textContent(), 'docs_chunks — class referenceNo candidate.');
  assert.match((await page.locator('#judgment .evidence').first().textContent())!, /Safe edit: await \$MessageTimer\.timeout/);
  assert.match((await page.locator('#judgment .evidence').nth(1).textContent())!, /No edit offered: the judge is not sure of one/);
  // The path only in the tracking section, after the judgment; never among what was sent.
  const order = await page.evaluate(() => [...document.querySelectorAll('#details > section')].map((s: { id: string }) => s.id));
  assert.deepEqual(order, ['fragment', 'hints', 'candidates', 'judgment', 'tracking']);
  assert.match((await page.locator('#tracking').textContent())!, new RegExp(`Path${`hud${XSS}.gd`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  assert.ok(!(await page.locator('#fragment, #hints, #candidates').allTextContents()).join('').includes('hud<img'));
  // Nothing ran, nothing was inserted as markup, and the CSP blocked nothing the page meant to load.
  assert.equal(await page.evaluate(() => window.__xss), undefined);
  assert.equal(await page.locator('#details img, #details script').count(), 0);
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  fs.mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
  await page.screenshot({ path: path.join(ROOT, 'test-results', 'godot-details-view.png'), fullPage: true });

  await send({ type: 'details', file: 'README.md', line: 1, answer: { found: false, reason: `README.md ${XSS} is not a Godot source.` } });
  await page.locator('#details[hidden]').waitFor({ state: 'attached' });
  assert.equal(await page.locator('#message').textContent(), `README.md ${XSS} is not a Godot source.`);
  assert.equal(await page.evaluate(() => window.__xss), undefined);
});
