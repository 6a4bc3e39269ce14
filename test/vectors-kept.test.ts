// Vectors already computed are never computed again: not after a kill in the middle of the
// embedding phase (whatever the run's size), not after a rebuild (meta.json lost, damage, a new
// index format), as long as the vector cache is intact.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cli, removeWorkspace } from './helpers';

const modules = path.join(__dirname, '..', '..', 'node_modules');

/** A real small codebase: onnxruntime-common's TypeScript sources (~320 chunks). */
function project(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'coderag-vectors-'));
  fs.cpSync(path.join(modules, 'onnxruntime-common', 'lib'), path.join(root, 'lib'), { recursive: true });
  return root;
}

/** `{embedded: n, reused: m}` from `index`'s summary. */
function vectors(stdout: string): { embedded: number; reused: number } {
  const m = /vectors: (\d+) embedded, (\d+) reused/.exec(stdout);
  return { embedded: Number(m?.[1] ?? 0), reused: Number(m?.[2] ?? 0) };
}

test('vectors kept: a kill -9 in the embedding phase of a run under one store batch (4,096 chunks) keeps what was computed', async () => {
  const root = project();
  try {
    assert.equal((await cli('index', '--root', root, '--no-embeddings')).status, 0);
    // The child embeds with the batches a user's run has; killed once half its vectors are done.
    let done = 0;
    let total = 0;
    const killed = await new Promise<boolean>((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(__dirname, 'child', 'index-child.js'), root, 'embed-default'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let kill = false;
      child.stdout.on('data', (d) => {
        out += d;
        for (const m of out.matchAll(/embed (\d+)\/(\d+)/g)) [done, total] = [Number(m[1]), Number(m[2])];
        if (!kill && total && done >= total / 2) {
          kill = true;
          child.kill('SIGKILL');
        }
      });
      child.on('error', reject);
      child.on('exit', () => resolve(kill));
    });
    assert.ok(killed && total > 200 && total < 4096, `killed at ${done}/${total}`);
    const resume = await cli('index', '--root', root);
    assert.equal(resume.status, 0, resume.stderr);
    const { embedded, reused } = vectors(resume.stdout);
    // What was in flight when the kill came (a part of 32 texts per worker, and one cache write) may be lost; no more.
    assert.ok(embedded <= total - done + 128, `resumed: ${embedded} embedded again of ${total} (${done} were done at the kill)`);
    assert.equal(embedded + reused, total);
    process.stdout.write(`# killed at ${done}/${total}; the resumed run embedded ${embedded}, reused ${reused}\n`);
  } finally {
    removeWorkspace(root);
  }
});

test('vectors kept: a rebuild (meta.json deleted, an outdated index format) reuses the intact vector cache', async () => {
  const root = project();
  try {
    const first = await cli('index', '--root', root);
    assert.equal(first.status, 0, first.stderr);
    const total = vectors(first.stdout).embedded;
    assert.ok(total > 200);

    fs.rmSync(path.join(root, '.coderag', 'meta.json'));
    const lost = await cli('index', '--root', root);
    assert.equal(lost.status, 0, lost.stderr);
    assert.match(lost.stdout, /index rebuilt: meta\.json is missing/);
    assert.deepEqual(vectors(lost.stdout), { embedded: 0, reused: total });

    const metaFile = path.join(root, '.coderag', 'meta.json');
    fs.writeFileSync(metaFile, JSON.stringify({ ...JSON.parse(fs.readFileSync(metaFile, 'utf8')), format: 1 }));
    const outdated = await cli('index', '--root', root);
    assert.equal(outdated.status, 0, outdated.stderr);
    assert.match(outdated.stdout, /index rebuilt: index format 1 is outdated/);
    assert.deepEqual(vectors(outdated.stdout), { embedded: 0, reused: total });

  } finally {
    removeWorkspace(root);
  }
});
