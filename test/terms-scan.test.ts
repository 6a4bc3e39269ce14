import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { lexIdentifiers, lexWords } from '../src/core/base/lexer';
import { hashOf, TokenTable } from '../src/core/base/token-table';
import { IDENT } from '../src/core/keyword/tokenize';
import { docText, fieldTerms, openingDoc, packFileDocs, symbolText } from '../src/core/keyword/terms';
import { splitIdentifier } from '../src/core/keyword/tokenize';
import type { PackedDocs } from '../src/core/keyword/docs';
import type { Chunk } from '../src/core/base/types';
import { chunksOf } from './helpers';
import { identifiersIn } from '../src/core/chunk/metadata';

const SAMPLE = [
  'def parse_header(self, raw: bytes) -> dict:  # 404_error, 2xx, x$y',
  'const fooBar = require("kebab-case-name"); let $el = a-b-c9 - 12 - 3d',
  'élan naïve_ident __dunder__ _ $ 1_ 9a$b tail-',
  '',
].join('\n');

test('lexIdentifiers finds exactly what the IDENT regex finds, with the hash of each match', () => {
  const fromRegex = [...SAMPLE.matchAll(new RegExp(IDENT.source, 'g'))].map((m) => m[0]);
  const fromScan: string[] = [];
  lexIdentifiers(SAMPLE, (start, end, hash) => {
    fromScan.push(SAMPLE.slice(start, end));
    assert.equal(hash, hashOf(SAMPLE, start, end));
  });
  assert.deepEqual(fromScan, fromRegex);
  assert.ok(fromScan.includes('kebab-case-name') && fromScan.includes('404_error') && !fromScan.includes('12'));
});

test('identifiersIn keeps the plain identifier pattern: kebab-case split, digits never lead', () => {
  assert.deepEqual(identifiersIn('kebab-name x 2xx a$b fooBar fooBar'), ['kebab', 'name', 'xx', 'a$b', 'fooBar']);
});

test('TokenTable: numbers tokens in order, finds them in place by characters, keeps colliding hashes apart', () => {
  const index = new TokenTable(4);
  const text = 'alpha beta gamma';
  assert.equal(index.add(text, 0, 5, hashOf('alpha')), 0);
  assert.equal(index.add(text, 6, 10, 7), 1); // a made-up hash, shared with gamma below
  assert.equal(index.add(text, 11, 16, 7), 2); // past half the capacity: the table grows
  assert.equal(index.find('x alpha', 2, 7, hashOf('alpha')), 0);
  assert.equal(index.find(text, 6, 10, 7), 1);
  assert.equal(index.find(text, 11, 16, 7), 2);
  assert.equal(index.find(text, 6, 10, hashOf('beta')), -1);
  assert.equal(index.find(text, 0, 4, hashOf('alph')), -1);
  index.clear();
  assert.equal(index.size, 0);
  assert.equal(index.find(text, 0, 5, hashOf('alpha')), -1);
  assert.equal(index.add(text, 6, 10, hashOf('beta')), 0);
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

test('lexWords finds plain identifiers with their hash and stops when told to', () => {
  const text = 'kebab-name 2xx a$b _c d';
  const found: string[] = [];
  lexWords(text, (start, end, hash) => {
    assert.equal(hash, hashOf(text, start, end));
    found.push(text.slice(start, end));
    return found.length < 4;
  });
  assert.deepEqual(found, ['kebab', 'name', 'xx', 'a$b']);
});

test('splitIdentifier cuts words as the regular expressions it replaced did', () => {
  const reference = (id: string) =>
    id.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2').split(/[\s_$\-]+/).filter(Boolean);
  const cases = ['parseHTTPResponse2', 'get_user-id', 'AAbCCd', 'ABcDEf', 'AB2Cd', '__init__', '$', '_', 'x', 'XMLHttpRequest', 'a1B2c3', 'ABC', 'snake_Case_X'];
  // A fixed pseudo-random sample over the characters that matter.
  let seed = 7;
  const alphabet = 'aAbBzZ09_$-xX \t';
  for (let i = 0; i < 20_000; i++) {
    let s = '';
    for (let j = 0; j < 1 + (i % 12); j++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      s += alphabet[seed % alphabet.length];
    }
    cases.push(s);
  }
  for (const c of cases) assert.deepEqual(splitIdentifier(c), reference(c), JSON.stringify(c));
});

/** The per-chunk model of keyword documents that packFileDocs computes in one pass. */
function referenceDocs(chunks: Chunk[]): PackedDocs {
  const groups = new Map<string, Chunk[]>();
  for (const c of chunks) groups.set(c.groupId, [...(groups.get(c.groupId) ?? []), c]);
  const terms: string[] = [];
  const index = new Map<string, number>();
  const data: number[] = [];
  const infos = [];
  const opening = openingDoc(chunks);
  for (const [id, parts] of groups) {
    const c = parts[0];
    infos.push({ id, path: c.path, kind: c.kind, language: c.language, name: c.name, qualifiedName: c.qualifiedName });
    const fields = [(p: Chunk) => symbolText(p), (p: Chunk) => (opening?.groupId === id ? `${docText(p)}\n${opening.doc}` : docText(p)), (p: Chunk) => p.text, (p: Chunk) => p.path];
    fields.forEach((text, f) => {
      const tf = new Map<string, number>();
      let length = 0;
      // Symbol and doc repeat in every part of a split definition: counted once.
      for (const p of f < 2 ? [c] : parts) {
        const one = fieldTerms(text(p));
        for (let i = 0; i < one.pairs.length; i += 2) tf.set(one.pairs[i] as string, (tf.get(one.pairs[i] as string) ?? 0) + (one.pairs[i + 1] as number));
        length += one.length;
      }
      data.push(length, tf.size);
      for (const [t, n] of tf) {
        if (!index.has(t)) index.set(t, terms.push(t) - 1);
        data.push(index.get(t)!, n);
      }
    });
  }
  return { terms, infos, data: Int32Array.from(data) };
}

test('packFileDocs packs what the per-chunk model gives, split definitions as one document', async () => {
  const body = Array.from({ length: 120 }, (_, i) => `    total_${i} = compute_value(item_${i}, retries=${i})  # keep going`).join('\n');
  const source = `"""Module doc."""\n\nclass Parser:\n    """Reads headers."""\n\n    def parse_header(self, raw):\n        """Parse one header line."""\n${body}\n        return total_0\n\nMAX_SIZE = 10\n`;
  const { chunks } = await chunksOf('pkg/parser.py', source);
  assert.ok(chunks.some((c) => c.part), 'the long method is split');
  assert.deepEqual(packFileDocs(chunks), referenceDocs(chunks));
  assert.deepEqual(packFileDocs([]), referenceDocs([]));
});
