// The model re-validation behind any chat function: what the model is shown (the fragment, its
// hints, candidates and evidence, never the path), what an answer may change (it drops evidence and
// explains, never adds), how failures and timeouts leave the deterministic judgment, and the model
// pass's answers kept by content (an unchanged or moved fragment is not asked again).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { analyzeProject, type FragmentReport } from '../src/core/godot/analyze';
import { askModel, type ChatFn, type ChatPrompt, parseAnswer, revalidate, SYSTEM } from '../src/core/godot/llm';
import { ModelAnswers, modelKey, refineResult, wantsModel } from '../src/core/godot/model-pass';

const SCRIPT = 'extends Node\nfunc f():\n\tyield(get_tree(), "idle_frame")\n\tvar s = load("res://s.tscn").instance()\n';
const files = (text = SCRIPT) => [{ path: 'secret_dir/player_controller.gd', text }];

/** A chat function that records prompts and answers with `reply(prompt)`. */
function recorder(reply: (p: ChatPrompt) => string | Promise<string>): ChatFn & { prompts: ChatPrompt[] } {
  const prompts: ChatPrompt[] = [];
  const fn: ChatFn = async (p) => {
    prompts.push(p);
    return reply(p);
  };
  return Object.assign(fn, { prompts });
}

test('godot chat: any chat function re-validates; the model sees no path and can only drop evidence', async () => {
  const chat = recorder(() => 'Here: {"keep": [0, 7, -1, 0], "verdict": "godot4", "explanation": "yield is Godot 3 only"}');
  const r = await analyzeProject({ files: files() }, { retrieve: false, chat });
  const f = r.fragments.find((x) => x.name === 'f')!;
  assert.equal(chat.prompts.length, 1, 'only the fragment with evidence is sent');
  const { system, user } = chat.prompts[0];
  assert.equal(system, SYSTEM);
  assert.match(user, /Fragment \(function f, lines 2-4\):\nfunc f\(\):/);
  assert.match(user, /Hints: .*yield/);
  assert.match(user, /Evidence:\n0\. \[godot3, gd3-yield, line 3\]/);
  assert.ok(!/secret_dir|player_controller/.test(system + user), 'the path is never sent');
  // Indexes out of range and repeats are ignored; the verdict follows the evidence kept, not the model's word.
  assert.equal(f.judgment.by, 'llm');
  assert.deepEqual(f.judgment.evidence.map((e) => e.rule), ['gd3-yield']);
  assert.equal(f.judgment.verdict, 'godot3');
  assert.equal(f.judgment.explanation, 'yield is Godot 3 only');
  assert.deepEqual(r.findings.map((x) => x.rule), ['gd3-yield']);
});

test('godot chat: a failing, silent or slow model leaves the deterministic judgment with the reason', async () => {
  const judged = await analyzeProject({ files: files() }, { retrieve: false });
  const f = judged.fragments.find((x) => x.name === 'f')!;
  const rules = f.judgment;
  for (const [chat, reason] of [
    [recorder(() => Promise.reject(new Error('quota reached'))), /quota reached/],
    [recorder(() => 'I think it is fine.'), /no JSON/],
    [recorder(() => '{"verdict": "godot3"}'), /no "keep" list/],
    [recorder(() => '{"keep": [0,}'), /malformed JSON/],
  ] as const) {
    const out = await revalidate(chat, f, f.hints, [], rules);
    assert.equal(out.by, 'rules');
    assert.deepEqual(out.evidence, rules.evidence);
    assert.match(out.llmError ?? '', reason);
  }
  // A model that never answers is given up on, and its fetch (the signal) is aborted.
  let aborted = false;
  const hang: ChatFn = (_p, signal) => new Promise((_, reject) => signal.addEventListener('abort', () => ((aborted = true), reject(new Error('aborted')))));
  const slow = await revalidate(hang, f, f.hints, [], rules, { timeoutMs: 50 });
  assert.equal(slow.llmError, 'timed out');
  assert.ok(aborted);
  // The caller's own signal stops it too (the editor turned the setting off).
  const stop = new AbortController();
  const asked = askModel(hang, f, f.hints, [], rules.evidence, { signal: stop.signal });
  stop.abort();
  await assert.rejects(asked, /aborted/);
  assert.deepEqual(parseAnswer('{"keep": [], "explanation": "  none apply "}', 2), { keep: [], explanation: 'none apply' });
});

test('godot model pass: answers kept by content survive a restart, a moved fragment is not asked again, an edit is', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coderag-model-pass-'));
  try {
    const file = path.join(dir, 'answers.jsonl');
    const first = await analyzeProject({ files: files() }, { retrieve: false });
    const want = first.fragments.filter(wantsModel);
    assert.deepEqual(want.map((f) => f.name), ['f'], 'only fragments with findings');
    const answers = new ModelAnswers(file);
    const key = modelKey(want[0]);
    answers.start(key);
    answers.finish(key, { keep: [1], explanation: 'only instance() is Godot 3 here', model: 'Test Model' });
    answers.close();

    // Another process: the answer is read back and refines the deterministic result.
    const again = new ModelAnswers(file);
    const refined = refineResult(first, (f) => again.outcome(modelKey(f)));
    const f = refined.fragments.find((x) => x.name === 'f')!;
    assert.deepEqual([f.judgment.by, f.judgment.model, f.judgment.explanation], ['llm', 'Test Model', 'only instance() is Godot 3 here']);
    assert.deepEqual(refined.findings.map((x) => x.rule), ['gd3-instance']);
    assert.deepEqual(f.model?.dropped?.map((e) => e.rule), ['gd3-yield']);
    assert.deepEqual(first.findings.map((x) => x.rule).sort(), ['gd3-instance', 'gd3-yield'], 'the deterministic result is left as it was');

    // Two lines added above: the fragment moved, its key did not; its findings sit on the new lines.
    const moved = await analyzeProject({ files: files(`# a comment\n# another\n${SCRIPT}`) }, { retrieve: false });
    const movedF = moved.fragments.find((x) => x.name === 'f')! as FragmentReport;
    assert.equal(modelKey(movedF), key);
    const refinedMoved = refineResult(moved, (x) => again.outcome(modelKey(x)));
    assert.deepEqual(refinedMoved.findings.map((x) => [x.rule, x.line]), [['gd3-instance', 6]]);

    // An edit inside the fragment: a new key, asked again.
    const edited = await analyzeProject({ files: files(SCRIPT.replace('idle_frame', 'physics_frame')) }, { retrieve: false });
    assert.notEqual(modelKey(edited.fragments.find((x) => x.name === 'f')!), key);

    // A failure is remembered for the session only, and shown; the deterministic judgment stands.
    again.fail(modelKey(edited.fragments.find((x) => x.name === 'f')!), 'no language model is available');
    const failed = refineResult(edited, (x) => again.outcome(modelKey(x)));
    const ff = failed.fragments.find((x) => x.name === 'f')!;
    assert.deepEqual([ff.judgment.by, ff.model?.state, ff.model?.error], ['rules', 'failed', 'no language model is available']);
    assert.equal(failed.findings.length, 2);
    again.retryFailed();
    assert.equal(again.outcome(modelKey(ff)), undefined);
    again.compact(new Set([key]));
    assert.equal(fs.readFileSync(file, 'utf8').trim().split('\n').length, 2, 'the format line and the one live answer');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
