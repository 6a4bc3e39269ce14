import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { chunksOf, find, lines, outline } from './helpers';

const source = lines(
  '//! Geometry primitives for the renderer.', //                1
  'use std::fmt;', //                                            2
  '', //                                                         3
  '/// Largest side accepted, in pixels.', //                    4
  'pub const MAX_SIDE: u32 = 4096;', //                          5
  'static mut DRAWN: usize = 0;', //                             6
  '', //                                                         7
  '/// A point on the canvas.', //                               8
  '#[derive(Debug, Clone, Copy)]', //                            9
  'pub struct Point {', //                                       10
  '    pub x: f64,', //                                          11
  '    /// Grows downwards.', //                                 12
  '    pub y: f64,', //                                          13
  '}', //                                                        14
  '', //                                                         15
  'pub(crate) enum Shape {', //                                  16
  '    Circle { center: Point, radius: f64 },', //               17
  '    Square(Point, f64),', //                                  18
  '}', //                                                        19
  '', //                                                         20
  'pub type Polygon = Vec<Point>;', //                           21
  '', //                                                         22
  '/// Anything with an area.', //                               23
  'pub trait Area {', //                                         24
  '    /// Area in square pixels.', //                           25
  '    fn area(&self) -> f64;', //                               26
  '    fn is_empty(&self) -> bool {', //                         27
  '        self.area() == 0.0', //                               28
  '    }', //                                                    29
  '}', //                                                        30
  '', //                                                         31
  'impl Point {', //                                             32
  '    pub const ORIGIN: Point = Point { x: 0.0, y: 0.0 };', //  33
  '', //                                                         34
  '    /// Distance to another point.', //                       35
  '    pub fn distance(&self, other: &Point) -> f64 {', //       36
  '        ((self.x - other.x).powi(2) + (self.y - other.y).powi(2)).sqrt()', // 37
  '    }', //                                                    38
  '}', //                                                        39
  '', //                                                         40
  'impl Area for Shape {', //                                    41
  '    fn area(&self) -> f64 {', //                              42
  '        match self {', //                                     43
  '            Shape::Circle { radius, .. } if *radius > 0.0 => 3.14 * radius * radius,', // 44
  '            Shape::Circle { .. } => 0.0,', //                 45
  '            Shape::Square(_, side) => side * side,', //       46
  '        }', //                                                47
  '    }', //                                                    48
  '}', //                                                        49
  '', //                                                         50
  'impl fmt::Display for Point {', //                            51
  '    fn fmt(&self, f: &mut fmt::Formatter<\'_>) -> fmt::Result {', // 52
  '        write!(f, "({}, {})", self.x, self.y)', //            53
  '    }', //                                                    54
  '}', //                                                        55
  '', //                                                         56
  '#[macro_export]', //                                          57
  'macro_rules! point {', //                                     58
  '    ($x:expr, $y:expr) => { Point { x: $x, y: $y } };', //    59
  '}', //                                                        60
  '', //                                                         61
  'pub async fn load(path: &str) -> Result<Vec<Shape>, std::io::Error> {', // 62
  '    let text = tokio::fs::read_to_string(path).await?;', //   63
  '    Ok(text.lines().filter(|l| !l.is_empty() && l.len() < 80).map(parse).collect())', // 64
  '}', //                                                        65
  '', //                                                         66
  '#[cfg(test)]', //                                             67
  'mod tests {', //                                              68
  '    use super::*;', //                                        69
  '', //                                                         70
  '    #[test]', //                                              71
  '    fn square_area() {', //                                   72
  '        assert_eq!(Shape::Square(Point::ORIGIN, 2.0).area(), 4.0);', // 73
  '    }', //                                                    74
  '}', //                                                        75
);

test('rust: every chunk kind with exact line ranges', async () => {
  const { chunks, syntaxErrors } = await chunksOf('src/shapes.rs', source);
  assert.equal(syntaxErrors, undefined);
  assert.deepEqual(outline(chunks), [
    'constant MAX_SIDE 4-5',
    'constant DRAWN 6-6',
    'declaration Point 8-14',
    'declaration Shape 16-19',
    'declaration Polygon 21-21',
    'class Area 23-30',
    'method Area.area 25-26',
    'method Area.is_empty 27-29',
    'constant Point.ORIGIN 33-33',
    'method Point.distance 35-38',
    'method Shape.area 42-48',
    'method Point.fmt 52-54',
    'declaration point 57-60',
    'function load 62-65',
    'function tests.square_area 71-74',
  ]);
});

test('rust: the crate doc comment is title context', async () => {
  const { chunks } = await chunksOf('src/shapes.rs', source);
  assert.equal(find(chunks, 'load').title, 'src/shapes.rs (Geometry primitives for the renderer.) function load');
});

test('rust: function and method metadata', async () => {
  const { chunks } = await chunksOf('src/shapes.rs', source);
  const load = find(chunks, 'load');
  assert.equal(load.signature, 'pub async fn load(path: &str) -> Result<Vec<Shape>, std::io::Error>');
  assert.deepEqual(load.parameters, ['path: &str']);
  assert.equal(load.returnType, 'Result<Vec<Shape>, std::io::Error>');
  assert.equal(load.async, true);
  assert.equal(load.visibility, 'public');
  assert.equal(load.complexity, 2); // &&; the closure counts for its function
  const distance = find(chunks, 'Point.distance');
  assert.equal(distance.name, 'distance');
  assert.deepEqual(distance.parameters, ['&self', 'other: &Point']);
  assert.equal(distance.returnType, 'f64');
  assert.equal(distance.docstring, 'Distance to another point.');
  assert.equal(distance.async, false);
  const area = find(chunks, 'Shape.area');
  assert.equal(area.complexity, 4); // three match arms
  assert.equal(area.visibility, 'public', 'trait impl methods are as visible as the trait');
  assert.equal(find(chunks, 'Point.fmt').signature, "fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result");
  const test = find(chunks, 'tests.square_area');
  assert.deepEqual(test.decorators, ['#[test]']);
  assert.equal(test.visibility, 'private');
  const required = find(chunks, 'Area.area');
  assert.equal(required.signature, 'fn area(&self) -> f64;');
  assert.equal(required.docstring, 'Area in square pixels.');
  assert.equal(required.visibility, 'public', 'trait items take the visibility of the trait');
});

test('rust: declarations keep attributes, docs and visibility', async () => {
  const { chunks } = await chunksOf('src/shapes.rs', source);
  const point = find(chunks, 'Point', 'declaration');
  assert.deepEqual(point.decorators, ['#[derive(Debug, Clone, Copy)]']);
  assert.equal(point.docstring, 'A point on the canvas.');
  assert.equal(point.signature, 'pub struct Point {');
  assert.ok(point.text.includes('/// Grows downwards.'), 'field docs stay in the declaration');
  assert.equal(find(chunks, 'Shape', 'declaration').visibility, 'internal');
  assert.equal(find(chunks, 'MAX_SIDE').docstring, 'Largest side accepted, in pixels.');
  assert.equal(find(chunks, 'DRAWN').visibility, 'private');
  const macro = find(chunks, 'point');
  assert.deepEqual(macro.decorators, ['#[macro_export]']);
  assert.equal(macro.visibility, 'public');
  assert.equal(macro.signature, 'macro_rules! point {');
});

test('rust: a trait is summarised by its method signatures', async () => {
  const { chunks } = await chunksOf('src/shapes.rs', source);
  const trait = find(chunks, 'Area', 'class');
  assert.equal(
    trait.text,
    lines(
      '/// Anything with an area.',
      'pub trait Area {',
      '    fn area(&self) -> f64;',
      '    fn is_empty(&self) -> bool { … }',
      '}',
    ).trimEnd(),
  );
  assert.equal(trait.signature, 'pub trait Area');
  assert.deepEqual(trait.defines, ['Area', 'area', 'is_empty']);
  assert.equal(trait.docstring, 'Anything with an area.');
});

test('rust: nested modules, impl targets, locals and extern blocks', async () => {
  const src = lines(
    'mod outer {', //                                                     1
    '    pub(super) mod inner {', //                                      2
    '        pub(in crate::outer) fn helper() -> u8 {', //                3
    '            const LOCAL: u8 = 1;', //                                4
    '            fn nested() -> u8 { LOCAL }', //                         5
    '            nested()', //                                            6
    '        }', //                                                       7
    '    }', //                                                           8
    "    impl<'a, T: Clone> From<&'a [T]> for crate::list::List<T> {", // 9
    "        fn from(items: &'a [T]) -> Self { todo!() }", //             10
    '    }', //                                                          11
    '    impl Iterator for &mut Counter {', //                           12
    '        type Item = u32;', //                                       13
    '        fn next(&mut self) -> Option<u32> { None }', //             14
    '    }', //                                                          15
    '    impl Counter {', //                                             16
    '        pub(crate) async fn reset(&mut self) {}', //                17
    '    }', //                                                          18
    '    extern "C" {', //                                               19
    '        fn abs(x: i32) -> i32;', //                                 20
    '    }', //                                                          21
    '}', //                                                              22
  );
  const { chunks } = await chunksOf('outer.rs', src);
  assert.deepEqual(outline(chunks), [
    'function outer.inner.helper 3-7',
    'method outer.List.from 10-10',
    // An associated type is in no definition: a window, not dropped.
    'window top-level code 13-13',
    'method outer.Counter.next 14-14',
    'method outer.Counter.reset 17-17',
    'function outer.abs 20-20',
  ]);
  assert.equal(find(chunks, 'outer.inner.helper').visibility, 'internal');
  assert.ok(find(chunks, 'outer.inner.helper').text.includes('fn nested()'), 'nested functions stay inside');
  const reset = find(chunks, 'outer.Counter.reset');
  assert.equal(reset.async, true);
  assert.equal(reset.visibility, 'internal');
});

test('rust: a syntax error still yields chunks', async () => {
  const broken = lines('fn ok() -> u8 {', '    1', '}', '', 'fn broken( {', '    let x = ;', '}', '', 'fn after() {}');
  const { chunks, syntaxErrors, fallback } = await chunksOf('broken.rs', broken);
  assert.equal(syntaxErrors, true);
  assert.equal(fallback, undefined);
  assert.ok(chunks.some((c) => c.name === 'ok' && c.startLine === 1 && c.endLine === 3));
  assert.ok(chunks.some((c) => c.name === 'after' && c.startLine === 9 && c.endLine === 9));
});
