import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { chunksOf, find, lines, outline } from './helpers';
import { uncoveredLines } from './coverage';

test('top-level code outside definitions is chunked, imports and docstrings are not', async () => {
  const script = lines(
    '"""Deploy script."""', //        1
    'import sys', //                  2
    'from os import path', //         3
    '', //                            4
    'def main(argv):', //             5
    '    return len(argv)', //        6
    '', //                            7
    'if __name__ == "__main__":', //  8
    '    code = main(sys.argv)', //   9
    '    sys.exit(code)', //         10
  );
  assert.deepEqual(outline((await chunksOf('deploy.py', script)).chunks), ['function main 5-6', 'window top-level code 8-10']);
});

test('a test file made of describe()/it() calls is not lost', async () => {
  const spec = lines(
    "import { slugify } from './slug';", //                       1
    '', //                                                         2
    "describe('slugify', () => {", //                             3
    "  it('lowercases', () => {", //                              4
    "    expect(slugify('A B')).toBe('a-b');", //                 5
    '  });', //                                                    6
    '});', //                                                      7
  );
  const { chunks } = await chunksOf('slug.test.ts', spec);
  assert.deepEqual(outline(chunks), ['window top-level code 3-7']);
  assert.ok(chunks[0].references.includes('slugify'));
});

test('a helper function nested in a callback does not swallow the statements around it', async () => {
  const spec = lines(
    "describe('Cart', () => {", //                                                  1
    '  let cart;', //                                                                2
    '  beforeEach(() => { cart = new Cart(); });', //                               3
    '  function addItems(n) { for (let i = 0; i < n; i++) cart.add({ id: i }); }', // 4
    "  it('sums prices', () => { addItems(3); expect(cart.total()).toBe(30); });", // 5
    '});', //                                                                        6
  );
  const { chunks } = await chunksOf('cart.test.js', spec);
  assert.deepEqual(outline(chunks), ['window top-level code 1-3', 'function addItems 4-4', 'window top-level code 5-6']);
});

test('definitions nested deeper than any fixed depth still leave their neighbours chunked', async () => {
  const spec = lines(
    "describe('a', () => {", //          1
    "  describe('b', () => {", //        2
    "    describe('c', () => {", //      3
    '      const x = 1;', //             4
    '      function deep() {}', //       5
    "      it('x', () => {});", //       6
    '    });', //                        7
    '  });', //                          8
    '});', //                            9
  );
  const { chunks } = await chunksOf('deep.test.js', spec);
  assert.deepEqual(outline(chunks), ['window top-level code 1-4', 'function deep 5-5', 'window top-level code 6-9']);
});

test('a one-line top-level statement is a chunk, imports and export lists are not', async () => {
  const redux = lines(
    "import { connect } from 'react-redux';", // 1
    "import Component from './Component';", //   2
    '', //                                       3
    'export default connect(mapState)(Component);', // 4
  );
  assert.deepEqual(outline((await chunksOf('Connected.js', redux)).chunks), ['window top-level code 4-4']);
  const script = lines('import sys', 'from app import main', '', 'sys.exit(main())');
  assert.deepEqual(outline((await chunksOf('run.py', script)).chunks), ['window top-level code 4-4']);
  const server = lines("'use strict';", "const express = require('express');", 'const app = express();', 'app.listen(3000);', '', 'export { app };');
  assert.deepEqual(outline((await chunksOf('server.js', server)).chunks), ['constant express 2-2', 'constant app 3-3', 'window top-level code 4-4']);
});

test('a line longer than the limit is cut into pieces that keep its line range, nothing truncated', async () => {
  const table = 'LINE = [' + Array.from({ length: 3000 }, (_, i) => (i * 7919) % 100003).join(', ') + ']';
  const { chunks } = await chunksOf('primes.py', lines('import os', table, 'X = 1'));
  const parts = chunks.filter((c) => c.name === 'LINE');
  assert.ok(parts.length > 10);
  assert.deepEqual([...new Set(outline(parts))], ['constant LINE 2-2']);
  assert.deepEqual(find(chunks, 'X').startLine, 3);
  for (const p of parts) assert.ok(p.text.length <= 512 * 1.8, `part of ${p.text.length} characters`);
  // The parts after the first repeat the constant's first line as context; without it they are the line.
  const context = parts[0].signature!;
  const joined = parts.map((p, i) => (i ? p.text.slice(context.length + 1) : p.text)).join('');
  assert.equal(joined, table);
});

test('definitions sharing one line each hold their own text, not the whole line', async () => {
  const one = 'function a(x){return x+1}function b(y){return a(y)*2}var c=function(z){return b(z)};class D{m(){return 1}n(){return 2}}';
  const { chunks } = await chunksOf('bundle.js', lines(one));
  assert.deepEqual(outline(chunks), ['function a 1-1', 'function b 1-1', 'function c 1-1', 'class D 1-1', 'method D.m 1-1', 'method D.n 1-1']);
  assert.deepEqual(chunks.map((c) => c.text), [
    'function a(x){return x+1}',
    'function b(y){return a(y)*2}',
    'var c=function(z){return b(z)};',
    'class D{m(){return 1}n(){return 2}}',
    'm(){return 1}',
    'n(){return 2}',
  ]);
});

test('declarators of one oversized statement keep ranges that match their text', async () => {
  const keys = (prefix: string, last: boolean) =>
    ['alpha', 'beta', 'gamma', 'delta', 'epsilon'].map((k, i) => `      '${prefix}${k}': true${last && i === 4 ? '' : ','}`);
  // The comment glued above: every declarator's draft starts there, above the statement.
  const src = lines(
    '// URL patterns.',
    '// Compiled once, when the module loads,',
    '// not on every call.',
    'var schemePattern = /^([a-z0-9.+-]+:)/i,',
    '    portPattern = /:[0-9]*$/,',
    '    // characters never allowed in a host name',
    "    reserved = [ '<', '>', '`', ' ' ],",
    "    unsafe = [ '{', '}', '|', '^', '`' ].concat(reserved),",
    "    escaped = [ 'x' ].concat(unsafe),",
    '    // protocols that never have a host name',
    '    hostless = {',
    ...keys('a', true),
    '    },',
    '    // protocols that always have one',
    '    slashed = {',
    ...keys('b', false),
    ...keys('c:', true),
    '    };',
  );
  const { uncovered } = await uncoveredLines('patterns.js', src, 120);
  assert.deepEqual(uncovered, []);
});
