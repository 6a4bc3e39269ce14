import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { chunksOf, find, lines, outline } from './helpers';

const source = lines(
  '"""Billing: invoices and VAT.', //                       1
  '', //                                                     2
  'More text."""', //                                        3
  'import os', //                                            4
  'TAUX_TVA = 0.2', //                                       5
  'REMISE_MAX: float = 0.15', //                             6
  '', //                                                     7
  '# Leading comment of calc', //                            8
  '@decorator', //                                           9
  '@other(1)', //                                           10
  'def calc(a, b: int = 2, *args, **kw) -> int:', //        11
  '    """Compute the thing."""', //                        12
  '    def inner():', //                                    13
  '        return 1', //                                    14
  '    return a if b else inner()', //                      15
  '', //                                                    16
  'class Facture(Base):', //                                17
  '    """A bill."""', //                                   18
  '    rate = 0.2', //                                      19
  '', //                                                    20
  '    def __init__(self, x):', //                          21
  '        self.x = x', //                                  22
  '', //                                                    23
  '    @property', //                                       24
  '    async def total(self) -> float:', //                 25
  '        for i in range(3):', //                          26
  '            if i and self.x or i > 2:', //               27
  '                yield i', //                             28
  '', //                                                    29
  '    class Ligne:', //                                    30
  '        def montant(self):', //                          31
  '            return 0', //                                32
  '', //                                                    33
  '    def _private(self):', //                             34
  '        pass', //                                        35
);

test('python: every chunk kind with exact line ranges', async () => {
  const { chunks, syntaxErrors } = await chunksOf('billing/facture.py', source);
  assert.equal(syntaxErrors, undefined);
  assert.deepEqual(outline(chunks), [
    'constant TAUX_TVA 5-5',
    'constant REMISE_MAX 6-6',
    'function calc 8-15',
    'class Facture 17-35',
    'method Facture.__init__ 21-22',
    'method Facture.total 24-28',
    'class Facture.Ligne 30-32',
    'method Facture.Ligne.montant 31-32',
    'method Facture._private 34-35',
  ]);
});

test('python: module docstring is title context, not a chunk', async () => {
  const { chunks } = await chunksOf('billing/facture.py', source);
  const calc = find(chunks, 'calc');
  assert.equal(calc.title, 'billing/facture.py (Billing: invoices and VAT.) function calc');
  assert.ok(!calc.text.includes('billing/facture.py'), 'the path never goes into the text');
  assert.ok(!chunks.some((c) => c.text.startsWith('"""Billing')));
});

test('python: function metadata', async () => {
  const { chunks } = await chunksOf('billing/facture.py', source);
  const calc = find(chunks, 'calc');
  assert.equal(calc.signature, 'def calc(a, b: int = 2, *args, **kw) -> int:');
  assert.deepEqual(calc.parameters, ['a', 'b: int = 2', '*args', '**kw']);
  assert.equal(calc.returnType, 'int');
  assert.deepEqual(calc.decorators, ['@decorator', '@other(1)']);
  assert.equal(calc.docstring, 'Compute the thing.');
  assert.equal(calc.async, false);
  assert.equal(calc.generator, false);
  assert.equal(calc.visibility, 'public');
  assert.equal(calc.complexity, 2); // one conditional expression
  assert.ok(calc.text.includes('def inner'), 'nested functions stay inside their parent');
  const total = find(chunks, 'Facture.total');
  assert.equal(total.async, true);
  assert.equal(total.generator, true);
  assert.equal(total.complexity, 5); // for, if, and, or
  assert.deepEqual(total.decorators, ['@property']);
  assert.equal(find(chunks, 'Facture._private').visibility, 'private');
  assert.equal(find(chunks, 'Facture.__init__').visibility, 'public');
});

test('python: class summary holds header, docstring, fields and signatures, not bodies', async () => {
  const { chunks } = await chunksOf('billing/facture.py', source);
  const cls = find(chunks, 'Facture', 'class');
  assert.equal(
    cls.text,
    lines(
      'class Facture(Base):',
      '    """A bill."""',
      '    rate = 0.2',
      '    def __init__(self, x): ...',
      '    async def total(self) -> float: ...',
      '    class Ligne:',
      '    def _private(self): ...',
    ).trimEnd(),
  );
  assert.ok(!cls.text.includes('self.x = x'));
  assert.deepEqual(cls.defines, ['Facture', '__init__', 'total', 'Ligne', '_private']);
  assert.equal(cls.docstring, 'A bill.');
});

test('python: a syntax error still yields chunks', async () => {
  const broken = lines('def ok():', '    return 1', '', 'def broken(:', '    pass', '', 'def after():', '    return 2');
  const { chunks, syntaxErrors, fallback } = await chunksOf('broken.py', broken);
  assert.equal(syntaxErrors, true);
  assert.equal(fallback, undefined);
  assert.ok(chunks.some((c) => c.name === 'ok' && c.startLine === 1 && c.endLine === 2));
  assert.ok(chunks.some((c) => c.name === 'after' && c.startLine === 7 && c.endLine === 8));
});

test('python: an oversized function is split at statements, repeating its signature', async () => {
  const body = Array.from({ length: 60 }, (_, i) => `    value_${i} = compute_something_long(${i}, "a string argument")`);
  const src = lines('def big(x):', '    """Doc."""', ...body, '    return x');
  const { chunks } = await chunksOf('big.py', src, 200);
  const parts = chunks.filter((c) => c.name === 'big');
  assert.ok(parts.length > 1);
  assert.equal(parts[0].startLine, 1);
  assert.equal(parts[parts.length - 1].endLine, 63);
  for (let i = 1; i < parts.length; i++) {
    assert.equal(parts[i].startLine, parts[i - 1].endLine + 1, 'parts are contiguous: nothing dropped');
    assert.ok(parts[i].text.startsWith('def big(x):'), 'each part repeats the signature');
    assert.deepEqual(parts[i].part, { index: i + 1, count: parts.length });
  }
});

test("python: a method's decorators are its own, never its class's", async () => {
  const src = lines('@dataclass', 'class Point:', '    @staticmethod', '    def origin():', '        return Point()', '', '    def norm(self):', '        return 0');
  const { chunks } = await chunksOf('point.py', src);
  assert.deepEqual(find(chunks, 'Point.origin').decorators, ['@staticmethod']);
  assert.deepEqual(find(chunks, 'Point.norm').decorators, []);
  assert.deepEqual(find(chunks, 'Point', 'class').decorators, ['@dataclass']);
});

test('python: a comment between the header and the body is not part of the signature', async () => {
  const src = lines('def expand(args):  # note', '    # expand @file arguments', '    return args');
  const { chunks } = await chunksOf('expand.py', src);
  assert.equal(find(chunks, 'expand').signature, 'def expand(args):');
});

test('python: a docstring after a coding line, a shebang or a comment is the module doc, not a window', async () => {
  const src = lines(
    '#!/usr/bin/env python3', //                     1
    '# -*- coding: utf-8 -*-', //                    2
    '# Wrapper module for _socket.', //              3
    '', //                                           4
    '"""\\', //                                       5
    'Socket operations and related functions.', //  6
    '"""', //                                        7
    '', //                                           8
    'import _socket', //                             9
    '', //                                          10
    'def create():', //                             11
    '    pass', //                                  12
  );
  const { chunks } = await chunksOf('lib/socket.py', src);
  assert.deepEqual(outline(chunks), ['function create 11-12']);
  assert.equal(chunks[0].title, 'lib/socket.py (Socket operations and related functions.) function create');
  const coding = lines('# -*- coding: utf-8 -*-', '"""Tools for dates."""', 'EPOCH = 0');
  const { chunks: dates } = await chunksOf('dates.py', coding);
  assert.deepEqual(outline(dates), ['constant EPOCH 3-3']);
  assert.equal(dates[0].title, 'dates.py (Tools for dates.) constant EPOCH');
});

test('python: a class summary ends with its last member, not with the `)` that closes a call in that member', async () => {
  // configparser.SafeConfigParser in Python 3.11's standard library.
  const r = await chunksOf('a.py', lines(
    'class SafeConfigParser(ConfigParser):',
    '    """ConfigParser alias for backwards compatibility purposes."""',
    '',
    '    def __init__(self, *args, **kwargs):',
    '        super().__init__(*args, **kwargs)',
    '        warnings.warn(',
    '            "The SafeConfigParser class has been renamed to ConfigParser",',
    '            DeprecationWarning, stacklevel=2',
    '        )',
  ));
  assert.equal(find(r.chunks, 'SafeConfigParser', 'class').text, lines(
    'class SafeConfigParser(ConfigParser):',
    '    """ConfigParser alias for backwards compatibility purposes."""',
    '    def __init__(self, *args, **kwargs): ...',
  ).trimEnd());
});
