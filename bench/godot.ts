// The Godot migration analysis' speed: 10,000+ lines of GDScript (the fixture games, Godot 3 and
// Godot 4 versions, copied under distinct folders) through the deterministic judge, then the same
// with the three-table retrieval, then a resumed run over a saved state (nothing left to judge).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { analyzeProject } from '../src/core/godot/analyze';
import { Retriever } from '../src/core/godot/retriever';
import type { SourceFile } from '../src/core/godot/model';
import { FIXTURES, games, readProject } from '../eval/godot';
import { round } from './stats';

export function godotCorpus(minLines = 10_000): { files: SourceFile[]; gdLines: number } {
  const projects = games().flatMap((g) => ['godot3', 'godot4'].map((v) => readProject(path.join(FIXTURES, g, v))));
  const files: SourceFile[] = [];
  let gdLines = 0;
  for (let copy = 0; gdLines < minLines; copy++) {
    projects.forEach((p, i) => {
      for (const f of p) {
        files.push({ path: `copy${copy}/p${i}/${f.path}`, text: f.text });
        if (f.path.endsWith('.gd')) gdLines += f.text.split('\n').length;
      }
    });
  }
  return { files, gdLines };
}

export async function godotScenario() {
  const { files, gdLines } = godotCorpus();
  // Warm: the grammar and the class references load once per process (~0.5 s), not per run.
  await analyzeProject({ files: files.slice(0, 5) }, { retrieve: false });
  let t = performance.now();
  const judged = await analyzeProject({ files }, { retrieve: false });
  const judgeSeconds = (performance.now() - t) / 1000;
  t = performance.now();
  const retriever = new Retriever();
  const retrieverBuildSeconds = (performance.now() - t) / 1000;
  const state = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'coderag-godot-bench-')), 'state.jsonl');
  t = performance.now();
  const full = await analyzeProject({ files }, { retriever, state });
  const withRetrievalSeconds = (performance.now() - t) / 1000;
  t = performance.now();
  const resumed = await analyzeProject({ files }, { retriever, state });
  const resumedSeconds = (performance.now() - t) / 1000;
  fs.rmSync(path.dirname(state), { recursive: true, force: true });
  return {
    gdscriptLines: gdLines,
    files: files.length,
    fragments: judged.fragments.length,
    findings: judged.findings.length,
    judgeSeconds: round(judgeSeconds),
    gdscriptLinesPerSecond: round(gdLines / judgeSeconds, 0),
    retrieverBuildSeconds: round(retrieverBuildSeconds),
    withRetrievalSeconds: round(withRetrievalSeconds),
    candidatesPerFragment: round(full.fragments.reduce((n, f) => n + f.candidates.length, 0) / full.fragments.length),
    resumedSeconds: round(resumedSeconds),
    resumedJudged: resumed.judged,
  };
}
