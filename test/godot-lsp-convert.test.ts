// The language server's mapping of Godot findings to LSP: ranges moved from the core's 1-based
// lines and columns to LSP's 0-based ones (both UTF-16, end exclusive), a code and a link per rule,
// severity by confidence, quick fixes only where the judge gave an edit, and "fix all" that leaves
// a script the Godot 4 grammar parses.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CodeActionKind, DiagnosticSeverity, type CodeAction, type TextDocumentEdit, type TextEdit } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyzeProject, type Finding, type SourceFile } from '../src/core/service/api';
import { parseGdscript } from '../src/core/godot/gdscript-tree';
import { codeActionsFor, DIAGNOSTIC_SOURCE, FIX_ALL_KIND, FIX_ALL_TITLE, MIGRATION_GUIDE, rangeOf, safeEdits, toDiagnostic } from '../src/lsp/godot/convert';

const FIXTURES = path.join(__dirname, '..', '..', 'test', 'fixtures', 'godot');

function readProject(dir: string): SourceFile[] {
  const out: SourceFile[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push({ path: path.relative(dir, p).split(path.sep).join('/'), text: fs.readFileSync(p, 'utf8') });
    }
  };
  walk(dir);
  return out.sort((a, b) => (a.path < b.path ? -1 : 1));
}

const finding = (over: Partial<Finding> = {}): Finding => ({
  path: 'a.gd', line: 3, column: 5, endLine: 3, endColumn: 9, rule: 'gd3-yield', severity: 'error', confidence: 'high',
  message: 'yield became await in Godot 4', fragment: 'k1', ...over,
});

const editsOf = (a: CodeAction) => (a.edit!.documentChanges![0] as TextDocumentEdit).edits as TextEdit[];

test('godot lsp: a span moves by one on both axes, nothing else', () => {
  assert.deepEqual(rangeOf({ line: 1, column: 1, endLine: 1, endColumn: 1 }), { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
  assert.deepEqual(rangeOf({ line: 3, column: 5, endLine: 4, endColumn: 2 }), { start: { line: 2, character: 4 }, end: { line: 3, character: 1 } });
});

test('godot lsp: a finding as a diagnostic: code, link, severity by confidence, the Godot 4 form', () => {
  const d = toDiagnostic(finding({ godot4: 'await $Timer.timeout', link: 'https://docs.godotengine.org/en/stable/classes/class_timer.html' }));
  assert.equal(d.code, 'gd3-yield');
  assert.equal(d.source, DIAGNOSTIC_SOURCE);
  assert.equal(d.severity, DiagnosticSeverity.Error);
  assert.equal(d.codeDescription?.href, 'https://docs.godotengine.org/en/stable/classes/class_timer.html');
  assert.equal(d.message, 'yield became await in Godot 4 (Godot 4: await $Timer.timeout)');
  // A message that already says the Godot 4 form is not repeated; a rule without an entry links the guide.
  const plain = toDiagnostic(finding({ severity: 'warning', confidence: 'medium', message: 'x was renamed y in Godot 4', godot4: 'y' }));
  assert.equal(plain.message, 'x was renamed y in Godot 4');
  assert.equal(plain.severity, DiagnosticSeverity.Warning);
  assert.equal(plain.codeDescription?.href, MIGRATION_GUIDE);
  assert.equal(toDiagnostic(finding({ severity: 'information', confidence: 'low' })).severity, DiagnosticSeverity.Information);
});

test('godot lsp: ranges cover exactly the code they name, with characters outside the BMP and accents before them', async () => {
  const text = [
    'extends Node',
    '',
    'func _ready():',
    '\tvar s = "🎮 Ünïcode 😀"; var scene = preload("res://a.tscn"); var n = scene.instance()',
    '\tprint("é"); yield(get_tree().create_timer(1.0), "timeout")',
    '',
  ].join('\n');
  const result = await analyzeProject({ files: [{ path: 'u.gd', text }] }, { retrieve: false });
  const doc = TextDocument.create('file:///u.gd', 'gdscript', 1, text);
  const byRule = new Map(result.findings.map((f) => [f.rule, f]));
  const instance = byRule.get('gd3-instance');
  const yieldF = byRule.get('gd3-yield');
  assert.ok(instance && yieldF, `findings: ${result.findings.map((f) => f.rule).join(', ')}`);
  assert.match(doc.getText(toDiagnostic(instance).range), /instance/);
  assert.equal(doc.getText(toDiagnostic(yieldF).range), 'yield(get_tree().create_timer(1.0), "timeout")');
  // Applied through the editor's own text model, the edits land where the core's applyEdits puts them.
  const fixed = TextDocument.applyEdits(doc, safeEdits(result.findings));
  assert.match(fixed, /scene\.instantiate\(\)/);
  assert.match(fixed, /print\("é"\); await get_tree\(\)\.create_timer\(1\.0\)\.timeout/);
  assert.match(fixed, /"🎮 Ünïcode 😀"/);
});

test('godot lsp: a quick fix only for a finding with an edit; fix all as a quick fix and as the source action', () => {
  const safe = finding({ replacement: { line: 3, column: 5, endLine: 3, endColumn: 9, text: 'await x.sig' } });
  const unsure = finding({ rule: 'api-removed', line: 5, column: 1, endLine: 5, endColumn: 4, fragment: 'k2' });
  const other = finding({ rule: 'gd3-export', line: 1, column: 1, endLine: 1, endColumn: 7, replacement: { line: 1, column: 1, endLine: 1, endColumn: 7, text: '@export' } });
  const findings = [safe, unsure, other];
  const doc = { uri: 'file:///a.gd', version: 7 };
  const diags = [toDiagnostic(safe), toDiagnostic(unsure)];

  const bulb = codeActionsFor(doc, findings, diags);
  assert.deepEqual(bulb.map((a) => [a.title, a.kind]), [
    ['Change to `await x.sig` (Godot 4)', CodeActionKind.QuickFix],
    [FIX_ALL_TITLE, CodeActionKind.QuickFix],
  ]);
  assert.equal(bulb[0].isPreferred, true);
  assert.deepEqual(bulb[0].diagnostics, [diags[0]]);
  // Versioned: the editor refuses the edit once the text moved on.
  assert.deepEqual((bulb[0].edit!.documentChanges![0] as TextDocumentEdit).textDocument, { uri: 'file:///a.gd', version: 7 });
  assert.deepEqual(editsOf(bulb[1]).map((e) => e.newText), ['@export', 'await x.sig']);

  assert.deepEqual(codeActionsFor(doc, findings, [toDiagnostic(unsure)]).map((a) => a.title), [FIX_ALL_TITLE], 'no fix of its own for an unsure finding');
  assert.deepEqual(codeActionsFor(doc, [unsure], [toDiagnostic(unsure)]), [], 'nothing at all when nothing is safe');
  assert.deepEqual(codeActionsFor(doc, findings, []), [], 'no light bulb away from our problems');
  const source = codeActionsFor(doc, findings, [], [CodeActionKind.SourceFixAll]);
  assert.deepEqual(source.map((a) => [a.title, a.kind]), [[FIX_ALL_TITLE, FIX_ALL_KIND]]);
  assert.deepEqual(codeActionsFor(doc, findings, diags, [CodeActionKind.Refactor]), []);
  // Someone else's diagnostic at the same place gets nothing from us.
  assert.deepEqual(codeActionsFor(doc, findings, [{ ...diags[0], source: 'other' }]), []);
});

test('godot lsp: overlapping edits: the first one in the file is kept, the other waits for the next round', () => {
  const a = finding({ replacement: { line: 2, column: 1, endLine: 2, endColumn: 20, text: '@export var speed' } });
  const b = finding({ rule: 'api-rename', replacement: { line: 2, column: 5, endLine: 2, endColumn: 9, text: 'X' } });
  const c = finding({ rule: 'api-rename', replacement: { line: 2, column: 20, endLine: 2, endColumn: 22, text: 'Y' } });
  assert.deepEqual(safeEdits([b, c, a]).map((e) => e.newText), ['@export var speed', 'Y']);
});

test('godot lsp: "fix all" through the code action leaves every fixture script parsing with the Godot 4 grammar', async () => {
  let fixes = 0;
  for (const game of fs.readdirSync(FIXTURES).filter((g) => fs.existsSync(path.join(FIXTURES, g, 'godot3')))) {
    const files = readProject(path.join(FIXTURES, game, 'godot3'));
    const result = await analyzeProject({ files }, { retrieve: false });
    for (const f of files.filter((x) => x.path.endsWith('.gd'))) {
      const findings = result.findings.filter((x) => x.path === f.path);
      const [all] = codeActionsFor({ uri: `file:///${f.path}`, version: 1 }, findings, [], [CodeActionKind.SourceFixAll]);
      if (!all) continue;
      const edits = editsOf(all);
      fixes += edits.length;
      const fixed = TextDocument.applyEdits(TextDocument.create(`file:///${f.path}`, 'gdscript', 1, f.text), edits);
      const tree = await parseGdscript(fixed);
      try {
        assert.equal(tree.rootNode.hasError, false, `${game}/${f.path} after fix all:\n${fixed}`);
      } finally {
        tree.delete();
      }
    }
  }
  assert.ok(fixes >= 30, `${fixes} fixes applied`);
});
