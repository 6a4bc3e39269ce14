import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const launcher = path.join(__dirname, '..', '..', 'bin', 'malloc-env.js');

// A stand-in command that reports the malloc settings it runs with and exits with code 3.
function run(command: string, env: NodeJS.ProcessEnv = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coderag-malloc-'));
  const script = path.join(dir, 'cmd.js');
  fs.writeFileSync(
    script,
    `const { relaunchWithMallocEnv } = require(${JSON.stringify(launcher)});
     if (!relaunchWithMallocEnv(process.argv)) {
       console.log(JSON.stringify({ arena: process.env.MALLOC_ARENA_MAX ?? null, mmap: process.env.MALLOC_MMAP_THRESHOLD_ ?? null, pid: process.pid }));
       process.exit(3);
     }`,
  );
  const clean = { ...process.env };
  delete clean.MALLOC_ARENA_MAX;
  delete clean.MALLOC_MMAP_THRESHOLD_;
  const r = spawnSync(process.execPath, [script, command], { env: { ...clean, ...env }, encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true, force: true });
  return { status: r.status, out: JSON.parse(r.stdout.trim()) as { arena: string | null; mmap: string | null } };
}

const { usesGlibc } = require(launcher) as { usesGlibc: () => boolean };
const glibc = usesGlibc();

test('launcher: long-running commands restart once with the malloc settings; the child exit code is kept', { skip: !glibc && 'glibc only' }, () => {
  const r = run('index');
  assert.equal(r.status, 3);
  assert.deepEqual([r.out.arena, r.out.mmap], ['2', '262144']);
});

test('launcher: short commands, settings the user chose, and CODERAG_NO_RELAUNCH run as they are', () => {
  assert.deepEqual(run('search').out.arena, null);
  assert.deepEqual(run('index', { MALLOC_ARENA_MAX: '4' }).out.arena, '4');
  assert.deepEqual(run('index', { CODERAG_NO_RELAUNCH: '1' }).out.arena, null);
});

test('launcher: kill -9 of the coderag pid takes the relaunched child with it; its lock is taken over', { skip: !glibc && 'glibc only' }, async () => {
  const { spawn } = await import('node:child_process');
  const bin = path.join(__dirname, '..', '..', 'bin', 'coderag.js');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'coderag-follow-'));
  fs.writeFileSync(path.join(root, 'a.py'), 'def alpha():\n    pass\n');
  const env = { ...process.env };
  delete env.MALLOC_ARENA_MAX;
  delete env.MALLOC_MMAP_THRESHOLD_;
  delete env.CODERAG_NO_RELAUNCH;
  // A process that exited but is not reaped yet (a zombie, waiting for whoever adopted it) is gone.
  const alive = (pid: number) => {
    try {
      return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return false;
    }
  };
  const parent = spawn(process.execPath, [bin, 'watch', '--root', root, '--no-embeddings'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    let out = '';
    parent.stdout.on('data', (d) => (out += d));
    parent.stderr.on('data', (d) => (out += d));
    const deadline = Date.now() + 60_000;
    while (!/watching/.test(out) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.match(out, /watching/);
    const lock = path.join(root, '.coderag', 'lock');
    const childPid = Number(fs.readFileSync(`/proc/${parent.pid}/task/${parent.pid}/children`, 'utf8').trim().split(/\s+/)[0]);
    assert.ok(childPid && childPid !== parent.pid && alive(childPid), 'the relaunched child runs');
    parent.kill('SIGKILL');
    const t0 = Date.now();
    while (alive(childPid) && Date.now() - t0 < 3000) await new Promise((r) => setTimeout(r, 20));
    const ms = Date.now() - t0;
    assert.ok(!alive(childPid), 'the child is gone');
    assert.ok(ms < 1500, `the child went ${ms} ms after its parent`);
    if (fs.existsSync(lock)) fs.writeFileSync(lock, String(childPid)); // as if it died mid-update
    const again = spawnSync(process.execPath, [bin, 'index', '--root', root, '--no-embeddings'], { env, encoding: 'utf8' });
    assert.equal(again.status, 0, again.stderr);
  } finally {
    parent.kill('SIGKILL');
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('launcher: kill -9 of the coderag pid while its child indexes and embeds: the child is gone at once, an immediate `index` runs', { skip: !glibc && 'glibc only' }, async () => {
  const { spawn } = await import('node:child_process');
  const bin = path.join(__dirname, '..', '..', 'bin', 'coderag.js');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'coderag-follow-busy-'));
  // A real tree that keeps the child busy for seconds: onnxruntime-common's sources, embedded.
  fs.cpSync(path.join(__dirname, '..', '..', 'node_modules', 'onnxruntime-common', 'lib'), path.join(root, 'lib'), { recursive: true });
  const env = { ...process.env };
  delete env.MALLOC_ARENA_MAX;
  delete env.MALLOC_MMAP_THRESHOLD_;
  delete env.CODERAG_NO_RELAUNCH;
  const alive = (pid: number) => {
    try {
      return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return false;
    }
  };
  const parent = spawn(process.execPath, [bin, 'index', '--root', root], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    let childPid = 0;
    const deadline = Date.now() + 60_000;
    // Killed once the child has loaded the model and embeds (its embedding workers are inside ONNX Runtime).
    const meta = path.join(root, '.coderag', 'meta.json');
    while (Date.now() < deadline) {
      childPid ||= Number(fs.readFileSync(`/proc/${parent.pid}/task/${parent.pid}/children`, 'utf8').trim().split(/\s+/)[0]) || 0;
      if (fs.existsSync(meta) && /"model"/.test(fs.readFileSync(meta, 'utf8'))) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.ok(childPid && alive(childPid), 'the relaunched child embeds');
    await new Promise((r) => setTimeout(r, 300));
    parent.kill('SIGKILL');
    const t0 = Date.now();
    while (alive(childPid) && Date.now() - t0 < 5000) await new Promise((r) => setTimeout(r, 5));
    const ms = Date.now() - t0;
    assert.ok(!alive(childPid), 'the child is gone');
    assert.ok(ms < 150, `the child went ${ms} ms after its parent`);
    const again = spawnSync(process.execPath, [bin, 'index', '--root', root, '--no-embeddings'], { env, encoding: 'utf8' });
    assert.equal(again.status, 0, again.stdout + again.stderr);
    assert.doesNotMatch(again.stderr, /Napi::Error|another CodeRAG process/);
    process.stdout.write(`# the child went ${ms} ms after its parent\n`);
  } finally {
    parent.kill('SIGKILL');
    fs.rmSync(root, { recursive: true, force: true });
  }
});
