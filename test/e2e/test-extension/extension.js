// Test-only helper for CodeRAG's editor tests (test/e2e); packaged into its own VSIX, never into
// the product. Palette commands take no arguments, so the harness passes them in JSON files in
// $CODERAG_E2E_DIR (the environment of code-server reaches the extension host).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');

const VENDOR = 'coderag-test';
const dir = () => {
  const d = process.env.CODERAG_E2E_DIR;
  if (!d) throw new Error('CODERAG_E2E_DIR is not set: the e2e harness sets it');
  return d;
};
const readJson = (name) => JSON.parse(fs.readFileSync(path.join(dir(), name), 'utf8'));
const writeJson = (name, value) => {
  // Written whole, then renamed: the harness polls for the file and must never read half of it.
  const file = path.join(dir(), name);
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(value, null, 1));
  fs.renameSync(`${file}.tmp`, file);
};

const textOf = (message) => message.content.map((p) => (typeof p.value === 'string' ? p.value : '')).join('');

/**
 * A deterministic reply that shows what the model received: the number of messages, the first
 * line of the last user message, and the numbered sources ([1], [2]…) cited back.
 */
function fakeReply(messages) {
  if (messages.length && textOf(messages[0]).startsWith(GODOT_SYSTEM)) return godotReply(textOf(messages[messages.length - 1]));
  const users = messages.filter((m) => m.role === vscode.LanguageModelChatMessageRole.User);
  const prompt = users.length ? textOf(users[users.length - 1]) : '';
  const firstLine = prompt.split('\n').find((l) => l.trim()) ?? '';
  const sources = [...new Set([...messages.map(textOf).join('\n').matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
  const parts = [`FAKE-LM reply to ${messages.length} message${messages.length === 1 ? '' : 's'}. `, `You asked: "${firstLine.trim()}". `];
  if (sources.length) {
    const cited = sources.map((n) => `[${n}]`);
    parts.push(`From the sources, see ${cited.length > 1 ? `${cited.slice(0, -1).join(', ')} and ${cited[cited.length - 1]}` : cited[0]}.`);
  } else parts.push('No numbered sources were given.');
  return parts;
}

/** The first words of CodeRAG's Godot re-validation instructions (src/core/godot/llm.ts). */
const GODOT_SYSTEM = 'You check a Godot 3 → 4 migration analysis';

/**
 * A Godot re-validation answer: keeps every evidence item but those whose rule is in
 * `godotDrop` (model.json), and an explanation that names what it kept and dropped; the JSON comes
 * in two parts, as a real stream would split it.
 */
function godotReply(prompt) {
  const items = [...prompt.matchAll(/^(\d+)\. \[(\w+), ([\w-]+), line \d+\]/gm)].map((m) => ({ i: Number(m[1]), rule: m[3] }));
  const drop = new Set(behaviour.godotDrop ?? []);
  const keep = items.filter((x) => !drop.has(x.rule)).map((x) => x.i);
  const dropped = items.filter((x) => drop.has(x.rule)).map((x) => x.rule);
  const explanation = `FAKE-LM checked ${items.length} evidence item${items.length === 1 ? '' : 's'} and kept ${keep.length}${dropped.length ? `; dropped ${[...new Set(dropped)].join(', ')}` : ''}.`;
  const json = JSON.stringify({ keep, verdict: keep.length ? 'godot3' : 'neutral', explanation });
  const cut = Math.floor(json.length / 2);
  return [json.slice(0, cut), json.slice(cut)];
}

/** How the fake model behaves: `model.json` {available, fail, delayMs, godotDrop} via "CodeRAG Test: Set Model". */
let behaviour = { available: true, fail: undefined, delayMs: 30 };
/** Every request the model received, appended to `model-requests.json`: what a test checks the prompt by. */
const requests = [];

function registerModel() {
  return vscode.lm.registerLanguageModelChatProvider(VENDOR, {
    provideLanguageModelChatInformation: () => [
      { id: 'coderag-test-model', name: 'CodeRAG Test Model', family: 'coderag-test', version: '1', maxInputTokens: 100000, maxOutputTokens: 4000, capabilities: {} },
    ],
    async provideLanguageModelChatResponse(model, messages, options, progress, token) {
      const logged = { messages: messages.map(textOf), cancelled: false, parts: 0 };
      requests.push(logged);
      const save = () => writeJson('model-requests.json', requests);
      save();
      // The errors a real provider raises: NoPermissions (consent refused), Blocked (quota), NotFound.
      if (behaviour.fail) throw vscode.LanguageModelError[behaviour.fail](`test model: ${behaviour.fail}`);
      // A question holding "#fail-model" makes the model fail, as an unusable one would (tests the fallbacks).
      if (textOf(messages[messages.length - 1]).includes('#fail-model')) throw new Error('the fake model was told to fail');
      // Several parts with a pause between them: the caller has to handle a real stream.
      for (const part of fakeReply(messages)) {
        if (token.isCancellationRequested) break;
        progress.report(new vscode.LanguageModelTextPart(part));
        logged.parts++;
        await new Promise((r) => setTimeout(r, behaviour.delayMs));
      }
      logged.cancelled = token.isCancellationRequested;
      save();
    },
    provideTokenCount: async (model, text) => Math.ceil((typeof text === 'string' ? text : textOf(text)).length / 4),
  });
}

/** Registers or removes the fake model and sets how it answers; writes `model-set.json` when done. */
let registration;
async function setModel() {
  behaviour = { available: true, fail: undefined, delayMs: 30, ...readJson('model.json') };
  if (behaviour.available && !registration) registration = registerModel();
  if (!behaviour.available && registration) {
    registration.dispose();
    registration = undefined;
  }
  const models = await vscode.lm.selectChatModels({ vendor: VENDOR });
  writeJson('model-set.json', { ...behaviour, models: models.map((m) => m.id) });
}

/** `setting.json` {key, value}: a user setting changed as the Settings editor would → `setting-set.json`. */
async function updateSetting() {
  const { key, value } = readJson('setting.json');
  await vscode.workspace.getConfiguration().update(key, value, vscode.ConfigurationTarget.Global);
  writeJson('setting-set.json', { key, value: vscode.workspace.getConfiguration().get(key) });
}

async function openChat() {
  const { query } = readJson('chat.json');
  await vscode.commands.executeCommand('workbench.action.chat.open', { query, modelSelector: { vendor: VENDOR } });
}

async function invokeTool() {
  const { name, input } = readJson('tool.json');
  try {
    const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
    const text = result.content.filter((p) => p instanceof vscode.LanguageModelTextPart).map((p) => p.value);
    writeJson('tool-result.json', { name, text });
  } catch (err) {
    writeJson('tool-result.json', { name, error: String(err && err.message ? err.message : err) });
  }
}

/** The active editor: its file, its selection (0-based) and the selected text. */
function editorState() {
  const e = vscode.window.activeTextEditor;
  if (!e) return undefined;
  const pos = (p) => ({ line: p.line, character: p.character });
  return { path: e.document.uri.fsPath, selection: { start: pos(e.selection.start), end: pos(e.selection.end) }, text: e.document.getText(e.selection) };
}

async function probe() {
  const models = await vscode.lm.selectChatModels({ vendor: VENDOR });
  let coderag;
  try {
    coderag = await vscode.commands.executeCommand('coderag.internal.status');
  } catch (err) {
    coderag = { error: String(err.message ?? err) };
  }
  writeJson('probe.json', {
    vscodeVersion: vscode.version,
    node: process.version,
    trusted: vscode.workspace.isTrusted,
    folders: (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath),
    extensions: vscode.extensions.all.filter((e) => !e.packageJSON.isBuiltin).map((e) => ({ id: e.id, version: e.packageJSON.version, active: e.isActive })),
    tools: vscode.lm.tools.map((t) => t.name),
    models: models.map((m) => ({ id: m.id, vendor: m.vendor })),
    coderag,
    // This extension host's own memory (every extension's; CodeRAG's index lives in its server process).
    host: { pid: process.pid, ...process.memoryUsage() },
    // What the Problems view holds (every source's), and the active editor's text.
    diagnostics: vscode.languages
      .getDiagnostics()
      .filter(([, ds]) => ds.length)
      .map(([uri, ds]) => ({
        path: vscode.workspace.asRelativePath(uri),
        items: ds.map((d) => ({
          code: typeof d.code === 'object' ? String(d.code.value) : d.code === undefined ? undefined : String(d.code),
          href: typeof d.code === 'object' ? d.code.target.toString(true) : undefined,
          source: d.source,
          severity: d.severity,
          message: d.message,
          range: [d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character],
        })),
      })),
    editor: vscode.window.activeTextEditor
      ? { path: vscode.workspace.asRelativePath(vscode.window.activeTextEditor.document.uri), text: vscode.window.activeTextEditor.document.getText(), dirty: vscode.window.activeTextEditor.document.isDirty }
      : undefined,
  });
}

/** Runs the command in execute.json ({command, args}) and writes its result (or error) to execute-result.json. */
async function execute() {
  const { command, args = [] } = readJson('execute.json');
  try {
    writeJson('execute-result.json', { result: (await vscode.commands.executeCommand(command, ...args)) ?? null });
  } catch (err) {
    writeJson('execute-result.json', { error: String(err && err.message ? err.message : err) });
  }
}

/**
 * The extension host's responsiveness: for latency.json's {ms}, a trivial command's round trip
 * through the host every 20 ms; writes the samples' p50/p95/max to latency-result.json.
 */
async function measureLatency() {
  const { ms = 8000 } = readJson('latency.json');
  const samples = [];
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const t = performance.now();
    await vscode.commands.executeCommand('coderagTest.noop');
    samples.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 20));
  }
  samples.sort((a, b) => a - b);
  const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  // The samples too (rounded to 0.01 ms): the bench pools several windows into one distribution.
  const rounded = samples.map((x) => Math.round(x * 100) / 100);
  writeJson('latency-result.json', { n: samples.length, p50: at(0.5), p95: at(0.95), max: samples[samples.length - 1], samples: rounded });
}

function activate(context) {
  registration = registerModel();
  // The active editor and its selection, written as they change (`editor.json`): a test reads
  // where a click landed without opening the palette, whose Escape would clear the selection.
  const recordEditor = () => writeJson('editor.json', editorState() ?? null);
  context.subscriptions.push(vscode.window.onDidChangeActiveTextEditor(recordEditor), vscode.window.onDidChangeTextEditorSelection(recordEditor));
  context.subscriptions.push(
    { dispose: () => registration?.dispose() },
    vscode.lm.registerTool('coderagTest_echo', {
      invoke: async (options) => new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(`echo: ${JSON.stringify(options.input)}`)]),
    }),
    vscode.commands.registerCommand('coderagTest.openChat', openChat),
    vscode.commands.registerCommand('coderagTest.invokeTool', invokeTool),
    vscode.commands.registerCommand('coderagTest.probe', probe),
    vscode.commands.registerCommand('coderagTest.setModel', setModel),
    vscode.commands.registerCommand('coderagTest.updateSetting', updateSetting),
    vscode.commands.registerCommand('coderagTest.execute', execute),
    vscode.commands.registerCommand('coderagTest.noop', () => undefined),
    vscode.commands.registerCommand('coderagTest.measureLatency', measureLatency),
  );
}

module.exports = { activate, deactivate() {}, fakeReply };
