import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import { CodeIndex } from '../src/core/index/code-index';
import { zscore } from '../src/core/search/fusion';
import { groupByFile } from '../src/core/search/hybrid';
import { analyzeQuery } from '../src/core/search/query';
import { SNIPPET_MAX_CHARS, snippetOf } from '../src/core/search/snippet';
import { lines, removeWorkspace, searchIndex, workspace } from './helpers';
import { sampleWorkspace } from './e2e/sample';

const files = {
  'player.gd': lines(
    'extends Area2D',
    'signal hit',
    '@export var speed = 400',
    'var screen_size',
    '',
    'func _process(delta):',
    '	var velocity = Vector2.ZERO',
    '	if Input.is_action_pressed("move_right"):',
    '		velocity.x += 1',
    '	position += velocity * delta',
    '	position = position.clamp(Vector2.ZERO, screen_size)',
  ),
  'mob.gd': lines('extends KinematicBody2D', '', 'func _physics_process(delta):', '	velocity = move_and_slide(velocity, Vector2.UP)'),
  'src/http/headers.py': lines(
    '"""HTTP header helpers."""',
    '',
    'def parse_content_type(value):',
    '    """Split a Content-Type header into the media type and its parameters."""',
    '    media, _, rest = value.partition(";")',
    '    params = dict(p.strip().split("=", 1) for p in rest.split(";") if "=" in p)',
    '    return media.strip().lower(), params',
    '',
    'def format_date(ts):',
    '    """Format a timestamp for the Date header."""',
    '    return ts.strftime("%a, %d %b %Y %H:%M:%S GMT")',
  ),
  'src/util/text.ts': lines(
    '/** Removes the indentation shared by every line of a block of text. */',
    'export function dedentBlock(text: string): string {',
    "  const lines = text.split('\\n');",
    '  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length));',
    "  return lines.map((l) => l.slice(indent)).join('\\n');",
    '}',
    '',
    'export class Cache<K, V> {',
    '  private map = new Map<K, V>();',
    '  get(key: K): V | undefined { return this.map.get(key); }',
    '}',
  ),
  'docs/guide.md': lines('# Guide', 'How to parse headers and dedent text.'),
};

let root: string;
let index: CodeIndex;

before(async () => {
  root = workspace(files);
  index = await CodeIndex.open({ root, inProcess: true, embedWorkers: 1 });
  const report = await index.update();
  assert.equal(report.embeddingError, undefined);
});

after(async () => {
  await index.close();
  removeWorkspace(root);
});

test('query analysis: code identifiers versus words', () => {
  const q = analyzeQuery('where is Input.is_action_pressed used with move_and_slide and parseHeader()');
  assert.deepEqual(q.identifiers, ['Input.is_action_pressed', 'move_and_slide', 'parseHeader']);
  assert.ok(q.symbols.has('is_action_pressed') && q.symbols.has('input'));
  assert.deepEqual(q.words, ['where', 'is', 'used', 'with', 'and']);
});

test('hybrid: natural language finds the function, results carry what an editor needs', async () => {
  const [top] = await searchIndex(index, 'split the content type header into media type and parameters');
  assert.equal(top.qualifiedName, 'parse_content_type');
  assert.equal(top.path, 'src/http/headers.py');
  assert.deepEqual([top.startLine, top.endLine, top.kind, top.language], [3, 7, 'function', 'python']);
  assert.equal(top.signature, 'def parse_content_type(value):');
  assert.ok(top.snippet.startsWith('def parse_content_type'));
  assert.ok(top.ranks.keyword && top.ranks.vector);
  const [dedent] = await searchIndex(index, 'remove common indentation from text');
  assert.equal(dedent.qualifiedName, 'dedentBlock');
});

test('identifiers in the query: exact symbol matches win', async () => {
  assert.equal((await searchIndex(index, 'Input.is_action_pressed'))[0].qualifiedName, '_process');
  assert.equal((await searchIndex(index, 'move_and_slide'))[0].qualifiedName, '_physics_process');
  assert.equal((await searchIndex(index, 'position.clamp'))[0].path, 'player.gd');
  assert.equal((await searchIndex(index, 'Cache.get'))[0].qualifiedName, 'Cache.get');
});

test('filters by kind, language and path glob; grouping per file; code-only', async () => {
  const classes = await searchIndex(index, 'cache', { kind: ['class'] });
  assert.deepEqual(classes.map((r) => r.kind), ['class']);
  const py = await searchIndex(index, 'header', { language: ['python'] });
  assert.ok(py.length && py.every((r) => r.language === 'python'));
  const under = await searchIndex(index, 'text', { path: 'src/util/**' });
  assert.ok(under.length && under.every((r) => r.path.startsWith('src/util/')));
  const groups = groupByFile(await searchIndex(index, 'header date content type', { limit: 10 }));
  assert.equal(groups[0].path, 'src/http/headers.py');
  assert.equal(new Set(groups.map((g) => g.path)).size, groups.length);
  const code = await searchIndex(index, 'parse headers dedent text guide', { codeOnly: true, limit: 20 });
  assert.ok(!code.some((r) => r.kind === 'documentation'));
});

test('pseudo-relevance feedback: a second pass keeps the best answer of the first and fills the list', async () => {
  const plain = await searchIndex(index, 'split the content type header into media type and parameters', { limit: 5 });
  const fed = await searchIndex(index, 'split the content type header into media type and parameters', { limit: 5, feedback: 1 });
  assert.equal(fed[0].qualifiedName, plain[0].qualifiedName);
  assert.ok(fed.length >= plain.length);
});

test('keyword and vector modes alone', async () => {
  assert.equal((await searchIndex(index, 'format timestamp date header', { mode: 'keyword' }))[0].qualifiedName, 'format_date');
  const vec = await searchIndex(index, 'format timestamp date header', { mode: 'vector' });
  assert.ok(vec.length > 0 && vec.every((r) => r.ranks.vector && !r.ranks.keyword));
});

test('a model that fails to load: a clear message, and keyword search keeps working', async () => {
  const other = workspace(files);
  try {
    const broken = await CodeIndex.open({ root: other, inProcess: true, embedding: { model: '/nonexistent/model-folder' } });
    const report = await broken.update();
    assert.match(report.embeddingError ?? '', /nonexistent\/model-folder|failed to load|no config\.json/);
    assert.equal(report.indexed, 5);
    assert.equal((await searchIndex(broken, 'move_and_slide'))[0].qualifiedName, '_physics_process');
    await broken.close();
  } finally {
    removeWorkspace(other);
  }
});

test('snippets are capped by lines and characters, and say where they were cut', () => {
  const short = lines('def f():', '    return 1');
  assert.deepEqual(snippetOf(short), { text: short, cut: false });
  const long = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`).join('\n');
  const byLines = snippetOf(long);
  assert.equal(byLines.text.split('\n').length, 13);
  assert.equal(byLines.text.split('\n')[11], 'line 12');
  assert.equal(byLines.text.split('\n')[12], '… (cut: 28 more lines)');
  const oneLine = 'x'.repeat(593_001);
  const byChars = snippetOf(oneLine);
  assert.ok(byChars.cut);
  assert.equal(byChars.text, `${'x'.repeat(SNIPPET_MAX_CHARS)}\n… (cut: ${593_001 - SNIPPET_MAX_CHARS} more characters)`);
  const emoji = snippetOf('😀'.repeat(600));
  assert.ok(!/[\ud800-\udbff]\n/.test(emoji.text), 'no lone high surrogate before the marker');
});

test('z-score fusion: a keyword list that holds every match scores the chunks it lacks a true 0', () => {
  // One chunk with the word: before, it stood at z 0 (its own mean), half a unit above the rest.
  const alone = zscore([[{ id: 'serve', score: 3.2 }]], [1], [true]);
  assert.equal(alone.get('serve'), 1);
  const withVectors = zscore([[{ id: 'serve', score: 3.2 }], [{ id: 'timer', score: 0.9 }, { id: 'serve', score: 0.6 }, { id: 'other', score: 0.5 }]], [1, 0.5], [true, false]);
  assert.ok(withVectors.get('serve')! > withVectors.get('timer')!, JSON.stringify([...withVectors]));
  // A list cut at its limit is not complete: the missing ones may score just below its last.
  const cut = zscore([[{ id: 'a', score: 2 }, { id: 'b', score: 1 }], [{ id: 'c', score: 1 }]], [1, 1]);
  assert.equal(cut.get('c'), -1 - 0.5 + 0);
});

test('hybrid on the sample: the one chunk with a rare word of the query comes first, not the chunks the vectors like best; a word only a file header says finds that file', async () => {
  // The sample's `serve` is the only chunk saying "interrupted"; USE-lite ranks Godot timer callbacks above it.
  const sample = workspace(sampleWorkspace());
  const idx = await CodeIndex.open({ root: sample, inProcess: true, embedWorkers: 1 });
  try {
    assert.equal((await idx.update()).embeddingError, undefined);
    assert.deepEqual((await searchIndex(idx, 'interrupted', { mode: 'keyword' })).map((r) => r.qualifiedName), ['serve']);
    const [top] = await searchIndex(idx, 'interrupted');
    assert.equal(top.qualifiedName, 'serve');
    assert.ok(top.ranks.keyword, 'found by its word');
    // "exponential" is in web/src/api.ts's header comment alone, which is title context, not chunk text.
    const header = await searchIndex(idx, 'exponential', { mode: 'keyword' });
    assert.ok(header.length, 'the header is searchable');
    assert.deepEqual([...new Set(header.map((r) => r.path))], ['web/src/api.ts']);
    const [backoff] = await searchIndex(idx, 'exponential backoff');
    assert.equal(backoff.qualifiedName, 'backoffDelay');
  } finally {
    await idx.close();
    removeWorkspace(sample);
  }
});
