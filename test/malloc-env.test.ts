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
