// The Godot model pass of `coderag lsp --stdio`, with a client that lends a fake model through
// coderag/lm/chat as the extension lends vscode.lm: the deterministic diagnostics come first, the
// model's answers refine them (an item it drops is withdrawn, its explanation joins the message),
// the debug view says who judged; answers are kept by content (a restarted server asks nothing, an
// edit asks for the edited fragment only), an unavailable model leaves the deterministic judgment
// with the reason, and the setting off shows the deterministic findings again.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createProtocolConnection, ResponseError, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import type { PublishDiagnosticsParams } from 'vscode-languageserver/node';
import { GODOT_FRAGMENT_REQUEST, GODOT_PROJECTS_REQUEST, GODOT_SETTINGS_NOTIFICATION, type GodotFragmentAnswer, LM_CHAT_REQUEST, LM_UNAVAILABLE, type LmChatParams, type LmChatResult } from '../src/lsp/protocol';
import { initializeFolder, removeWorkspace, until } from './helpers';

const bin = path.join(__dirname, '..', '..', 'bin', 'coderag.js');
const DODGE = path.join(__dirname, '..', '..', 'test', 'fixtures', 'godot', 'dodge', 'godot3');

/** The fake model: keeps every evidence item but three-argument connects, and says how many it kept. */
function fakeAnswer(p: LmChatParams): LmChatResult {
  const items = [...p.user.matchAll(/^(\d+)\. \[(\w+), ([\w-]+), line \d+\]/gm)].map((m) => ({ i: Number(m[1]), rule: m[3] }));
  const keep = items.filter((x) => x.rule !== 'gd3-connect-args').map((x) => x.i);
  return { text: JSON.stringify({ keep, verdict: 'godot3', explanation: `FAKE-LM kept ${keep.length} of ${items.length}` }), model: 'Fake Model' };
}

interface Client {
  diagnostics: Map<string, PublishDiagnosticsParams>;
  prompts: LmChatParams[];
  /** When the first prompt came, how many files had diagnostics. */
  publishedBeforeFirstPrompt?: number;
  settings: { languageModel: boolean; lmEnabled: boolean; unavailable: boolean };
  request<R>(method: string, params: unknown): Promise<R>;
  notify(method: string, params: unknown): Promise<void>;
  close(): Promise<void>;
  stderr(): string;
}

async function startServer(root: string, settings: Client['settings'], prompts: LmChatParams[] = []): Promise<Client> {
  const child = spawn(process.execPath, [bin, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const conn = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const c: Client = {
    diagnostics: new Map(),
    prompts,
    settings,
    request: (m, p) => conn.sendRequest(m, p),
    notify: (m, p) => conn.sendNotification(m, p),
    close: async () => {
      await conn.sendRequest('shutdown').catch(() => undefined);
      await conn.sendNotification('exit').catch(() => undefined);
      conn.dispose();
      child.kill();
    },
    stderr: () => stderr,
  };
  conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => void c.diagnostics.set(p.uri, p));
  conn.onNotification('window/logMessage', () => undefined);
  conn.onRequest('workspace/configuration', (p: { items: { section?: string }[] }) =>
    p.items.map((i) => (i.section === 'coderag.godot' ? { diagnostics: true, languageModel: c.settings.languageModel } : i.section === 'coderag.languageModel' ? { enabled: c.settings.lmEnabled } : {})),
  );
  conn.onRequest(LM_CHAT_REQUEST, async (p: LmChatParams) => {
    c.publishedBeforeFirstPrompt ??= c.diagnostics.size;
    if (c.settings.unavailable) return new ResponseError(LM_UNAVAILABLE, 'no language model is available');
    c.prompts.push(p);
    await new Promise((r) => setTimeout(r, 10));
    return fakeAnswer(p);
  });
  conn.listen();
  await initializeFolder(conn, root);
  return c;
}

const checked = (p?: PublishDiagnosticsParams) => p?.diagnostics.filter((d) => /Checked by Fake Model: FAKE-LM kept/.test(String(d.message))).length ?? 0;
const codes = (p?: PublishDiagnosticsParams) => p?.diagnostics.map((d) => d.code) ?? [];

test('godot lsp model pass: deterministic first, refined by the lent model, kept by content, failures and the setting', { timeout: 240_000 }, async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'coderag-godot-lm-'));
  fs.cpSync(DODGE, path.join(root, 'game'), { recursive: true });
  const uri = (rel: string) => pathToFileURL(path.join(root, rel)).href;
  const hudUri = uri('game/hud.gd');
  const prompts: LmChatParams[] = [];
  let c = await startServer(root, { languageModel: true, lmEnabled: true, unavailable: false }, prompts);
  try {
    // Every fragment with findings is asked once; hud.gd's connects are dropped, the rest explained.
    await until('hud.gd refined', () => (checked(c.diagnostics.get(hudUri)) > 0 && !codes(c.diagnostics.get(hudUri)).includes('gd3-connect-args') ? true : undefined));
    assert.ok((c.publishedBeforeFirstPrompt ?? 0) > 0, 'the deterministic diagnostics were published before the model was asked');
    const asked = await settle(() => prompts.length);
    assert.ok(asked >= 8, `${asked} fragments asked`);
    const texts = prompts.map((p) => /Fragment \(.*?, lines \d+-\d+\):\n([\s\S]*?)\n\nHints:/.exec(p.user)?.[1]);
    assert.ok(texts.every(Boolean));
    assert.equal(new Set(texts).size, texts.length, 'no fragment sent twice');
    for (const p of prompts) {
      assert.match(p.user, /Fragment \(.*\):\n[\s\S]*\n\nHints: .*\n\nCandidates:\n- (api_mapping|label_prototypes|docs_chunks): [\s\S]*\n\nEvidence:\n0\. \[godot3/);
      // A scene's own `res://` references are its text; the file's path is never sent.
      const sent = (p.system + p.user).replace(/res:\/\/[^\s"']*/g, '');
      assert.ok(!/\.gd\b|project\.godot|\.tscn|game\/|coderag-godot-lm/.test(sent), `a path was sent: ${p.user.slice(0, 300)}`);
      assert.match(p.justification, /Godot/);
    }
    const ready = await c.request<GodotFragmentAnswer>(GODOT_FRAGMENT_REQUEST, { uri: hudUri, line: 27 });
    assert.ok(ready.found);
    const j = ready.details.judgment;
    assert.deepEqual([j.by, j.model, j.modelState, j.explanation], ['llm', 'Fake Model', 'done', 'FAKE-LM kept 2 of 4']);
    assert.deepEqual(j.dropped?.map((e) => e.rule), ['gd3-connect-args', 'gd3-connect-args']);
    assert.ok(!j.evidence.some((e) => e.rule === 'gd3-connect-args') && j.evidence.length === 2);
    const plain = await c.request<GodotFragmentAnswer>(GODOT_FRAGMENT_REQUEST, { uri: hudUri, line: 23 });
    assert.ok(plain.found && plain.details.judgment.modelState === 'not-needed' && plain.details.judgment.by === 'rules');
    const [project] = await c.request<{ findings: number }[]>(GODOT_PROJECTS_REQUEST, {});
    assert.ok(project.findings > 10);

    // A new server over the same files: every answer is read back, nothing is asked.
    await c.close();
    c = await startServer(root, c.settings, prompts);
    await until('hud.gd refined from the saved answers', () => (checked(c.diagnostics.get(hudUri)) > 0 ? true : undefined));
    assert.equal(await settle(() => prompts.length), asked, 'an unchanged project sends nothing again');

    // An edit inside one function: that fragment alone is asked.
    const hud = fs.readFileSync(path.join(root, 'game/hud.gd'), 'utf8');
    const edited = hud.replace('show_message("Game Over")', 'show_message("Game Over!")');
    assert.notEqual(edited, hud);
    await c.notify('textDocument/didOpen', { textDocument: { uri: hudUri, languageId: 'gdscript', version: 1, text: edited } });
    await until('the edited fragment asked', () => (prompts.length > asked ? true : undefined));
    assert.equal(await settle(() => prompts.length), asked + 1);
    assert.match(prompts[asked].user, /Game Over!/);
    assert.match(prompts[asked].user, /Fragment \(function show_game_over, lines 14-20\)/);

    // No model any more: an edited _ready keeps its deterministic findings, and says why.
    c.settings.unavailable = true;
    await c.notify('textDocument/didChange', { textDocument: { uri: hudUri, version: 2 }, contentChanges: [{ text: edited.replace('func _ready():', 'func _ready():\n\tpass') }] });
    await until('the connects back, deterministic', () => (c.diagnostics.get(hudUri)?.version === 2 && codes(c.diagnostics.get(hudUri)).includes('gd3-connect-args') ? true : undefined));
    const f2 = await eventually(async () => {
      const a = await c.request<GodotFragmentAnswer>(GODOT_FRAGMENT_REQUEST, { uri: hudUri, line: 27 });
      return a.found && a.details.judgment.modelState === 'failed' ? a.details.judgment : undefined;
    });
    assert.equal(f2.by, 'rules');
    assert.match(f2.modelError ?? '', /no language model is available/);
    assert.equal(f2.evidence.filter((e) => e.rule === 'gd3-connect-args').length, 2);
    assert.equal(f2.dropped, undefined);

    // The setting off: the deterministic findings everywhere, no model note.
    c.settings.languageModel = false;
    await c.notify(GODOT_SETTINGS_NOTIFICATION, {});
    const main = uri('game/main.gd');
    await until('no model note left', () => (checked(c.diagnostics.get(main)) === 0 && checked(c.diagnostics.get(hudUri)) === 0 ? true : undefined));
    const off = await c.request<GodotFragmentAnswer>(GODOT_FRAGMENT_REQUEST, { uri: hudUri, line: 16 });
    assert.ok(off.found && off.details.judgment.by === 'rules' && off.details.judgment.modelState === 'off');
  } catch (err) {
    process.stderr.write(c.stderr().slice(-4000));
    throw err;
  } finally {
    await c.close();
    removeWorkspace(root);
  }
});

/** A count once it stopped moving for a second. */
async function settle(count: () => number): Promise<number> {
  let last = count();
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = count();
    if (now === last) return now;
    last = now;
  }
}

async function eventually<T>(fn: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}
