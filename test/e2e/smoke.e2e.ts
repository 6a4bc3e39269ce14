// The packaged extension in a real editor: installed from its VSIX, it activates, indexes the
// workspace in its language-server child, shows it in the status bar, a notification and its
// view, and survives the child being killed.
import { before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SMALL_WORKSPACE, SMALL_WORKSPACE_FILES } from './fixtures';
import { commandOutput, eventually, type Session, withEditor, writeExchange } from './harness/session';
import { productVsix, testExtensionVsix } from './harness/vsix';
import { openContainer, recordStatusBar, runCommand, statusBarItem, waitForNotification, webviewFrame } from './harness/workbench';
import type { Probe } from './probe';

let vsix: string[] = [];
before(() => {
  vsix = [productVsix(), testExtensionVsix()];
});

const probe = (s: Session) => commandOutput<Probe>(s, 'CodeRAG Test: Probe', 'probe.json');

test('smoke: install, activate, index, status, view; a killed server comes back, one that keeps dying stops', { timeout: 300_000 }, async () => {
  await withEditor('smoke', { files: SMALL_WORKSPACE, vsix, trust: 'off' }, async (s) => {
    const { page, shots } = s;
    await shots.take(page, 'workbench');

    const indexed = statusBarItem(page, `CodeRAG: ${SMALL_WORKSPACE_FILES} files`);
    await indexed.waitFor({ timeout: 90_000 });
    s.step('status bar: indexed');
    await shots.take(page, 'status-bar-indexed');

    const first = await probe(s);
    assert.equal(first.vscodeVersion, '1.139.1');
    assert.match(first.node, /^v24\./);
    const ext = first.extensions.find((e) => e.id === 'coderag.coderag');
    assert.ok(ext?.active, `coderag.coderag active: ${JSON.stringify(first.extensions)}`);
    assert.equal(first.coderag.phase, 'running');
    assert.equal(first.coderag.status?.state, 'ready');
    assert.equal(first.coderag.status?.files, SMALL_WORKSPACE_FILES);
    assert.ok(first.coderag.activationMs > 0 && first.coderag.activationMs < 1000, `activation took ${first.coderag.activationMs} ms`);
    s.step(`activation ${first.coderag.activationMs.toFixed(1)} ms; server pid ${first.coderag.status!.pid}`);
    // The index lives in the editor's workspace storage by default: nothing is written into the folder.
    assert.ok(fs.existsSync(path.join(first.coderag.status!.folders[0].indexDir, 'meta.json')), `the index at ${first.coderag.status!.folders[0].indexDir}`);
    assert.ok(!fs.existsSync(path.join(s.workspace, '.coderag')), 'no .coderag in the workspace');
    // The offline model and onnxruntime load from the VSIX: every chunk gets a vector.
    const embedded = await eventually('every chunk embedded', async () => {
      const st = (await probe(s)).coderag.status?.folders[0];
      return st && st.chunks > 0 && st.embedded === st.chunks ? st : undefined;
    });
    s.step(`${embedded.chunks} chunks, all with vectors`);

    await runCommand(page, 'CodeRAG: Show Index Status');
    await waitForNotification(page, `${SMALL_WORKSPACE_FILES} files indexed, ${embedded.chunks} chunks (${embedded.chunks} with vectors)`);
    await shots.take(page, 'status-notification');
    // It has an action, so it stays: out of the way for the next screenshots.
    await runCommand(page, 'Notifications: Clear All Notifications');

    await openContainer(page, 'CodeRAG');
    const view = webviewFrame(page);
    // The view searches the index (ask.e2e.ts covers it in depth).
    const searchView = async () => {
      await view.locator('#query').fill('parse a query string');
      await view.locator('#query').press('Enter');
      // Busy from Enter until this query's results are shown.
      await view.locator('#results[aria-busy="false"]').waitFor({ state: 'attached' });
      await view.locator('#result-1', { hasText: 'parse_query_string' }).waitFor();
    };
    await searchView();
    await shots.take(page, 'sidebar-view');

    const oldPid = first.coderag.status!.pid;
    const barTexts = await recordStatusBar(page, 'CodeRAG');
    process.kill(oldPid, 'SIGKILL');
    s.step(`killed server ${oldPid}`);
    const restarted = await eventually('a new server, ready', async () => {
      const st = (await probe(s)).coderag.status;
      return st && st.pid !== oldPid && st.state === 'ready' ? st : undefined;
    });
    assert.equal(restarted.files, SMALL_WORKSPACE_FILES);
    await indexed.waitFor();
    await searchView();
    // The status bar said so meanwhile, then came back.
    const shown = await barTexts();
    assert.ok(shown.some((t) => /restarting|starting|indexing/.test(t)), `status bar during the restart: ${JSON.stringify(shown)}`);
    assert.equal(shown[shown.length - 1], `CodeRAG: ${SMALL_WORKSPACE_FILES} files`);
    s.step(`server ${restarted.pid} took over; status bar: ${shown.join(' → ')}`);
    await shots.take(page, 'recovered-after-kill');

    // A server that keeps dying is not restarted forever: five deaths in three minutes stop it.
    let pid = restarted.pid;
    for (let death = 2; death <= 4; death++) {
      process.kill(pid, 'SIGKILL');
      const dead = pid;
      pid = (await eventually(`server restart after death ${death}`, async () => {
        const st = (await probe(s)).coderag.status;
        return st && st.pid !== dead && st.state === 'ready' ? st : undefined;
      })).pid;
    }
    process.kill(pid, 'SIGKILL');
    await statusBarItem(page, 'CodeRAG: stopped').waitFor();
    await waitForNotification(page, 'will not be restarted');
    s.step('fifth death: stopped, and the user is told');
    await shots.take(page, 'gave-up-after-five-deaths');
  });
});

test('helper: vscode.lm.invokeTool runs a tool by name and returns its text parts', { timeout: 120_000 }, async () => {
  await withEditor('lm-tool', { files: { 'a.txt': 'a\n' }, vsix: [testExtensionVsix()] }, async (s) => {
    const p = await probe(s);
    assert.ok(p.tools.includes('coderagTest_echo'), `tools: ${p.tools.join(', ')}`);
    assert.deepEqual(p.models, [{ id: 'coderag-test-model', vendor: 'coderag-test' }]);
    writeExchange(s.run, 'tool.json', { name: 'coderagTest_echo', input: { text: 'hello tool' } });
    const result = await commandOutput<{ text?: string[]; error?: string }>(s, 'CodeRAG Test: Invoke Tool', 'tool-result.json');
    assert.deepEqual(result, { name: 'coderagTest_echo', text: ['echo: {"text":"hello tool"}'] });
  });
});
