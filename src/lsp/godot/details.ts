// What the editor's Godot views show, built from the analysis: the debug view's fragment (what was
// sent to the search kept apart from what only travels with it) and the project verdict with each
// fragment's place in the resumable run.
import { type AnalysisResult, type Candidate, type Evidence, type Finding, type FragmentReport, Retriever, runStatus, type Span, wantsModel } from '../../core/service/api';
import type { GodotCandidate, GodotEvidenceView, GodotFindingView, GodotFragmentDetails, GodotProjectReport } from '../protocol';
import type { ProjectAnalysis } from './project';

/** The narrowest fragment of a file holding a 1-based line. */
export function fragmentAtLine(result: AnalysisResult, rel: string, line: number): FragmentReport | undefined {
  let best: FragmentReport | undefined;
  for (const f of result.fragments) {
    if (f.path !== rel || line < f.startLine || line > f.endLine) continue;
    if (!best || f.endLine - f.startLine < best.endLine - best.startLine) best = f;
  }
  return best;
}

function evidenceView(e: Evidence): GodotEvidenceView {
  return {
    version: e.version,
    rule: e.rule,
    confidence: e.confidence,
    what: e.what,
    ...(e.godot4 ? { godot4: e.godot4 } : {}),
    message: e.message,
    line: e.line,
    column: e.column,
    endLine: e.endLine,
    endColumn: e.endColumn,
    support: e.support,
    ...(e.replacement ? { fix: e.replacement.text } : {}),
    ...(e.link ? { link: e.link } : {}),
  };
}

function byTable(candidates: Candidate[]): GodotFragmentDetails['candidates'] {
  const out: GodotFragmentDetails['candidates'] = { api_mapping: [], label_prototypes: [], docs_chunks: [] };
  for (const c of candidates) out[c.table].push({ id: c.id, title: c.title, score: Math.round(c.score * 1000) / 1000 } satisfies GodotCandidate);
  return out;
}

/**
 * The debug view's content for one fragment. Candidates are those the retriever returns for the
 * fragment's own hints: the editor's runs do not retrieve (the judge does not need it), so they are
 * searched here, the same way `coderag migrate` does, when the view asks.
 */
export function fragmentDetails(project: ProjectAnalysis, f: FragmentReport, retriever: Retriever, modelOn = false): GodotFragmentDetails {
  const candidates = f.candidates.length ? f.candidates : retriever.search(f.hints);
  const j = f.judgment;
  return {
    tracking: { folder: project.folder, project: project.dir, path: f.path, startLine: f.startLine, endLine: f.endLine, route: f.route, kind: f.kind, name: f.name, key: f.key, status: f.status },
    sent: { text: f.text, hints: f.hints.map((h) => ({ kind: h.kind, text: h.text, ...(h.line !== undefined ? { line: h.line } : {}) })) },
    candidates: byTable(candidates),
    judgment: {
      verdict: j.verdict,
      by: j.by,
      ...(j.explanation ? { explanation: j.explanation } : {}),
      evidence: j.evidence.map(evidenceView),
      ...(j.model ? { model: j.model } : {}),
      modelState: modelState(f, modelOn),
      ...(f.model?.error ? { modelError: f.model.error } : {}),
      ...(f.model?.dropped?.length ? { dropped: f.model.dropped.map(evidenceView) } : {}),
    },
  };
}

function modelState(f: FragmentReport, modelOn: boolean): NonNullable<GodotFragmentDetails['judgment']['modelState']> {
  if (!modelOn) return 'off';
  if (f.model) return f.model.state;
  return wantsModel(f) ? 'pending' : 'not-needed';
}

const sameSpot = (a: Evidence, b: Evidence) => a.rule === b.rule && a.line === b.line && a.column === b.column && a.what === b.what;

/** The verdict's strongest evidence with the file each piece is in (the core's verdict keeps the evidence alone). */
function strongest(result: AnalysisResult): NonNullable<GodotProjectReport['verdict']>['strongest'] {
  const out: NonNullable<GodotProjectReport['verdict']>['strongest'] = [];
  for (const e of [...result.verdict.strongest.godot3, ...result.verdict.strongest.godot4]) {
    const holder = result.fragments.find((f) => f.judgment.evidence.some((x) => sameSpot(x, e)));
    out.push({ path: holder?.path ?? '', version: e.version, rule: e.rule, what: e.what, line: e.line, message: e.message });
  }
  return out;
}

const span = (s: Span) => ({ line: s.line, column: s.column, endLine: s.endLine, endColumn: s.endColumn });

/** The findings as chat and tools read them: paths from the workspace folder, as `coderag migrate --json` lists them. */
function findingList(project: ProjectAnalysis, findings: Finding[]): GodotFindingView[] {
  const dir = project.dir;
  return findings.map((f) => ({
    path: dir ? `${dir}/${f.path}` : f.path,
    ...span(f),
    rule: f.rule,
    severity: f.severity,
    message: f.message,
    ...(f.godot4 ? { godot4: f.godot4 } : {}),
    ...(f.replacement ? { replacement: { ...span(f.replacement), text: f.replacement.text } } : {}),
    ...(f.link ? { link: f.link } : {}),
  }));
}

export async function projectReport(project: ProjectAnalysis, withFindings = false): Promise<GodotProjectReport> {
  const result = project.shown;
  const fragments = await runStatus({ files: project.files() }, project.statePath);
  return {
    folder: project.folder,
    dir: project.dir,
    hasProjectFile: project.hasProjectFile,
    running: project.busy,
    files: project.paths().length,
    ...(result
      ? {
          verdict: {
            verdict: result.verdict.verdict,
            counts: result.verdict.counts,
            reason: result.verdict.reason,
            ...(result.verdict.config ? { config: result.verdict.config } : {}),
            strongest: strongest(result),
          },
        }
      : {}),
    findings: result?.findings.length ?? 0,
    fixable: result?.findings.filter((f) => f.replacement).length ?? 0,
    fragments: fragments.map((f) => ({ path: f.path, startLine: f.startLine, endLine: f.endLine, kind: f.kind, name: f.name, status: f.status })),
    ...(withFindings ? { findingList: findingList(project, result?.findings ?? []) } : {}),
  };
}
