// The Godot 3 → 4 migration analysis measured on the fixture games (test/fixtures/godot/<game>/
// godot3 and godot4): the project verdict with and without project.godot and from a bundle; on
// Godot 3 code the recall (and precision) of the lines marked `# MIGRATE`; on Godot 4 code the
// number of findings (the target is none); and whether the quick fixes leave code the GDScript
// grammar parses without errors. `node out/eval/godot.js [--json]`; `npm run eval` prints it too.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyzeProject, type AnalysisResult } from '../src/core/godot/analyze';
import { joinBundle } from '../src/core/godot/bundle';
import { parseGdscript } from '../src/core/godot/gdscript-tree';
import { applyEdits } from '../src/core/godot/locate';
import type { SourceFile } from '../src/core/godot/model';
import { repoRoot } from './corpus';

export const FIXTURES = path.join(repoRoot, 'test', 'fixtures', 'godot');

/** Every file of a fixture project, with workspace-relative paths. */
export function readProject(dir: string): SourceFile[] {
  const out: SourceFile[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push({ path: path.relative(dir, p).split(path.sep).join('/'), text: fs.readFileSync(p, 'utf8') });
    }
  };
  walk(dir);
  return out;
}

/** `path:line` of every line marked as needing migration (scripts and shaders). */
export function markedLines(files: SourceFile[]): Set<string> {
  const out = new Set<string>();
  for (const f of files) f.text.split('\n').forEach((l, i) => /(#|\/\/) MIGRATE\s*$/.test(l) && out.add(`${f.path}:${i + 1}`));
  return out;
}

export interface GameMetrics {
  game: string;
  verdict3: string;
  verdict3NoProject: string;
  verdict3Bundle: string;
  verdict4: string;
  verdict4NoProject: string;
  verdict4Bundle: string;
  marked: number;
  found: number;
  recall: number;
  /** Share of the Godot 3 script lines with a finding that are marked. */
  precision: number;
  missed: string[];
  unmarked: string[];
  findings4: number;
  findings4List: string[];
  fixes: number;
  /** Files whose fixed text has syntax errors. */
  fixErrors: string[];
}

const isCode = (p: string) => /\.(gd|gdshader|shader)$/.test(p);

async function fixedTextErrors(files: SourceFile[], result: AnalysisResult): Promise<{ fixes: number; errors: string[] }> {
  let fixes = 0;
  const errors: string[] = [];
  for (const f of files.filter((x) => x.path.endsWith('.gd'))) {
    const edits = result.findings.filter((x) => x.path === f.path && x.replacement).map((x) => x.replacement!);
    fixes += edits.length;
    if (!edits.length) continue;
    const tree = await parseGdscript(applyEdits(f.text, edits));
    if (tree.rootNode.hasError) errors.push(f.path);
    tree.delete();
  }
  return { fixes, errors };
}

export async function evaluateGame(game: string): Promise<GameMetrics> {
  const three = readProject(path.join(FIXTURES, game, 'godot3'));
  const four = readProject(path.join(FIXTURES, game, 'godot4'));
  const noProject = (fs: SourceFile[]) => fs.filter((f) => path.posix.basename(f.path) !== 'project.godot');
  const run = (files: SourceFile[]) => analyzeProject({ files }, { retrieve: false });
  const r3 = await run(three);
  const r4 = await run(four);
  const marked = markedLines(three);
  const hit = new Set(r3.findings.filter((f) => isCode(f.path)).flatMap((f) => Array.from({ length: f.endLine - f.line + 1 }, (_, i) => `${f.path}:${f.line + i}`)));
  const found = [...marked].filter((m) => hit.has(m));
  const { fixes, errors } = await fixedTextErrors(three, r3);
  return {
    game,
    verdict3: r3.verdict.verdict,
    verdict3NoProject: (await run(noProject(three))).verdict.verdict,
    verdict3Bundle: (await analyzeProject({ bundleText: joinBundle(three) }, { retrieve: false })).verdict.verdict,
    verdict4: r4.verdict.verdict,
    verdict4NoProject: (await run(noProject(four))).verdict.verdict,
    verdict4Bundle: (await analyzeProject({ bundleText: joinBundle(four) }, { retrieve: false })).verdict.verdict,
    marked: marked.size,
    found: found.length,
    recall: marked.size ? found.length / marked.size : 1,
    precision: hit.size ? [...hit].filter((h) => marked.has(h)).length / hit.size : 1,
    missed: [...marked].filter((m) => !hit.has(m)),
    unmarked: [...hit].filter((h) => !marked.has(h)),
    findings4: r4.findings.length,
    findings4List: r4.findings.map((f) => `${f.path}:${f.line} ${f.rule} ${f.message}`),
    fixes,
    fixErrors: errors,
  };
}

export function games(): string[] {
  return fs.readdirSync(FIXTURES, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
}

export interface GodotSummary {
  games: GameMetrics[];
  verdictsRight: number;
  verdicts: number;
  recall: number;
  precision: number;
  findingsOnGodot4: number;
  fixes: number;
  fixesWithSyntaxErrors: number;
}

export async function evaluateGodot(): Promise<GodotSummary> {
  const out: GameMetrics[] = [];
  for (const g of games()) out.push(await evaluateGame(g));
  const verdicts = out.flatMap((m) => [m.verdict3 === 'godot3', m.verdict3NoProject === 'godot3', m.verdict3Bundle === 'godot3', m.verdict4 === 'godot4', m.verdict4NoProject === 'godot4', m.verdict4Bundle === 'godot4']);
  const marked = out.reduce((n, m) => n + m.marked, 0);
  const found = out.reduce((n, m) => n + m.found, 0);
  const flagged = out.reduce((n, m) => n + m.found + m.unmarked.length, 0);
  return {
    games: out,
    verdictsRight: verdicts.filter(Boolean).length,
    verdicts: verdicts.length,
    recall: marked ? found / marked : 1,
    precision: flagged ? found / flagged : 1,
    findingsOnGodot4: out.reduce((n, m) => n + m.findings4, 0),
    fixes: out.reduce((n, m) => n + m.fixes, 0),
    fixesWithSyntaxErrors: out.reduce((n, m) => n + m.fixErrors.length, 0),
  };
}

export function formatGodot(s: GodotSummary): string {
  const pct = (x: number) => x.toFixed(3);
  const lines = [
    'Godot 3 → 4 migration (fixture games, deterministic judge)',
    'game          verdict 3 (no project, bundle)   verdict 4 (no project, bundle)   recall  precision  findings on 4  fixes',
  ];
  for (const m of s.games) {
    lines.push(
      `${m.game.padEnd(13)} ${`${m.verdict3} (${m.verdict3NoProject}, ${m.verdict3Bundle})`.padEnd(32)} ${`${m.verdict4} (${m.verdict4NoProject}, ${m.verdict4Bundle})`.padEnd(32)} ${`${pct(m.recall)}`.padStart(6)}  ${pct(m.precision).padStart(9)}  ${String(m.findings4).padStart(13)}  ${m.fixes}${m.fixErrors.length ? ` (${m.fixErrors.length} with syntax errors)` : ''}`,
    );
    for (const x of m.missed) lines.push(`  missed ${x}`);
    for (const x of m.findings4List) lines.push(`  on Godot 4: ${x}`);
  }
  lines.push(`verdicts right ${s.verdictsRight}/${s.verdicts}; recall of marked lines ${pct(s.recall)}; precision ${pct(s.precision)}; findings on Godot 4 code ${s.findingsOnGodot4}; ${s.fixes} quick fixes, ${s.fixesWithSyntaxErrors} files with syntax errors after fixing`);
  return lines.join('\n');
}

if (require.main === module) {
  evaluateGodot().then(
    (s) => console.log(process.argv.includes('--json') ? JSON.stringify(s, null, 1) : formatGodot(s)),
    (err) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
