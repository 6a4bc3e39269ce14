// The Godot feature's extension-side pieces that need no editor: the details page's shell (the
// sidebar's CSP, every URI escaped) and the verdict pick list's rows.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { detailsPage } from '../src/vscode/godot/details-page';
import { GODOT_DOCUMENTS, GODOT_FILE_GLOB } from '../src/vscode/godot/selector';
import { verdictItems, verdictSentence } from '../src/vscode/godot/verdict-items';
import type { GodotProjectReport } from '../src/lsp/protocol';

const NONCE = 'Z29kb3QtZGV0YWlscy1ub25jZQ==';

test('godot details page: the sidebar\'s CSP, one script by nonce, URIs escaped', () => {
  const html = detailsPage({ cspSource: "'self' https://*.vscode-cdn.net", nonce: NONCE, scriptUri: 'https://x/godot-details.js?a=1&b="2"', styleUris: ['https://x/codicon.css', 'https://x/godot-details.css'], codiconFontUri: 'https://x/codicon.ttf' });
  assert.ok(html.includes('content="default-src &#39;none&#39;; script-src &#39;nonce-Z29kb3QtZGV0YWlscy1ub25jZQ==&#39;; style-src &#39;self&#39; https://*.vscode-cdn.net; font-src'), 'the CSP, escaped in its attribute');
  assert.match(html, /<script nonce="Z29kb3QtZGV0YWlscy1ub25jZQ==" src="https:\/\/x\/godot-details\.js\?a=1&amp;b=&quot;2&quot;"><\/script>/);
  assert.equal((html.match(/<script/g) ?? []).length, 1);
  assert.ok(!/\sstyle=|<style|\son\w+=/.test(html), 'no inline style or handler');
  assert.throws(() => detailsPage({ cspSource: "'self'; script-src *", nonce: NONCE, scriptUri: '', styleUris: [], codiconFontUri: '' }), /not a CSP source list/);
});

test('godot selector: scripts, scenes, resources, shaders and project files, on disk', () => {
  assert.equal(GODOT_FILE_GLOB, '**/{*.gd,*.tscn,*.tres,*.gdshader,*.shader,project.godot}');
  assert.deepEqual(GODOT_DOCUMENTS, [{ scheme: 'file', pattern: GODOT_FILE_GLOB }]);
});

const REPORT: GodotProjectReport = {
  folder: '/ws',
  dir: 'game/godot3',
  hasProjectFile: true,
  running: false,
  files: 9,
  verdict: {
    verdict: 'godot3',
    counts: { godot3: 24, godot4: 0, neutral: 50 },
    reason: 'Only Godot 3 code.',
    config: { version: 'godot3', what: 'config_version=4' },
    strongest: [{ path: 'hud.gd', version: 'godot3', rule: 'gd3-yield', what: 'yield(…, "timeout")', line: 16, message: 'yield became await' }],
  },
  findings: 68,
  fixable: 40,
  fragments: [
    { path: 'hud.gd', startLine: 1, endLine: 1, kind: 'extends', name: 'CanvasLayer', status: 'done' },
    { path: 'hud.gd', startLine: 6, endLine: 10, kind: 'function', name: 'show_message', status: 'interrupted' },
    { path: 'main.gd', startLine: 3, endLine: 4, kind: 'declarations', name: '', status: 'pending' },
  ],
};

test('godot verdict list: heading, verdict with counts, strongest evidence, fragments by state, each opening its place', () => {
  const items = verdictItems([REPORT]);
  assert.deepEqual(items.map((i) => i.label), [
    'game/godot3',
    '$(warning) Godot 3: needs migration',
    '$(lightbulb) Godot 3 evidence: yield(…, "timeout")',
    '$(list-flat) Fragments: 1 done, 1 interrupted, 1 pending',
    '$(pass-filled) done · game/godot3/hud.gd 1–1',
    '$(debug-pause) interrupted · game/godot3/hud.gd 6–10',
    '$(circle-large-outline) pending · game/godot3/main.gd 3–4',
  ]);
  assert.equal(items[0].separator, true);
  assert.equal(items[1].description, '24 fragments need migration, 0 Godot 4, 50 neutral');
  assert.equal(items[1].detail, '68 findings, 40 with a safe fix · 9 files · judged from the code; project.godot: config_version=4');
  const one = { ...REPORT.verdict!, counts: { godot3: 1, godot4: 0, neutral: 3 }, config: undefined };
  assert.deepEqual(verdictItems([{ ...REPORT, hasProjectFile: false, verdict: one }]).slice(1, 2).map((i) => [i.description, i.detail]), [['1 fragment needs migration, 0 Godot 4, 3 neutral', '68 findings, 40 with a safe fix · 9 files · judged from the code alone (no project.godot)']]);
  const none = { ...REPORT.verdict!, verdict: 'unknown' as const, counts: { godot3: 0, godot4: 0, neutral: 3 }, reason: 'no version-specific code and no project.godot', config: undefined };
  assert.equal(verdictItems([{ ...REPORT, verdict: none }])[1].detail, '68 findings, 40 with a safe fix · 9 files · no version-specific code and no project.godot');
  assert.equal(verdictItems([{ ...REPORT, verdict: undefined, running: true }])[1].label, '$(sync~spin) Analyzing…');
  assert.deepEqual(items[2].target, { folder: '/ws', path: 'game/godot3/hud.gd', startLine: 16, endLine: 16 });
  assert.deepEqual(items[5].target, { folder: '/ws', path: 'game/godot3/hud.gd', startLine: 6, endLine: 10 });
  assert.equal(verdictSentence([REPORT, { ...REPORT, dir: '', verdict: undefined, running: true }]), 'game/godot3: Godot 3: needs migration · (workspace folder): analyzing…');
  assert.equal(verdictSentence([]), 'No Godot project in the workspace (no project.godot, no GDScript).');
});
