// "CodeRAG: Analyze Godot Migration": the project verdict and each fragment's state, in a pick
// list that fills in as the server answers (the state now, then once every analysis finished).
// Choosing a row with a place opens the file there.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { GODOT_PROJECTS_REQUEST, type GodotProjectReport, type GodotProjectsParams } from '../../lsp/protocol';
import { type ClientSource, request } from './client';
import { type VerdictItem, verdictItems, verdictSentence } from './verdict-items';

type Item = vscode.QuickPickItem & { target?: VerdictItem['target'] };

function toItems(reports: GodotProjectReport[]): Item[] {
  return verdictItems(reports).map((i) => (i.separator ? { label: i.label, kind: vscode.QuickPickItemKind.Separator } : { label: i.label, description: i.description, detail: i.detail, target: i.target }));
}

export async function showVerdict(client: ClientSource, output: vscode.LogOutputChannel): Promise<GodotProjectReport[]> {
  const pick = vscode.window.createQuickPick<Item>();
  pick.title = 'Godot migration';
  pick.placeholder = 'Filter the verdict, the evidence and the fragments';
  pick.matchOnDescription = true;
  pick.busy = true;
  pick.show();
  pick.onDidAccept(async () => {
    const target = pick.selectedItems[0]?.target;
    if (!target) return;
    pick.hide();
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(target.folder, target.path)));
    const range = new vscode.Range(target.startLine - 1, 0, target.endLine - 1, 0);
    await vscode.window.showTextDocument(doc, { selection: new vscode.Range(range.start, range.start), preview: true });
  });
  pick.onDidHide(() => pick.dispose());
  const ask = (params: GodotProjectsParams) => request<GodotProjectReport[]>(client, GODOT_PROJECTS_REQUEST, params);
  try {
    const now = await ask({});
    pick.items = toItems(now);
    pick.title = `Godot migration — ${verdictSentence(now)}`;
    const done = now.some((p) => p.running || !p.verdict) ? await ask({ wait: true }) : now;
    pick.items = toItems(done);
    pick.title = `Godot migration — ${verdictSentence(done)}`;
    output.info(`Godot migration: ${verdictSentence(done)}`);
    return done;
  } catch (err) {
    pick.hide();
    void vscode.window.showErrorMessage(`Godot migration: ${(err as Error).message}`);
    return [];
  } finally {
    pick.busy = false;
  }
}
