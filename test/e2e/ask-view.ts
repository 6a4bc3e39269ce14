// The "Ask the codebase" view as a test drives it: search from its query box, read what a result
// points at, wait for an answer, check the editor a result opened.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame, FrameLocator, Page } from 'playwright-core';
import { commandOutput, eventually, type Session, writeExchange } from './harness/session';
import type { Position, Probe } from './probe';

/** What the helper writes to `editor.json`: the active editor's file, 0-based selection and selected text. */
export type EditorState = { path: string; selection: { start: Position; end: Position }; text: string };

export const probe = (s: Session) => commandOutput<Probe>(s, 'CodeRAG Test: Probe', 'probe.json');

/** The page inside the webview, for evaluating script in it (the FrameLocator only finds elements). */
export async function viewFrame(page: Page): Promise<Frame> {
  const handle = await page.frameLocator('iframe.webview.ready').locator('iframe#active-frame').elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('the webview has no content frame');
  return frame;
}

/** Runs a query from the box (mouse and keyboard as a user would) and waits until its results are shown. */
export async function search(view: FrameLocator, query: string): Promise<void> {
  const box = view.locator('#query');
  await box.fill(query);
  await box.press('Enter');
  await waitForResults(view);
}

/** The view marks the list busy from Enter until the results are rendered (the summary with them). */
export async function waitForResults(view: FrameLocator): Promise<void> {
  await view.locator('#results[aria-busy="false"]').waitFor({ state: 'attached', timeout: 30_000 });
  await view.locator('#summary .count').waitFor();
}

export interface ShownResult {
  n: number;
  path: string;
  startLine: number;
  endLine: number;
  name: string;
}

/** What result `n` says it is: its file (the group's heading), its lines and its name. */
export async function shownResult(page: Page, n: number): Promise<ShownResult> {
  const frame = await viewFrame(page);
  const r = await frame.evaluate(`(() => {
    const el = document.getElementById('result-${n}');
    if (!el) return undefined;
    return {
      path: el.closest('.file').querySelector('.file-head').getAttribute('title'),
      lines: el.querySelector('.result-lines').textContent,
      name: el.querySelector('.result-name').textContent,
    };
  })()`) as { path: string; lines: string; name: string } | undefined;
  assert.ok(r, `result ${n} is shown`);
  const [start, end = start] = r.lines.split('–').map(Number);
  return { n, path: r.path.replace(/ in [^/]+$/, ''), startLine: start, endLine: end, name: r.name };
}

/** Waits until the active editor shows `file` with exactly lines start–end selected (first column to the end of the last line). */
export async function expectEditorOn(s: Session, root: string, r: Pick<ShownResult, 'path' | 'startLine' | 'endLine'>): Promise<EditorState> {
  const file = path.join(root, r.path);
  const recorded = path.join(s.run.exchange, 'editor.json');
  const editor = await eventually(`an editor on ${r.path}:${r.startLine}-${r.endLine} (${fs.existsSync(recorded) ? fs.readFileSync(recorded, 'utf8') : 'none yet'})`, () => {
    const e = fs.existsSync(recorded) ? (JSON.parse(fs.readFileSync(recorded, 'utf8')) as EditorState | null) : undefined;
    return e && e.path === file && e.selection.start.line === r.startLine - 1 && e.selection.end.line === r.endLine - 1 ? e : undefined;
  }, 20_000);
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  assert.equal(editor.selection.start.character, 0, 'the selection starts at the first column');
  assert.equal(editor.selection.end.character, lines[r.endLine - 1].length, 'the selection ends at the end of the last line');
  assert.equal(editor.text, lines.slice(r.startLine - 1, r.endLine).join('\n'));
  return editor;
}

export interface ModelBehaviour {
  available?: boolean;
  fail?: 'NoPermissions' | 'Blocked' | 'NotFound';
  delayMs?: number;
  /** Rules whose evidence the fake model drops from a Godot re-validation. */
  godotDrop?: string[];
}

/** Sets how the test model behaves (and whether it exists) through the helper extension. */
export async function setModel(s: Session, b: ModelBehaviour): Promise<void> {
  writeExchange(s.run, 'model.json', b);
  const set = await commandOutput<{ models: string[] }>(s, 'CodeRAG Test: Set Model', 'model-set.json');
  assert.equal(set.models.length, b.available === false ? 0 : 1, JSON.stringify(set));
}

/** Changes a user setting as the Settings editor would, through the helper extension. */
export async function updateSetting(s: Session, key: string, value: unknown): Promise<void> {
  writeExchange(s.run, 'setting.json', { key, value });
  const set = await commandOutput<{ value: unknown }>(s, 'CodeRAG Test: Update Setting', 'setting-set.json');
  assert.deepEqual(set.value, value);
}

export interface ModelRequest {
  messages: string[];
  cancelled: boolean;
  parts: number;
}

export function modelRequests(s: Session): ModelRequest[] {
  const file = path.join(s.run.exchange, 'model-requests.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as ModelRequest[]) : [];
}

export interface TimedSearch {
  query: string;
  /** From Enter in the query box to the results rendered and painted, measured inside the webview. */
  shownMs: number;
  /** From Enter to the results message reaching the page (before it renders them). */
  arrivedMs: number;
  /** The host's part: its coderag/search round trip to the server (the summary's time). */
  hostMs: number;
  count: number;
}

/**
 * Runs `query` as Enter in the box does and times it inside the webview's own page (one clock, no
 * Playwright round trips in the figure): from the keydown to the frame after the list stops being busy.
 */
export async function timedSearch(page: Page, query: string): Promise<TimedSearch> {
  const frame = await viewFrame(page);
  const r = (await frame.evaluate(`new Promise((resolve, reject) => {
    const box = document.getElementById('query');
    const results = document.getElementById('results');
    box.value = ${JSON.stringify(query)};
    box.dispatchEvent(new Event('input', { bubbles: true }));
    const t0 = performance.now();
    let arrived;
    // Capturing listeners run before the view's own at the target: the time the message came in.
    const onMessage = (e) => { if (e.data && e.data.type === 'results' && arrived === undefined) arrived = performance.now() - t0; };
    window.addEventListener('message', onMessage, true);
    const timer = setTimeout(() => reject(new Error('no results within 30 s')), 30000);
    const done = () => requestAnimationFrame(() => {
      clearTimeout(timer);
      observer.disconnect();
      window.removeEventListener('message', onMessage, true);
      resolve({ shownMs: performance.now() - t0, arrivedMs: arrived ?? NaN, summary: document.querySelector('#summary .count')?.textContent ?? '' });
    });
    const observer = new MutationObserver(() => { if (results.getAttribute('aria-busy') === 'false') done(); });
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    if (results.getAttribute('aria-busy') !== 'true') reject(new Error('Enter did not start a search'));
    observer.observe(results, { attributes: true, attributeFilter: ['aria-busy'] });
  })`)) as { shownMs: number; arrivedMs: number; summary: string };
  // "12 results in 4 files · 23 ms" (or "· 1.2 s").
  const m = /^(?:(\d+) results? .*|No results) · ([\d.]+) (m?s)$/.exec(r.summary);
  assert.ok(m, `a summary with a count and a time: ${JSON.stringify(r.summary)}`);
  return { query, shownMs: r.shownMs, arrivedMs: r.arrivedMs, hostMs: Number(m[2]) * (m[3] === 's' ? 1000 : 1), count: Number(m[1] ?? 0) };
}
