import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { collapseCopies, fileStem, isCopy, type Located } from '../src/core/search/dedup';

const at = (path: string, qualifiedName: string, text: string, kind = 'method'): Located => ({ path, startLine: 1, endLine: 3, kind, qualifiedName, text });

test('dedup: file stems drop folders and every extension', () => {
  assert.equal(fileStem('dist/esm/shared/stdio.d.ts'), 'stdio');
  assert.equal(fileStem('lib/index.cjs'), 'index');
  assert.equal(fileStem('.eslintrc.js'), '.eslintrc');
});

test('dedup: build copies and declarations of one definition are copies; same-named strangers are not', () => {
  const esm = at('dist/esm/shared/stdio.js', 'ReadBuffer.readMessage', 'readMessage() { const index = this._buffer.indexOf("\\n"); return deserializeMessage(line); }');
  const cjs = at('dist/cjs/shared/stdio.js', 'ReadBuffer.readMessage', 'readMessage() { const index = this._buffer.indexOf("\\n"); return (0, types_1.deserializeMessage)(line); }');
  const dts = at('dist/cjs/shared/stdio.d.ts', 'ReadBuffer.readMessage', 'readMessage(): JSONRPCMessage | null;');
  const stranger = at('other/stdio.js', 'ReadBuffer.readMessage', 'readMessage() { return queue.shift() ?? null; }');
  assert.ok(isCopy(esm, cjs));
  assert.ok(isCopy(esm, dts));
  assert.ok(!isCopy(esm, stranger), 'same name, same file name, different code');
  assert.ok(!isCopy(esm, at('dist/esm/shared/transport.js', 'ReadBuffer.readMessage', esm.text)), 'another file name');
});

test('dedup: the best-ranked copy stays and lists the others, order kept', () => {
  const items = [
    at('dist/esm/a.js', 'f', 'function f(x) { return g(x) + h(x); }', 'function'),
    at('src/b.js', 'g', 'function g(x) { return x; }', 'function'),
    at('dist/cjs/a.js', 'f', 'function f(x) { return g(x) + h(x); }', 'function'),
    at('types/a.d.ts', 'f', 'declare function f(x: number): number;', 'function'),
  ];
  const out = collapseCopies(items, (i) => i);
  assert.deepEqual(out.map((o) => o.item.path), ['dist/esm/a.js', 'src/b.js']);
  assert.deepEqual(out[0].copies.map((c) => c.path), ['dist/cjs/a.js', 'types/a.d.ts']);
  assert.deepEqual(out[1].copies, []);
});
