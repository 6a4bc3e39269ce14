// `coderag migrate` and `coderag fragments`: the Godot 3 → 4 migration analysis from the command
// line. Argument parsing and printing only; the analysis is the core's (service/api.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  type AnalysisResult,
  analyzeProject,
  applyEdits,
  type Finding,
  type FragmentReport,
  fragmentsOf,
  type LlmOptions,
  loadClassProse,
  Retriever,
  runStatus,
  toSarif,
} from '../core/service/api';
import { parse } from './args';
import type { Io } from './io';

export const MIGRATE_USAGE = [
  '  coderag migrate [--root DIR | --bundle FILE] [--json | --sarif] [--state FILE] [--status] [--fix] [--progress] [--no-retrieval] [--class-ref DIR] [--llm-endpoint URL --llm-model M]',
  '  coderag fragments FILE [--hints] [--json]',
];

class MigrateUsageError extends Error {}

function input(values: Record<string, unknown>): { root?: string; bundleText?: string; statePath?: string } {
  if (values.root && values.bundle) throw new MigrateUsageError('--root and --bundle exclude each other');
  if (values.bundle) {
    const file = path.resolve(values.bundle as string);
    return { bundleText: fs.readFileSync(file, 'utf8'), statePath: values.state ? path.resolve(values.state as string) : undefined };
  }
  const root = path.resolve((values.root as string) ?? process.cwd());
  if (!fs.statSync(root, { throwIfNoEntry: false })?.isDirectory()) throw new MigrateUsageError(`--root ${root}: no such folder`);
  return { root, statePath: path.resolve((values.state as string) ?? path.join(root, '.coderag', 'godot-migration.jsonl')) };
}

function llmOf(values: Record<string, unknown>): LlmOptions | undefined {
  const endpoint = (values['llm-endpoint'] as string | undefined) ?? process.env.CODERAG_LLM_ENDPOINT;
  const model = (values['llm-model'] as string | undefined) ?? process.env.CODERAG_LLM_MODEL;
  if (!endpoint && !model) return undefined;
  if (!endpoint || !model) throw new MigrateUsageError('--llm-endpoint and --llm-model go together (an OpenAI-compatible API, e.g. http://localhost:11434/v1 and a model name)');
  return { endpoint, model, apiKey: process.env.CODERAG_LLM_API_KEY };
}

function findingLine(f: Finding): string {
  const fix = f.replacement ? `  [fix: ${f.replacement.text.replace(/\n/g, '⏎')}]` : '';
  return `${f.path}:${f.line}:${f.column} ${f.severity} ${f.rule} ${f.message}${fix}`;
}

function summaryText(r: AnalysisResult): string {
  const v = r.verdict;
  const lines = [`verdict: ${v.verdict} (${v.reason})`];
  for (const e of r.excluded) lines.push(`excluded: ${e.path} — ${e.reason}`);
  for (const f of r.findings) lines.push(findingLine(f));
  const by = (s: string) => r.findings.filter((f) => f.severity === s).length;
  lines.push(
    `${r.findings.length} findings (${by('error')} errors, ${by('warning')} warnings, ${by('information')} information), ${r.findings.filter((f) => f.replacement).length} with a safe fix; ${r.fragments.length} fragments in ${r.files} files (${r.judged} judged, ${r.reused} from the saved state)`,
  );
  return lines.join('\n');
}

/** Safe fixes written to the files they belong to (folder input only). */
function writeFixes(root: string, findings: Finding[]): number {
  let files = 0;
  const byPath = new Map<string, Finding[]>();
  for (const f of findings) if (f.replacement) byPath.set(f.path, [...(byPath.get(f.path) ?? []), f]);
  for (const [rel, fs_] of byPath) {
    const abs = path.join(root, rel);
    fs.writeFileSync(abs, applyEdits(fs.readFileSync(abs, 'utf8'), fs_.map((f) => f.replacement!)));
    files++;
  }
  return files;
}

export async function runMigrate(argv: string[], io: Io): Promise<number> {
  const { values } = parse('migrate', argv);
  try {
    const { root, bundleText, statePath } = input(values);
    if (values.json && values.sarif) throw new MigrateUsageError('--json and --sarif exclude each other');
    if (values.fix && !root) throw new MigrateUsageError('--fix writes files: it needs --root, not --bundle');
    if (values.status) {
      if (!statePath) throw new MigrateUsageError('--status reads a state file: give --state FILE');
      const list = await runStatus({ root, bundleText }, statePath);
      if (values.json) io.out(JSON.stringify(list, null, 1));
      else for (const s of list) io.out(`${s.path} ${s.startLine === s.endLine ? s.startLine : `${s.startLine}-${s.endLine}`} ${s.kind} ${s.name}: ${s.status}`);
      return 0;
    }
    const retrieve = !values['no-retrieval'];
    const retriever = retrieve && values['class-ref'] ? new Retriever(loadClassProse(path.resolve(values['class-ref'] as string))) : undefined;
    const onFragment = values.progress
      ? (f: FragmentReport, i: number, total: number) => io.err(`[${i + 1}/${total}] ${f.path} ${f.startLine}-${f.endLine} ${f.kind} ${f.name}: ${f.status === 'reused' ? 'done (saved)' : f.status === 'judged' ? `done, ${f.judgment.verdict}` : 'pending'}`)
      : undefined;
    const result = await analyzeProject({ root, bundleText }, { state: statePath, retrieve, retriever, llm: llmOf(values), onFragment });
    if (values.sarif) io.out(JSON.stringify(toSarif(result.findings), null, 1));
    else if (values.json) io.out(JSON.stringify({ verdict: result.verdict, findings: result.findings, excluded: result.excluded, files: result.files, fragments: result.fragments.length, judged: result.judged, reused: result.reused, ...(result.llmErrors ? { llmErrors: result.llmErrors } : {}) }, null, 1));
    else io.out(summaryText(result));
    if (values.fix && root) io.err(`coderag: safe fixes written to ${writeFixes(root, result.findings)} file(s)`);
    for (const e of result.llmErrors ?? []) io.err(`coderag: language model: ${e} (kept the deterministic judgment)`);
    return 0;
  } catch (err) {
    if (err instanceof MigrateUsageError) {
      io.err(`coderag: ${err.message}\nUsage:\n${MIGRATE_USAGE[0]}`);
      return 2;
    }
    throw err;
  }
}

export async function runFragments(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse('fragments', argv);
  const file = positionals[0];
  if (!file) {
    io.err(`coderag: fragments needs a file\nUsage:\n${MIGRATE_USAGE[1]}`);
    return 2;
  }
  const abs = path.resolve(file);
  const base = values.root ? path.resolve(values.root as string) : path.dirname(abs);
  const rel = path.relative(base, abs).split(path.sep).join('/');
  const { fragments, excluded } = await fragmentsOf(rel, fs.readFileSync(abs, 'utf8'));
  let hinted: FragmentReport[] | undefined;
  if (values.hints) hinted = (await analyzeProject({ files: [{ path: rel, text: fs.readFileSync(abs, 'utf8') }] }, { retrieve: false })).fragments;
  if (values.json) {
    io.out(JSON.stringify({ path: rel, excluded, fragments: hinted ?? fragments }, null, 1));
    return 0;
  }
  if (excluded) io.out(`${rel}: excluded — ${excluded.reason}`);
  (hinted ?? fragments).forEach((f, i) => {
    io.out(`${f.startLine === f.endLine ? f.startLine : `${f.startLine}-${f.endLine}`}\t${f.kind}\t${f.name}`);
    const h = hinted?.[i];
    if (h) io.out(`\thints: ${h.hints.map((x) => x.text).join(', ') || '(none)'}\n\tjudgment: ${h.judgment.verdict}${h.judgment.evidence.length ? ` — ${h.judgment.evidence.map((e) => `${e.version} ${e.what}`).join('; ')}` : ''}`);
  });
  return 0;
}
