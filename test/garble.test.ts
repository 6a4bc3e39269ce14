// Garbled bytes in a LanceDB data file of the chunks table, as a bad disk or a stray write leaves
// them: never served as data, and mended by the next `coderag index` (the garbled rows' files are
// indexed again, or the index rebuilt when LanceDB cannot read the table), vectors reused.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { cli, removeWorkspace } from './helpers';

const modules = path.join(__dirname, '..', '..', 'node_modules');

/** A real small codebase: onnxruntime-common's TypeScript sources (~320 chunks). */
function project(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'coderag-garble-'));
  fs.cpSync(path.join(modules, 'onnxruntime-common', 'lib'), path.join(root, 'lib'), { recursive: true });
  return root;
}

/** Runs of random bytes (seeded) written over a file, away from its head and tail. */
function garble(file: string, seed: number, runs = 5): void {
  let x = seed;
  const rnd = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  const bytes = fs.readFileSync(file);
  for (let r = 0; r < runs; r++) {
    const at = Math.floor(bytes.length * (0.05 + 0.8 * rnd()));
    for (let i = 0; i < 64; i++) bytes[at + i] = Math.floor(rnd() * 256);
  }
  fs.writeFileSync(file, bytes);
}

/** Every chunk row as stored, by id: the columns a user sees, and the vector. */
async function stored(dir: string): Promise<Map<string, { row: string; vector?: Float32Array }>> {
  const db = await lancedb.connect(path.join(dir, 'lance'));
  const table = await db.openTable('chunks');
  const out = new Map<string, { row: string; vector?: Float32Array }>();
  const columns = ['id', 'path', 'startLine', 'endLine', 'kind', 'qualifiedName', 'signature', 'title', 'text', 'meta', 'contentHash', 'groupId'];
  for (const r of await table.query().select([...columns, 'vector']).toArray()) {
    out.set(r.id as string, { row: JSON.stringify(columns.map((c) => r[c])), vector: r.vector ? Float32Array.from(r.vector as ArrayLike<number>) : undefined });
  }
  table.close();
  db.close();
  return out;
}

function restore(backup: string, dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(backup, dir, { recursive: true });
}

const QUERIES = ['tensor from image', 'InferenceSession run', 'registerBackend', 'env log level'];

test('garbled chunk data: results are never garbage; `index` finds the damage, mends it, and the index equals the intact one', async () => {
  process.env.RUST_BACKTRACE = '0'; // LanceDB panics on some garbled pages (caught); one line each, not a trace
  const root = project();
  const dir = path.join(root, '.coderag');
  const backup = fs.mkdtempSync(path.join(os.tmpdir(), 'coderag-garble-backup-'));
  try {
    const first = await cli('index', '--root', root);
    assert.equal(first.status, 0, first.stderr);
    fs.cpSync(dir, backup, { recursive: true });
    const intact = await stored(dir);
    // A served result must be what the intact index holds for its definition: the head part's
    // place, name and signature, and a snippet made of the definition's own lines.
    const groups = new Map<string, { head: string; text: string }>();
    for (const { row } of [...intact.values()].sort((a, b) => JSON.parse(a.row)[2] - JSON.parse(b.row)[2])) {
      const [, p, start, , kind, name, signature, , text, , , group] = JSON.parse(row);
      const g = groups.get(group);
      if (g) g.text += `\n${text}`;
      else groups.set(group, { head: JSON.stringify([p, start, kind, name, signature]), text });
    }
    const check = (hit: Record<string, unknown>, where: string) => {
      const g = groups.get(hit.id as string);
      assert.ok(g, `${where}: ${hit.id} is a stored definition`);
      assert.equal(JSON.stringify([hit.path, hit.startLine, hit.kind, hit.qualifiedName, hit.signature ?? '']), g.head, where);
      const lines = g.text.split('\n');
      const shown = (hit.snippet as string).split('\n');
      // A snippet cut inside a line ends with that line's head.
      const partial = /^… \(cut: \d+ more characters\)$/.test(shown[shown.length - 1]) ? shown.length - 2 : -1;
      shown.forEach((line, i) => {
        if (/^… \(cut: /.test(line)) return;
        assert.ok(i === partial ? lines.some((l) => l.startsWith(line)) : lines.includes(line), `${where}: ${JSON.stringify(line)} is a line of ${hit.id}`);
      });
    };
    const data = path.join(dir, 'lance', 'chunks.lance', 'data');
    const outcomes: string[] = [];
    for (const seed of [9, 7, 21, 33]) {
      restore(backup, dir);
      for (const f of fs.readdirSync(data)) garble(path.join(data, f), seed);
      for (const q of QUERIES) {
        const r = await cli('search', q, '--root', root, '--json', '--limit', '30');
        if (r.status === 1) {
          // LanceDB could not decode the table: said as damage, never a crash.
          assert.match(r.stderr, /the index at .* is corrupt \(tables unreadable: .*\); run `coderag index`/, `seed ${seed}: ${r.stderr}`);
          continue;
        }
        assert.equal(r.status, 0, `seed ${seed}, ${q}: ${r.stderr}`);
        for (const hit of JSON.parse(r.stdout)) check(hit, `seed ${seed}, ${q}`);
      }
      const mend = await cli('index', '--root', root);
      assert.equal(mend.status, 0, `seed ${seed}: ${mend.stdout}${mend.stderr}`);
      const how = /index rebuilt: (.*)/.exec(mend.stdout)?.[1] ?? /index repaired: (\d+ stored chunks did not match their checksum.*)/.exec(mend.stdout)?.[1];
      assert.ok(how, `seed ${seed}: the damage is found\n${mend.stdout}`);
      outcomes.push(`seed ${seed}: ${how}`);
      // Rebuilt or repaired, no vector is computed twice: the vector cache was not touched.
      assert.match(mend.stdout, /vectors: 0 embedded, \d+ reused by content hash/, `seed ${seed}`);
      const after = await stored(dir);
      assert.deepEqual([...after.keys()].sort(), [...intact.keys()].sort(), `seed ${seed}: every chunk, once`);
      for (const [id, { row, vector }] of intact) {
        const now = after.get(id)!;
        assert.equal(now.row, row, `seed ${seed}: ${id}`);
        const cos = vector!.reduce((sum, v, i) => sum + v * now.vector![i], 0);
        assert.ok(cos > 0.999, `seed ${seed}: ${id} has its vector (cosine ${cos})`);
      }
    }
    process.stdout.write(`# ${outcomes.join('\n# ')}\n`);
  } finally {
    removeWorkspace(root);
    removeWorkspace(backup);
  }
});
