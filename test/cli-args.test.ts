// The command line's edges: --help per command, argument validation, what readers say about an
// index that is missing or has no vectors, and exit codes.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cli, lines, removeWorkspace, workspace } from './helpers';

const bin = path.join(__dirname, '..', '..', 'bin', 'coderag.js');

/** In a process of its own: a native abort must show as the process's exit, not take the test runner down. */
function coderagProcess(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 60_000 });
}

/** Every option of every command, as a user looks for them. */
const OPTIONS: Record<string, string[]> = {
  index: ['--root', '--index-dir', '--rebuild', '--model', '--no-embeddings', '--code-only', '--with-docs', '--max-file-size', '--json', '--help'],
  search: ['--root', '--index-dir', '--limit', '--kind', '--lang', '--path', '--group', '--files', '--mode', '--fusion', '--code-only', '--model', '--no-embeddings', '--json', '--help'],
  status: ['--root', '--index-dir', '--skipped', '--json', '--help'],
  watch: ['--root', '--index-dir', '--model', '--no-embeddings', '--code-only', '--with-docs', '--max-file-size', '--json', '--help'],
  map: ['--root', '--index-dir', '--tokens', '--focus', '--mention', '--mention-file', '--json', '--help'],
  symbols: ['--root', '--index-dir', '--limit', '--context', '--json', '--help'],
  mcp: ['--root', '--index-dir', '--model', '--no-embeddings', '--help'],
  lsp: ['--stdio', '--help'],
  migrate: ['--root', '--bundle', '--state', '--status', '--fix', '--progress', '--no-retrieval', '--class-ref', '--llm-endpoint', '--llm-model', '--json', '--sarif', '--help'],
  fragments: ['--root', '--hints', '--json', '--help'],
};

test('cli: `<command> --help` lists every option of the command, one line each with what it does; exits 0 and runs nothing', async () => {
  const root = workspace({ 'a.py': lines('def alpha():', '    pass') });
  try {
    for (const [command, options] of Object.entries(OPTIONS)) {
      for (const flag of ['--help', '-h']) {
        const r = await cli(command, '--root', root, flag);
        assert.equal(r.status, 0, `${command} ${flag}: ${r.stderr}`);
        assert.match(r.stdout, new RegExp(`^Usage: coderag ${command} `), `${command} ${flag}`);
        const listed = r.stdout.split('\n').filter((l) => /^ {2}(-\w, )? *--[\w-]+/.test(l));
        assert.deepEqual(listed.map((l) => /--[\w-]+/.exec(l)![0]).sort(), [...options].sort(), `${command}: every option, once`);
        for (const l of listed) assert.match(l, /--[\w-]+(?: \S+)? {2,}\S.{8,}$/, `${command}: ${l} says what it does`);
      }
    }
    assert.equal(fs.existsSync(path.join(root, '.coderag')), false, 'no command ran');
  } finally {
    removeWorkspace(root);
  }
});

test('cli: map and symbols check their numbers: invalid values are errors with the valid range, exit 2, nothing printed', async () => {
  const root = workspace({ 'a.py': lines('def alpha():', '    pass') });
  try {
    assert.equal((await cli('index', '--root', root, '--no-embeddings')).status, 0);
    const bad: [string[], RegExp][] = [
      [['map', '--tokens', 'abc'], /--tokens abc: expected a whole number of tokens from 64 to 65536/],
      [['map', '--tokens', '0'], /--tokens 0: expected a whole number of tokens from 64 to 65536/],
      [['map', '--tokens', '10'], /--tokens 10: expected a whole number of tokens from 64 to 65536/],
      [['symbols', 'alpha', '--limit', '0'], /--limit 0: expected a whole number of matches from 1 to 500/],
      [['symbols', 'alpha', '--limit', 'abc'], /--limit abc: expected a whole number of matches from 1 to 500/],
      [['symbols', 'alpha', '--context', '100000'], /--context 100000: expected a whole number of lines from 0 to 20/],
      [['symbols', 'alpha', '--context=-1'], /--context -1: expected a whole number of lines from 0 to 20/],
      [['symbols'], /symbols needs a query/],
    ];
    for (const [args, message] of bad) {
      const r = await cli(...args, '--root', root);
      assert.equal(r.status, 2, `${args.join(' ')}: ${r.stdout}`);
      assert.match(r.stderr, message);
      assert.match(r.stderr, new RegExp(`Usage: coderag ${args[0]} `));
      assert.equal(r.stdout, '');
    }
    assert.equal((await cli('symbols', 'alpha', '--root', root, '--limit', '500', '--context', '20')).status, 0);
    assert.equal((await cli('map', '--root', root, '--tokens', '64')).status, 0);
  } finally {
    removeWorkspace(root);
  }
});

test('cli: a reader that closes the pipe early (`coderag symbols … | head`) ends the command quietly, exit 0', async () => {
  const files: Record<string, string> = {};
  // More output than a pipe holds (64 KB): the command is still writing when the reader goes.
  const params = 'event, context, request, response, session, settings, registry, logger';
  for (let f = 0; f < 25; f++) {
    files[`m${f}.py`] = lines(...Array.from({ length: 40 }, (_, i) => [`def handler_${f}_${i}(${params}):`, '    return event', '']).flat());
  }
  const root = workspace(files);
  try {
    assert.equal((await cli('index', '--root', root, '--no-embeddings')).status, 0);
    for (const args of [['symbols', 'handler', '--limit', '500'], ['search', 'handler event', '--limit', '500', '--mode', 'keyword'], ['map', '--tokens', '65536']]) {
      // As `| head -1` does: read the first bytes, then close the read end.
      const child = spawn(process.execPath, [bin, ...args, '--root', root], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      child.stdout.once('data', () => child.stdout.destroy());
      const code = await new Promise((resolve) => child.on('close', resolve));
      assert.equal(code, 0, `${args[0]}: ${stderr}`);
      assert.doesNotMatch(stderr, /EPIPE|at \S+ \(|node:internal/, args[0]);
    }
  } finally {
    removeWorkspace(root);
  }
});

test('cli: a file name holding a newline, a quote or a backslash is quoted in `path:line` output, as git quotes it', async () => {
  const root = workspace({ 'odd\nname.py': lines('def oddly_named():', '    pass'), 'plain.py': lines('def plain():', '    return oddly_named()') });
  try {
    assert.equal((await cli('index', '--root', root, '--no-embeddings')).status, 0);
    const search = await cli('search', 'oddly_named', '--root', root, '--mode', 'keyword', '--limit', '1');
    assert.match(search.stdout, /^1\. "odd\\nname\.py":1-2 {2}function oddly_named/m);
    const symbols = await cli('symbols', 'oddly_named', '--root', root);
    assert.match(symbols.stdout, /^"odd\\nname\.py":1 {2}definition oddly_named/m);
    assert.match(symbols.stdout, /^plain\.py:2 {2}reference oddly_named/m);
    const map = await cli('map', '--root', root);
    assert.match(map.stdout, /^"odd\\nname\.py":$/m);
    for (const out of [search.stdout, symbols.stdout, map.stdout]) assert.doesNotMatch(out, /^name\.py/m, 'no line starts inside a path');
  } finally {
    removeWorkspace(root);
  }
});

test('cli: search arguments are checked: clear errors with the valid values, exit 2; aliases and comma lists work', async () => {
  const root = workspace({
    'app/shop.py': lines('class Cart:', '    def add_item(self, item):', '        return item', '', 'def checkout_total(cart):', '    return 0'),
    'web/cart.ts': lines('export function addToCart(id: string): void {', '  console.log(id);', '}'),
  });
  try {
    assert.equal((await cli('index', '--root', root, '--no-embeddings')).status, 0);
    const bad: [string[], RegExp][] = [
      [['--kind', 'bogus'], /--kind bogus: not one of function, method, class, constant, declaration, section, documentation, window/],
      [['--lang', 'klingon'], /--lang klingon: not one of python, .*typescript.*\(or py, ts, js/],
      [['--mode', 'fuzzy'], /--mode fuzzy: not one of hybrid, keyword, vector/],
      [['--fusion', 'bogus'], /--fusion bogus: not one of zscore, rrf/],
      [['--limit', 'abc'], /--limit abc: expected a whole number/],
      [['--limit=-3'], /--limit -3: expected a whole number/],
      [['--limit', '0'], /--limit 0: expected a whole number/],
      [['--path', '['], /--path \[: invalid glob \(unclosed '\['\)/],
      [['--path', 'src/**/*.{ts'], /invalid glob \(unclosed '\{'\)/],
    ];
    for (const [args, message] of bad) {
      const r = await cli('search', 'cart', '--root', root, ...args);
      assert.equal(r.status, 2, `${args.join(' ')}: ${r.stdout}`);
      assert.match(r.stderr, message);
      assert.equal(r.stdout, '');
    }
    const names = async (...args: string[]) => {
      const r = await cli('search', 'cart item add', '--root', root, '--json', '--mode', 'keyword', ...args);
      assert.equal(r.status, 0, r.stderr);
      return (JSON.parse(r.stdout) as { qualifiedName: string }[]).map((h) => h.qualifiedName).sort();
    };
    assert.deepEqual(await names('--lang', 'py', '--kind', 'method,class'), ['Cart', 'Cart.add_item']);
    assert.deepEqual(await names('--lang', 'ts'), ['addToCart']);
    assert.deepEqual(await names('--lang', 'py,ts', '--kind', 'function', '--kind', 'method'), ['Cart.add_item', 'addToCart', 'checkout_total']);
    // --files: one result per file, and what pointed at it.
    const trace = lines('Traceback (most recent call last):', '  File "/srv/app/app/shop.py", line 3, in add_item', 'TypeError: cart item is None');
    const files = await cli('search', trace, '--root', root, '--files', '--json');
    assert.equal(files.status, 0, files.stderr);
    const byFile = JSON.parse(files.stdout) as { path: string; why?: string[] }[];
    assert.deepEqual([byFile[0].path, byFile[0].why?.[0]], ['app/shop.py', 'in the trace: add_item']);
    assert.equal(new Set(byFile.map((r) => r.path)).size, byFile.length);
    // A long query in hybrid mode reads no vectors, so it does not warn that there are none.
    assert.equal(files.stderr, '');
  } finally {
    removeWorkspace(root);
  }
});

test('cli: no usable vectors: vector mode says why and exits 3; hybrid says it ran keyword-only', async () => {
  const root = workspace({ 'app/shop.py': lines('def checkout_total(cart):', '    """Sum the prices in the cart."""', '    return 0') });
  try {
    assert.equal((await cli('index', '--root', root, '--no-embeddings')).status, 0);
    const vector = await cli('search', 'sum of prices', '--root', root, '--mode', 'vector');
    assert.equal(vector.status, 3);
    assert.match(vector.stderr, /vector search unavailable: the index has no vectors \(built with --no-embeddings/);
    const hybrid = await cli('search', 'checkout total', '--root', root, '--json');
    assert.equal(hybrid.status, 0, hybrid.stderr);
    assert.match(hybrid.stderr, /^coderag: keyword-only results: the index has no vectors/);
    const results = JSON.parse(hybrid.stdout);
    assert.equal(results[0].qualifiedName, 'checkout_total');
    assert.match(results[0].keywordOnly, /no vectors/);
    assert.equal((await cli('search', 'checkout total', '--root', root, '--mode', 'keyword')).stderr, '', 'keyword mode asked for nothing else');

    // Vectors there, but the query model cannot load.
    assert.equal((await cli('index', '--root', root, '--rebuild')).status, 0);
    const noModel = await cli('search', 'sum of prices', '--root', root, '--mode', 'vector', '--model', path.join(root, 'no-such-model'));
    assert.equal(noModel.status, 3);
    assert.match(noModel.stderr, /vector search unavailable: the query model could not be loaded: .*no-such-model/);
    const fine = await cli('search', 'sum of prices', '--root', root, '--mode', 'vector', '--json');
    assert.equal(fine.status, 0, fine.stderr);
    assert.equal(JSON.parse(fine.stdout)[0].qualifiedName, 'checkout_total');
  } finally {
    removeWorkspace(root);
  }
});

test('cli: status of a root never indexed creates nothing; status shows the last run and the model', async () => {
  const root = workspace({ 'a.py': lines('def alpha():', '    pass') });
  try {
    const none = await cli('status', '--root', root);
    assert.equal(none.status, 0, none.stderr);
    assert.equal(none.stdout.trim(), `no index yet at ${path.join(root, '.coderag')}; run \`coderag index\``);
    assert.equal(JSON.parse((await cli('status', '--root', root, '--json')).stdout).indexed, false);
    assert.equal(fs.existsSync(path.join(root, '.coderag')), false, 'nothing created');

    assert.equal((await cli('index', '--root', root)).status, 0);
    const status = await cli('status', '--root', root);
    assert.match(status.stdout, /^model: use-lite\S* \(512-d\)$/m);
    assert.match(status.stdout, /^last run: \S/m);
    const json = JSON.parse((await cli('status', '--root', root, '--json')).stdout);
    assert.ok(Date.now() - Date.parse(json.updatedAt) < 120_000);
    assert.equal(json.model.dim, 512);
  } finally {
    removeWorkspace(root);
  }
});

test('cli: index with a model that cannot load exits 3, keyword index saved; another model than the index’s needs --rebuild', async () => {
  const root = workspace({ 'app/shop.py': lines('def checkout_total(cart):', '    return 0') });
  try {
    const missing = path.join(root, 'no-such-model');
    const r = await cli('index', '--root', root, '--model', missing);
    assert.equal(r.status, 3, r.stderr);
    assert.match(r.stdout, /\{indexed: 1, unchanged: 0, deleted: 0, chunks: 1\}/);
    assert.match(r.stdout, /embeddings unavailable, keyword search still works: .*no-such-model/);
    const found = await cli('search', 'checkout_total', '--root', root, '--mode', 'keyword', '--json');
    assert.equal(found.status, 0, found.stderr);
    assert.equal(JSON.parse(found.stdout)[0].qualifiedName, 'checkout_total');

    assert.equal((await cli('index', '--root', root)).status, 0, 'the default model embeds');
    const other = await cli('index', '--root', root, '--model', missing);
    assert.equal(other.status, 3);
    assert.match(other.stdout, /\{indexed: 0, unchanged: 1, deleted: 0, chunks: 0\}/);
    assert.match(other.stdout, /the index holds vectors of use-lite\S*; --model .*no-such-model.* requires `coderag index --rebuild`/);
  } finally {
    removeWorkspace(root);
  }
});

test('cli: a model that loads but does not give sentence embeddings: a clear message, exit 3, never a native abort', () => {
  // use-lite pools itself; a copy in another folder is taken as a model to mean-pool, whose
  // output then has no sequence axis: transformers.js fails inside one worker while the other
  // is still running ONNX Runtime.
  const root = workspace({ 'src/mod.py': lines('def alpha():', '    pass') });
  const model = path.join(root, 'model-copy');
  fs.cpSync(path.join(__dirname, '..', '..', 'models', 'use-lite'), model, { recursive: true });
  fs.writeFileSync(path.join(root, '.coderagignore'), 'model-copy/\n');
  try {
    for (let i = 0; i < 5; i++) {
      fs.appendFileSync(path.join(root, 'src/mod.py'), `# edit ${i}\n`);
      const r = coderagProcess('index', '--root', root, '--model', model);
      assert.equal(r.status, 3, `run ${i}: ${r.stdout}${r.stderr}`);
      assert.match(r.stdout, /embeddings unavailable, keyword search still works: the model .*model-copy\S* does not give a sentence embedding of the expected shape \(\[texts, dimension\]\) with pooling 'mean'/);
      assert.doesNotMatch(r.stderr, /Napi::Error/);
    }
  } finally {
    removeWorkspace(root);
  }
});
