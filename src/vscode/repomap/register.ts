// The repo-map view and its commands: the plain/personalized toggle, Copy Repo Map (budget from
// coderag.repoMap.tokenBudget), Focus This File, and reveal (a definition's click).
import * as path from 'node:path';
import * as vscode from 'vscode';
import { MAP_REQUEST, type MapResponse } from '../../lsp/protocol';
import { revealLines } from '../reveal';
import type { ServerSession } from '../server-session';
import type { MapNode } from './nodes';
import { mapText } from './nodes';
import { REPO_MAP_VIEW, REVEAL_COMMAND, RepoMapTree } from './tree';

export function registerRepoMap(context: vscode.ExtensionContext, server: ServerSession): RepoMapTree {
  const tree = new RepoMapTree(server);
  const view = vscode.window.createTreeView(REPO_MAP_VIEW, { treeDataProvider: tree, showCollapseAll: true });
  tree.attach(view);

  const copy = async () => {
    if (server.phase !== 'running') return void vscode.window.showWarningMessage('CodeRAG: the repo map is not available yet: the index server is not running.');
    const tokens = vscode.workspace.getConfiguration('coderag').get<number>('repoMap.tokenBudget', 1024);
    try {
      const map = await server.send<MapResponse>(MAP_REQUEST, tree.params({ tokens }));
      const text = mapText(map);
      if (!text.trim()) return void vscode.window.showWarningMessage(`CodeRAG: nothing to copy: ${map.folders.map((f) => f.message ?? 'no ranked files').join('; ')}.`);
      await vscode.env.clipboard.writeText(text);
      const used = map.folders.reduce((n, f) => n + f.tokens, 0);
      const around = tree.focus();
      const ranking = map.folders.some((f) => f.textPersonalized) ? `ranked around ${path.basename(around[0])}`
        : around.length ? `plain ranking (what ${path.basename(around[0])} references fills too little of the budget)` : 'plain ranking';
      void vscode.window.showInformationMessage(`Copied the repo map: ${used} of ${tokens} tokens, ${ranking}.`);
    } catch (err) {
      void vscode.window.showErrorMessage(`CodeRAG: could not build the repo map: ${(err as Error).message}`);
    }
  };

  const focusFile = (node?: MapNode | vscode.Uri) => {
    const file = node instanceof vscode.Uri ? node.fsPath
      : node?.type === 'file' ? node.entry.file
      : node?.type === 'edge' ? (node.target?.file ?? path.join(node.folder.folder, node.edge.to))
      : vscode.window.activeTextEditor?.document.uri.scheme === 'file' ? vscode.window.activeTextEditor.document.uri.fsPath : undefined;
    if (!file) return void vscode.window.showWarningMessage('CodeRAG: Focus This File needs a file: pick one in the Repo Map or open one in the editor.');
    tree.focusFile(file);
  };

  context.subscriptions.push(
    tree,
    view,
    vscode.commands.registerCommand(REVEAL_COMMAND, (file: string, start: number, end: number) =>
      revealLines(file, start, end).catch((err) => vscode.window.showErrorMessage(`CodeRAG: cannot open ${file}: ${(err as Error).message}`))),
    vscode.commands.registerCommand('coderag.repoMap.showPlain', () => tree.setMode('plain')),
    vscode.commands.registerCommand('coderag.repoMap.showPersonalized', () => tree.setMode('personalized')),
    vscode.commands.registerCommand('coderag.repoMap.copy', copy),
    vscode.commands.registerCommand('coderag.repoMap.focusFile', focusFile),
    vscode.commands.registerCommand('coderag.repoMap.refresh', () => tree.refresh(true)),
  );
  return tree;
}
