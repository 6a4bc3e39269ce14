import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { chunksOf, find, lines, outline } from './helpers';

const source = lines(
  'package com.shop.orders;',                                 // 1
  '',                                                         // 2
  'import java.util.List;',                                   // 3
  'import java.util.Map;',                                    // 4
  '',                                                         // 5
  '/**',                                                      // 6
  ' * Places and prices orders.',                             // 7
  ' */',                                                      // 8
  '@Service',                                                 // 9
  'public class OrderService implements Pricing {',           // 10
  '    private static final double VAT = 0.2;',               // 11
  '    private final Map<String, Order> orders;',             // 12
  '',                                                         // 13
  '    /** Creates the service. */',                          // 14
  '    public OrderService(Map<String, Order> orders) {',     // 15
  '        this.orders = orders;',                            // 16
  '    }',                                                    // 17
  '',                                                         // 18
  '    @Override',                                            // 19
  '    @Transactional(readOnly = true)',                      // 20
  '    public double total(String id, int qty) throws NotFoundException {', // 21
  '        Order o = orders.get(id);',                        // 22
  '        if (o == null || qty <= 0) {',                     // 23
  '            throw new NotFoundException(id);',             // 24
  '        }',                                                // 25
  '        return orders.values().stream()',                  // 26
  '            .filter(x -> x.qty() > 0 && x.open())',        // 27
  '            .mapToDouble(x -> x.price() * (1 + VAT))',     // 28
  '            .sum();',                                      // 29
  '    }',                                                    // 30
  '',                                                         // 31
  '    static String label(Status s) {',                      // 32
  '        switch (s) {',                                     // 33
  '            case OPEN: return "open";',                    // 34
  '            case CLOSED: return "closed";',                // 35
  '            default: return "?";',                         // 36
  '        }',                                                // 37
  '    }',                                                    // 38
  '',                                                         // 39
  '    enum Status {',                                        // 40
  '        OPEN, CLOSED,',                                    // 41
  '        ARCHIVED;',                                        // 42
  '',                                                         // 43
  '        boolean active() { return this != ARCHIVED; }',    // 44
  '    }',                                                    // 45
  '',                                                         // 46
  '    public static class Line {',                           // 47
  '        private int qty;',                                 // 48
  '',                                                         // 49
  '        int qty() { return qty; }',                        // 50
  '    }',                                                    // 51
  '}',                                                        // 52
  '',                                                         // 53
  'interface Pricing {',                                      // 54
  '    /** Price of an order. */',                            // 55
  '    double total(String id, int qty) throws NotFoundException;', // 56
  '',                                                         // 57
  '    default double discount() {',                          // 58
  '        return 0;',                                        // 59
  '    }',                                                    // 60
  '}',                                                        // 61
  '',                                                         // 62
  'record Order(String id, int qty) {',                       // 63
  '    Order {',                                              // 64
  '        if (qty < 0) throw new IllegalArgumentException();', // 65
  '    }',                                                    // 66
  '}',                                                        // 67
);

test('java: every chunk kind with exact line ranges', async () => {
  const { chunks, syntaxErrors } = await chunksOf('shop/OrderService.java', source);
  assert.equal(syntaxErrors, undefined);
  assert.deepEqual(outline(chunks), [
    'class OrderService 6-52',
    'method OrderService.OrderService 14-17',
    'method OrderService.total 19-30',
    'method OrderService.label 32-38',
    'class OrderService.Status 40-45',
    'method OrderService.Status.active 44-44',
    'class OrderService.Line 47-51',
    'method OrderService.Line.qty 50-50',
    'class Pricing 54-61',
    'method Pricing.total 55-56',
    'method Pricing.discount 58-60',
    'class Order 63-67',
    'method Order.Order 64-66',
  ]);
});

test('java: method metadata, annotations as decorators, Javadoc as docstring', async () => {
  const { chunks } = await chunksOf('shop/OrderService.java', source);
  const total = find(chunks, 'OrderService.total');
  assert.equal(total.signature, 'public double total(String id, int qty) throws NotFoundException');
  assert.deepEqual(total.parameters, ['String id', 'int qty']);
  assert.equal(total.returnType, 'double');
  assert.deepEqual(total.decorators, ['@Override', '@Transactional(readOnly = true)']);
  assert.ok(total.text.startsWith('    @Override'), 'annotations are part of the chunk');
  assert.equal(total.visibility, 'public');
  assert.equal(total.async, false);
  assert.equal(total.complexity, 4); // if, ||, && inside a lambda
  assert.ok(total.text.includes('.mapToDouble(x -> x.price()'), 'lambdas stay inside their method');
  const ctor = find(chunks, 'OrderService.OrderService');
  assert.equal(ctor.docstring, 'Creates the service.');
  assert.equal(ctor.returnType, undefined);
  assert.equal(ctor.signature, 'public OrderService(Map<String, Order> orders)');
  assert.deepEqual(ctor.parameters, ['Map<String, Order> orders']);
  assert.equal(find(chunks, 'OrderService.label').complexity, 3); // two cases, default adds nothing
  assert.equal(find(chunks, 'OrderService.label').visibility, 'internal'); // package-private
  const cls = find(chunks, 'OrderService', 'class');
  assert.deepEqual(cls.decorators, ['@Service']);
  assert.equal(cls.docstring, 'Places and prices orders.');
  assert.equal(cls.signature, 'public class OrderService implements Pricing');
});

test('java: interface methods without bodies, default methods, implicit visibility', async () => {
  const { chunks } = await chunksOf('shop/OrderService.java', source);
  const abstract = find(chunks, 'Pricing.total');
  assert.equal(abstract.signature, 'double total(String id, int qty) throws NotFoundException;');
  assert.equal(abstract.docstring, 'Price of an order.');
  assert.equal(abstract.visibility, 'public'); // interface members are public
  assert.equal(find(chunks, 'Pricing.discount').visibility, 'public');
  assert.equal(find(chunks, 'Pricing', 'class').visibility, 'internal');
  assert.equal(find(chunks, 'OrderService.Line', 'class').visibility, 'public');
  assert.equal(find(chunks, 'Order.Order').complexity, 2);
});

test('java: class summary holds header, Javadoc, fields and signatures, not bodies', async () => {
  const { chunks } = await chunksOf('shop/OrderService.java', source);
  const cls = find(chunks, 'OrderService', 'class');
  assert.equal(
    cls.text,
    lines(
      '/**',
      ' * Places and prices orders.',
      ' */',
      '@Service',
      'public class OrderService implements Pricing {',
      '    private static final double VAT = 0.2;',
      '    private final Map<String, Order> orders;',
      '    public OrderService(Map<String, Order> orders) { … }',
      '    public double total(String id, int qty) throws NotFoundException { … }',
      '    static String label(Status s) { … }',
      '    enum Status',
      '    public static class Line',
      '}',
    ).trimEnd(),
  );
  assert.deepEqual(cls.defines, ['OrderService', 'OrderService', 'total', 'label', 'Status', 'Line']);
  // Enum constants once each, methods after `;` as signatures.
  assert.equal(
    find(chunks, 'OrderService.Status', 'class').text,
    lines('    enum Status {', '        OPEN, CLOSED,', '        ARCHIVED;', '        boolean active() { … }', '    }').trimEnd(),
  );
  assert.equal(
    find(chunks, 'Pricing', 'class').text,
    lines('interface Pricing {', '    double total(String id, int qty) throws NotFoundException;', '    default double discount() { … }', '}').trimEnd(),
  );
});

test('java: nested classes, static blocks, annotation types; anonymous classes stay in their method', async () => {
  const src = lines(
  'class Outer {',                                            // 1
  '    static {',                                             // 2
  '        REGISTRY.put("a", 1);',                            // 3
  '    }',                                                    // 4
  '    class Inner {',                                        // 5
  '        class Deep {',                                     // 6
  '            void run() {',                                 // 7
  '                Runnable r = new Runnable() {',            // 8
  '                    public void run() { go(); }',          // 9
  '                };',                                       // 10
  '                list.forEach(x -> {',                      // 11
  '                    x.go();',                              // 12
  '                });',                                      // 13
  '            }',                                            // 14
  '        }',                                                // 15
  '    }',                                                    // 16
  '}',                                                        // 17
  '',                                                         // 18
  '@interface Audited {',                                     // 19
  '    String value() default "";',                           // 20
  '}',                                                        // 21
  );
  const { chunks } = await chunksOf('Outer.java', src);
  assert.deepEqual(outline(chunks), [
    'class Outer 1-17',
    'method Outer.static 2-4',
    'class Outer.Inner 5-16',
    'class Outer.Inner.Deep 6-15',
    'method Outer.Inner.Deep.run 7-14',
    'class Audited 19-21',
  ]);
  assert.ok(find(chunks, 'Outer.Inner.Deep.run').text.includes('public void run() { go(); }'));
  assert.equal(find(chunks, 'Outer.Inner.Deep.run').visibility, 'internal');
});

test('java: enum constructors are private, explicit modifiers win', async () => {
  const src = lines(
    'public enum Level {',
    '    LOW(1), HIGH(2);',
    '    private final int weight;',
    '    Level(int weight) { this.weight = weight; }',
    '    protected int weight() { return weight; }',
    '}',
  );
  const { chunks } = await chunksOf('Level.java', src);
  assert.deepEqual(outline(chunks), ['class Level 1-6', 'method Level.Level 4-4', 'method Level.weight 5-5']);
  assert.equal(find(chunks, 'Level.Level').visibility, 'private');
  assert.equal(find(chunks, 'Level.weight').visibility, 'protected');
  assert.equal(find(chunks, 'Level', 'class').visibility, 'public');
});

test('java: module-info is a declaration', async () => {
  const src = lines('/** The shop module. */', 'module com.shop {', '    requires java.sql;', '}');
  const { chunks } = await chunksOf('module-info.java', src);
  assert.deepEqual(outline(chunks), ['declaration com.shop 1-4']);
});

test('java: a syntax error still yields chunks', async () => {
  const broken = lines(
    'class Broken {',
    '    void ok() {',
    '        return;',
    '    }',
    '',
    '    void bad( {',
    '    }',
    '',
    '    void after() {',
    '        return;',
    '    }',
    '}',
  );
  const { chunks, syntaxErrors, fallback } = await chunksOf('Broken.java', broken);
  assert.equal(syntaxErrors, true);
  assert.equal(fallback, undefined);
  assert.ok(chunks.some((c) => c.qualifiedName === 'Broken.ok' && c.startLine === 2 && c.endLine === 4));
  assert.ok(chunks.some((c) => c.qualifiedName === 'Broken.after' && c.startLine === 9 && c.endLine === 11));
});
