// The extension's words for the server's state (src/vscode/describe.ts, pure: no vscode needed).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { ServerStatus } from '../src/lsp/protocol';
import { barText, heading, statusSentence } from '../src/vscode/describe';

const folder = { root: '/home/me/ws', indexDir: '/ws/.coderag', files: 0, chunks: 0, embedded: 0 };
const status = (s: Partial<ServerStatus> & Pick<ServerStatus, 'state' | 'folders'>): ServerStatus => ({ files: 0, pid: 1, uptimeMs: 0, ...s });

test('status bar: indexing shows progress, ready shows the file count', () => {
  const indexing = status({ state: 'indexing', folders: [{ ...folder, state: 'indexing', progress: { phase: 'parse', done: 3, total: 10 } }] });
  assert.equal(barText('running', indexing), '$(sync~spin) CodeRAG: indexing… 3/10');
  assert.equal(barText('running', status({ state: 'ready', files: 1, folders: [] })), '$(database) CodeRAG: 1 file');
  assert.equal(barText('running', status({ state: 'ready', files: 12, folders: [] })), '$(database) CodeRAG: 12 files');
  assert.equal(barText('restarting', undefined), '$(sync~spin) CodeRAG: restarting…');
  assert.equal(barText('untrusted'), '$(workspace-untrusted) CodeRAG: restricted');
});

test('status sentence: says per folder what is indexed, or why nothing is', () => {
  const ready = status({ state: 'ready', files: 2, folders: [{ ...folder, state: 'ready', files: 2, chunks: 5, embedded: 4 }] });
  assert.equal(statusSentence('running', ready), 'CodeRAG ready. ws: 2 files indexed, 5 chunks (4 with vectors).');
  assert.equal(heading('running', ready), 'Indexed');
  const failed = status({ state: 'error', folders: [{ ...folder, state: 'error', message: 'disk full' }] });
  assert.equal(statusSentence('running', failed), 'CodeRAG error. ws: failed: disk full.');
  assert.match(statusSentence('untrusted'), /not trusted, so CodeRAG reads and indexes nothing/);
  assert.equal(heading('untrusted'), 'Restricted mode');
});
