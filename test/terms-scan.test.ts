import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { scanIdentifiers, scanWords } from '../src/core/scan-identifiers';
import { hashOf, TokenTable } from '../src/core/token-table';
import { IDENT } from '../src/core/index/tokenize';
import { fieldTerms } from '../src/core/index/terms';
import { identifiersIn } from '../src/core/chunk/metadata';

const SAMPLE = [
  'def parse_header(self, raw: bytes) -> dict:  # 404_error, 2xx, x$y',
  'const fooBar = require("kebab-case-name"); let $el = a-b-c9 - 12 - 3d',
  'élan naïve_ident __dunder__ _ $ 1_ 9a$b tail-',
  '',
].join('\n');

test('scanIdentifiers finds exactly what the IDENT regex finds, with the hash of each match', () => {
  const fromRegex = [...SAMPLE.matchAll(new RegExp(IDENT.source, 'g'))].map((m) => m[0]);
  const fromScan: string[] = [];
  scanIdentifiers(SAMPLE, (start, end, hash) => {
    fromScan.push(SAMPLE.slice(start, end));
    assert.equal(hash, hashOf(SAMPLE, start, end));
  });
  assert.deepEqual(fromScan, fromRegex);
  assert.ok(fromScan.includes('kebab-case-name') && fromScan.includes('404_error') && !fromScan.includes('12'));
});

test('identifiersIn keeps the plain identifier pattern: kebab-case split, digits never lead', () => {
  assert.deepEqual(identifiersIn('kebab-name x 2xx a$b fooBar fooBar'), ['kebab', 'name', 'xx', 'a$b', 'fooBar']);
});

test('TokenTable: hits compare characters in place, colliding hashes stay apart, full tables start over', () => {
  const t = new TokenTable<number>(3, 4);
  const text = 'alpha beta gamma';
  t.set('alpha', hashOf('alpha'), 1);
  t.set('beta', 7, 2); // a made-up hash: found only with that hash
  t.set('gamma', 7, 3); // the same hash as beta: both kept
  assert.equal(t.get(text, 0, 5, hashOf('alpha')), 1);
  assert.equal(t.get(text, 6, 10, 7), 2);
  assert.equal(t.get(text, 11, 16, 7), 3);
  assert.equal(t.get(text, 6, 10, hashOf('beta')), undefined);
  assert.equal(t.get(text, 0, 4, hashOf('alph')), undefined);
  t.set('delta', hashOf('delta'), 4); // past maxEntries: forgets the rest
  assert.equal(t.size, 1);
  assert.equal(t.get(text, 0, 5, hashOf('alpha')), undefined);
  assert.equal(t.get('delta', 0, 5, hashOf('delta')), 4);
});

test('fieldTerms: frequencies per term in first-seen order, the same across calls', () => {
  const a = fieldTerms('parseHeader parse_header header headers');
  assert.deepEqual(a, fieldTerms('parseHeader parse_header header headers'));
  assert.deepEqual(a.pairs, ['parseheader', 1, 'pars', 2, 'header', 4, 'parse_header', 1]);
  assert.equal(a.length, 8);
  assert.deepEqual(fieldTerms(''), { pairs: [], length: 0 });
});

test('identifiersIn lists each identifier once even when its memo fills up during the call', () => {
  const names = Array.from({ length: 60_000 }, (_, i) => `ident_${i}`);
  const ids = identifiersIn(`${names.join(' ')} ${names.join(' ')}`, 1e6);
  assert.equal(ids.length, names.length);
  assert.equal(new Set(ids).size, names.length);
});

test('scanWords finds plain identifiers with their hash and stops when told to', () => {
  const text = 'kebab-name 2xx a$b _c d';
  const found: string[] = [];
  scanWords(text, (start, end, hash) => {
    assert.equal(hash, hashOf(text, start, end));
    found.push(text.slice(start, end));
    return found.length < 4;
  });
  assert.deepEqual(found, ['kebab', 'name', 'xx', 'a$b']);
});
