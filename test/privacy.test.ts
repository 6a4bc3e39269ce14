// Nothing leaves the root and its index folder: `index`, `search`, `watch` and `mcp`, each a real
// process with a fresh HOME and TMPDIR, write no file anywhere else (ONNX Runtime's telemetry
// queue, device id and debug logs were the ones found). Where strace is installed, every file
// system write of those processes is checked, not only what is left in HOME and TMPDIR.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { removeWorkspace } from './helpers';

const bin = path.join(__dirname, '..', '..', 'bin', 'coderag.js');
const strace = spawnSync('strace', ['-V'], { encoding: 'utf8' }).status === 0;
const SYSCALLS = 'trace=open,openat,creat,mkdir,mkdirat,rename,renameat,renameat2,link,linkat,symlink,symlinkat,truncate';

/** Every file under `dir`, relative. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).sort();
}

/** The paths a strace log shows written (created, opened for writing, renamed to, linked). */
function written(log: string): string[] {
  const out = new Set<string>();
  for (const line of log.split('\n')) {
    if (/= -1 /.test(line)) continue;
    const call = /^\d+\s+(\w+)\((.*)\)\s+=/.exec(line);
    if (!call) continue;
    const [, name, args] = call;
    const paths = [...args.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]);
    if (/^open/.test(name) ? /O_WRONLY|O_RDWR|O_CREAT|O_TRUNC/.test(args) : true) {
      // rename/link: the new name is the last path; mkdir, creat, truncate, open: the one path.
      const p = paths[paths.length - 1];
      if (p) out.add(p);
    }
  }
  return [...out];
}

test('privacy: index, search, watch and mcp write nothing outside the root and its index folder', async (t) => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'coderag-privacy-'));
  const root = path.join(base, 'repo');
  const home = path.join(base, 'home');
  const tmp = path.join(base, 'tmp');
  const logs = path.join(base, 'strace');
  for (const d of [root, home, tmp, logs]) fs.mkdirSync(d, { recursive: true });
  // A few real files: onnxruntime-common's tensor sources.
  for (const f of ['tensor.ts', 'tensor-impl.ts', 'env.ts']) fs.cpSync(path.join(__dirname, '..', '..', 'node_modules', 'onnxruntime-common', 'lib', f), path.join(root, 'lib', f));
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, TMPDIR: tmp, USERPROFILE: home };
  for (const k of ['XDG_CACHE_HOME', 'XDG_DATA_HOME', 'XDG_STATE_HOME', 'ORT_DISABLE_TELEMETRY', 'CI', 'ORT_RUNNING_UNIT_TESTS']) delete env[k];
  let n = 0;
  /** The command and its arguments, under strace when there is one. */
  const traced = (...args: string[]): [string, string[]] =>
    strace ? ['strace', ['-f', '--seccomp-bpf', '-qq', '-o', path.join(logs, `${n++}.log`), '-e', SYSCALLS, process.execPath, bin, ...args]] : [process.execPath, [bin, ...args]];
  const run = (...args: string[]) => {
    const [cmd, argv] = traced(...args);
    const r = spawnSync(cmd, argv, { cwd: root, env, encoding: 'utf8', timeout: 120_000 });
    assert.equal(r.status, 0, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
  };
  try {
    run('index', '--root', root);
    run('search', 'tensor from an image', '--root', root);

    // watch: its first pass, a change seen and indexed (vectors too), then stopped as a supervisor stops it.
    const [cmd, argv] = traced('watch', '--root', root, '--json');
    const watch = spawn(cmd, argv, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    watch.stdout.on('data', (d) => (out += d));
    watch.stderr.on('data', (d) => (out += d));
    const until = async (re: RegExp) => {
      for (const deadline = Date.now() + 60_000; !re.test(out) && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 50));
      assert.match(out, re);
    };
    await until(/"event":"watching"/);
    fs.appendFileSync(path.join(root, 'lib', 'env.ts'), '\nexport function privacyProbe(): number {\n  return 1;\n}\n');
    await until(/"event":"updated"/);
    // Under strace the signal goes to the traced command (strace itself does not pass it on).
    const traced0 = strace ? Number(fs.readFileSync(`/proc/${watch.pid}/task/${watch.pid}/children`, 'utf8').trim().split(/\s+/)[0]) : 0;
    if (traced0) process.kill(traced0, 'SIGTERM');
    else watch.kill('SIGTERM');
    assert.equal(await new Promise((r) => watch.on('close', r)), 0, out);

    // mcp: a client's three tools, then the client goes.
    const [mcmd, margv] = traced('mcp', '--root', root);
    const client = new Client({ name: 'privacy-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: mcmd, args: margv, cwd: root, env: env as Record<string, string>, stderr: 'pipe' }));
    for (const [name, args] of [['search', { query: 'tensor from an image' }], ['repo_map', { tokens: 256 }], ['search_identifiers', { query: 'Tensor' }]] as const) {
      const r = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: { text: string }[] };
      assert.ok(!r.isError, `${name}: ${r.content[0]?.text}`);
    }
    await client.close();
    await new Promise((r) => setTimeout(r, 500)); // the server's own exit

    assert.deepEqual(filesUnder(home), [], 'nothing in HOME');
    assert.deepEqual(filesUnder(tmp), [], 'nothing in TMPDIR');
    if (strace) {
      const outside = new Set<string>();
      for (const f of fs.readdirSync(logs)) {
        for (const p of written(fs.readFileSync(path.join(logs, f), 'utf8'))) {
          const abs = path.resolve(root, p);
          if (abs === root || abs.startsWith(root + path.sep) || /^\/(dev|proc)\//.test(abs)) continue;
          // LanceDB makes and removes empty scratch folders in TMPDIR: written, not kept.
          if (!fs.existsSync(abs) && abs.startsWith(tmp + path.sep)) continue;
          outside.add(abs);
        }
      }
      assert.deepEqual([...outside].sort(), [], 'written outside the root');
    } else t.diagnostic('strace not found: only HOME and TMPDIR were checked');
  } finally {
    removeWorkspace(base);
  }
});
