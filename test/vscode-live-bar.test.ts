// The status bar and progress words for the live index (src/vscode/live/bar-text.ts, pure).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { FolderStatus, ServerStatus } from '../src/lsp/protocol';
import { folderLines, liveBarText, progressMessage } from '../src/vscode/live/bar-text';

const folder = (f: Partial<FolderStatus> = {}): FolderStatus => ({ root: '/ws/shop', indexDir: '/s/shop', state: 'ready', files: 4, chunks: 9, embedded: 9, activity: 'idle', ...f });
const status = (folders: FolderStatus[], s: Partial<ServerStatus> = {}): ServerStatus => ({ state: 'ready', files: folders.reduce((n, f) => n + f.files, 0), folders, pid: 1, uptimeMs: 0, ...s });

test('live status bar: idle · indexing n% · embedding n% · paused · stopped · error', () => {
  assert.equal(liveBarText('running', status([folder()])), '$(database) CodeRAG: 4 files');
  const parsing = folder({ state: 'indexing', activity: 'indexing', progress: { phase: 'parse', done: 1, total: 4, percent: 25 } });
  assert.equal(liveBarText('running', status([folder(), parsing], { state: 'indexing' })), '$(sync~spin) CodeRAG: indexing 25%');
  assert.equal(liveBarText('running', status([folder({ activity: 'embedding', progress: { phase: 'embed', done: 3, total: 9, percent: 33 } })])), '$(sync~spin) CodeRAG: embedding 33%');
  assert.equal(liveBarText('running', status([folder({ activity: 'paused' })], { paused: true })), '$(debug-pause) CodeRAG: paused');
  // Paused with nothing left to do is idle: pausing an idle index changes nothing to see.
  assert.equal(liveBarText('running', status([folder()], { paused: true })), '$(database) CodeRAG: 4 files');
  assert.equal(liveBarText('running', status([folder({ activity: 'error', message: 'disk full' })])), '$(error) CodeRAG: error');
  // Cancelled by the user: partial until Reindex, and said so.
  assert.equal(liveBarText('running', status([folder({ stoppedByUser: true, message: 'indexing stopped: Reindex resumes it' }), folder({ root: '/ws/b' })])), '$(debug-stop) CodeRAG: stopped · 8 files');
  assert.equal(liveBarText('restarting'), '$(sync~spin) CodeRAG: restarting…');
});

test('live tooltip and progress message: one part per folder, named when there are several', () => {
  const a = folder({ root: '/ws/a', activity: 'indexing', progress: { phase: 'parse', done: 2, total: 8, chunks: 5, etaSeconds: 12 } });
  const b = folder({ root: '/ws/b', skipped: 2, message: 'big.bin: too large' });
  assert.deepEqual(folderLines(status([a, b])), ['a: indexing (parse 2/8, ~12 s left); 4 files, 9 chunks (9 with vectors)', 'b: idle; 4 files, 9 chunks (9 with vectors), 2 skipped — big.bin: too large']);
  assert.equal(progressMessage([a]), 'parse 2/8 files, 5 chunks, ~12 s left');
  assert.equal(progressMessage([a, folder({ root: '/ws/b', activity: 'embedding', progress: { phase: 'embed', done: 1, total: 9 } })]), 'a: parse 2/8 files, 5 chunks, ~12 s left · b: embedding 1/9 chunks');
});
