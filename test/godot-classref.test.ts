// Class-reference prose is indexed at run time from a folder in Godot's doc/classes XML layout:
// the shipped docs_chunks hold names and signatures only, the prose makes a described behaviour
// findable by its words.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { loadClassProse } from '../src/core/godot/class-prose';
import { Retriever } from '../src/core/godot/retriever';
import { docsFacts } from '../src/core/godot/data';

const folder = path.join(__dirname, '..', '..', 'test', 'fixtures', 'godot-classref');

test('godot class reference: prose read from XML (constructors included), BBCode made plain, and searchable', () => {
  const prose = loadClassProse(folder);
  assert.match(prose.get('Tween')!, /^Lightweight object used for general-purpose animation via script, using Tweeners\./);
  assert.match(prose.get('Tween.tween_property')!, /^Creates and appends a PropertyTweener: it gradually changes a property of an object/);
  assert.equal(prose.get('Tween.speed_scale'), 'How fast the whole tween plays.');
  // Only the prose says "sunset" (the shipped facts have no prose): found by that word through it.
  assert.ok(!JSON.stringify(docsFacts().classes.Tween).includes('sunset'));
  const hints = [{ kind: 'term' as const, text: 'sunset' }];
  assert.ok(new Retriever(prose).search(hints).some((c) => c.id === 'docs_chunks:Tween.tween_property'));
});
