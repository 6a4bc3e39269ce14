import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { chunksOf, lines, outline } from './helpers';

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
