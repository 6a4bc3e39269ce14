// How long "Ask the codebase" takes from Enter to results shown, in a real editor against the
// packaged VSIX: 24 questions after one warm-up, each timed inside the webview (Enter → results
// painted) beside the host's round trip to the server. Logs p50/p95 and writes them to
// test-results/e2e/ask-latency/latency.json.
//
// The sample workspace by default; ASK_LATENCY_FOLDER=<dir> measures on another folder (its text
// files are copied into the run; the first index can take minutes, ASK_LATENCY_INDEX_MIN bounds it;
// ASK_LATENCY_EMBEDDINGS=off indexes without vectors). Timing starts once the vectors are computed.
// The target is p95 ≤ 300 ms on the Python standard library's index; the assertion here
// (sample only) is a looser 1 s so a loaded CI machine does not fail it, the figures are what to read.
import { before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { type TimedSearch, timedSearch } from './ask-view';
import { folderFiles } from './harness/folder';
import { REPO, RESULTS_DIR } from './harness/paths';
import { eventually, withEditor } from './harness/session';
import { productVsix } from './harness/vsix';
import { openContainer, statusBarItem, webviewFrame } from './harness/workbench';

const QUESTIONS = [
  'where is a price rounded to cents?',
  'how does the cart apply a discount code?',
  'what happens when the supplier feed rate-limits us?',
  'which requests are retried?',
  'how is stock reserved when an order is placed?',
  'format a price for display',
  'parse a price typed by the user',
  'split an amount evenly between people',
  'VAT rate per product category',
  'token bucket',
  'backoff delay with jitter',
  'remove an item from the cart',
  'total of an order with discount',
  'OutOfStock',
  'http handler for the bookshop',
  'fetch the supplier feed',
  'sync once with the shop',
  'ApiError status code',
  'cart summary line',
  'where does the server listen on a port?',
  'release a reservation',
  'getJson',
  'subtotal in cents',
  'NewTokenBucket capacity and rate',
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const r = (v: number) => Math.round(v * 10) / 10;
  return { p50: r(percentile(s, 50)), p95: r(percentile(s, 95)), max: r(s[s.length - 1]), min: r(s[0]) };
};

let vsix: string[] = [];
before(() => {
  vsix = [productVsix()];
});

test('ask latency: Enter to results shown in the webview, p50/p95 over 24 questions', { timeout: 40 * 60_000 }, async () => {
  const folder = process.env.ASK_LATENCY_FOLDER ? path.resolve(process.env.ASK_LATENCY_FOLDER) : path.join(REPO, 'sample');
  const isSample = !process.env.ASK_LATENCY_FOLDER;
  const files = folderFiles(folder);
  const indexMs = Number(process.env.ASK_LATENCY_INDEX_MIN ?? 20) * 60_000;
  const embeddings = process.env.ASK_LATENCY_EMBEDDINGS !== 'off';
  const extra = embeddings ? {} : { 'coderag.embeddings.enabled': false };
  await withEditor('ask-latency', { files, vsix, trust: 'off', extra }, async (s) => {
    const { page, shots } = s;
    s.step(`${Object.keys(files).length} files from ${folder}`);
    await statusBarItem(page, /CodeRAG: [\d,]+ files/).waitFor({ timeout: indexMs });
    s.step('indexed');
    await openContainer(page, 'CodeRAG');
    await webviewFrame(page).locator('#query').waitFor();

    // The first query loads what the server loads lazily (the query embedder): timed apart.
    const warmup = await timedSearch(page, 'warm up the search');
    s.step(`warm-up query: shown in ${warmup.shownMs.toFixed(0)} ms (host ${warmup.hostMs} ms)`);
    // Measured on the finished index, not while the vectors are computed beside the searches.
    const view = webviewFrame(page);
    await eventually('the vectors computed', async () => {
      await timedSearch(page, 'warm up the search');
      // The summary's note, or the status line when it says the same (the summary then leaves it out).
      const notes = [...(await view.locator('#summary .note').allInnerTexts()), ...(await view.locator('#status:not([hidden])').allInnerTexts())];
      if (notes.some((n) => /still being computed|no chunk has a vector yet|Still indexing|Computing vectors|Indexing/.test(n))) {
        await new Promise((r) => setTimeout(r, 2000));
        return undefined;
      }
      return true;
    }, indexMs);
    s.step(`vectors ${embeddings ? 'computed' : 'off'}: ${(await view.locator('#summary').innerText()).replace(/\s+/g, ' ')}`);

    const runs: TimedSearch[] = [];
    for (const q of QUESTIONS) {
      const r = await timedSearch(page, q);
      if (isSample) assert.ok(r.count > 0, `results for ${JSON.stringify(q)}`);
      runs.push(r);
    }
    await shots.take(page, 'last-query');
    const shown = summary(runs.map((r) => r.shownMs));
    const arrived = summary(runs.map((r) => r.arrivedMs));
    const host = summary(runs.map((r) => r.hostMs));
    const report = { folder, files: Object.keys(files).length, embeddings, queries: runs.length, warmup, shownMs: shown, arrivedMs: arrived, hostMs: host, runs };
    const out = path.join(RESULTS_DIR, 'ask-latency', 'latency.json');
    fs.writeFileSync(out, JSON.stringify(report, null, 1));
    s.step(`Enter → results shown (ms): p50 ${shown.p50}, p95 ${shown.p95}, max ${shown.max}; Enter → results message in the page: p50 ${arrived.p50}, p95 ${arrived.p95}; host round trip (ms): p50 ${host.p50}, p95 ${host.p95}, max ${host.max} → ${out}`);
    // A guard against gross regressions on the small sample only; other folders are measured, not judged.
    if (isSample) assert.ok(shown.p95 <= 1000, `p95 ${shown.p95} ms`);
  });
});
