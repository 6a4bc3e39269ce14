// The Godot 3 → 4 migration as the chat and the language-model tool render it: per project the
// verdict and its counts, then the findings grouped by file in reading order. Pure (no vscode):
// test/vscode-chat-migrate.test.ts.
import type { GodotFindingView, GodotProjectReport } from '../../lsp/protocol';
import { projectTitle, VERDICT } from '../godot/verdict-items';

export const NO_PROJECT = 'No Godot project in this workspace: no project.godot and no GDScript (.gd) file was found, so there is nothing to migrate.';
export const FIX_HOW =
  'Safe changes (marked "safe fix") can be applied from the editor: the quick fix (Ctrl+.) on a finding, or "Fix all safe Godot 4 changes in this file" from the same menu. The others need a person: read the message and the docs link.';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The verdict with its counts, or why there is none yet. */
export function verdictLine(p: GodotProjectReport): string {
  if (!p.verdict) return p.running ? 'still being analyzed' : 'not analyzed yet';
  const { godot3, godot4, neutral } = p.verdict.counts;
  return `${VERDICT[p.verdict.verdict] ?? p.verdict.verdict} (fragments: ${godot3} Godot 3, ${godot4} Godot 4, ${neutral} neutral)`;
}

export function findingsSummary(p: GodotProjectReport): string {
  if (!p.findings) return `No finding among its ${plural(p.files, 'file')}`;
  const where = p.findingList ? ` in ${new Set(p.findingList.map((f) => f.path)).size} of its ${plural(p.files, 'file')}` : ` among its ${plural(p.files, 'file')}`;
  return `${plural(p.findings, 'finding')}${where}, ${p.fixable} with a safe fix`;
}

/** The Godot 4 form, unless the message says it already. */
export function godot4Form(f: GodotFindingView): string | undefined {
  return f.godot4 && !f.message.includes(f.godot4) ? f.godot4 : undefined;
}

/** The findings of a project whose path contains `filter` (case-insensitive; all when empty). */
export function selectFindings(p: GodotProjectReport, filter = ''): GodotFindingView[] {
  const f = filter.trim().replace(/\\/g, '/').toLowerCase();
  return (p.findingList ?? []).filter((x) => !f || x.path.toLowerCase().includes(f));
}

/** Findings by file, files in path order and findings in line order. */
export function byFile(findings: GodotFindingView[]): [string, GodotFindingView[]][] {
  const files = new Map<string, GodotFindingView[]>();
  for (const f of findings) files.set(f.path, [...(files.get(f.path) ?? []), f]);
  return [...files.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, list]) => [path, list.sort((a, b) => a.line - b.line || a.column - b.column)]);
}

/** `12:5-12:18` (1-based; the end column exclusive, as the server reports it). */
export function rangeText(f: Pick<GodotFindingView, 'line' | 'column' | 'endLine' | 'endColumn'>): string {
  return `${f.line}:${f.column}-${f.endLine}:${f.endColumn}`;
}

/** One finding in a line of text, without its place. */
export function findingText(f: GodotFindingView): string {
  const form = godot4Form(f);
  const godot4 = form ? ` → Godot 4: ${form}` : '';
  const fix = f.replacement ? ` (safe fix: \`${f.replacement.text}\`)` : '';
  return `[${f.rule}] ${f.message}${godot4}${fix}`;
}

/** The language-model tool's result: every project's verdict and its findings with paths and ranges. */
export function migrationToolText(reports: GodotProjectReport[], filter = ''): string {
  if (!reports.length) return NO_PROJECT;
  const blocks = reports.map((p) => {
    const findings = selectFindings(p, filter);
    const head = `Godot project ${projectTitle(p)} (folder: ${p.folder}): ${verdictLine(p)}; ${findingsSummary(p)}.`;
    if (!findings.length) return `${head}\n${filter.trim() ? `No finding in a path containing "${filter.trim()}".` : 'No finding: nothing to change for Godot 4.'}`;
    const files = byFile(findings).map(([path, list]) => `${path}:\n${list.map((f) => `- ${rangeText(f)} ${f.severity} ${findingText(f)}${f.link ? ` (docs: ${f.link})` : ''}`).join('\n')}`);
    return `${head}\nFindings (paths relative to the workspace folder; line:column 1-based, end column exclusive):\n${files.join('\n')}`;
  });
  return `${blocks.join('\n\n')}\n\n${FIX_HOW}`;
}
