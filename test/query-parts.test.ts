import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { parseQueryParts } from '../src/core/search/query-parts';
import { isBoilerplateLine, withoutVersions } from '../src/core/search/boilerplate';
import { goFunction, nodeFrame, pythonFrame } from '../src/core/search/frames';
import { isTelling, tellingNames } from '../src/core/search/telling';
import { weightedTerms } from '../src/core/search/query-terms';
import { lines } from './helpers';

const frameSummary = (text: string) => parseQueryParts(text).frames.map((f) => `${f.trace}/${f.depth} ${f.file} ${f.func ?? '-'}${f.internal ? ' internal' : ''}${f.chain ? ` ${f.chain}` : ''}`);

test('a Python traceback: frames innermost first by depth, the source lines as code, the error, no trace phrases left', () => {
  const text = lines(
    'json.dumps(sort_keys=True) crashes on dicts with mixed keys',
    '',
    '```',
    'Traceback (most recent call last):',
    '  File "/home/marta/metrics/export.py", line 41, in <module>',
    '    main()',
    '  File "/usr/lib/python3.11/json/__init__.py", line 238, in dumps',
    '    **kw).encode(obj)',
    '          ^^^^^^^^^^^',
    '  File "/usr/lib/python3.11/json/encoder.py", line 354, in _iterencode_dict',
    '    items = sorted(dct.items())',
    "TypeError: '<' not supported between instances of 'str' and 'int'",
    '```',
  );
  const parts = parseQueryParts(text);
  assert.deepEqual(frameSummary(text), [
    '0/2 /home/marta/metrics/export.py -',
    '0/1 /usr/lib/python3.11/json/__init__.py dumps',
    '0/0 /usr/lib/python3.11/json/encoder.py _iterencode_dict',
  ]);
  assert.deepEqual(parts.frames.map((f) => f.code), ['main()', '**kw).encode(obj)', 'items = sorted(dct.items())']);
  assert.deepEqual(parts.errors, [{ type: 'TypeError', message: "'<' not supported between instances of 'str' and 'int'" }]);
  assert.deepEqual(parts.prose, ['json.dumps(sort_keys=True) crashes on dicts with mixed keys']);
  assert.ok(!parts.code.some((c) => /Traceback|\^\^\^/.test(c)));
});

test('chained Python exceptions: the cause trace and the handled trace are told apart, frozen modules are modules', () => {
  const cause = lines(
    'Traceback (most recent call last):',
    '  File "/usr/lib/python3.11/encodings/idna.py", line 163, in encode',
    '    raise UnicodeError("label empty or too long")',
    'UnicodeError: label empty or too long',
    '',
    'The above exception was the direct cause of the following exception:',
    '',
    'Traceback (most recent call last):',
    '  File "<stdin>", line 1, in <module>',
    '  File "<frozen importlib._bootstrap>", line 1204, in _gcd_import',
    '  File "<frozen ntpath>", line 826, in commonpath',
    '  File "/usr/lib/python3.11/socket.py", line 962, in getaddrinfo',
    "UnicodeError: encoding with 'idna' codec failed (UnicodeError: label empty or too long)",
  );
  assert.deepEqual(frameSummary(cause), [
    '0/0 /usr/lib/python3.11/encodings/idna.py encode cause',
    '1/3 <stdin> - internal',
    '1/2 importlib._bootstrap _gcd_import internal',
    '1/1 ntpath commonpath',
    '1/0 /usr/lib/python3.11/socket.py getaddrinfo',
  ]);
  assert.equal(parseQueryParts(cause).frames[3].module, true);
  assert.equal(parseQueryParts(cause).errors.length, 2);
  const handled = lines(
    'Traceback (most recent call last):',
    '  File "/usr/lib/python3.11/xml/etree/ElementTree.py", line 757, in _get_writer',
    "AttributeError: 'str' object has no attribute 'write'",
    '',
    'During handling of the above exception, another exception occurred:',
    '',
    'Traceback (most recent call last):',
    '  File "/usr/lib/python3.11/xml/etree/ElementTree.py", line 833, in add_qname',
    'ValueError: cannot use non-qualified names with default_namespace option',
  );
  assert.deepEqual(frameSummary(handled), ['0/0 /usr/lib/python3.11/xml/etree/ElementTree.py _get_writer handled', '1/0 /usr/lib/python3.11/xml/etree/ElementTree.py add_qname']);
});

test('a Node stack trace: the throw site, frames innermost first, node internals marked, receivers and [as …] kept apart', () => {
  const text = lines(
    '/app/node_modules/semver/classes/comparator.js:41',
    '      throw new TypeError(`Invalid comparator: ${comp}`)',
    '      ^',
    '',
    'TypeError: Invalid comparator: <',
    '    at Comparator.parse (/app/node_modules/semver/classes/comparator.js:41:13)',
    '    at new Comparator (/app/node_modules/semver/classes/comparator.js:25:10)',
    '    at /app/node_modules/semver/classes/range.js:157:47',
    '    at Array.map (<anonymous>)',
    '    at module.exports [as parse] (/srv/shop/node_modules/qs/lib/parse.js:513:22)',
    '    at Object.<anonymous> (/tmp/nt/n1.js:2:1)',
    '    at Module._compile (node:internal/modules/cjs/loader:1521:14)',
    '',
    'Node.js v20.20.2',
  );
  const parts = parseQueryParts(text);
  // The throw site printed above the error is the first frame's location: one frame, not two.
  assert.deepEqual(frameSummary(text), [
    '0/0 /app/node_modules/semver/classes/comparator.js Comparator.parse',
    '0/1 /app/node_modules/semver/classes/comparator.js Comparator',
    '0/2 /app/node_modules/semver/classes/range.js -',
    '0/3 /srv/shop/node_modules/qs/lib/parse.js module.exports',
    '0/4 /tmp/nt/n1.js -',
    '0/5 node:internal/modules/cjs/loader - internal',
  ]);
  assert.deepEqual(parts.code, ['throw new TypeError(`Invalid comparator: ${comp}`)']);
  assert.deepEqual(parts.errors, [{ type: 'TypeError', message: 'Invalid comparator: <' }]);
  assert.deepEqual(parts.prose, []);
});

test('a Go panic: function lines pair with their locations, the runtime and standard library are internal', () => {
  const text = lines(
    'panic: runtime error: index out of range [3] with length 3',
    '',
    'goroutine 1 [running]:',
    'github.com/acme/shop/cart.(*Cart).Total(0xc000012345, {0x0, 0x0})',
    '\t/home/dev/shop/cart/cart.go:42 +0x1d',
    'github.com/acme/shop/api.handleCheckout({0x7f3c, 0xc0000a}, 0xc000100000)',
    '\t/home/dev/shop/api/checkout.go:88 +0x65',
    'net/http.HandlerFunc.ServeHTTP(0x0?, {0x7f3c, 0xc0000a}, 0x0?)',
    '\t/usr/local/go/src/net/http/server.go:2136 +0x29',
    'exit status 2',
  );
  assert.deepEqual(frameSummary(text), [
    '0/0 /home/dev/shop/cart/cart.go (*Cart).Total',
    '0/1 /home/dev/shop/api/checkout.go handleCheckout',
    '0/2 /usr/local/go/src/net/http/server.go ServeHTTP internal',
  ]);
  assert.deepEqual(parseQueryParts(text).errors, [{ type: 'panic', message: 'runtime error: index out of range [3] with length 3' }]);
  assert.equal(goFunction('main.main()'), 'main');
});

test('Java frames name their file by package, and the thread prefix is not part of the error type', () => {
  const text = lines(
    'Exception in thread "main" java.lang.IllegalStateException: cart is empty',
    '\tat com.acme.shop.Cart.total(Cart.java:42)',
    '\tat com.acme.shop.Checkout.run(Checkout.java:17)',
  );
  assert.deepEqual(frameSummary(text), ['0/0 com/acme/shop/Cart.java Cart.total', '0/1 com/acme/shop/Checkout.java Checkout.run']);
  assert.deepEqual(parseQueryParts(text).errors, [{ type: 'java.lang.IllegalStateException', message: 'cart is empty' }]);
});

test('code blocks, prompts and indented blocks are code; imports, dotted names, paths and repository links are collected', () => {
  const text = lines(
    'When parsing with `urllib.parse.urlsplit` the port is wrong, see lib/parse.js and',
    'https://github.com/acme/app/blob/main/src/net/url_tools.py#L120 for where it is read.',
    '',
    '```python',
    'from urllib.parse import urlsplit, urlunsplit',
    'import shlex',
    'const ms = require("ms")',
    '```',
    '',
    '>>> u = urlsplit("http://example.com:99999/")',
    '',
    '    print(u.port)',
  );
  const parts = parseQueryParts(text);
  assert.deepEqual(parts.code, [
    'from urllib.parse import urlsplit, urlunsplit',
    'import shlex',
    'const ms = require("ms")',
    'u = urlsplit("http://example.com:99999/")',
    'print(u.port)',
  ]);
  assert.deepEqual(parts.imports, ['urllib.parse', 'urllib.parse.urlsplit', 'urllib.parse.urlunsplit', 'shlex', 'ms']);
  assert.ok(parts.dotted.includes('urllib.parse.urlsplit'));
  assert.ok(parts.dotted.includes('u.port'));
  assert.deepEqual(parts.paths, ['lib/parse.js', 'src/net/url_tools.py']);
});

test('issue-template boilerplate and environment lines are dropped; the bug text stays', () => {
  const text = lines(
    '**Describe the bug**',
    'Sniffer fails on single-column files.',
    '',
    '### Steps to reproduce',
    '1. call `csv.Sniffer().sniff(sample)`',
    '',
    '## Expected behavior',
    'The excel dialect.',
    '',
    '**Environment**',
    ' - OS: Ubuntu 22.04',
    ' - Python version: 3.11.4',
    'Node.js v20.11.1',
    '3.11',
  );
  assert.deepEqual(parseQueryParts(text).prose, ['Sniffer fails on single-column files.', '1. call `csv.Sniffer().sniff(sample)`', 'The excel dialect.']);
  for (const l of ['### Expected behaviour:', '*To Reproduce*', 'CPython versions tested on:', '- Operating system and architecture: Debian', 'Python 3.11.4 (Debian 12)']) {
    assert.ok(isBoilerplateLine(l), l);
  }
  for (const l of ['The expected behavior of split is different', 'OS errors are swallowed']) assert.ok(!isBoilerplateLine(l), l);
  assert.equal(withoutVersions('since 3.11.4 and v20.11 it fails').replace(/\s+/g, ' '), 'since and it fails');
});

test('frame readers: one line each', () => {
  assert.deepEqual(pythonFrame('  File "C:\\Python311\\Lib\\shlex.py", line 191, in read_token'), {
    style: 'python', file: 'C:/Python311/Lib/shlex.py', line: 191, func: 'read_token', internal: false,
  });
  assert.equal(pythonFrame('    raw = self.read_token()'), undefined);
  assert.deepEqual(nodeFrame('    at async Protocol.request (file:///srv/app/dist/protocol.js:740:9)'), {
    style: 'node', file: '/srv/app/dist/protocol.js', line: 740, func: 'Protocol.request', internal: false,
  });
  assert.equal(nodeFrame('    at Array.map (<anonymous>)'), undefined);
});

test('telling names leave out noise: abbreviations, dunders, builtins, one-letter names', () => {
  for (const n of ['e.g', '_', '$', '__new__', 'TypeError', 'self', 'fn', 'v20', 'Object.keys']) assert.ok(!isTelling(n), n);
  for (const n of ['_print_SingularityFunction', 'parseRange', 'Sniffer.sniff', 'csv', 'ndim_array']) assert.ok(isTelling(n), n);
  const parts = parseQueryParts(lines('The `Template` class: e.g. `__init__` raises TypeError in _invalid', '', '    t.substitute(name="x")'));
  assert.deepEqual(tellingNames(parts).map((n) => `${n.name}:${n.source}`), ['t.substitute:code', '_invalid:prose', 'Template:prose']);
});

test('query terms weigh by count and source, saturating, and skip internal frames and versions', () => {
  const parts = parseQueryParts(
    lines(
      'sniff fails; sniff should fall back, sniff sniff sniff',
      'Traceback (most recent call last):',
      '  File "/usr/lib/python3.11/csv.py", line 187, in sniff',
      '_csv.Error: Could not determine delimiter',
      'Python 3.11.4',
    ),
  );
  const w = new Map(weightedTerms(parts).map((t) => [t.term, t.weight]));
  // `sniff` (stemmed `snif`): 5 times in prose and the frame's function name: (1.5 + 1) · 6 / (1.5 + 6).
  assert.equal(w.get('snif'), 2);
  // An error message word counts 1.5 once: 2.5 · 1.5 / 3.
  assert.equal(w.get('delimiter'), 1.25);
  // The error type's `_csv` (1) and the frame file's base name (0.5).
  assert.equal(w.get('csv'), 1.25);
  assert.ok(!w.has('python3') && !w.has('usr') && !w.has('traceback'));
});

test('Python frames as IPython, Jupyter and pytest print them', () => {
  const text = lines(
    '---------------------------------------------------------------------------',
    'TypeError                                 Traceback (most recent call last)',
    'Cell In[3], line 1',
    '----> 1 latex(expr)',
    '',
    'File ~/miniconda3/envs/x/lib/python3.9/site-packages/sympy/printing/latex.py:2949, in latex(expr, **settings)',
    '   2945 @print_function(LatexPrinter)',
    '-> 2949     return LatexPrinter(settings).doprint(expr)',
    '',
    'File ~/miniconda3/envs/x/lib/python3.9/site-packages/sympy/printing/latex.py:1972, in LatexPrinter._print_Pow(self, expr)',
    '',
    "TypeError: _print_SingularityFunction() got an unexpected keyword argument 'exp'",
  );
  const parts = parseQueryParts(text);
  assert.deepEqual(
    parts.frames.map((f) => `${f.depth} ${f.file.replace(/.*site-packages\//, '')} ${f.func} ${f.code ?? '-'}`),
    ['1 sympy/printing/latex.py latex return LatexPrinter(settings).doprint(expr)', '0 sympy/printing/latex.py LatexPrinter._print_Pow -'],
  );
  assert.equal(parts.errors[0].message, "_print_SingularityFunction() got an unexpected keyword argument 'exp'");
  const pytest = lines(
    'sympy/printing/tests/test_latex.py:250: in test_latex_functions',
    '    assert latex(x) == 1',
    'sympy/printing/latex.py:1972: in _print_Function',
    '    return self._print(expr.func)',
    'E   AttributeError: no attribute func',
  );
  assert.deepEqual(frameSummary(pytest), ['0/1 sympy/printing/tests/test_latex.py test_latex_functions', '0/0 sympy/printing/latex.py _print_Function']);
  assert.deepEqual(parseQueryParts(pytest).errors, [{ type: 'AttributeError', message: 'no attribute func' }]);
  assert.deepEqual(frameSummary('~/anaconda3/lib/python3.7/site-packages/matplotlib/axes/_axes.py in scatter(self, x, y, s)'), [
    '0/0 ~/anaconda3/lib/python3.7/site-packages/matplotlib/axes/_axes.py scatter',
  ]);
});
