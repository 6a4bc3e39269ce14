import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { languageOf } from '../src/core/lang/registry';
import { chunksOf, find, lines, outline } from './helpers';

const ts = lines(
  '/** Billing services. */',                                 // 1
  "import { Injectable, Log } from './di';",                  // 2
  '',                                                         // 3
  'export const MAX_RETRIES = 3;',                            // 4
  'const cache = new Map<string, number>();',                 // 5
  '',                                                         // 6
  '/**',                                                      // 7
  ' * Adds two numbers.',                                     // 8
  ' * @param a first',                                        // 9
  ' */',                                                      // 10
  'export function add(a: number, b = 2): number {',          // 11
  '  return a > b ? a : b;',                                  // 12
  '}',                                                        // 13
  '',                                                         // 14
  'export const double = (x: number): number => x * 2;',      // 15
  'const fetchAll = async (url: string) => {',                // 16
  '  if (!url) return null;',                                 // 17
  "  return url ?? 'x';",                                     // 18
  '};',                                                       // 19
  '',                                                         // 20
  'export async function* stream(n: number): AsyncGenerator<number> {', // 21
  '  for (let i = 0; i < n; i++) yield i;',                   // 22
  '}',                                                        // 23
  '',                                                         // 24
  '@Injectable()',                                            // 25
  'export class Invoice extends Base implements Printable {', // 26
  '  static count = 0;',                                      // 27
  '  private readonly lines: string[] = [];',                 // 28
  '  #secret = 1;',                                           // 29
  '',                                                         // 30
  '  constructor(private id: string) {',                      // 31
  '    super();',                                             // 32
  '  }',                                                      // 33
  '',                                                         // 34
  '  get total(): number {',                                  // 35
  '    return this.lines.length;',                            // 36
  '  }',                                                      // 37
  '',                                                         // 38
  '  set total(v: number) {}',                                // 39
  '',                                                         // 40
  '  /** Persists it. */',                                    // 41
  '  @Log()',                                                 // 42
  '  protected async save(force?: boolean): Promise<void> {', // 43
  '    if (force && this.#secret) await this.flush();',       // 44
  '  }',                                                      // 45
  '',                                                         // 46
  '  static create(): Invoice {',                             // 47
  "    return new Invoice('x');",                             // 48
  '  }',                                                      // 49
  '',                                                         // 50
  '  #hidden(): void {}',                                     // 51
  '',                                                         // 52
  '  *items(): Generator<string> {',                          // 53
  '    yield* this.lines;',                                   // 54
  '  }',                                                      // 55
  '',                                                         // 56
  '  onClick = (e: Event): void => {};',                      // 57
  '}',                                                        // 58
  '',                                                         // 59
  'export abstract class Shape {',                            // 60
  '  abstract area(): number;',                               // 61
  '}',                                                        // 62
  '',                                                         // 63
  'export interface Printable {',                             // 64
  '  print(): void;',                                         // 65
  '}',                                                        // 66
  '',                                                         // 67
  'export type Id = string | number;',                        // 68
  '',                                                         // 69
  'export enum Color {',                                      // 70
  '  Red,',                                                   // 71
  '  Green,',                                                 // 72
  '}',                                                        // 73
  '',                                                         // 74
  'export namespace Geometry {',                              // 75
  '  export const ORIGIN = 0;',                               // 76
  '  export function dist(): number {',                       // 77
  '    return 0;',                                            // 78
  '  }',                                                      // 79
  '}',                                                        // 80
  '',                                                         // 81
  'export default function main(): void {}',                  // 82
);

test('typescript: every chunk kind with exact line ranges', async () => {
  const { chunks, syntaxErrors } = await chunksOf('services/billing.ts', ts);
  assert.equal(syntaxErrors, undefined);
  assert.deepEqual(outline(chunks), [
    'constant MAX_RETRIES 4-4',
    'constant cache 5-5',
    'function add 7-13',
    'function double 15-15',
    'function fetchAll 16-19',
    'function stream 21-23',
    'class Invoice 25-58',
    'method Invoice.constructor 31-33',
    'method Invoice.total 35-37', // getter
    'method Invoice.total 39-39', // setter
    'method Invoice.save 41-45',
    'method Invoice.create 47-49',
    'method Invoice.#hidden 51-51',
    'method Invoice.items 53-55',
    'method Invoice.onClick 57-57', // a field holding an arrow function
    'class Shape 60-62',
    'method Shape.area 61-61',
    'declaration Printable 64-66',
    'declaration Id 68-68',
    'declaration Color 70-73',
    'constant Geometry.ORIGIN 76-76',
    'function Geometry.dist 77-79',
    'function main 82-82',
  ]);
});

test('typescript: function metadata', async () => {
  const { chunks } = await chunksOf('services/billing.ts', ts);
  const add = find(chunks, 'add');
  assert.equal(add.signature, 'function add(a: number, b = 2): number');
  assert.deepEqual(add.parameters, ['a: number', 'b = 2']);
  assert.equal(add.returnType, 'number');
  assert.equal(add.docstring, 'Adds two numbers.\n@param a first');
  assert.equal(add.visibility, 'public');
  assert.equal(add.complexity, 2); // ternary
  assert.equal(add.title, 'services/billing.ts (Billing services.) function add');

  const double = find(chunks, 'double');
  assert.equal(double.signature, 'double = (x: number): number =>');
  assert.deepEqual(double.parameters, ['x: number']);
  assert.equal(double.returnType, 'number');
  assert.equal(double.async, false);

  const fetchAll = find(chunks, 'fetchAll');
  assert.equal(fetchAll.signature, 'fetchAll = async (url: string) =>', 'the body is not in the signature');
  assert.equal(fetchAll.async, true);
  assert.equal(fetchAll.visibility, 'internal');
  assert.equal(fetchAll.complexity, 3); // if, ??

  const stream = find(chunks, 'stream');
  assert.equal(stream.async, true);
  assert.equal(stream.generator, true);
  assert.equal(stream.returnType, 'AsyncGenerator<number>');
  assert.equal(stream.complexity, 2);

  assert.equal(find(chunks, 'MAX_RETRIES').visibility, 'public');
  assert.equal(find(chunks, 'cache').visibility, 'internal');
  assert.equal(find(chunks, 'main').signature, 'function main(): void');
});

test('typescript: method metadata: decorators, visibility, async, generator, accessors', async () => {
  const { chunks } = await chunksOf('services/billing.ts', ts);
  const invoice = find(chunks, 'Invoice', 'class');
  assert.deepEqual(invoice.decorators, ['@Injectable()']);
  assert.equal(invoice.signature, 'class Invoice extends Base implements Printable');
  const save = find(chunks, 'Invoice.save');
  assert.deepEqual(save.decorators, ['@Log()']);
  assert.equal(save.docstring, 'Persists it.');
  assert.equal(save.visibility, 'protected');
  assert.equal(save.async, true);
  assert.equal(save.signature, 'protected async save(force?: boolean): Promise<void>');
  assert.deepEqual(save.parameters, ['force?: boolean']);
  assert.equal(save.returnType, 'Promise<void>');
  assert.equal(save.complexity, 3); // if, &&
  const ctor = find(chunks, 'Invoice.constructor');
  assert.deepEqual(ctor.parameters, ['private id: string']);
  const [getter, setter] = chunks.filter((c) => c.qualifiedName === 'Invoice.total');
  assert.equal(getter.signature, 'get total(): number');
  assert.equal(setter.signature, 'set total(v: number)');
  assert.equal(find(chunks, 'Invoice.create').signature, 'static create(): Invoice');
  assert.equal(find(chunks, 'Invoice.#hidden').visibility, 'private');
  assert.equal(find(chunks, 'Invoice.items').generator, true);
  assert.equal(find(chunks, 'Invoice.items').async, false);
  const onClick = find(chunks, 'Invoice.onClick');
  assert.equal(onClick.signature, 'onClick = (e: Event): void =>');
  assert.deepEqual(onClick.parameters, ['e: Event']);
  assert.equal(onClick.returnType, 'void');
  const area = find(chunks, 'Shape.area');
  assert.equal(area.signature, 'abstract area(): number');
  assert.equal(area.returnType, 'number');
});

test('typescript: class summaries hold fields and one line per method', async () => {
  const { chunks } = await chunksOf('services/billing.ts', ts);
  assert.equal(
    find(chunks, 'Invoice', 'class').text,
    lines(
      '@Injectable()',
      'export class Invoice extends Base implements Printable {',
      '  static count = 0;',
      '  private readonly lines: string[] = [];',
      '  #secret = 1;',
      '  constructor(private id: string) { … }',
      '  get total(): number { … }',
      '  set total(v: number) { … }',
      '  protected async save(force?: boolean): Promise<void> { … }',
      '  static create(): Invoice { … }',
      '  #hidden(): void { … }',
      '  *items(): Generator<string> { … }',
      '  onClick = (e: Event): void => { … }',
      '}',
    ).trimEnd(),
  );
  const shape = find(chunks, 'Shape', 'class');
  assert.equal(shape.text, lines('export abstract class Shape {', '  abstract area(): number', '}').trimEnd());
  assert.equal(shape.signature, 'abstract class Shape');
  assert.deepEqual(find(chunks, 'Invoice', 'class').defines, [
    'Invoice', 'constructor', 'total', 'total', 'save', 'create', '#hidden', 'items', 'onClick',
  ]);
  assert.equal(find(chunks, 'Color').text, lines('export enum Color {', '  Red,', '  Green,', '}').trimEnd());
});

test('typescript: .d.ts declarations', async () => {
  const dts = lines(
    '/** Widget library. */', //                1
    '', //                                      2
    '/** Says hello. */', //                    3
    'declare function greet(name: string): void;', // 4
    'declare class Widget {', //                5
    '  constructor(el: HTMLElement);', //       6
    '  render(): void;', //                     7
    '  readonly size: number;', //              8
    '}', //                                     9
    'declare const VERSION: string;', //       10
    "declare module 'widgets' {", //           11
    '  export function extra(): void;', //     12
    '}', //                                    13
  );
  const { chunks } = await chunksOf('types/widget.d.ts', dts);
  assert.equal(languageOf('types/widget.d.ts')?.id, 'typescript');
  assert.deepEqual(outline(chunks), [
    'function greet 3-4',
    'class Widget 5-9',
    'method Widget.constructor 6-6',
    'method Widget.render 7-7',
    'constant VERSION 10-10',
    'function widgets.extra 12-12',
  ]);
  const greet = find(chunks, 'greet');
  assert.equal(greet.docstring, 'Says hello.');
  assert.equal(greet.visibility, 'public'); // declare: global
  assert.deepEqual(greet.parameters, ['name: string']);
  assert.equal(greet.returnType, 'void');
  assert.equal(
    find(chunks, 'Widget', 'class').text,
    lines('declare class Widget {', '  constructor(el: HTMLElement)', '  render(): void', '  readonly size: number;', '}').trimEnd(),
  );
  assert.equal(find(chunks, 'Widget.render').returnType, 'void');
});

const js = lines(
  '// Legacy helpers.',                                       // 1
  "'use strict';",                                            // 2
  '',                                                         // 3
  '/** Parses. */',                                           // 4
  'module.exports.parse = function (s) {',                    // 5
  '  return s.trim();',                                       // 6
  '};',                                                       // 7
  'exports.format = x => `${x}`;',                            // 8
  '',                                                         // 9
  'function Foo(name) {',                                     // 10
  '  this.name = name;',                                      // 11
  '}',                                                        // 12
  '',                                                         // 13
  '// Greets.',                                               // 14
  'Foo.prototype.greet = function greet() {',                 // 15
  "  return this.name || 'anon';",                            // 16
  '};',                                                       // 17
  'Foo.prototype._secret = function () {};',                  // 18
  '',                                                         // 19
  'const gen = function* () {',                               // 20
  '  yield 1;',                                               // 21
  '};',                                                       // 22
  '',                                                         // 23
  'const Mixin = class {',                                    // 24
  '  run() {}',                                               // 25
  '};',                                                       // 26
  '',                                                         // 27
  'class Counter extends Component {',                        // 28
  '  static #instances = 0;',                                 // 29
  '  count = 0;',                                             // 30
  '  handle = async () => {',                                 // 31
  '    this.count++;',                                        // 32
  '  };',                                                     // 33
  '  @bound',                                                 // 34
  '  render() {',                                             // 35
  '    return null;',                                         // 36
  '  }',                                                      // 37
  '}',                                                        // 38
  '',                                                         // 39
  'const api = {',                                            // 40
  '  get() {},',                                              // 41
  '};',                                                       // 42
  '',                                                         // 43
  'module.exports = function () {};',                         // 44
);

test('javascript: CommonJS, prototypes, function expressions and classes', async () => {
  const { chunks, syntaxErrors } = await chunksOf('lib/legacy.js', js);
  assert.equal(syntaxErrors, undefined);
  assert.deepEqual(outline(chunks), [
    'function parse 4-7',
    'function format 8-8',
    'function Foo 10-12',
    'method Foo.greet 14-17',
    'method Foo._secret 18-18',
    'function gen 20-22',
    'class Mixin 24-26',
    'method Mixin.run 25-25',
    'class Counter 28-38',
    'method Counter.handle 31-33',
    'method Counter.render 34-37',
    'constant api 40-42', // object-literal methods stay in their constant
    'function default 44-44', // module.exports = function
  ]);
  const parse = find(chunks, 'parse');
  assert.equal(parse.docstring, 'Parses.');
  assert.equal(parse.visibility, 'public');
  assert.equal(parse.signature, 'module.exports.parse = function (s)');
  assert.deepEqual(parse.parameters, ['s']);
  assert.deepEqual(find(chunks, 'format').parameters, ['x'], 'a lone parameter without parentheses');
  const greet = find(chunks, 'Foo.greet');
  assert.equal(greet.docstring, 'Greets.');
  assert.equal(greet.complexity, 2);
  assert.equal(greet.visibility, 'public');
  assert.equal(find(chunks, 'Foo._secret').visibility, 'private');
  assert.equal(find(chunks, 'Foo').visibility, 'internal');
  assert.equal(find(chunks, 'gen').generator, true);
  assert.equal(find(chunks, 'Counter.handle').async, true);
  assert.deepEqual(find(chunks, 'Counter.render').decorators, ['@bound']);
  assert.equal(
    find(chunks, 'Counter', 'class').text,
    lines(
      'class Counter extends Component {',
      '  static #instances = 0;',
      '  count = 0;',
      '  handle = async () => { … }',
      '  render() { … }',
      '}',
    ).trimEnd(),
  );
  assert.equal(find(chunks, 'parse').title, 'lib/legacy.js (Legacy helpers.) function parse');
});

const tsx = lines(
  "import React, { useState } from 'react';",                 // 1
  '',                                                         // 2
  'interface Props {',                                        // 3
  '  title: string;',                                         // 4
  '}',                                                        // 5
  '',                                                         // 6
  '/** A card. */',                                           // 7
  'export const Card: React.FC<Props> = ({ title }) => {',    // 8
  '  const [open, setOpen] = useState(false);',               // 9
  '  return <div onClick={() => setOpen(!open)}>{open && title}</div>;', // 10
  '};',                                                       // 11
  '',                                                         // 12
  'export default function App() {',                          // 13
  '  return <Card title="x" />;',                             // 14
  '}',                                                        // 15
  '',                                                         // 16
  'export default class extends React.Component {}',          // 17
);

test('tsx: components as functions, interfaces, default exports', async () => {
  const { chunks } = await chunksOf('ui/card.tsx', tsx);
  assert.equal(languageOf('ui/card.tsx')?.id, 'tsx');
  assert.deepEqual(outline(chunks), [
    'declaration Props 3-5',
    'function Card 7-11',
    'function App 13-15',
    'class default 17-17',
  ]);
  const card = find(chunks, 'Card');
  assert.equal(card.docstring, 'A card.');
  assert.equal(card.signature, 'Card: React.FC<Props> = ({ title }) =>');
  assert.deepEqual(card.parameters, ['{ title }']);
  assert.equal(card.complexity, 2); // && in the JSX
  assert.ok(card.text.includes('<div onClick={() => setOpen(!open)}>'), 'JSX and inner arrows stay in the component');
  assert.equal(find(chunks, 'Props').visibility, 'internal');
  assert.equal(find(chunks, 'App').visibility, 'public');
});

test('typescript: a syntax error still yields chunks', async () => {
  const broken = lines(
    'export function ok(): number {', // 1
    '  return 1;', //                     2
    '}', //                               3
    '', //                                4
    'function broken(a: number {', //    5
    '  return a;', //                     6
    '}', //                               7
    '', //                                8
    'export class After {', //            9
    '  run(): void {}', //               10
    '}', //                              11
  );
  const { chunks, syntaxErrors, fallback } = await chunksOf('broken.ts', broken);
  assert.equal(syntaxErrors, true);
  assert.equal(fallback, undefined);
  assert.ok(chunks.some((c) => c.name === 'ok' && c.startLine === 1 && c.endLine === 3));
  assert.ok(chunks.some((c) => c.qualifiedName === 'After.run' && c.startLine === 10 && c.endLine === 10));
});

test('javascript: a /** */ block documents the definition below it across blank lines, a file header does not', async () => {
  const src = lines(
    '/** Licence header. */', //                 1
    '', //                                       2
    'const first = () => 1;', //                 3
    '', //                                       4
    '/**', //                                    5
    ' * Scans a glob for its base.', //          6
    ' */', //                                    7
    '', //                                       8
    'const scan = (input) => input;', //         9
    '', //                                      10
    '// a plain comment', //                    11
    '', //                                      12
    'const other = () => 2;', //                13
  );
  const { chunks } = await chunksOf('scan.js', src);
  const scan = find(chunks, 'scan');
  assert.equal(scan.docstring, 'Scans a glob for its base.');
  assert.equal(scan.startLine, 5);
  assert.equal(find(chunks, 'first').docstring, undefined);
  assert.equal(find(chunks, 'other').docstring, undefined);
  assert.equal(find(chunks, 'other').startLine, 13);
});

test('javascript: the file header after a shebang, a directive or a lint pragma is the module doc, not the first definition', async () => {
  const cli = lines(
    '#!/usr/bin/env node', //               1
    '// Command-line entry point.', //      2
    "const { run } = require('./cli');", // 3
    'run(process.argv);', //                4
  );
  const { chunks: c } = await chunksOf('bin/cli.js', cli);
  assert.deepEqual(outline(c), ['constant { run } 3-3', 'window top-level code 4-4']);
  assert.equal(c[0].title, 'bin/cli.js (Command-line entry point.) constant { run }');
  assert.equal(c[0].docstring, undefined);

  const legacy = lines("'use strict';", '', '/** Legacy utilities. */', '', 'function a() {', '  return 1;', '}');
  const { chunks: l } = await chunksOf('legacy.js', legacy);
  assert.deepEqual(outline(l), ['function a 5-7']);
  assert.equal(l[0].docstring, undefined);
  assert.equal(l[0].title, 'legacy.js (Legacy utilities.) function a');

  const parser = lines('/* eslint-disable no-console */', '/** Parser utilities. */', '', 'function parse(s) {', '  return s;', '}');
  const { chunks: p } = await chunksOf('parser.js', parser);
  assert.deepEqual(outline(p), ['function parse 4-6']);
  assert.equal(p[0].title, 'parser.js (Parser utilities.) function parse');
});

test('javascript: methods of exported object literals are qualified by the object', async () => {
  const cjs = lines(
    "const fs = require('fs');", //        1
    '', //                                  2
    'module.exports = {', //                3
    '  load(file) {', //                    4
    '    return fs.readFileSync(file);', // 5
    '  },', //                              6
    '  save: function (file, data) {', //   7
    '    fs.writeFileSync(file, data);', // 8
    '  },', //                              9
    '  version: 2,', //                    10
    '};', //                               11
  );
  assert.deepEqual(outline((await chunksOf('store.js', cjs)).chunks), [
    'constant fs 1-1',
    'window top-level code 3-3',
    'function default.load 4-6',
    'function default.save 7-9',
    'window top-level code 10-11',
  ]);
  const vue = lines(
    'export default {', //       1
    "  name: 'Counter',", //     2
    '  methods: {', //           3
    '    add(n: number) {', //   4
    '      this.n += n;', //     5
    '    },', //                 6
    '  },', //                   7
    '};', //                     8
  );
  assert.deepEqual(outline((await chunksOf('Counter.ts', vue)).chunks), [
    'window top-level code 1-3',
    'function default.methods.add 4-6',
  ]);
});

test('javascript: one statement declaring several names is one chunk with its exact lines, not one copy per name', async () => {
  const js = lines(
    'var a = 1, b = 2;', //          1
    'const x = {', //                2
    '  k: 1,', //                    3
    '}, y = [', //                   4
    '  1, 2,', //                    5
    '];', //                         6
    'let p = 3,', //                 7
    '    q = () => p;', //           8
    'export const m = 1, n = 2;', // 9
    'function f() {', //            10
    '  const u = 1, v = 2;', //     11
    '  return u + v;', //           12
    '}', //                         13
  );
  const { chunks } = await chunksOf('multi.js', js);
  assert.deepEqual(outline(chunks), [
    'constant a, b 1-1',
    'constant x, y 2-6',
    'function p, q 7-8',
    'constant m, n 9-9',
    'function f 10-13',
  ]);
  const text = (c: { startLine: number; endLine: number }) => js.split('\n').slice(c.startLine - 1, c.endLine).join('\n');
  for (const c of chunks) assert.equal(c.text, text(c), `${c.qualifiedName}: text is its range`);
  assert.deepEqual(find(chunks, 'x, y').defines, ['x', 'y']);
});

test('typescript: names declared together keep their own qualified names (NS.a, NS.b) and what they hold its own (A.m)', async () => {
  const ts = lines(
    'const A = class { m() { return 1; } }, B = 2;', //  1
    'namespace NS {', //                                2
    '  export const n1 = 1, n2 = 2;', //                3
    '}', //                                             4
  );
  const { chunks } = await chunksOf('decl.ts', ts);
  const names = outline(chunks);
  for (const want of ['class A, B 1-1', 'method A.m 1-1', 'constant NS.n1, NS.n2 3-3']) assert.ok(names.includes(want), `${want} in ${names.join(' | ')}`);
});
