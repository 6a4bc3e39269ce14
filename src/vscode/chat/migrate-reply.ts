// `@coderag /migrate [path]`: the Godot 3 → 4 migration of the workspace's Godot projects — the
// verdict and its counts, then every finding grouped by file, each an anchor to its exact range
// with the Godot 4 form, and how to apply the safe fixes. No language model involved: the list is
// the language server's analysis (coderag/godot/projects), waited for while it runs.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { GodotFindingView } from '../../lsp/protocol';
import { projectTitle } from '../godot/verdict-items';
import { byFile, FIX_HOW, findingsSummary, godot4Form, NO_PROJECT, selectFindings, verdictLine } from './migrate-text';
import type { Reply } from './reply';

/** Past this a project's list stops: the Problems view and the tool have them all. */
const FINDINGS_SHOWN = 200;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
const inline = (s: string) => s.replace(/`/g, "'").replace(/\s+/g, ' ').trim();

function rangeOf(folder: string, f: GodotFindingView): vscode.Location {
  return new vscode.Location(vscode.Uri.file(path.join(folder, f.path)), new vscode.Range(f.line - 1, f.column - 1, f.endLine - 1, f.endColumn - 1));
}

export async function migrateReply({ prompt, stream, token, client }: Reply): Promise<vscode.ChatResult> {
  const filter = prompt.trim();
  stream.progress('Analyzing the Godot projects for Godot 4 (waiting for the analysis to finish)…');
  const reports = await client.godotProjects({ wait: true, findings: true }, token);
  if (token.isCancellationRequested) return { metadata: { command: 'migrate' } };
  if (!reports.length) {
    stream.markdown(NO_PROJECT);
    return { metadata: { command: 'migrate' } };
  }
  let fixable = 0;
  for (const p of reports) {
    if (token.isCancellationRequested) break;
    const findings = selectFindings(p, filter);
    fixable += findings.filter((f) => f.replacement).length;
    stream.markdown(`### Godot project \`${projectTitle(p)}\`\n\n**Verdict:** ${verdictLine(p)}.\n\n${findingsSummary(p)}${filter ? `; ${findings.length} in paths containing \`${inline(filter)}\`` : ''}.\n`);
    if (!findings.length) {
      stream.markdown(`\n${filter ? 'No finding there.' : 'Nothing to change for Godot 4.'}\n\n`);
      continue;
    }
    let shown = 0;
    for (const [file, list] of byFile(findings)) {
      if (shown >= FINDINGS_SHOWN) break;
      stream.markdown(`\n#### `);
      stream.anchor(vscode.Uri.file(path.join(p.folder, file)), file);
      stream.markdown(` \`${file}\` — ${plural(list.length, 'finding')}\n`);
      for (const f of list.slice(0, FINDINGS_SHOWN - shown)) {
        stream.markdown('\n- ');
        stream.anchor(rangeOf(p.folder, f));
        const form = godot4Form(f);
        const godot4 = form ? ` → Godot 4: \`${inline(form)}\`` : '';
        const fix = f.replacement ? ' *(safe fix)*' : '';
        stream.markdown(` \`${f.rule}\` ${inline(f.message)}${godot4}${fix}${f.link ? ` ([docs](${f.link}))` : ''}`);
        shown++;
      }
      stream.markdown('\n');
    }
    if (findings.length > shown) stream.markdown(`\n…and ${findings.length - shown} more (see the Problems view, or the coderag_godotMigration tool).\n`);
    stream.markdown('\n');
  }
  if (fixable) stream.markdown(`\n${FIX_HOW}\n`);
  return { metadata: { command: 'migrate' } };
}
