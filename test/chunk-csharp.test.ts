import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { chunksOf, find, lines, outline } from './helpers';

const source = lines(
  'using System;',                                                // 1
  'using System.Linq;',                                           // 2
  '',                                                             // 3
  'namespace Shop.Billing',                                       // 4
  '{',                                                            // 5
  '    /// <summary>',                                            // 6
  '    /// HTTP endpoints for invoices.',                         // 7
  '    /// </summary>',                                           // 8
  '    [ApiController]',                                          // 9
  '    [Route("api/invoices")]',                                  // 10
  '    public class InvoiceController : ControllerBase',          // 11
  '    {',                                                        // 12
  '        private const decimal Vat = 0.2m;',                    // 13
  '        private readonly IInvoiceStore _store;',               // 14
  '        public int Count { get; private set; }',               // 15
  '',                                                             // 16
  '        public InvoiceController(IInvoiceStore store)',        // 17
  '        {',                                                    // 18
  '            _store = store;',                                  // 19
  '        }',                                                    // 20
  '',                                                             // 21
  '        /// <summary>Totals one invoice.</summary>',           // 22
  '        [HttpGet("{id}")]',                                    // 23
  '        public async Task<ActionResult<decimal>> GetTotalAsync(string id, CancellationToken ct = default)', // 24
  '        {',                                                    // 25
  '            var invoice = await _store.FindAsync(id, ct);',    // 26
  '            if (invoice == null || invoice.Lines.Count == 0)', // 27
  '            {',                                                // 28
  '                return NotFound();',                           // 29
  '            }',                                                // 30
  '            return invoice.Lines.Where(l => l.Qty > 0 && !l.Void).Sum(l => l.Price * (1 + Vat));', // 31
  '        }',                                                    // 32
  '',                                                             // 33
  '        public decimal Rate',                                  // 34
  '        {',                                                    // 35
  '            get { return Vat; }',                              // 36
  '        }',                                                    // 37
  '',                                                             // 38
  '        internal string Label => Count > 0 ? "busy" : "idle";', // 39
  '',                                                             // 40
  '        static string Describe(Status s) => s switch',         // 41
  '        {',                                                    // 42
  '            Status.Open => "open",',                           // 43
  '            Status.Closed => "closed",',                       // 44
  '            _ => "?",',                                        // 45
  '        };',                                                   // 46
  '',                                                             // 47
  '        public enum Status',                                   // 48
  '        {',                                                    // 49
  '            Open, Closed,',                                    // 50
  '            Archived,',                                        // 51
  '        }',                                                    // 52
  '    }',                                                        // 53
  '',                                                             // 54
  '    public interface IInvoiceStore',                           // 55
  '    {',                                                        // 56
  '        Task<Invoice> FindAsync(string id, CancellationToken ct);', // 57
  '        int Size { get; }',                                    // 58
  '    }',                                                        // 59
  '',                                                             // 60
  '    public record Invoice(string Id, List<Line> Lines);',      // 61
  '',                                                             // 62
  '    public struct Line',                                       // 63
  '    {',                                                        // 64
  '        public decimal Price;',                                // 65
  '        public int Qty;',                                      // 66
  '    }',                                                        // 67
  '',                                                             // 68
  '    public delegate void InvoiceChanged(Invoice invoice);',    // 69
  '}',                                                            // 70
);

test('csharp: every chunk kind with exact line ranges; namespaces do not prefix names', async () => {
  const { chunks, syntaxErrors } = await chunksOf('Billing/InvoiceController.cs', source);
  assert.equal(syntaxErrors, undefined);
  assert.deepEqual(outline(chunks), [
    'class InvoiceController 6-53',
    'method InvoiceController.InvoiceController 17-20',
    'method InvoiceController.GetTotalAsync 22-32',
    'method InvoiceController.Rate 34-37',
    'method InvoiceController.Label 39-39',
    'method InvoiceController.Describe 41-46',
    'class InvoiceController.Status 48-52',
    'class IInvoiceStore 55-59',
    'method IInvoiceStore.FindAsync 57-57',
    'class Invoice 61-61',
    'class Line 63-67',
    'declaration InvoiceChanged 69-69',
  ]);
});

test('csharp: method metadata, attributes as decorators, XML doc as docstring, async', async () => {
  const { chunks } = await chunksOf('Billing/InvoiceController.cs', source);
  const get = find(chunks, 'InvoiceController.GetTotalAsync');
  assert.equal(get.signature, 'public async Task<ActionResult<decimal>> GetTotalAsync(string id, CancellationToken ct = default)');
  assert.deepEqual(get.parameters, ['string id', 'CancellationToken ct = default']);
  assert.equal(get.returnType, 'Task<ActionResult<decimal>>');
  assert.deepEqual(get.decorators, ['[HttpGet("{id}")]']);
  assert.equal(get.docstring, '<summary>Totals one invoice.</summary>');
  assert.ok(get.text.startsWith('        /// <summary>Totals one invoice.'), 'the doc comment and attributes are part of the chunk');
  assert.equal(get.async, true);
  assert.equal(get.generator, false);
  assert.equal(get.visibility, 'public');
  assert.equal(get.complexity, 4); // if, ||, && inside a lambda
  assert.ok(get.text.includes('.Sum(l => l.Price * (1 + Vat))'), 'lambdas stay inside their method');
  const ctor = find(chunks, 'InvoiceController.InvoiceController');
  assert.equal(ctor.returnType, undefined);
  assert.equal(ctor.async, false);
  const cls = find(chunks, 'InvoiceController', 'class');
  assert.deepEqual(cls.decorators, ['[ApiController]', '[Route("api/invoices")]']);
  assert.equal(cls.docstring, '<summary>\nHTTP endpoints for invoices.\n</summary>');
  assert.equal(cls.signature, 'public class InvoiceController : ControllerBase');
  assert.equal(cls.visibility, 'public');
});

test('csharp: properties with code are members, auto-properties stay in the outline', async () => {
  const { chunks } = await chunksOf('Billing/InvoiceController.cs', source);
  const rate = find(chunks, 'InvoiceController.Rate');
  assert.equal(rate.signature, 'public decimal Rate');
  assert.equal(rate.returnType, 'decimal');
  const label = find(chunks, 'InvoiceController.Label');
  assert.equal(label.visibility, 'internal');
  assert.equal(label.complexity, 2);
  assert.ok(!chunks.some((c) => c.name === 'Count'), 'an auto-property is no chunk');
  const describe = find(chunks, 'InvoiceController.Describe');
  assert.equal(describe.visibility, 'private'); // class members default to private
  assert.equal(describe.complexity, 4); // three switch expression arms
  const find_ = find(chunks, 'IInvoiceStore.FindAsync');
  assert.equal(find_.signature, 'Task<Invoice> FindAsync(string id, CancellationToken ct);');
  assert.equal(find_.visibility, 'public'); // interface members default to public
  assert.equal(find(chunks, 'InvoiceChanged').signature, 'public delegate void InvoiceChanged(Invoice invoice);');
});

test('csharp: class summary holds header, doc, attributes, fields and signatures, not bodies', async () => {
  const { chunks } = await chunksOf('Billing/InvoiceController.cs', source);
  const cls = find(chunks, 'InvoiceController', 'class');
  assert.equal(
    cls.text,
    lines(
      '    /// <summary>',
      '    /// HTTP endpoints for invoices.',
      '    /// </summary>',
      '    [ApiController]',
      '    [Route("api/invoices")]',
      '    public class InvoiceController : ControllerBase',
      '        private const decimal Vat = 0.2m;',
      '        private readonly IInvoiceStore _store;',
      '        public int Count { get; private set; }',
      '        public InvoiceController(IInvoiceStore store) { … }',
      '        public async Task<ActionResult<decimal>> GetTotalAsync(string id, CancellationToken ct = default) { … }',
      '        public decimal Rate { … }',
      '        internal string Label { … }',
      '        static string Describe(Status s) { … }',
      '        public enum Status',
      '    }',
    ).trimEnd(),
  );
  assert.deepEqual(cls.defines, ['InvoiceController', 'InvoiceController', 'GetTotalAsync', 'Rate', 'Label', 'Describe', 'Status']);
  // Enum members once each, even when several share a line.
  assert.equal(
    find(chunks, 'InvoiceController.Status', 'class').text,
    lines('        public enum Status', '            Open, Closed,', '            Archived,', '        }').trimEnd(),
  );
  assert.equal(find(chunks, 'Line', 'class').text, lines('    public struct Line', '        public decimal Price;', '        public int Qty;', '    }').trimEnd());
});

test('csharp: file-scoped namespace, extension methods, iterators', async () => {
  const src = lines(
    'namespace Shop.Scoped;',                                     // 1
    '',                                                           // 2
    'public static class Extensions',                             // 3
    '{',                                                          // 4
    '    public static int Twice(this int x) => x * 2;',          // 5
    '',                                                           // 6
    '    public static IEnumerable<int> Evens(IEnumerable<int> xs)', // 7
    '    {',                                                      // 8
    '        foreach (var x in xs)',                              // 9
    '        {',                                                  // 10
    '            if (x % 2 == 0) yield return x;',                // 11
    '        }',                                                  // 12
    '    }',                                                      // 13
    '}',                                                          // 14
  );
  const { chunks } = await chunksOf('Extensions.cs', src);
  assert.deepEqual(outline(chunks), ['class Extensions 3-14', 'method Extensions.Twice 5-5', 'method Extensions.Evens 7-13']);
  assert.deepEqual(find(chunks, 'Extensions.Twice').parameters, ['this int x']);
  const evens = find(chunks, 'Extensions.Evens');
  assert.equal(evens.generator, true);
  assert.equal(evens.complexity, 3); // foreach, if
});

test('csharp: operators, conversions, indexers, finalizers, explicit implementations, events, params', async () => {
  const src = lines(
    'class Money : IDisposable',                                  // 1
    '{',                                                          // 2
    '    public static Money operator +(Money a, Money b) => new Money(a.Cents + b.Cents);', // 3
    '    public static implicit operator decimal(Money m) => m.Cents / 100m;', // 4
    '    public int this[int i] => i;',                           // 5
    '    ~Money() { }',                                           // 6
    '    void IDisposable.Dispose() { }',                         // 7
    '    public event EventHandler Changed',                      // 8
    '    {',                                                      // 9
    '        add { _changed += value; }',                         // 10
    '        remove { _changed -= value; }',                      // 11
    '    }',                                                      // 12
    '    public static Money Sum(params Money[] all)',            // 13
    '    {',                                                      // 14
    '        Func<Task> f = async () => await Task.Delay(1);',    // 15
    '        string Local(string s) => s ?? "";',                 // 16
    '        return all.Aggregate((a, b) => a + b);',             // 17
    '    }',                                                      // 18
    '}',                                                          // 19
  );
  const { chunks } = await chunksOf('Money.cs', src);
  assert.deepEqual(outline(chunks), [
    'class Money 1-19',
    'method Money.+ 3-3',
    'method Money.decimal 4-4',
    'method Money.this 5-5',
    'method Money.Money 6-6',
    'method Money.Dispose 7-7',
    'method Money.Changed 8-12',
    'method Money.Sum 13-18',
  ]);
  assert.equal(find(chunks, 'Money', 'class').visibility, 'internal'); // top-level types default to internal
  assert.equal(find(chunks, 'Money.Money').signature, '~Money()');
  assert.equal(find(chunks, 'Money.Dispose').visibility, 'public'); // reachable through the interface
  assert.deepEqual(find(chunks, 'Money.this').parameters, ['int i']);
  const sum = find(chunks, 'Money.Sum');
  assert.deepEqual(sum.parameters, ['params Money[] all']);
  assert.equal(sum.async, false, 'an async lambda inside does not make the method async');
  assert.equal(sum.complexity, 2); // ?? in a local function that stays inside
  assert.ok(sum.text.includes('string Local(string s)'));
});

test('csharp: a local function among top-level statements is a function', async () => {
  const src = lines('using System;', '', 'Console.WriteLine(Twice(2));', '', 'static int Twice(int x)', '{', '    return x * 2;', '}');
  const { chunks } = await chunksOf('Program.cs', src);
  // The top-level statement is a window of its own: a one-line statement is not dropped.
  assert.deepEqual(outline(chunks), ['window top-level code 3-3', 'function Twice 5-8']);
  assert.equal(find(chunks, 'Twice').visibility, 'private');
});

test('csharp: a syntax error still yields chunks', async () => {
  const broken = lines(
    'class Broken',
    '{',
    '    void Ok()',
    '    {',
    '        return;',
    '    }',
    '',
    '    void Bad( {',
    '    }',
    '',
    '    void After()',
    '    {',
    '        return;',
    '    }',
    '}',
  );
  const { chunks, syntaxErrors, fallback } = await chunksOf('Broken.cs', broken);
  assert.equal(syntaxErrors, true);
  assert.equal(fallback, undefined);
  assert.ok(chunks.some((c) => c.qualifiedName === 'Broken.Ok' && c.startLine === 3 && c.endLine === 6));
  assert.ok(chunks.some((c) => c.qualifiedName === 'Broken.After' && c.startLine === 11 && c.endLine === 14));
});
