// A damaged index on disk: readers report it and leave it alone; `coderag index` rebuilds or
// repairs it and says so.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cli, lines, removeWorkspace, workspace } from './helpers';

const coderag = cli;

function project(): string {
  const files: Record<string, string> = {};
  for (let i = 0; i < 12; i++) files[`src/mod${i}.py`] = lines(`def parse_header_${i}(line):`, `    """Split header ${i}."""`, '    return line.split(":")');
  return workspace(files);
}

/** Every file under `dir` with its size and content hash: what a reader must leave as it is. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out[path.relative(dir, p)] = fs.readFileSync(p).toString('base64');
    }
  };
  walk(dir);
  return out;
}

const damages: [string, (dir: string) => void, RegExp][] = [
  [
    'a truncated chunks data file',
    (dir) => {
      const data = path.join(dir, 'lance', 'chunks.lance', 'data');
      for (const f of fs.readdirSync(data)) fs.truncateSync(path.join(data, f), 50);
    },
    /tables unreadable/,
  ],
  ['a garbled meta.json', (dir) => fs.writeFileSync(path.join(dir, 'meta.json'), '{garbage'), /meta\.json is not valid JSON/],
];

for (const [what, damage, why] of damages) {
  test(`corrupt index (${what}): status and search report it and change nothing; index rebuilds it`, async () => {
    const root = project();
    try {
      assert.equal((await coderag('index', '--root', root, '--no-embeddings')).status, 0);
      const dir = path.join(root, '.coderag');
      damage(dir);
      const before = snapshot(dir);
      for (const args of [['status'], ['status', '--json'], ['search', 'parse header', '--mode', 'keyword']]) {
        const r = await coderag(...args, '--root', root);
        assert.equal(r.status, 1, `${args.join(' ')}: ${r.stdout}`);
        assert.match(r.stderr, /the index at .* is corrupt \(.+\); run `coderag index` to rebuild it/);
        assert.match(r.stderr, why);
        assert.deepEqual(snapshot(dir), before, `${args.join(' ')} left the index as it was`);
      }
      const rebuilt = await coderag('index', '--root', root, '--no-embeddings');
      assert.equal(rebuilt.status, 0, rebuilt.stderr);
      assert.match(rebuilt.stdout, /\{indexed: 12, unchanged: 0, deleted: 0, chunks: 12\}/);
      assert.match(rebuilt.stdout, new RegExp(`index rebuilt: .*${why.source}`));
      const found = await coderag('search', 'parse_header_7', '--root', root, '--mode', 'keyword', '--json', '--limit', '1');
      assert.equal(found.status, 0, found.stderr);
      assert.equal(JSON.parse(found.stdout)[0].qualifiedName, 'parse_header_7');
    } finally {
      removeWorkspace(root);
    }
  });
}

test('corrupt keyword file (a byte changed inside its JSON, same size): searches still answer, index notices and rewrites it', async () => {
  const root = project();
  try {
    assert.equal((await coderag('index', '--root', root, '--no-embeddings')).status, 0);
    const file = path.join(root, '.coderag', 'keyword.bin');
    const bytes = fs.readFileSync(file);
    const at = bytes.indexOf('"docs":[') + 20;
    bytes[at] = bytes[at] === 0x23 ? 0x24 : 0x23; // '#' in the middle of the header
    fs.writeFileSync(file, bytes);

    const search = await coderag('search', 'parse_header_7', '--root', root, '--mode', 'keyword', '--json', '--limit', '1');
    assert.equal(search.status, 0, search.stderr);
    assert.match(search.stderr, /keyword index file is unreadable \(checksum mismatch\)/);
    assert.equal(JSON.parse(search.stdout)[0].qualifiedName, 'parse_header_7');
    assert.deepEqual(fs.readFileSync(file), bytes, 'the reader left it as it was');

    const index = await coderag('index', '--root', root, '--no-embeddings');
    assert.equal(index.status, 0, index.stderr);
    assert.match(index.stdout, /\{indexed: 0, unchanged: 12, deleted: 0, chunks: 0\}/);
    assert.match(index.stdout, /index repaired: the keyword index file was unreadable \(checksum mismatch\): rebuilt from the chunk store/);
    const again = await coderag('search', 'parse_header_7', '--root', root, '--mode', 'keyword', '--json', '--limit', '1');
    assert.equal(again.stderr, '');
    assert.equal(JSON.parse(again.stdout)[0].qualifiedName, 'parse_header_7');
  } finally {
    removeWorkspace(root);
  }
});

test('corrupt vector cache: reported, dropped and made again from the chunks’ vectors; renames still reuse them', async () => {
  const root = project();
  try {
    const first = await coderag('index', '--root', root, '--json');
    assert.equal(first.status, 0, first.stderr);
    assert.equal(JSON.parse(first.stdout).report.embedded, 12);
    const data = path.join(root, '.coderag', 'lance', 'vector_cache.lance', 'data');
    for (const f of fs.readdirSync(data)) fs.truncateSync(path.join(data, f), 50);

    const status = await coderag('status', '--root', root);
    assert.equal(status.status, 0, status.stderr);
    assert.match(status.stdout, /note: the vector cache is unreadable/);
    const mended = await coderag('index', '--root', root);
    assert.equal(mended.status, 0, mended.stderr);
    assert.match(mended.stdout, /index repaired: the vector cache was unreadable \(.*failed to fill whole buffer.*\): made again from the 12 vectors the chunks hold/);
    assert.doesNotMatch(mended.stdout, /embeddings unavailable/);

    fs.renameSync(path.join(root, 'src/mod3.py'), path.join(root, 'src/renamed.py'));
    const renamed = await coderag('index', '--root', root, '--json');
    assert.equal(renamed.status, 0, renamed.stderr);
    const report = JSON.parse(renamed.stdout).report;
    assert.deepEqual([report.embedded, report.reusedVectors, report.embeddingError, report.repaired], [0, 1, undefined, []]);
  } finally {
    removeWorkspace(root);
  }
});
