// The quality bar of the migration analysis on the fixture games (eval/godot.ts measures the same
// for `npm run eval`), the label prototypes' own examples, and the CLI (in-process, through its
// Io); the MCP tool is called in mcp.test.ts.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { runCli } from '../src/cli/commands';
import { capturingIo } from '../src/cli/io';
import { evaluateGodot } from '../eval/godot';
import { analyzeProject } from '../src/core/godot/analyze';
import { labelPrototypes } from '../src/core/godot/data';
import { parseGdscript } from '../src/core/godot/gdscript-tree';

const repo = path.join(__dirname, '..', '..');
const fixtures = path.join(repo, 'test', 'fixtures', 'godot');

test('godot quality: verdicts right with and without project.godot and from a bundle, recall ≥ 0.95 on Godot 3, no finding on Godot 4, fixes that parse', async () => {
  const s = await evaluateGodot();
  assert.ok(s.games.length >= 4);
  assert.equal(s.verdictsRight, s.verdicts, JSON.stringify(s.games.map((g) => [g.game, g.verdict3, g.verdict3NoProject, g.verdict3Bundle, g.verdict4, g.verdict4NoProject, g.verdict4Bundle])));
  assert.ok(s.recall >= 0.95, `recall ${s.recall}: ${s.games.flatMap((g) => g.missed).join(', ')}`);
  assert.equal(s.findingsOnGodot4, 0, s.games.flatMap((g) => g.findings4List).join('\n'));
  assert.ok(s.fixes > 40);
  assert.equal(s.fixesWithSyntaxErrors, 0);
});

test('godot quality: each label prototype\'s Godot 3 example is flagged by its rule, its Godot 4 form is not flagged', async () => {
  for (const p of labelPrototypes()) {
    // emit_signal("x") still works in Godot 4: that prototype documents a style, not a need.
    if (p.rule === 'api-style') continue;
    const three = await analyzeProject({ files: [{ path: 'p.gd', text: p.godot3 }] }, { retrieve: false });
    assert.ok(three.findings.some((f) => f.rule === p.rule), `${p.id}: ${three.findings.map((f) => f.rule).join(', ') || 'no finding'}`);
    const four = await analyzeProject({ files: [{ path: 'p.gd', text: p.godot4 }] }, { retrieve: false });
    assert.deepEqual(four.findings.map((f) => `${f.rule} ${f.message}`), [], p.id);
    for (const text of [p.godot3, p.godot4]) {
      const tree = await parseGdscript(text);
      assert.equal(tree.rootNode.hasError, false, `${p.id} example does not parse:\n${text}`);
      tree.delete();
    }
  }
});

test('godot cli: migrate --bundle prints the verdict and findings, --sarif a SARIF log with fixes; fragments lists a file', async () => {
  const run = async (...args: string[]) => {
    const io = capturingIo();
    assert.equal(await runCli(args, io), 0, io.stderr);
    return io.stdout;
  };
  const bundle = path.join(repo, 'test', 'fixtures', 'godot-seed', 'mini-dodge.bundle.txt');
  const text = await run('migrate', '--bundle', bundle, '--no-retrieval');
  assert.match(text, /^verdict: mixed/);
  assert.match(text, /enemy\.gd:1:9 error api-rename KinematicBody2D was renamed CharacterBody2D in Godot 4 {2}\[fix: CharacterBody2D\]/);
  assert.match(text, /excluded: README\.md — documentation is excluded by default in source analysis/);
  const sarif = JSON.parse(await run('migrate', '--bundle', bundle, '--no-retrieval', '--sarif'));
  assert.equal(sarif.version, '2.1.0');
  const result = sarif.runs[0].results.find((r: { ruleId: string }) => r.ruleId === 'api-rename');
  assert.deepEqual(result.locations[0].physicalLocation.region, { startLine: 1, startColumn: 9, endLine: 1, endColumn: 24 });
  assert.equal(result.fixes[0].artifactChanges[0].replacements[0].insertedContent.text, 'CharacterBody2D');
  const json = JSON.parse(await run('fragments', path.join(fixtures, 'dodge', 'godot3', 'hud.gd'), '--json'));
  assert.deepEqual(json.fragments.map((f: { kind: string; startLine: number }) => `${f.kind} ${f.startLine}`).slice(0, 3), ['extends 1', 'signal 3', 'function 6']);
});
