// Restricted mode: in a workspace the user has not trusted, CodeRAG reads and indexes nothing,
// starts no server, and its view and status bar say why.
import { before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SMALL_WORKSPACE } from './fixtures';
import { commandOutput, withEditor } from './harness/session';
import { productVsix, testExtensionVsix } from './harness/vsix';
import { openContainer, statusBarItem, webviewFrame } from './harness/workbench';
import type { Probe } from './probe';

let vsix: string[] = [];
before(() => {
  vsix = [productVsix(), testExtensionVsix()];
});

test('untrusted workspace: nothing indexed, no server, and the view says why', { timeout: 180_000 }, async () => {
  await withEditor('untrusted', { files: SMALL_WORKSPACE, vsix, trust: 'untrusted' }, async (s) => {
    const { page, shots } = s;
    await statusBarItem(page, 'CodeRAG: restricted').waitFor({ timeout: 60_000 });
    await shots.take(page, 'restricted-status-bar');

    const p = await commandOutput<Probe>(s, 'CodeRAG Test: Probe', 'probe.json');
    assert.equal(p.trusted, false);
    assert.ok(p.extensions.find((e) => e.id === 'coderag.coderag')?.active, 'CodeRAG activates in restricted mode (limited support)');
    assert.equal(p.coderag.phase, 'untrusted');
    assert.equal(p.coderag.status, undefined);

    await openContainer(page, 'CodeRAG');
    const view = webviewFrame(page);
    await view.locator('#status', { hasText: 'not trusted, so CodeRAG reads and indexes nothing' }).waitFor();
    // A search says why it cannot run instead of finding nothing.
    await view.locator('#query').fill('parse a query string');
    await view.locator('#query').press('Enter');
    await view.locator('#error', { hasText: 'CodeRAG cannot search now: This workspace is not trusted' }).waitFor();
    await shots.take(page, 'view-says-why');

    // Had anything started, the probe and the view took long enough for a server to create the folder.
    assert.ok(!fs.existsSync(path.join(s.workspace, '.coderag')), 'no index folder in an untrusted workspace');
    const servers = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).split('\n').filter((l) => l.includes(s.run.extensions) && l.includes('lsp-server.js'));
    assert.deepEqual(servers, [], 'no language server runs for this editor');
  });
});
