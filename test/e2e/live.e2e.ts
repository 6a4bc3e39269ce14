// The live index behind the editor, in the real workbench from the packaged VSIX: the first index
// with its progress notification and status bar, an unsaved edit and a file created on disk found
// by search, Pause/Reindex/Resume, the skipped files with their reasons, the index log, and a
// multi-root workspace whose results are labelled by folder.
import { before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SMALL_WORKSPACE } from './fixtures';
import { commandOutput, eventually, type Session, withEditor, writeExchange } from './harness/session';
import { foundIn, moduleFiles } from './index-helpers';
import { writeWorkspace } from './harness/run-dir';
import { productVsix, testExtensionVsix } from './harness/vsix';
import { recordStatusBar, runCommand, statusBarItem, waitForNotification } from './harness/workbench';
import type { Probe } from './probe';

let vsix: string[] = [];
before(() => {
  vsix = [productVsix(), testExtensionVsix()];
});

const FILES: Record<string, string> = { ...SMALL_WORKSPACE, ...moduleFiles(80), 'data/big.txt': `${'lorem ipsum '.repeat(300)}\n` };

const probe = (s: Session) => commandOutput<Probe>(s, 'CodeRAG Test: Probe', 'probe.json');

test('live index: first index with progress, unsaved edit and new file searchable, pause/reindex/resume, skipped files, log, multi-root', { timeout: 600_000 }, async () => {
  const settings = {
    'coderag.index.maxFileSizeKB': 1,
    'files.autoSave': 'off',
    // Typed text lands as typed.
    'editor.autoClosingBrackets': 'never',
    'editor.autoClosingQuotes': 'never',
    'editor.autoIndent': 'none',
  };
  await withEditor('live', { files: FILES, vsix, trust: 'off', extra: settings }, async (s) => {
    const { page, shots } = s;
    const bar = await recordStatusBar(page, 'CodeRAG');

    // The first index: a progress notification with the phase and counts, the status bar moving.
    const toast = await waitForNotification(page, 'CodeRAG: indexing', 120_000);
    s.step(`progress notification: ${(await toast.locator('.notification-list-item-message').textContent())?.trim()}`);
    await shots.take(page, 'first-index-progress');
    // The extension host stays responsive while the server indexes: a trivial command's round trip.
    writeExchange(s.run, 'latency.json', { ms: 6000 });
    const busyBefore = (await probe(s)).coderag.status?.folders[0]?.activity;
    const latency = await commandOutput<{ n: number; p50: number; p95: number; max: number }>(s, 'CodeRAG Test: Measure Latency', 'latency-result.json', 60_000);
    const busyAfter = (await probe(s)).coderag.status?.folders[0]?.activity;
    s.step(`host round trip while indexing (${busyBefore} → ${busyAfter}): n=${latency.n} p50=${latency.p50.toFixed(2)} ms p95=${latency.p95.toFixed(2)} ms max=${latency.max.toFixed(1)} ms`);
    fs.writeFileSync(path.join(shots.dir, 'host-latency.json'), JSON.stringify({ busyBefore, busyAfter, ...latency }, null, 1));
    assert.ok(latency.p95 <= 50, `host round trip p95 ${latency.p95} ms`);
    const idle = await eventually('the first index done, vectors included', async () => {
      const st = (await probe(s)).coderag.status;
      const f = st?.folders[0];
      return f && f.activity === 'idle' && f.chunks > 0 && f.embedded === f.chunks ? st : undefined;
    }, 240_000);
    const files = idle.files;
    await statusBarItem(page, `CodeRAG: ${files} files`).waitFor({ timeout: 30_000 });
    const shown = await bar();
    s.step(`status bar: ${shown.join(' → ')}`);
    assert.ok(shown.some((t) => /CodeRAG: (indexing|embedding)/.test(t)), `the bar showed the run: ${JSON.stringify(shown)}`);
    await shots.take(page, 'status-bar-idle');

    const first = await probe(s);
    s.step(`activated in ${first.coderag.activationMs.toFixed(1)} ms`);
    fs.writeFileSync(path.join(shots.dir, 'activation.json'), JSON.stringify({ activationMs: first.coderag.activationMs }));
    assert.ok(first.coderag.activationMs < 200, `activation ${first.coderag.activationMs} ms`);
    // Default location: the workspace storage; the folder stays clean.
    assert.ok(!fs.existsSync(path.join(s.workspace, '.coderag')));
    assert.ok(idle.folders[0].indexDir.includes('workspaceStorage'), idle.folders[0].indexDir);

    // An unsaved edit in the editor is searchable; the file on disk is untouched.
    const http = path.join(s.workspace, 'app/http.py');
    await page.keyboard.press('Control+P');
    await page.keyboard.type('app/http.py');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'http.py' }).first().waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.tabs-container .tab', { hasText: 'http.py' }).waitFor();
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n\ndef refund_marmalade_voucher(order): return order.voucher_for_marmalade\n');
    await page.locator('.tabs-container .tab.dirty', { hasText: 'http.py' }).waitFor();
    const unsaved = await foundIn(s, 'refund marmalade voucher', http);
    assert.equal(unsaved.name, 'refund_marmalade_voucher');
    assert.ok(!fs.readFileSync(http, 'utf8').includes('marmalade'), 'not saved');
    s.step('unsaved edit found by search');
    await shots.take(page, 'unsaved-edit-searchable');

    // A file created on disk reaches the index through VS Code's own watcher.
    const created = path.join(s.workspace, 'src/bearing.ts');
    fs.writeFileSync(created, 'export function initialBearingDegrees(from: number, to: number): number {\n  return (to - from + 360) % 360;\n}\n');
    await foundIn(s, 'initialBearingDegrees', created);
    s.step('file created on disk found by search');

    // Pause holds the work Reindex asks for; Resume lets it run to the end.
    await runCommand(page, 'CodeRAG: Pause Indexing');
    await eventually('paused', async () => ((await probe(s)).coderag.status?.paused ? true : undefined));
    await runCommand(page, 'CodeRAG: Reindex');
    await statusBarItem(page, 'CodeRAG: paused').waitFor({ timeout: 30_000 });
    assert.equal((await probe(s)).coderag.status?.folders[0].visibleRun, true, 'the reindex waits, shown');
    s.step('paused, reindex waiting');
    await shots.take(page, 'status-bar-paused');
    await runCommand(page, 'CodeRAG: Resume Indexing');
    const after = await eventually('the reindex done', async () => {
      const st = (await probe(s)).coderag.status;
      return st && !st.folders[0].visibleRun && st.folders[0].activity === 'idle' ? st : undefined;
    }, 120_000);
    await statusBarItem(page, `CodeRAG: ${files + 1} files`).waitFor({ timeout: 30_000 });
    assert.notEqual(after.paused, true);
    assert.equal(after.folders[0].lastRun?.cancelled, undefined, JSON.stringify(after.folders[0].lastRun));
    s.step('resumed; reindexed');

    // The skipped files, with the reasons the core records (maxFileSizeKB = 1 leaves big.txt out).
    await runCommand(page, 'Notifications: Clear All Notifications');
    await runCommand(page, 'CodeRAG: Show Skipped Files');
    const row = page.locator('.quick-input-widget .monaco-list-row', { hasText: 'data/big.txt' });
    await row.waitFor({ timeout: 30_000 });
    s.step(`skipped: ${(await row.textContent())?.trim()}`);
    await shots.take(page, 'skipped-files');
    await page.keyboard.press('Escape');

    // The index log: the core's notes in an output channel.
    await runCommand(page, 'CodeRAG: Show Index Log');
    await page.locator('.part.panel', { hasText: 'full pass done' }).first().waitFor({ timeout: 30_000 });
    await shots.take(page, 'index-log');

    // A multi-root workspace: one index per folder, one search, each hit labelled by its folder.
    const second = writeWorkspace(s.run, { 'geo/distance.go': 'package geo\n\n// HaversineDistance is the great-circle distance between two points.\nfunc HaversineDistance(a, b float64) float64 {\n\treturn a - b\n}\n' }, 'second');
    const wsFile = path.join(s.run.root, 'two.code-workspace');
    fs.writeFileSync(wsFile, JSON.stringify({ folders: [{ path: s.workspace }, { path: second }] }));
    await page.goto(`${s.server.base}/?workspace=${encodeURIComponent(wsFile)}`);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    const both = await eventually('two folders indexed', async () => {
      const st = (await probe(s)).coderag.status;
      return st && st.folders.length === 2 && st.folders.every((f) => f.activity === 'idle' && f.state === 'ready') ? st : undefined;
    }, 240_000);
    assert.equal(new Set(both.folders.map((f) => f.indexDir)).size, 2, 'one index per folder');
    const go = await foundIn(s, 'HaversineDistance great circle', path.join(second, 'geo/distance.go'));
    assert.equal(go.folder, second);
    const py = await foundIn(s, 'parse query string', path.join(s.workspace, 'app/http.py'));
    assert.equal(py.folder, s.workspace);
    await statusBarItem(page, `CodeRAG: ${both.files} files`).waitFor({ timeout: 60_000 });
    s.step(`multi-root: ${both.folders.map((f) => `${path.basename(f.root)} ${f.files} files`).join(', ')}`);
    await shots.take(page, 'multi-root-status-bar');
  });
});
