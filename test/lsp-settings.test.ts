// A folder's `coderag` settings as the server applies them (pure: no server, no core).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { DEFAULT_MAX_FILE_KB, folderConfig, reconfiguration, storageFolderName } from '../src/lsp/settings';

test('lsp settings: the index lives in the editor storage by default, in <root>/.coderag when asked or without storage', () => {
  const inStorage = folderConfig('/ws/app', undefined, '/storage');
  assert.equal(inStorage.indexDir, path.join('/storage', storageFolderName('/ws/app')));
  assert.match(storageFolderName('/ws/app'), /^app-[0-9a-f]{12}$/);
  assert.notEqual(storageFolderName('/a/app'), storageFolderName('/b/app'), 'two folders named alike get two indexes');
  assert.equal(folderConfig('/ws/app', { index: { location: 'workspaceFolder' } }, '/storage').indexDir, path.join('/ws/app', '.coderag'));
  assert.equal(folderConfig('/ws/app', undefined, undefined).indexDir, path.join('/ws/app', '.coderag'));
});

test('lsp settings: values of the wrong type fall back to the defaults; globs are trimmed', () => {
  const c = folderConfig('/ws', { index: { maxFileSizeKB: -3 as number, include: ['  src/** ', '', 7 as unknown as string], codeOnly: 'yes' as unknown as boolean }, embeddings: { model: '  ' } }, undefined, false);
  assert.equal(c.maxFileBytes, DEFAULT_MAX_FILE_KB * 1024);
  assert.deepEqual(c.include, ['src/**']);
  assert.equal(c.codeOnly, false);
  assert.equal(c.model, undefined);
  assert.equal(c.embeddings, false, 'the initialization option when the setting is absent');
  assert.equal(folderConfig('/ws', { index: { maxFileSizeKB: 2 } }, undefined).maxFileBytes, 2048);
});

test('lsp settings: a changed model rebuilds the index, other changes reopen it, none leaves it alone', () => {
  const before = folderConfig('/ws', undefined, '/s');
  assert.deepEqual(reconfiguration(before, folderConfig('/ws', {}, '/s')), { reopen: false });
  assert.deepEqual(reconfiguration(before, folderConfig('/ws', { index: { exclude: ['dist/'] } }, '/s')), { reopen: true });
  const model = reconfiguration(before, folderConfig('/ws', { embeddings: { model: 'Xenova/all-MiniLM-L6-v2' } }, '/s'));
  assert.equal(model.reopen, true);
  assert.match(model.rebuild!, /embedding model setting changed/);
  // Moving the index elsewhere opens another index: nothing to rebuild in the old one.
  assert.deepEqual(reconfiguration(before, folderConfig('/ws', { index: { location: 'workspaceFolder' }, embeddings: { model: 'm' } }, '/s')), { reopen: true });
});
