// The Godot feature of `coderag lsp --stdio`, spoken to as an editor would: a workspace folder
// with a Godot 3 project and its Godot 4 port, diagnostics pushed for the first and none for the
// second, code actions on an open buffer, the debug view's and the verdict command's requests, and
// the setting that turns diagnostics off.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createProtocolConnection, type ProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import type { CodeAction, Diagnostic, PublishDiagnosticsParams, TextDocumentEdit, TextEdit } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { GODOT_FRAGMENT_REQUEST, GODOT_PROJECTS_REQUEST, GODOT_SETTINGS_NOTIFICATION, type GodotFragmentAnswer, type GodotProjectReport } from '../src/lsp/protocol';
import { initializeFolder, removeWorkspace, until } from './helpers';

const bin = path.join(__dirname, '..', '..', 'bin', 'coderag.js');
const DODGE = path.join(__dirname, '..', '..', 'test', 'fixtures', 'godot', 'dodge');

test('godot lsp: diagnostics for the Godot 3 project only, code actions, the debug view, the verdict, the setting', { timeout: 120_000 }, async () => {
  const root = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'coderag-godot-lsp-'));
  fs.cpSync(path.join(DODGE, 'godot3'), path.join(root, 'game', 'godot3'), { recursive: true });
  fs.cpSync(path.join(DODGE, 'godot4'), path.join(root, 'game', 'godot4'), { recursive: true });
  const child = spawn(process.execPath, [bin, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const conn: ProtocolConnection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const diagnostics = new Map<string, PublishDiagnosticsParams>();
  let enabled = true;
  conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => void diagnostics.set(p.uri, p));
  conn.onRequest('workspace/configuration', (p: { items: { section?: string }[] }) => p.items.map(() => ({ diagnostics: enabled })));
  conn.onNotification('window/logMessage', () => undefined);
  conn.listen();
  const uri = (rel: string) => pathToFileURL(path.join(root, rel)).href;
  try {
    await initializeFolder(conn, root);

    // The background pass over the whole folder: both projects, diagnostics for the Godot 3 one only.
    const main = await until('diagnostics of game/godot3/main.gd', () => diagnostics.get(uri('game/godot3/main.gd')));
    const codes = main.diagnostics.map((d) => d.code);
    assert.ok(codes.includes('gd3-export') && codes.includes('gd3-instance'), `main.gd codes: ${codes.join(', ')}`);
    const exportD = main.diagnostics.find((d) => d.code === 'gd3-export')!;
    assert.deepEqual(exportD.range, { start: { line: 2, character: 0 }, end: { line: 2, character: 6 } }, 'the export keyword');
    assert.match(exportD.message as string, /@export var mob_scene: PackedScene/);
    assert.ok(exportD.codeDescription?.href.startsWith('https://docs.godotengine.org/'));
    await until('the project.godot and scenes of godot3', () => (diagnostics.has(uri('game/godot3/project.godot')) && diagnostics.has(uri('game/godot3/hud.tscn')) ? true : undefined));
    const report = await conn.sendRequest<GodotProjectReport[]>(GODOT_PROJECTS_REQUEST, { wait: true });
    assert.deepEqual(report.map((p) => [p.dir, p.verdict?.verdict, p.hasProjectFile]), [['game/godot3', 'godot3', true], ['game/godot4', 'godot4', true]]);
    assert.ok([...diagnostics.keys()].every((u) => !u.includes('/godot4/')), 'nothing published for the Godot 4 port');
    const three = report[0];
    assert.ok(three.findings > 20 && three.fixable > 10, `${three.findings} findings, ${three.fixable} fixable`);
    assert.ok(three.fragments.length > 20 && three.fragments.every((f) => f.status === 'done'), JSON.stringify(three.fragments.slice(0, 3)));
    assert.ok(three.verdict!.strongest.some((e) => e.version === 'godot3' && e.path), JSON.stringify(three.verdict!.strongest));
    assert.ok(fs.readdirSync(path.join(root, '.coderag', 'godot')).length === 2, 'one resumable state file per project');
    // Chat and tools ask for the findings themselves, as `coderag migrate --json` lists them.
    assert.equal(three.findingList, undefined, 'only when asked');
    const listed = await conn.sendRequest<GodotProjectReport[]>(GODOT_PROJECTS_REQUEST, { findings: true });
    assert.equal(listed[0].findingList!.length, three.findings);
    assert.deepEqual(listed[1].findingList, [], 'none on the Godot 4 port');
    const exportF = listed[0].findingList!.find((f) => f.path === 'game/godot3/main.gd' && f.rule === 'gd3-export')!;
    assert.deepEqual([exportF.line, exportF.column, exportF.endLine, exportF.endColumn, exportF.severity], [3, 1, 3, 7, 'error']);
    assert.equal(exportF.replacement?.text.includes('@export var mob_scene: PackedScene'), true, JSON.stringify(exportF));

    // An open buffer: its unsaved text is what is analyzed, and code actions carry its version.
    const hud = fs.readFileSync(path.join(root, 'game/godot3/hud.gd'), 'utf8');
    const hudUri = uri('game/godot3/hud.gd');
    await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: hudUri, languageId: 'gdscript', version: 1, text: hud } });
    const yieldD = (await until('hud.gd diagnostics', () => diagnostics.get(hudUri)?.version === 1 ? diagnostics.get(hudUri) : undefined)).diagnostics.find((d) => d.code === 'gd3-yield')!;
    const actions = await conn.sendRequest<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: hudUri }, range: yieldD.range, context: { diagnostics: [yieldD] } });
    assert.deepEqual(actions.map((a) => a.title), ['Change to `await $MessageTimer.timeout` (Godot 4)', 'Fix all safe Godot 4 changes in this file']);
    const change = actions[0].edit!.documentChanges![0] as TextDocumentEdit;
    assert.equal(change.textDocument.version, 1);
    // The editor applies it and says so: version 2, and the yield's diagnostic is gone.
    const doc = TextDocument.create(hudUri, 'gdscript', 1, hud);
    const fixed = TextDocument.applyEdits(doc, change.edits as TextEdit[]);
    await conn.sendNotification('textDocument/didChange', { textDocument: { uri: hudUri, version: 2 }, contentChanges: [{ text: fixed }] });
    const after = await until('hud.gd at version 2', () => (diagnostics.get(hudUri)?.version === 2 ? diagnostics.get(hudUri) : undefined));
    assert.equal(after.diagnostics.filter((d: Diagnostic) => d.code === 'gd3-yield').length, 1, 'one yield left of two');
    // A request for an older version's range gets nothing stale: ranges are for the text analyzed.
    const stale = await conn.sendRequest<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: hudUri }, range: yieldD.range, context: { diagnostics: [yieldD] } });
    assert.ok(!stale.some((a) => a.title.includes('$MessageTimer')), JSON.stringify(stale.map((a) => a.title)));

    // The debug view's request: the fragment at a line, what was searched apart from the path.
    const at = await conn.sendRequest<GodotFragmentAnswer>(GODOT_FRAGMENT_REQUEST, { uri: hudUri, line: 27 });
    assert.ok(at.found, JSON.stringify(at));
    const d = at.details;
    assert.deepEqual([d.tracking.path, d.tracking.project, d.tracking.kind, d.tracking.name, d.tracking.startLine, d.tracking.endLine], ['hud.gd', 'game/godot3', 'function', '_ready', 27, 30]);
    assert.match(d.sent.text, /^func _ready\(\):/);
    assert.ok(!d.sent.text.includes('hud.gd') && !d.sent.hints.some((h) => h.text.includes('hud')), 'the path is never sent');
    assert.ok(d.sent.hints.some((h) => h.kind === 'signal'), JSON.stringify(d.sent.hints));
    assert.ok(d.candidates.api_mapping.length && d.candidates.label_prototypes.length && d.candidates.docs_chunks.length, JSON.stringify(d.candidates));
    assert.equal(d.judgment.verdict, 'godot3');
    assert.ok(d.judgment.evidence.some((e) => e.rule === 'gd3-connect-args' && e.fix));
    const blank = await conn.sendRequest<GodotFragmentAnswer>(GODOT_FRAGMENT_REQUEST, { uri: uri('README.md'), line: 0 });
    assert.equal(blank.found, false);

    // Closed without saving: the disk's text counts again.
    await conn.sendNotification('textDocument/didClose', { textDocument: { uri: hudUri } });
    await until('hud.gd back to the disk text', () => (diagnostics.get(hudUri)?.diagnostics.filter((x) => x.code === 'gd3-yield').length === 2 ? true : undefined));

    // The setting off: every Godot diagnostic is withdrawn.
    enabled = false;
    await conn.sendNotification(GODOT_SETTINGS_NOTIFICATION, {});
    await until('diagnostics withdrawn', () => ([...diagnostics.values()].every((p) => p.diagnostics.length === 0) ? true : undefined));

    await conn.sendRequest('shutdown');
    await conn.sendNotification('exit');
  } catch (err) {
    process.stderr.write(stderr.slice(-4000));
    throw err;
  } finally {
    conn.dispose();
    child.kill();
    removeWorkspace(root);
  }
});
