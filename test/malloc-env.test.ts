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
