import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Chunk } from '../src/core/base/types';
import { chunksOf, find, lines, outline as fullOutline } from './helpers';

// Definitions only: code outside them (header guards, namespace braces) is the generic
// uncovered-code windows' business, not this language's.
const outline = (chunks: Chunk[]) => fullOutline(chunks.filter((c) => c.kind !== 'window'));

const header = lines(
  '// shapes.hpp - shapes and their areas.',                                         // 1
  '#pragma once',                                                                    // 2
  '#include <string>',                                                               // 3
  '#include <vector>',                                                               // 4
  '',                                                                                // 5
  '#define SHAPES_VERSION 2',                                                        // 6
  '#define SHAPES_CHECK(cond) \\',                                                   // 7
  '  do { if (!(cond)) throw std::logic_error(#cond); } while (0)',                  // 8
  '',                                                                                // 9
  'namespace geo {',                                                                 // 10
  '',                                                                                // 11
  'constexpr double kPi = 3.14159265;',                                              // 12
  '',                                                                                // 13
  '/// Area of the unit square.',                                                    // 14
  'double unit_area();',                                                             // 15
  '',                                                                                // 16
  '/**',                                                                             // 17
  ' * A named shape.',                                                               // 18
  ' */',                                                                             // 19
  'class Shape {',                                                                   // 20
  'public:',                                                                         // 21
  '  explicit Shape(std::string name) : name_(std::move(name)) {}',                  // 22
  '  virtual ~Shape() = default;',                                                   // 23
  '  /// The surface covered.',                                                      // 24
  '  virtual double area() const = 0;',                                              // 25
  '  const std::string& name() const { return name_; }',                             // 26
  '  bool operator==(const Shape& other) const { return name_ == other.name_; }',    // 27
  '  struct Style {',                                                                // 28
  '    int stroke = 1;',                                                             // 29
  '    bool visible() const { return stroke > 0; }',                                 // 30
  '  };',                                                                            // 31
  '',                                                                                // 32
  'protected:',                                                                      // 33
  '  static int count;',                                                             // 34
  '  void touch() { if (dirty_ && !frozen_ || force_) ++count; }',                   // 35
  '',                                                                                // 36
  'private:',                                                                        // 37
  '  std::string name_;',                                                            // 38
  '  bool dirty_ = false, frozen_ = false, force_ = false;',                         // 39
  '};',                                                                              // 40
  '',                                                                                // 41
  'template <typename T>',                                                           // 42
  'struct Box {',                                                                    // 43
  '  T value;',                                                                      // 44
  '  T get() const { return value; }',                                               // 45
  '  template <typename U>',                                                         // 46
  '  U as() const { return static_cast<U>(value); }',                                // 47
  '};',                                                                              // 48
  '',                                                                                // 49
  'enum class Kind : int { Circle, Square };',                                       // 50
  'using Shapes = std::vector<Shape*>;',                                             // 51
  '',                                                                                // 52
  '}  // namespace geo',                                                             // 53
);

const source = lines(
  '#include "shapes.hpp"',                                              // 1
  '',                                                                   // 2
  'namespace geo {',                                                    // 3
  'namespace {',                                                        // 4
  'int clamp(int v) { return v < 0 ? 0 : v; }',                         // 5
  '}  // namespace',                                                    // 6
  '',                                                                   // 7
  'int Shape::count = 0;',                                              // 8
  '',                                                                   // 9
  'double unit_area() { return 1.0; }',                                 // 10
  '',                                                                   // 11
  '// Sums the areas, skipping hidden shapes.',                         // 12
  'double total_area(const Shapes& shapes) {',                          // 13
  '  double sum = 0;',                                                  // 14
  '  for (const Shape* s : shapes) {',                                  // 15
  '    try {',                                                          // 16
  '      sum += s->area();',                                            // 17
  '    } catch (const std::exception&) {',                              // 18
  '      continue;',                                                    // 19
  '    }',                                                              // 20
  '  }',                                                                // 21
  '  return sum;',                                                      // 22
  '}',                                                                  // 23
  '',                                                                   // 24
  'template <typename T>',                                              // 25
  'T twice(const Box<T>& b) { return b.get() + b.get(); }',             // 26
  '}  // namespace geo',                                                // 27
  '',                                                                   // 28
  'const std::string& geo::Shape::label() const { return name(); }',    // 29
  '',                                                                   // 30
  'template <typename T>',                                              // 31
  'T geo::Box<T>::doubled() const { return value * 2; }',               // 32
  '',                                                                   // 33
  'bool geo::Shape::Style::hidden() const { return !visible(); }',      // 34
);

test('cpp: a header yields macros, namespace members, classes and their methods with exact line ranges', async () => {
  const { chunks, syntaxErrors } = await chunksOf('include/shapes.hpp', header);
  assert.equal(syntaxErrors, undefined);
  assert.deepEqual(outline(chunks), [
    'constant SHAPES_VERSION 6-6',
    'function SHAPES_CHECK 7-8',
    'constant geo.kPi 12-12',
    'declaration geo.unit_area 14-15',
    'class geo.Shape 17-40',
    'method geo.Shape.Shape 22-22',
    'method geo.Shape.~Shape 23-23',
    'method geo.Shape.name 26-26',
    'method geo.Shape.operator== 27-27',
    'class geo.Shape.Style 28-31',
    'method geo.Shape.Style.visible 30-30',
    'method geo.Shape.touch 35-35',
    'class geo.Box 42-48',
    'method geo.Box.get 45-45',
    'method geo.Box.as 46-47',
    'declaration geo.Kind 50-50',
    'declaration geo.Shapes 51-51',
  ]);
});

test('cpp: class summary holds header, access labels, fields and member signatures, not bodies', async () => {
  const { chunks } = await chunksOf('include/shapes.hpp', header);
  const shape = find(chunks, 'geo.Shape', 'class');
  assert.equal(
    shape.text,
    lines(
      '/**',
      ' * A named shape.',
      ' */',
      'class Shape {',
      'public:',
      '  explicit Shape(std::string name) : name_(std::move(name)) { … }',
      '  virtual ~Shape() = default;',
      '  virtual double area() const = 0;',
      '  const std::string& name() const { … }',
      '  bool operator==(const Shape& other) const { … }',
      '  struct Style',
      'protected:',
      '  static int count;',
      '  void touch() { … }',
      'private:',
      '  std::string name_;',
      '  bool dirty_ = false, frozen_ = false, force_ = false;',
      '};',
    ).trimEnd(),
  );
  assert.ok(!shape.text.includes('return name_'));
  assert.deepEqual(shape.defines, ['Shape', 'Shape', '~Shape', 'name', 'operator==', 'Style', 'touch']);
  assert.equal(shape.docstring, 'A named shape.');
  assert.equal(shape.signature, 'class Shape');
  assert.equal(shape.visibility, 'public');
  const box = find(chunks, 'geo.Box', 'class');
  assert.ok(box.text.startsWith('template <typename T>\nstruct Box {'), 'the template header belongs to the class');
});

test('cpp: member metadata and visibility from access labels', async () => {
  const { chunks } = await chunksOf('include/shapes.hpp', header);
  const ctor = find(chunks, 'geo.Shape.Shape');
  assert.equal(ctor.signature, 'explicit Shape(std::string name) : name_(std::move(name))');
  assert.deepEqual(ctor.parameters, ['std::string name']);
  assert.equal(ctor.returnType, undefined, 'a constructor returns nothing');
  assert.equal(ctor.visibility, 'public');
  const name = find(chunks, 'geo.Shape.name');
  assert.equal(name.returnType, 'const std::string&');
  assert.deepEqual(name.parameters, []);
  const eq = find(chunks, 'geo.Shape.operator==');
  assert.deepEqual(eq.parameters, ['const Shape& other']);
  assert.equal(eq.returnType, 'bool');
  const touch = find(chunks, 'geo.Shape.touch');
  assert.equal(touch.visibility, 'protected');
  assert.equal(touch.complexity, 4); // if, &&, ||
  assert.equal(find(chunks, 'geo.Shape.Style').visibility, 'public');
  assert.equal(find(chunks, 'geo.Shape.Style.visible').visibility, 'public', 'struct members default to public');
  const as = find(chunks, 'geo.Box.as');
  assert.equal(as.signature, 'U as() const');
  assert.equal(as.returnType, 'U');
  assert.ok(as.text.startsWith('  template <typename U>'), 'a member template keeps its template header');
  assert.equal(find(chunks, 'geo.unit_area').docstring, 'Area of the unit square.');
  assert.equal(find(chunks, 'SHAPES_CHECK').signature, '#define SHAPES_CHECK(cond)');
  assert.deepEqual(find(chunks, 'SHAPES_CHECK').parameters, ['cond']);
});

test('cpp: out-of-line definitions are methods named by their qualified path', async () => {
  const { chunks, syntaxErrors } = await chunksOf('src/shapes.cpp', source);
  assert.equal(syntaxErrors, undefined);
  assert.deepEqual(outline(chunks), [
    'function geo.clamp 5-5',
    'constant geo.Shape.count 8-8',
    'function geo.unit_area 10-10',
    'function geo.total_area 12-23',
    'function geo.twice 25-26',
    'method geo.Shape.label 29-29',
    'method geo.Box.doubled 31-32',
    'method geo.Shape.Style.hidden 34-34',
  ]);
  assert.equal(find(chunks, 'geo.clamp').visibility, 'private', 'an anonymous namespace is file-local');
  assert.equal(find(chunks, 'geo.unit_area').visibility, 'public');
  const label = find(chunks, 'geo.Shape.label');
  assert.equal(label.visibility, undefined, 'the access was declared in the class');
  assert.equal(label.returnType, 'const std::string&');
  assert.equal(label.signature, 'const std::string& geo::Shape::label() const');
  const total = find(chunks, 'geo.total_area');
  assert.equal(total.docstring, 'Sums the areas, skipping hidden shapes.');
  assert.equal(total.complexity, 3); // range for, catch
  assert.deepEqual(total.parameters, ['const Shapes& shapes']);
  assert.ok(find(chunks, 'geo.twice').text.startsWith('template <typename T>'));
});

test('cpp: attributes, trailing return types, coroutines, conversions, linkage and class keys', async () => {
  const src = lines(
    '[[nodiscard]] int parse(const char* s) noexcept { return 0; }', //  1
    'auto add(int a, int b) -> long { return a + b; }', //               2
    'Generator<int> count() { co_yield 1; }', //                         3
    'extern "C" int c_entry(void);', //                                  4
    'class Locked {', //                                                 5
    '  int secret() { return 1; }', //                                  6
    '  friend bool operator<(const Locked&, const Locked&) { return false; }', // 7
    '};', //                                                             8
    'Locked::operator bool() const { return true; }', //                 9
    'template <>', //                                                   10
    'struct hash<Locked> { size_t operator()(const Locked&) const { return 0; } };', // 11
  );
  const { chunks } = await chunksOf('misc.cc', src);
  assert.deepEqual(outline(chunks), [
    'function parse 1-1',
    'function add 2-2',
    'function count 3-3',
    'declaration c_entry 4-4',
    'class Locked 5-8',
    'method Locked.secret 6-6',
    'method Locked.operator< 7-7',
    'method Locked.operator bool() const 9-9',
    'class hash<Locked> 10-11',
    'method hash<Locked>.operator() 11-11',
  ]);
  const parse = find(chunks, 'parse');
  assert.deepEqual(parse.decorators, ['[[nodiscard]]']);
  assert.equal(parse.signature, 'int parse(const char* s) noexcept');
  assert.equal(find(chunks, 'add').returnType, 'long');
  assert.equal(find(chunks, 'count').generator, true);
  assert.equal(find(chunks, 'c_entry').text, 'extern "C" int c_entry(void);');
  assert.equal(find(chunks, 'Locked.secret').visibility, 'private', 'class members default to private');
  assert.equal(find(chunks, 'Locked.operator<').visibility, 'public', 'a friend is callable from outside');
  assert.ok(find(chunks, 'Locked', 'class').text.includes('  bool operator<(const Locked&, const Locked&) { … }'));
});

test('cpp: nested namespaces, Allman braces and members under #ifdef', async () => {
  const src = lines(
    'namespace ui::widgets {', //   1
    'class Button', //               2
    '{', //                          3
    'protected:', //                 4
    '  /// Draws it.', //            5
    '  void draw() const', //        6
    '  {', //                        7
    '    paint();', //               8
    '  }', //                        9
    '#ifdef DEBUG', //              10
    '  void dump() {}', //          11
    '#endif', //                    12
    '};', //                        13
    '}', //                         14
  );
  const { chunks } = await chunksOf('button.hh', src);
  assert.deepEqual(outline(chunks), [
    'class ui.widgets.Button 2-13',
    'method ui.widgets.Button.draw 5-9',
    'method ui.widgets.Button.dump 11-11',
  ]);
  assert.equal(find(chunks, 'ui.widgets.Button.draw').docstring, 'Draws it.');
  assert.equal(find(chunks, 'ui.widgets.Button.dump').visibility, 'protected', 'the label above the #ifdef applies');
});

test('cpp: export macros before a class, a global or a prototype keep their names', async () => {
  // The parser's recovery from `class MACRO Name` can swallow what follows: the class stands alone here.
  const cls = lines(
    'class API_EXPORT Engine : public Base {', // 1
    'public:', //                                 2
    '  void run() {}', //                         3
    '};', //                                      4
  );
  const engine = find((await chunksOf('engine.hpp', cls)).chunks, 'Engine', 'class');
  assert.equal(`${engine.startLine}-${engine.endLine}`, '1-4');
  assert.equal(engine.signature, 'class API_EXPORT Engine : public Base');
  const src = lines(
    'API_EXPORT Engine make_engine();', //                   1
    'API_EXPORT Registry global_registry = Registry();', //  2
    'static int __init setup(void)', //                     3
    '{', //                                                 4
    '  return 0;', //                                       5
    '}', //                                                 6
  );
  const { chunks } = await chunksOf('engine.cpp', src);
  assert.deepEqual(outline(chunks), [
    'declaration make_engine 1-1',
    'constant global_registry 2-2',
    'function setup 3-6',
  ]);
  assert.equal(find(chunks, 'setup').visibility, 'private');
  assert.equal(find(chunks, 'setup').returnType, 'int');
});

test('cpp: a syntax error still yields chunks', async () => {
  const broken = lines('int ok() {', '  return 1;', '}', '', 'int broken( {', '', 'int after() {', '  return 2;', '}');
  const { chunks, syntaxErrors, fallback } = await chunksOf('broken.cpp', broken);
  assert.equal(syntaxErrors, true);
  assert.equal(fallback, undefined);
  assert.ok(chunks.some((c) => c.name === 'ok' && c.startLine === 1 && c.endLine === 3));
  assert.ok(chunks.some((c) => c.name === 'after' && c.startLine === 7 && c.endLine === 9));
});

test('cpp: a .h holding C++ is parsed as C++, a C header as C', async () => {
  const cppHeader = lines(
    '#pragma once', //                    1
    '#include <string>', //               2
    '', //                                3
    'namespace shop {', //                4
    'class Cart {', //                    5
    'public:', //                         6
    '    int count() const;', //          7
    '    std::string name;', //           8
    '};', //                              9
    '}', //                              10
  );
  const { chunks, language, syntaxErrors } = await chunksOf('include/cart.h', cppHeader);
  assert.equal(language, 'cpp');
  assert.equal(syntaxErrors, undefined);
  assert.deepEqual(fullOutline(chunks), ['window top-level code 1-1', 'class shop.Cart 5-9']);
  const cHeader = lines(
    '#ifndef POINT_H', //                         1
    '#define POINT_H', //                         2
    'typedef struct point { int x, y; } point;', // 3
    'int point_dist(const point *a);', //         4
    '#endif', //                                  5
  );
  const c = await chunksOf('include/point.h', cHeader);
  assert.equal(c.language, 'c');
  assert.equal(c.syntaxErrors, undefined);
  assert.deepEqual(fullOutline(c.chunks), ['declaration point 3-3', 'declaration point_dist 4-4']);
});
