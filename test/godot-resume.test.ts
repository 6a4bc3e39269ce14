// A migration run killed with SIGKILL in the middle (a real child process, the `coderag migrate`
// command; the runs after it go in-process) resumes at the first unfinished fragment and redoes none; an unchanged project is never
// judged again, and an edit re-judges only what it touches. The language model behind the run is a
// stub OpenAI-compatible server on the loopback address, which also checks the re-validation path.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { runCli } from '../src/cli/commands';
import { capturingIo } from '../src/cli/io';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { analyzeProject } from '../src/core/godot/analyze';
import { removeWorkspace, workspace } from './helpers';

const repo = path.join(__dirname, '..', '..');
const bin = path.join(repo, 'bin', 'coderag.js');
const fixture = path.join(repo, 'test', 'fixtures', 'godot', 'platformer', 'godot3');

interface Stub {
  url: string;
  /** Fragment texts received, in order. */
  seen: string[];
  /** Requests from this number on (1-based) are held, never answered. */
  holdFrom: number;
  answer: (prompt: string) => { status: number; body: unknown };
  close: () => Promise<void>;
  waitFor: (n: number) => Promise<void>;
}

async function stubModel(): Promise<Stub> {
  const held: http.ServerResponse[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const stub = {
    seen: [] as string[],
    holdFrom: Infinity,
    answer: (_: string) => ({ status: 200, body: {} as unknown }),
  } as Stub;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const prompt = (JSON.parse(body) as { messages: { content: string }[] }).messages[1].content;
      stub.seen.push(/Fragment \([^)]*\):\n([\s\S]*?)\n\nHints:/.exec(prompt)?.[1] ?? '');
      for (const w of waiters.filter((x) => stub.seen.length >= x.n)) w.resolve();
      if (stub.seen.length >= stub.holdFrom) {
        held.push(res);
        return;
      }
      const { status, body: answer } = stub.answer(prompt);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  stub.url = `http://127.0.0.1:${port}/v1`;
  stub.waitFor = (n) => new Promise<void>((resolve) => (stub.seen.length >= n ? resolve() : waiters.push({ n, resolve })));
  stub.close = () => {
    for (const r of held) r.destroy();
    return new Promise<void>((r) => server.close(() => r()));
  };
  return stub;
}

/** Keeps every evidence item the prompt lists. */
const keepAll = (prompt: string) => {
  const n = (prompt.split('Evidence:\n')[1]?.match(/^\d+\. /gm) ?? []).length;
  return { status: 200, body: { choices: [{ message: { content: JSON.stringify({ keep: [...Array(n).keys()], verdict: 'godot3', explanation: 'stub: all evidence applies' }) } }] } };
};

function copyFixture(): string {
  const files: Record<string, string> = {};
  for (const f of fs.readdirSync(fixture)) files[f] = fs.readFileSync(path.join(fixture, f), 'utf8');
  return workspace(files);
}

function migrate(root: string, state: string, stub: Stub, extra: string[] = []) {
  return ['migrate', '--root', root, '--state', state, '--no-retrieval', '--llm-endpoint', stub.url, '--llm-model', 'stub', ...extra];
}

/** The later runs in-process (the killed one is a real child): the same command, through an Io. */
async function cli(args: string[]): Promise<string> {
  const io = capturingIo();
  assert.equal(await runCli(args, io), 0, io.stderr);
  return io.stdout;
}

test('godot resume: a run killed with SIGKILL resumes at the interrupted fragment, redoes none, and never re-judges an unchanged file', async () => {
  const root = copyFixture();
  const state = path.join(root, '.coderag', 'godot-migration.jsonl');
  const stub = await stubModel();
  try {
    stub.answer = keepAll;
    stub.holdFrom = 4; // the 4th model call never returns: the child is killed waiting for it
    const child = spawn(process.execPath, [bin, ...migrate(root, state, stub, ['--json'])], { stdio: 'ignore', env: { ...process.env, CODERAG_NO_RELAUNCH: '1' } });
    await stub.waitFor(4);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const interruptedText = stub.seen[3];

    const status = JSON.parse(await cli(['migrate', '--root', root, '--state', state, '--status', '--json'])) as { key: string; status: string }[];
    const order = status.map((s) => s.status);
    const firstOpen = order.findIndex((s) => s !== 'done');
    assert.equal(order[firstOpen], 'interrupted', order.join(' '));
    // After it everything is pending, but for fragments identical in content (and context) to one done before.
    const doneKeys = new Set(status.slice(0, firstOpen).map((s) => s.key));
    assert.ok(status.slice(firstOpen + 1).every((s) => s.status === 'pending' || (s.status === 'done' && doneKeys.has(s.key))), order.join(' '));
    assert.equal(order.filter((s) => s === 'interrupted').length, 1);
    const doneBefore = order.filter((s) => s === 'done').length;
    assert.ok(doneBefore >= 3);

    // Resume: the interrupted fragment is the first the model sees again; no finished one is redone.
    stub.holdFrom = Infinity;
    const before = stub.seen.length;
    const resumed = JSON.parse(await cli(migrate(root, state, stub, ['--json']))) as { judged: number; reused: number; fragments: number; verdict: { verdict: string } };
    assert.equal(resumed.reused, doneBefore);
    assert.equal(resumed.judged, resumed.fragments - doneBefore);
    assert.equal(stub.seen[before], interruptedText);
    for (const t of stub.seen.slice(0, 3)) assert.ok(!stub.seen.slice(before).includes(t), 'a finished fragment went to the model again');
    assert.equal(resumed.verdict.verdict, 'godot3');

    // Unchanged: nothing judged, nothing asked.
    const asked = stub.seen.length;
    const again = JSON.parse(await cli(migrate(root, state, stub, ['--json']))) as { judged: number };
    assert.equal(again.judged, 0);
    assert.equal(stub.seen.length, asked);

    // One file edited: only its changed fragment is judged again.
    fs.appendFileSync(path.join(root, 'coin.gd'), '\n\nfunc spin():\n\tyield(get_tree(), "idle_frame")\n');
    const edited = JSON.parse(await cli(migrate(root, state, stub, ['--json']))) as { judged: number };
    assert.equal(edited.judged, 1);
  } finally {
    await stub.close();
    removeWorkspace(root);
  }
});

test('godot llm: a model re-validates the evidence and explains; a failing one leaves the deterministic judgment', async () => {
  const stub = await stubModel();
  try {
    const files = [{ path: 'a.gd', text: 'extends Node\nfunc f():\n\tyield(get_tree(), "idle_frame")\n\tvar s = load("res://s.tscn").instance()\n' }];
    // The stub drops the second evidence item (instance()).
    stub.answer = () => ({ status: 200, body: { choices: [{ message: { content: 'Sure: {"keep": [0], "verdict": "godot3", "explanation": "yield is Godot 3 only"}' } }] } });
    const r = await analyzeProject({ files }, { retrieve: false, llm: { endpoint: stub.url, model: 'stub' } });
    const f = r.fragments.find((x) => x.name === 'f')!;
    assert.equal(f.judgment.by, 'llm');
    assert.equal(f.judgment.explanation, 'yield is Godot 3 only');
    assert.deepEqual(f.judgment.evidence.map((e) => e.rule), ['gd3-yield']);
    assert.deepEqual(r.findings.map((x) => x.rule), ['gd3-yield']);

    stub.answer = () => ({ status: 500, body: { error: 'overloaded' } });
    const failed = await analyzeProject({ files }, { retrieve: false, llm: { endpoint: stub.url, model: 'stub' } });
    assert.deepEqual(failed.findings.map((x) => x.rule).sort(), ['gd3-instance', 'gd3-yield']);
    assert.match(failed.llmErrors?.[0] ?? '', /HTTP 500/);
    assert.equal(failed.fragments.find((x) => x.name === 'f')!.judgment.by, 'rules');
  } finally {
    await stub.close();
  }
});

test('godot resume: a saved judgment reused where its fragment moved lands on the new lines, its fix too', async () => {
  const dir = workspace({});
  try {
    const statePath = path.join(dir, 'state.jsonl');
    const body = 'func f():\n\tyield(get_tree(), "idle_frame")\n\tvar s = load("res://s.tscn").instance()\n';
    const at = async (text: string) => {
      const r = await analyzeProject({ files: [{ path: 'a.gd', text }, { path: 'b.gd', text: `extends Node\n\n\n\n\n${body}` }] }, { retrieve: false, state: statePath });
      return { r, lines: (p: string) => r.findings.filter((x) => x.path === p).map((x) => [x.rule, x.line, x.replacement?.line ?? null]) };
    };
    const first = await at(`extends Node\n${body}`);
    assert.deepEqual(first.lines('a.gd'), [['gd3-yield', 3, 3], ['gd3-instance', 4, 4]].map(([r, l, e]) => [r, l, first.r.findings.find((x) => x.rule === r && x.path === 'a.gd')!.replacement ? e : null]));
    // The same function in b.gd, three lines lower: one judgment, both places right.
    assert.deepEqual(first.lines('b.gd').map(([r, l]) => [r, l]), [['gd3-yield', 7], ['gd3-instance', 8]]);
    // Two lines added above it: nothing judged again, every finding two lines down.
    const moved = await at(`extends Node\n# a\n# b\n${body}`);
    assert.equal(moved.r.judged, 0);
    assert.deepEqual(moved.lines('a.gd'), first.lines('a.gd').map(([r, l, e]) => [r, (l as number) + 2, e === null ? null : (e as number) + 2]));
  } finally {
    removeWorkspace(dir);
  }
});
