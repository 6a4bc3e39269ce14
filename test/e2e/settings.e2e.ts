// Control over the live index, in the real workbench from the packaged VSIX: the progress
// notification's Cancel stops the first index (the status bar says so, Reindex finishes it), and
// settings changed while the editor runs take effect without a reload: the size limit, the exclude
// globs and the index's location.
import { before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FolderStatus } from '../../src/lsp/protocol';
import { probe, updateSetting } from './ask-view';
import { SMALL_WORKSPACE } from './fixtures';
import { eventually, type Session, withEditor } from './harness/session';
import { productVsix, testExtensionVsix } from './harness/vsix';
import { runCommand, statusBarItem, waitForNotification } from './harness/workbench';
import { foundIn, moduleFiles, search } from './index-helpers';

let vsix: string[] = [];
before(() => {
  vsix = [productVsix(), testExtensionVsix()];
});

const PIPELINES = 300;
/** A module over 1 KB: skipped at maxFileSizeKB 1. */
const BIG = Array.from({ length: 30 }, (_, i) => `def marmalade_ledger_${i}(jar):\n    return jar.weight * ${i}\n`).join('\n');
const FILES: Record<string, string> = { ...SMALL_WORKSPACE, ...moduleFiles(PIPELINES), 'data/ledger.py': BIG };

/** The only folder's status once `ok` holds for it. */
const folderWhen = (s: Session, what: string, ok: (f: FolderStatus) => boolean, ms = 120_000) =>
  eventually(what, async () => {
    const f = (await probe(s)).coderag.status?.folders[0];
    return f && ok(f) ? f : undefined;
  }, ms);

const finished = (f: FolderStatus) => f.activity === 'idle' && !f.stoppedByUser && f.chunks > 0 && f.embedded === f.chunks;

test('settings: Cancel stops the first index, Reindex finishes it; size limit, exclude and location change without a reload', { timeout: 600_000 }, async () => {
  await withEditor('settings', { files: FILES, vsix, trust: 'off', extra: { 'coderag.index.maxFileSizeKB': 1 } }, async (s) => {
    const { page, shots, workspace } = s;

    // Cancel on the progress notification: the run ends where it was, nothing starts again.
    const toast = await waitForNotification(page, 'CodeRAG: indexing', 120_000);
    await toast.getByRole('button', { name: 'Cancel' }).click();
    const stopped = await folderWhen(s, 'indexing stopped by the user', (f) => f.stoppedByUser === true && f.activity === 'idle');
    assert.ok(stopped.files < Object.keys(FILES).length || stopped.embedded < stopped.chunks, `stopped before the end: ${JSON.stringify(stopped)}`);
    await statusBarItem(page, 'CodeRAG: stopped').waitFor({ timeout: 30_000 });
    await toast.waitFor({ state: 'hidden', timeout: 30_000 });
    // Still stopped a while later: nothing in the background picked the work up again.
    await new Promise((r) => setTimeout(r, 3000));
    const later = (await probe(s)).coderag.status!.folders[0];
    assert.equal(later.stoppedByUser, true);
    assert.deepEqual([later.files, later.embedded], [stopped.files, stopped.embedded], 'no work after Cancel');
    s.step(`cancelled: ${stopped.files} files, ${stopped.embedded}/${stopped.chunks} vectors; "${stopped.message}"`);
    await shots.take(page, 'cancelled-status-bar');

    await runCommand(page, 'CodeRAG: Reindex');
    const all = await folderWhen(s, 'the reindex done', finished, 240_000);
    await statusBarItem(page, `CodeRAG: ${all.files} files`).waitFor({ timeout: 30_000 });
    assert.equal(all.files, Object.keys(FILES).length - 1, 'every file but the one over 1 KB');
    s.step(`reindexed: ${all.files} files, ${all.embedded} vectors`);

    // The size limit: ledger.py (1.6 KB) is skipped at 1 KB, indexed at 1024 KB.
    const big = path.join(workspace, 'data/ledger.py');
    assert.equal((await search(s, 'marmalade ledger')).some((h) => h.file === big), false);
    await updateSetting(s, 'coderag.index.maxFileSizeKB', 1024);
    await foundIn(s, 'marmalade ledger', big);
    await folderWhen(s, 'ledger.py counted', (f) => f.files === all.files + 1 && f.activity === 'idle');
    s.step('maxFileSizeKB 1 → 1024: ledger.py indexed');

    // Exclude globs: the pipeline modules leave the index and its results.
    const stage = path.join(workspace, 'pipeline/stage_7.py');
    await foundIn(s, 'step_7_3', stage);
    await updateSetting(s, 'coderag.index.exclude', ['pipeline/']);
    const fewer = await folderWhen(s, 'the pipeline modules excluded', (f) => f.files === all.files + 1 - PIPELINES && f.activity === 'idle');
    await eventually('no pipeline module in the results', async () => ((await search(s, 'step_7_3')).some((h) => h.file.includes('/pipeline/')) ? undefined : true));
    await statusBarItem(page, `CodeRAG: ${fewer.files} files`).waitFor({ timeout: 30_000 });
    s.step(`exclude ["pipeline/"]: ${fewer.files} files`);
    await shots.take(page, 'excluded-status-bar');

    // The index's location: into <folder>/.coderag, where the CLI and MCP server find it.
    assert.ok(fewer.indexDir.includes('workspaceStorage'), fewer.indexDir);
    await updateSetting(s, 'coderag.index.location', 'workspaceFolder');
    const moved = await folderWhen(s, 'the index in the folder', (f) => f.indexDir === path.join(workspace, '.coderag') && finished(f), 120_000);
    assert.ok(fs.existsSync(path.join(workspace, '.coderag')), '<folder>/.coderag written');
    assert.equal(moved.files, fewer.files);
    await foundIn(s, 'parse query string', path.join(workspace, 'app/http.py'));
    s.step(`location workspaceFolder: ${moved.indexDir}, ${moved.files} files`);
    await shots.take(page, 'index-in-folder');
  });
});
