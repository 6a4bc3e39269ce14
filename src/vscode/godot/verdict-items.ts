// The project verdict as the "Analyze Godot Migration" pick list shows it: per project a heading,
// the verdict with its counts, the strongest evidence, then every fragment as done, interrupted or
// pending in the resumable run. Pure: no `vscode`, so it is tested in Node.
import type { GodotProjectReport } from '../../lsp/protocol';

export interface VerdictItem {
  label: string;
  description?: string;
  detail?: string;
  /** A separator row (the project's heading). */
  separator?: boolean;
  /** Where choosing the row goes: the workspace folder, the path relative to it, 1-based lines. */
  target?: { folder: string; path: string; startLine: number; endLine: number };
}

export const VERDICT: Record<string, string> = {
  godot3: 'Godot 3: needs migration',
  godot4: 'Godot 4',
  mixed: 'Mixed: Godot 3 code beside Godot 4 code',
  unknown: 'No Godot code to judge',
};
const VERDICT_ICON: Record<string, string> = { godot3: 'warning', godot4: 'pass', mixed: 'warning', unknown: 'question' };
const STATUS_ICON: Record<string, string> = { done: 'pass-filled', interrupted: 'debug-pause', pending: 'circle-large-outline' };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const join = (dir: string, file: string) => (dir ? `${dir}/${file}` : file);

export function projectTitle(p: GodotProjectReport): string {
  return p.dir || '(workspace folder)';
}

/** One line for a notification or the pick list's title. */
export function verdictSentence(reports: GodotProjectReport[]): string {
  if (!reports.length) return 'No Godot project in the workspace (no project.godot, no GDScript).';
  return reports.map((p) => `${projectTitle(p)}: ${p.verdict ? VERDICT[p.verdict.verdict] : p.running ? 'analyzing…' : 'not analyzed yet'}`).join(' · ');
}

/** What the verdict row's label does not say already: where the version came from. */
function verdictDetail(v: NonNullable<GodotProjectReport['verdict']>, hasProjectFile: boolean): string {
  // No version-specific code: the judge's reason is the whole story.
  if (!v.counts.godot3 && !v.counts.godot4) return v.reason;
  if (v.config) return `judged from the code; project.godot: ${v.config.what}`;
  return `judged from the code alone (${hasProjectFile ? 'project.godot gives no version' : 'no project.godot'})`;
}

export function verdictItems(reports: GodotProjectReport[]): VerdictItem[] {
  const items: VerdictItem[] = [];
  for (const p of reports) {
    const counts = p.fragments.reduce<Record<string, number>>((n, f) => ((n[f.status] = (n[f.status] ?? 0) + 1), n), {});
    // The heading names the project only: VS Code draws it at the right of the first row, where a long one hides that row's counts.
    items.push({ label: projectTitle(p), separator: true });
    if (p.verdict) {
      const v = p.verdict;
      items.push({
        label: `$(${VERDICT_ICON[v.verdict]}) ${VERDICT[v.verdict]}`,
        description: `${plural(v.counts.godot3, 'fragment')} ${v.counts.godot3 === 1 ? 'needs' : 'need'} migration, ${v.counts.godot4} Godot 4, ${v.counts.neutral} neutral`,
        detail: `${plural(p.findings, 'finding')}, ${p.fixable} with a safe fix · ${plural(p.files, 'file')} · ${verdictDetail(v, p.hasProjectFile)}`,
      });
      for (const e of v.strongest) {
        items.push({
          label: `$(lightbulb) ${e.version === 'godot3' ? 'Godot 3' : 'Godot 4'} evidence: ${e.what}`,
          description: `${join(p.dir, e.path)}:${e.line} · ${e.rule}`,
          detail: e.message,
          target: { folder: p.folder, path: join(p.dir, e.path), startLine: e.line, endLine: e.line },
        });
      }
    } else {
      items.push({ label: p.running ? '$(sync~spin) Analyzing…' : '$(circle-large-outline) Not analyzed yet' });
    }
    items.push({
      label: `$(list-flat) Fragments: ${counts.done ?? 0} done, ${counts.interrupted ?? 0} interrupted, ${counts.pending ?? 0} pending`,
      description: p.running ? 'a run is under way' : 'the resumable run\'s state',
    });
    for (const f of p.fragments) {
      items.push({
        // With the project's folder: two projects (a port beside the original) share file names.
        label: `$(${STATUS_ICON[f.status]}) ${f.status} · ${join(p.dir, f.path)} ${f.startLine}–${f.endLine}`,
        description: `${f.kind}${f.name ? ` ${f.name}` : ''}`,
        target: { folder: p.folder, path: join(p.dir, f.path), startLine: f.startLine, endLine: f.endLine },
      });
    }
  }
  return items;
}
