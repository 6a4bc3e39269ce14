// The analysis, step by step as the Godot seed lays it out: files (a folder, or a bundle split at
// its headers) → routing (documentation and non-Godot files listed as excluded) → fragments per
// file type → per fragment: hints from its text, candidates from the three tables, the
// deterministic judgment (optionally re-validated by a language model), saved as it completes →
// findings → the project verdict. The path only travels with a fragment for tracking.
import * as fs from 'node:fs';
import { scanWorkspace } from '../scan/walker';
import { readSourceText } from '../scan/content';
import { splitBundle } from './bundle';
import { DOCUMENTATION_EXCLUDED, isRoute, routeOf } from './route';
import { ProjectContext } from './context';
import { type CutFile, cutFile } from './fragments';
import { judgeGdscript } from './gd-judge';
import { gdscriptHints, MIGRATION_TERMS, textHints } from './hints';
import { type ChatFn, type LlmOptions, openAiChat, revalidate } from './llm';
import { Locator } from './locate';
import type { Candidate, Evidence, Exclusion, Finding, Hint, Judgment, MigrationFragment, ProjectVerdict, SourceFile, Span } from './model';
import { collectLocals, emptyLocals } from './receiver';
import { Retriever } from './retriever';
import { severityOf } from './rules';
import { type DoneEntry, type FragmentStatus, RunState } from './run-state';
import { judgeCsharp, judgeProject, judgeResource, judgeShader } from './text-judge';
import { fragmentVerdict, projectVerdict } from './verdict';
import { createHash } from 'node:crypto';

/** Bumped when the judge changes what it decides: saved judgments of older judges are redone. */
export const JUDGE_VERSION = 2;

export interface AnalyzeInput {
  /** A workspace folder, walked with the index's own rules (.gitignore, built-in excludes). */
  root?: string;
  /** A bundle: files concatenated, each under `# <relative path>`. */
  bundleText?: string;
  files?: SourceFile[];
}

export interface AnalyzeOptions {
  /** The resumable state file; without it the run keeps its state in memory. */
  state?: string;
  /** Search the three tables for each fragment (default true); the judge does not need it. */
  retrieve?: boolean;
  /** A retriever already built (it takes a second or two): reused across runs in one process. */
  retriever?: Retriever;
  /** Adds "Godot 3", "Godot 4", "migration" to each fragment's hints (default true). */
  migrationRequest?: boolean;
  /** An OpenAI-compatible endpoint that re-validates each fragment with evidence (the CLI's --llm-*). */
  llm?: LlmOptions;
  /** Any other way to reach a model (the editor's); wins over `llm`. */
  chat?: ChatFn;
  /** Called after each fragment, in order, with what happened to it; a promise returned is awaited (a host gives its thread back to other work). */
  onFragment?: (f: FragmentReport, index: number, total: number) => void | Promise<void>;
  /** Stop after this many fragments were judged (tests and the debug view step through a run). */
  maxJudged?: number;
}

export interface FragmentReport extends MigrationFragment {
  hints: Hint[];
  candidates: Candidate[];
  judgment: Judgment;
  /** 'judged' in this run, 'reused' from the state, or 'pending' (not reached: maxJudged). */
  status: 'judged' | 'reused' | 'pending';
  /** The editor's later model pass (model-pass.ts): what it did to this fragment's judgment. */
  model?: ModelPassNote;
}

export interface ModelPassNote {
  state: 'done' | 'failed';
  /** Why the deterministic judgment stands (failed). */
  error?: string;
  /** Evidence of the deterministic judge that the model dropped (done). */
  dropped?: Evidence[];
}

export interface AnalysisResult {
  verdict: ProjectVerdict;
  findings: Finding[];
  fragments: FragmentReport[];
  excluded: Exclusion[];
  files: number;
  /** Fragments judged in this run and reused from the state. */
  judged: number;
  reused: number;
  llmErrors?: string[];
}

/** The files of the input, in path order. */
export function inputFiles(input: AnalyzeInput): { files: SourceFile[]; excluded: Exclusion[] } {
  if (input.files) return { files: input.files, excluded: [] };
  if (input.bundleText !== undefined) return { files: splitBundle(input.bundleText), excluded: [] };
  if (!input.root) throw new Error('analyzeProject needs a root folder, a bundle text or files');
  const scan = scanWorkspace(input.root);
  const files = scan.files.map((f) => ({ path: f.path, text: readSourceText(f.absPath) })).sort((a, b) => (a.path < b.path ? -1 : 1));
  // Skipped files worth listing: Godot sources the scan turned away (ignored, too large…).
  const godotSource = (p: string) => isRoute(routeOf(p));
  return { files, excluded: scan.skipped.filter((s) => s.reason !== 'default-exclude' && godotSource(s.path)).map((s) => ({ path: s.path, reason: `${s.reason}${s.detail ? ` (${s.detail})` : ''}` })) };
}

const emptyJudgment = (): Judgment => ({ verdict: 'neutral', evidence: [], by: 'rules' });

/** Judges one cut file's fragments with what the project knows: evidence per fragment, in order. */
export function judgeCut(cut: CutFile, project: ProjectContext): { hints: Hint[]; evidence: Evidence[] }[] {
  const at = new Locator(cut.text);
  if (cut.route === 'gdscript' && cut.tree && cut.pieces) {
    const ctx = project.scriptContext(cut.path);
    // Script-level declarations: top-level statements only (functions keep their own).
    const scriptLocals = emptyLocals();
    for (const n of cut.tree.rootNode.namedChildren) if (n && /variable_statement|const_statement/.test(n.type)) collectLocals(n, scriptLocals);
    return cut.pieces.map((piece) => ({
      hints: gdscriptHints(piece.nodes, piece.startRow, piece.endRow),
      evidence: judgeGdscript({ piece, ctx, scriptLocals, userClasses: project.userClasses, projectNames: project.projectNames, at }),
    }));
  }
  return cut.fragments.map((f) => ({
    hints: textHints(f),
    evidence: cut.route === 'project' ? judgeProject(f, at) : cut.route === 'resource' ? judgeResource(f, at) : cut.route === 'shader' ? judgeShader(f, at) : judgeCsharp(f, at, project.projectNames),
  }));
}

/**
 * A saved judgment where its fragment now starts. The key is the fragment's content, so lines
 * added above it (or an identical fragment elsewhere) reuse it: its evidence keeps its offsets from
 * the fragment's start, not its old lines (the squiggles landed where the code had been).
 */
function movedTo(saved: DoneEntry, startLine: number): DoneEntry {
  const by = startLine - (saved.startLine ?? startLine);
  if (!by) return saved;
  const shift = <S extends Span>(s: S): S => ({ ...s, line: s.line + by, endLine: s.endLine + by });
  const evidence = saved.judgment.evidence.map((e) => ({ ...shift(e), ...(e.replacement ? { replacement: shift(e.replacement) } : {}) }));
  return { ...saved, startLine, judgment: { ...saved.judgment, evidence } };
}

/** The key a fragment's saved judgment is stored under: its content and what its judgment depends on. */
function stateKey(f: MigrationFragment, contextDigest: string): string {
  return createHash('sha1').update(`${JUDGE_VERSION}\u0000${f.key}\u0000${contextDigest}`).digest('hex').slice(0, 24);
}

export async function analyzeProject(input: AnalyzeInput, opts: AnalyzeOptions = {}): Promise<AnalysisResult> {
  const { files, excluded } = inputFiles(input);
  const project = new ProjectContext(files);
  const state = RunState.open(opts.state);
  const retrieve = opts.retrieve !== false;
  let retriever = opts.retriever;
  const reports: FragmentReport[] = [];
  const llmErrors: string[] = [];
  let judged = 0;
  let reused = 0;
  const live = new Set<string>();
  const cuts: CutFile[] = [];
  for (const f of files) {
    const cut = await cutFile(f.path, f.text, true);
    // Documentation is listed with its reason; other non-Godot files (images, licences) are simply not sources.
    if ('reason' in cut) {
      if (cut.reason === DOCUMENTATION_EXCLUDED) excluded.push(cut);
    }
    else cuts.push(cut);
  }
  const total = cuts.reduce((n, c) => n + c.fragments.length, 0);
  const chat = opts.chat ?? (opts.llm ? openAiChat(opts.llm) : undefined);
  try {
    for (const cut of cuts) {
      // Judged lazily: a file whose every fragment is saved is never judged again (nor parsed twice).
      let fresh: { hints: Hint[]; evidence: Evidence[] }[] | undefined;
      for (let i = 0; i < cut.fragments.length; i++) {
        const f = cut.fragments[i];
        const key = stateKey(f, cut.route === 'gdscript' ? project.digest(cut.path, f.text) : '');
        live.add(key);
        const saved = state.get(key);
        let report: FragmentReport;
        if (saved) {
          report = { ...f, ...movedTo(saved, f.startLine), status: 'reused' };
          reused++;
        } else if (opts.maxJudged !== undefined && judged >= opts.maxJudged) {
          report = { ...f, hints: [], candidates: [], judgment: emptyJudgment(), status: 'pending' };
        } else {
          state.start(key);
          fresh ??= judgeCut(cut, project);
          const { evidence } = fresh[i];
          const hints = opts.migrationRequest === false ? fresh[i].hints : [...fresh[i].hints, ...MIGRATION_TERMS];
          if (retrieve) retriever ??= new Retriever();
          const candidates = retrieve ? retriever!.search(hints) : [];
          let judgment: Judgment = { verdict: fragmentVerdict(evidence), evidence, by: 'rules' };
          if (chat && evidence.length) {
            const checked = await revalidate(chat, f, hints, candidates, judgment, { timeoutMs: opts.llm?.timeoutMs });
            if (checked.llmError) llmErrors.push(`${f.path}:${f.startLine}: ${checked.llmError}`);
            const { llmError: _, ...rest } = checked;
            judgment = rest;
          }
          state.finish(key, { judgment, hints, candidates, startLine: f.startLine });
          report = { ...f, hints, candidates, judgment, status: 'judged' };
          judged++;
        }
        reports.push(report);
        await opts.onFragment?.(report, reports.length - 1, total);
      }
      cut.tree?.delete();
      cut.tree = undefined;
    }
  } finally {
    for (const c of cuts) c.tree?.delete();
    if (opts.maxJudged === undefined) state.compact(live);
    else state.close();
  }
  const { findings, verdict } = summarize(reports);
  return { verdict, findings, fragments: reports, excluded, files: files.length, judged, reused, ...(llmErrors.length ? { llmErrors } : {}) };
}

/** The findings and the project verdict of judged fragments (pending ones count for neither). */
export function summarize(reports: FragmentReport[]): { findings: Finding[]; verdict: ProjectVerdict } {
  const judged = reports.filter((r) => r.status !== 'pending');
  return { findings: judged.flatMap(findingsOf), verdict: projectVerdict(judged.map((r) => ({ judgment: r.judgment, isConfig: r.route === 'project' && r.kind === 'preamble' }))) };
}

/** Godot 3 evidence as findings: what an editor squiggles and a CI lists. */
export function findingsOf(r: FragmentReport): Finding[] {
  return r.judgment.evidence
    .filter((e) => e.version === 'godot3')
    .map((e) => ({
      path: r.path,
      line: e.line,
      column: e.column,
      endLine: e.endLine,
      endColumn: e.endColumn,
      rule: e.rule,
      severity: severityOf(e.confidence),
      confidence: e.confidence,
      message: e.message,
      ...(e.godot4 ? { godot4: e.godot4 } : {}),
      ...(e.replacement ? { replacement: e.replacement } : {}),
      ...(e.link ? { link: e.link } : {}),
      fragment: r.key,
    }));
}

/** Each fragment's status in a state file, without judging anything (`coderag migrate --status`). */
export async function runStatus(input: AnalyzeInput, statePath: string): Promise<{ path: string; startLine: number; endLine: number; kind: string; name: string; key: string; status: FragmentStatus }[]> {
  const { files } = inputFiles(input);
  const project = new ProjectContext(files);
  const state = RunState.open(fs.existsSync(statePath) ? statePath : undefined);
  const out: { path: string; startLine: number; endLine: number; kind: string; name: string; key: string; status: FragmentStatus }[] = [];
  for (const f of files) {
    const cut = await cutFile(f.path, f.text);
    if ('reason' in cut) continue;
    // A fragment whose content and context equal one already judged shares its saved judgment: done.
    for (const fr of cut.fragments) {
      const key = stateKey(fr, cut.route === 'gdscript' ? project.digest(cut.path, fr.text) : '');
      out.push({ path: fr.path, startLine: fr.startLine, endLine: fr.endLine, kind: fr.kind, name: fr.name, key, status: state.status(key) });
    }
  }
  return out;
}
