import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Chunk } from '../src/core/base/types';
import { chunksOf, find, lines, outline as fullOutline } from './helpers';

// Definitions only: code outside them (header guards, namespace braces) is the generic
// uncovered-code windows' business, not this language's.
const outline = (chunks: Chunk[]) => fullOutline(chunks.filter((c) => c.kind !== 'window'));

const header = lines(
  '/* ring.h - a fixed-size ring buffer of ints. */',            // 1
  '#ifndef RING_H',                                              // 2
  '#define RING_H',                                              // 3
  '',                                                            // 4
  '#include <stddef.h>',                                         // 5
  '',                                                            // 6
  '#define RING_CAPACITY 64',                                    // 7
  '/** True when the ring holds nothing. */',                    // 8
  '#define RING_EMPTY(r) ((r)->count == 0)',                     // 9
  '',                                                            // 10
  '/** A ring buffer: `head` is the oldest slot. */',            // 11
  'typedef struct ring {',                                       // 12
  '  int items[RING_CAPACITY];',                                 // 13
  '  size_t head; /* next read */',                              // 14
  '  size_t count;',                                             // 15
  '} ring_t;',                                                   // 16
  '',                                                            // 17
  'enum ring_status { RING_OK, RING_FULL, RING_EMPTY_ERR };',    // 18
  '',                                                            // 19
  'typedef void (*ring_visit_fn)(int item, void *ctx);',         // 20
  '',                                                            // 21
  'extern int ring_debug;',                                      // 22
  '',                                                            // 23
  '/** Appends `item`; fails when the ring is full. */',         // 24
  'enum ring_status ring_push(ring_t *r, int item);',            // 25
  'int *ring_peek(ring_t *r);',                                  // 26
  '',                                                            // 27
  '#endif',                                                      // 28
);

const source = lines(
  '/* ring.c - implementation of ring.h. */',                                                // 1
  '#include "ring.h"',                                                                       // 2
  '',                                                                                        // 3
  '#define WRAP(i) ((i) % RING_CAPACITY)',                                                   // 4
  '',                                                                                        // 5
  'int ring_debug = 0;',                                                                     // 6
  'static const char *status_names[] = {"ok", "full", "empty"};',                            // 7
  '',                                                                                        // 8
  'struct stats {',                                                                          // 9
  '  unsigned long pushes;',                                                                 // 10
  '  unsigned long drops;',                                                                  // 11
  '};',                                                                                      // 12
  '',                                                                                        // 13
  'static struct stats stats;',                                                              // 14
  '',                                                                                        // 15
  '/* Index of the slot after the newest item. */',                                          // 16
  'static size_t tail(const ring_t *r) {',                                                   // 17
  '  return WRAP(r->head + r->count);',                                                      // 18
  '}',                                                                                       // 19
  '',                                                                                        // 20
  'enum ring_status ring_push(ring_t *r, int item)',                                         // 21
  '{',                                                                                       // 22
  '  if (r == NULL || r->count == RING_CAPACITY) {',                                         // 23
  '    stats.drops++;',                                                                      // 24
  '    return RING_FULL;',                                                                   // 25
  '  }',                                                                                     // 26
  '  r->items[tail(r)] = item;',                                                             // 27
  '  r->count++;',                                                                           // 28
  '  stats.pushes++;',                                                                       // 29
  '  return RING_OK;',                                                                       // 30
  '}',                                                                                       // 31
  '',                                                                                        // 32
  'int *ring_peek(ring_t *r) {',                                                             // 33
  '  return RING_EMPTY(r) ? NULL : &r->items[r->head];',                                     // 34
  '}',                                                                                       // 35
  '',                                                                                        // 36
  '/// Calls `fn` on every item, oldest first.',                                             // 37
  '__attribute__((nonnull(1))) void ring_each(ring_t *r, ring_visit_fn fn, void *ctx) {',    // 38
  '  for (size_t i = 0; i < r->count; i++) {',                                               // 39
  '    switch (i % 2) {',                                                                    // 40
  '    case 0:',                                                                             // 41
  '      fn(r->items[WRAP(r->head + i)], ctx);',                                             // 42
  '      break;',                                                                            // 43
  '    default:',                                                                            // 44
  '      if (ring_debug && ctx) fn(-1, ctx);',                                               // 45
  '    }',                                                                                   // 46
  '  }',                                                                                     // 47
  '}',                                                                                       // 48
  '',                                                                                        // 49
  'const char *ring_status_name(enum ring_status s) {',                                      // 50
  '  return status_names[s];',                                                               // 51
  '}',                                                                                       // 52
  '',                                                                                        // 53
  'int main(void) {',                                                                        // 54
  '  ring_t r = {0};',                                                                       // 55
  '  ring_push(&r, 1);',                                                                     // 56
  '  return 0;',                                                                             // 57
  '}',                                                                                       // 58
);

test('c: a header yields macros, types, globals and prototypes with exact line ranges', async () => {
  const { chunks, syntaxErrors } = await chunksOf('src/ring.h', header);
  assert.equal(syntaxErrors, undefined);
  assert.deepEqual(outline(chunks), [
    'constant RING_CAPACITY 7-7',
    'function RING_EMPTY 8-9',
    'declaration ring_t 11-16',
    'declaration ring_status 18-18',
    'declaration ring_visit_fn 20-20',
    'constant ring_debug 22-22',
    'declaration ring_push 24-25',
    'declaration ring_peek 26-26',
  ]);
  assert.ok(!chunks.some((c) => c.name === 'RING_H'), 'a value-less guard macro is not a chunk');
  assert.ok(!chunks.some((c) => c.name === 'ring'), 'the struct inside the typedef is not repeated');
});

test('c: header metadata: doc comments, macro signature, prototypes', async () => {
  const { chunks } = await chunksOf('src/ring.h', header);
  const empty = find(chunks, 'RING_EMPTY');
  assert.equal(empty.signature, '#define RING_EMPTY(r)');
  assert.deepEqual(empty.parameters, ['r']);
  assert.equal(empty.docstring, 'True when the ring holds nothing.');
  assert.equal(empty.visibility, undefined, 'a macro is file-local in a .c, public in a header');
  const ring = find(chunks, 'ring_t');
  assert.equal(ring.docstring, 'A ring buffer: `head` is the oldest slot.');
  assert.ok(ring.text.includes('size_t head; /* next read */'), 'a type is kept verbatim with its field comments');
  const push = find(chunks, 'ring_push');
  assert.equal(push.signature, 'enum ring_status ring_push(ring_t *r, int item);');
  assert.equal(push.docstring, 'Appends `item`; fails when the ring is full.');
  assert.equal(push.visibility, 'public');
  assert.equal(find(chunks, 'RING_CAPACITY').text, '#define RING_CAPACITY 64');
});

test('c: a source file yields functions, globals and types with exact line ranges', async () => {
  const { chunks, syntaxErrors } = await chunksOf('src/ring.c', source);
  assert.equal(syntaxErrors, undefined);
  assert.deepEqual(outline(chunks), [
    'function WRAP 4-4',
    'constant ring_debug 6-6',
    'constant status_names 7-7',
    'declaration stats 9-12',
    'constant stats 14-14',
    'function tail 16-19',
    'function ring_push 21-31',
    'function ring_peek 33-35',
    'function ring_each 37-48',
    'function ring_status_name 50-52',
    'function main 54-58',
  ]);
  assert.ok(!chunks.some((c) => c.name === 'r'), 'locals stay inside their function');
});

test('c: function metadata', async () => {
  const { chunks } = await chunksOf('src/ring.c', source);
  const each = find(chunks, 'ring_each');
  assert.equal(each.signature, 'void ring_each(ring_t *r, ring_visit_fn fn, void *ctx)');
  assert.deepEqual(each.parameters, ['ring_t *r', 'ring_visit_fn fn', 'void *ctx']);
  assert.equal(each.returnType, 'void');
  assert.deepEqual(each.decorators, ['__attribute__((nonnull(1)))']);
  assert.equal(each.docstring, 'Calls `fn` on every item, oldest first.');
  assert.equal(each.visibility, 'public');
  assert.equal(each.async, false);
  assert.equal(each.generator, false);
  assert.equal(each.complexity, 6); // for, case 0, default, if, &&
  const push = find(chunks, 'ring_push');
  assert.equal(push.signature, 'enum ring_status ring_push(ring_t *r, int item)');
  assert.equal(push.returnType, 'enum ring_status');
  assert.equal(push.complexity, 3); // if, ||
  assert.equal(push.docstring, undefined);
  const tail = find(chunks, 'tail');
  assert.equal(tail.visibility, 'private', 'static means file-local');
  assert.equal(tail.docstring, 'Index of the slot after the newest item.');
  assert.equal(find(chunks, 'ring_peek').returnType, 'int *', 'the pointer belongs to the return type');
  assert.equal(find(chunks, 'ring_peek').complexity, 2);
  assert.equal(find(chunks, 'ring_status_name').returnType, 'const char *');
  assert.deepEqual(find(chunks, 'main').parameters, [], '(void) takes no parameter');
  assert.equal(find(chunks, 'status_names', 'constant').visibility, 'private');
  assert.equal(find(chunks, 'ring_debug').visibility, 'public');
});

test('c: declarator shapes: pointers, function pointers, several names, anonymous enums', async () => {
  const src = lines(
    'char **split(const char *s, int *n) { return 0; }', //    1
    'void (*signal_fn(int sig, void (*h)(int)))(int) {', //    2
    '  return h;', //                                          3
    '}', //                                                    4
    'void (*on_error)(int code) = NULL;', //                   5
    'int width, height = 2;', //                               6
    'enum { FLAG_A = 1, FLAG_B = 2 };', //                     7
    'typedef struct { int x; } pos_t, *pos_p;', //             8
    'union value { int i; float f; };', //                     9
    'static int helper(int);', //                             10
  );
  const { chunks } = await chunksOf('shapes.c', src);
  assert.deepEqual(outline(chunks), [
    'function split 1-1',
    'function signal_fn 2-4',
    'constant on_error 5-5',
    'constant width, height 6-6',
    'declaration FLAG_A 7-7',
    'declaration pos_t, pos_p 8-8',
    'declaration value 9-9',
    'declaration helper 10-10',
  ]);
  assert.equal(find(chunks, 'split').returnType, 'char **');
  assert.deepEqual(find(chunks, 'signal_fn').parameters, ['int sig', 'void (*h)(int)']);
  assert.equal(find(chunks, 'signal_fn').returnType, undefined, 'no contiguous text spells a function-pointer return');
  assert.deepEqual(find(chunks, 'width, height').defines, ['width', 'height']);
  assert.equal(find(chunks, 'helper').visibility, 'private');
});

test('c: export macros before a definition keep its name', async () => {
  const src = lines(
    '/** Public entry. */', //                        1
    'MYLIB_API int mylib_open(const char *path) {', // 2
    '  return 0;', //                                   3
    '}', //                                             4
    'static int __init mylib_init(void)', //            5
    '{', //                                             6
    '  return 0;', //                                   7
    '}', //                                             8
    'BZ_EXTERN int BZ_API(BZ2_bzCompress) (', //        9
    '  bz_stream* strm,', //                           10
    '  int action', //                                 11
    ');', //                                           12
    'LUA_API int (lua_gettop) (lua_State *L);', //     13
    'int BZ_API(BZ2_bzFlush) (bz_stream* strm) {', //  14
    '  return 0;', //                                  15
    '}', //                                            16
  );
  const { chunks } = await chunksOf('mylib.c', src);
  assert.deepEqual(outline(chunks), [
    'function mylib_open 1-4',
    'function mylib_init 5-8',
    'declaration BZ2_bzCompress 9-12',
    'declaration lua_gettop 13-13',
    'function BZ2_bzFlush 14-16',
  ]);
  assert.equal(find(chunks, 'mylib_open').returnType, 'int', 'the unknown macro is not part of the type');
  assert.equal(find(chunks, 'mylib_open').docstring, 'Public entry.');
  assert.deepEqual(find(chunks, 'BZ2_bzFlush').parameters, ['bz_stream* strm'], 'the parameters follow the macro call');
});

test('c: a syntax error still yields chunks', async () => {
  const broken = lines('int ok(void) {', '  return 1;', '}', '', 'int broken( {', '', 'int after(void) {', '  return 2;', '}');
  const { chunks, syntaxErrors, fallback } = await chunksOf('broken.c', broken);
  assert.equal(syntaxErrors, true);
  assert.equal(fallback, undefined);
  assert.ok(chunks.some((c) => c.name === 'ok' && c.startLine === 1 && c.endLine === 3));
  assert.ok(chunks.some((c) => c.name === 'after' && c.startLine === 7 && c.endLine === 9));
});

test('c: an oversized function is split at statements, repeating its signature', async () => {
  const body = Array.from({ length: 60 }, (_, i) => `  total += compute_something_long(${i}, "a string argument");`);
  const src = lines('long big(int x) {', '  long total = 0;', ...body, '  return total;', '}');
  const { chunks } = await chunksOf('big.c', src, 200);
  const parts = chunks.filter((c) => c.name === 'big');
  assert.ok(parts.length > 1);
  assert.equal(parts[0].startLine, 1);
  assert.equal(parts[parts.length - 1].endLine, 64);
  for (let i = 1; i < parts.length; i++) {
    assert.equal(parts[i].startLine, parts[i - 1].endLine + 1, 'parts are contiguous: nothing dropped');
    assert.ok(parts[i].text.startsWith('long big(int x)'), 'each part repeats the signature');
  }
});
