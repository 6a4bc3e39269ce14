import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cli, lines, removeWorkspace, workspace } from './helpers';

const bin = path.join(__dirname, '..', '..', 'bin', 'coderag.js');

/** A command that must succeed: its stdout. */
async function coderag(...args: string[]): Promise<string> {
  const r = await cli(...args);
  assert.equal(r.status, 0, `coderag ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

test('cli: index, incremental re-run, search, status --skipped, errors', async () => {
  const root = workspace({
    'app/main.py': lines('def start_server(port):', '    """Start the HTTP server on a port."""', '    return port'),
    'app/util.ts': lines('export function slugify(title: string): string {', "  return title.toLowerCase().replace(/\\s+/g, '-');", '}'),
    'logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    '.env': 'TOKEN=x\n',
  });
  try {
    const first = JSON.parse(await coderag('index', '--root', root, '--json'));
    assert.deepEqual([first.indexed, first.unchanged, first.deleted, first.chunks], [2, 0, 0, 2]);
    assert.equal(first.report.embedded, 2);
    // The second run says so in the form the issue names.
    assert.equal((await coderag('index', '--root', root)).split('\n')[0], '{indexed: 0, unchanged: 2, deleted: 0, chunks: 0}');

    const results = JSON.parse(await coderag('search', 'start the http server', '--root', root, '--json', '--limit', '1'));
    assert.equal(results.length, 1);
    assert.deepEqual([results[0].path, results[0].qualifiedName, results[0].startLine, results[0].endLine], ['app/main.py', 'start_server', 1, 3]);
    const filtered = JSON.parse(await coderag('search', 'slug title', '--root', root, '--json', '--lang', 'typescript', '--kind', 'function', '--path', 'app/**'));
    assert.equal(filtered[0].qualifiedName, 'slugify');
    const grouped = JSON.parse(await coderag('search', 'server slug', '--root', root, '--json', '--group'));
    assert.ok(grouped[0].results.length >= 1 && grouped[0].path);
    assert.match(await coderag('search', 'slugify', '--root', root), /app\/util\.ts:1-3 {2}function slugify/);

    const status = JSON.parse(await coderag('status', '--root', root, '--skipped', '--json'));
    assert.equal(status.files, 2);
    assert.equal(status.chunks, 2);
    assert.equal(status.embedded, 2);
    const reasons = Object.fromEntries(status.skipped.map((s: { path: string; reason: string }) => [s.path, s.reason]));
    assert.equal(reasons['logo.png'], 'binary');
    assert.equal(reasons['.env'], 'secret');
    assert.match(await coderag('status', '--root', root, '--skipped'), /\.env {2}secret/);

    const bad = spawnSync(process.execPath, [bin, 'frobnicate'], { encoding: 'utf8' });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /unknown command frobnicate/);

    const missing = spawnSync(process.execPath, [bin, 'index', '--root', path.join(root, 'no-such-folder'), '--no-embeddings'], { encoding: 'utf8' });
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /no-such-folder: no such folder/);
  } finally {
    removeWorkspace(root);
  }
});

test('cli: search builds a keyword index on first use', async () => {
  const root = workspace({ 'a.py': lines('def frobnicate_widget():', '    pass') });
  try {
    const r = spawnSync(process.execPath, [bin, 'search', 'frobnicate widget', '--root', root, '--json'], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /no full index yet/);
    assert.equal(JSON.parse(r.stdout)[0].qualifiedName, 'frobnicate_widget');
  } finally {
    removeWorkspace(root);
  }
});

test('cli: a search result over a long chunk prints a capped snippet, marked as cut', async () => {
  // One function with a 1,800-character line: not minified (the file is under 2 KB), one chunk.
  const table = `    return "${'ab,'.repeat(600)}"`;
  const root = workspace({ 'table.py': lines('def lookup_table_blob():', table) });
  try {
    await coderag('index', '--root', root, '--no-embeddings');
    const out = await coderag('search', 'lookup_table_blob', '--root', root, '--mode', 'keyword', '--json', '--limit', '1');
    const [r] = JSON.parse(out);
    assert.deepEqual([r.path, r.startLine, r.endLine], ['table.py', 1, 2]);
    assert.equal(r.snippetCut, true);
    assert.ok(r.snippet.length < 1100, `snippet of ${r.snippet.length} characters`);
    assert.match(r.snippet, /\n… \(cut: \d+ more characters\)$/);
    const text = await coderag('search', 'lookup_table_blob', '--root', root, '--mode', 'keyword', '--limit', '1');
    assert.ok(text.split('\n').every((l) => l.length < 260), 'terminal lines are capped too');
    assert.match(text, /… \(cut: \d+ more characters\)/);
  } finally {
    removeWorkspace(root);
  }
});

test('cli: the terminal shows 6 lines of a snippet and counts what is left from what it shows: no bare …, no 12-line count', async () => {
  const body = (n: number) => Array.from({ length: n }, (_, i) => `    step_${i} = ${i}`);
  const root = workspace({
    // 40 lines: the snippet holds 12 and says 28 more; the terminal shows 6, so 34 more.
    'long.py': lines('def long_function():', ...body(38), '    return step_0'),
    // 10 lines: a whole snippet, of which the terminal shows 6: 4 more.
    'medium.py': lines('def medium_function():', ...body(8), '    return step_0'),
    // 5 lines: shown whole, no marker.
    'short.py': lines('def short_function():', ...body(3), '    return step_0'),
  });
  try {
    await coderag('index', '--root', root, '--no-embeddings');
    const shown = async (name: string) => {
      const text = await coderag('search', name, '--root', root, '--mode', 'keyword', '--limit', '1', '--kind', 'function');
      assert.match(text, new RegExp(`^1\\. \\S+  function ${name} `));
      return text.trimEnd().split('\n').slice(1).map((l) => l.replace(/^ {5}/, ''));
    };
    const long = await shown('long_function');
    assert.deepEqual(long.slice(6), ['… (cut: 34 more lines)']);
    assert.equal(long[0], 'def long_function():');
    assert.deepEqual((await shown('medium_function')).slice(6), ['… (cut: 4 more lines)']);
    const short = await shown('short_function');
    assert.equal(short.length, 5);
    assert.ok(!short.some((l) => l.startsWith('…')));
  } finally {
    removeWorkspace(root);
  }
});

/** Runs `coderag watch` until it is watching, returns its first lines (--json events), then stops it. */
async function watchOnce(...args: string[]): Promise<{ status: number | null; events: Record<string, unknown>[]; stderr: string }> {
  const child = spawn(process.execPath, [bin, 'watch', '--json', '--no-embeddings', ...args], { env: { ...process.env, CODERAG_NO_RELAUNCH: '1' } });
  let out = '';
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  let stopped = false;
  child.stdout.on('data', (d) => {
    out += d;
    // Once: a second SIGTERM ends the process without its clean shutdown, as a second Ctrl-C does.
    if (!stopped && out.includes('"event":"watching"')) stopped = child.kill('SIGTERM');
  });
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { status, events: out.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)), stderr };
}

test('cli: code-only is saved in the index and kept by later runs; watch accepts it; a change of mode is said', async () => {
  const root = workspace({
    'app.py': lines('def handler():', '    return 1'),
    'README.md': lines('# Project', 'How to use it.'),
    'docs/guide.rst': lines('Guide', '=====', 'Text.'),
    'notes.txt': lines('some notes'),
  });
  const indexedPaths = async () => JSON.parse(await coderag('status', '--root', root, '--json')).files as number;
  try {
    const first = JSON.parse(await coderag('index', '--root', root, '--no-embeddings', '--code-only', '--json'));
    assert.equal(first.indexed, 1);
    assert.equal(first.report.scanChanged, undefined, 'a new index has no mode to change from');
    const meta = JSON.parse(fs.readFileSync(path.join(root, '.coderag', 'meta.json'), 'utf8'));
    assert.equal(meta.scan.codeOnly, true);

    const flagged = await watchOnce('--root', root, '--code-only');
    assert.equal(flagged.status, 0, flagged.stderr);
    assert.deepEqual(flagged.events.map((e) => e.event), ['indexed', 'watching']);
    assert.equal(flagged.events[0].indexed, 0);
    // One format per flag: watch's first event is `index --json`'s object with the event's name.
    assert.deepEqual(Object.keys(flagged.events[0]).sort(), ['event', ...Object.keys(first)].sort());

    // Without the flag, watch and index keep the saved mode: the docs stay out.
    const plain = await watchOnce('--root', root);
    assert.equal(plain.status, 0, plain.stderr);
    assert.deepEqual([plain.events[0].indexed, plain.events[0].deleted, (plain.events[0].report as { scanChanged?: string }).scanChanged], [0, 0, undefined]);
    assert.equal((await coderag('index', '--root', root, '--no-embeddings')).split('\n')[0], '{indexed: 0, unchanged: 1, deleted: 0, chunks: 0}');
    assert.equal(await indexedPaths(), 1);
    // The search filter of the same name does not change the index.
    await coderag('search', 'handler', '--root', root, '--code-only', '--mode', 'keyword');

    // Turning it off is explicit, and the output says the file set changed.
    const out = await coderag('index', '--root', root, '--no-embeddings', '--with-docs');
    assert.match(out, /^\{indexed: 3, /);
    assert.match(out, /file set changed: code-only off: documentation files are indexed again/);
    assert.equal(await indexedPaths(), 4);
    const back = JSON.parse(await coderag('index', '--root', root, '--no-embeddings', '--code-only', '--json'));
    assert.deepEqual([back.deleted, back.report.scanChanged], [3, 'code-only on: documentation files are dropped from the index']);
    const both = spawnSync(process.execPath, [bin, 'index', '--root', root, '--code-only', '--with-docs'], { encoding: 'utf8' });
    assert.equal(both.status, 2);
  } finally {
    removeWorkspace(root);
  }
});

test('cli: --max-file-size changes the size limit, with KB/MB suffixes', async () => {
  const root = workspace({ 'small.py': 'x = 1\n', 'mid.py': 'y = 1\n'.repeat(400) });
  const indexDir = `${root}-index`;
  try {
    const out = JSON.parse(await coderag('index', '--root', root, '--index-dir', indexDir, '--no-embeddings', '--json', '--max-file-size', '1KB'));
    assert.equal(out.indexed, 1);
    const status = JSON.parse(await coderag('status', '--root', root, '--index-dir', indexDir, '--skipped', '--json'));
    assert.deepEqual(status.skipped.map((s: { path: string; detail: string }) => `${s.path} ${s.detail}`), ['mid.py 2400 bytes > limit 1024']);
    const bad = spawnSync(process.execPath, [bin, 'index', '--root', root, '--index-dir', indexDir, '--max-file-size', 'lots'], { encoding: 'utf8' });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--max-file-size/);
  } finally {
    removeWorkspace(root);
    removeWorkspace(indexDir);
  }
});
