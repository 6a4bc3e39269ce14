// The "Repo Map" tree view: the workspace's files by PageRank, personalized by the editors the
// user has open (or plain), each expandable to what it loads and its definitions. A refresh keeps
// the old tree on screen until the new ranking has arrived: no flicker, no emptied view.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { MAP_REQUEST, type MapParams, type MapResponse, type ServerStatus } from '../../lsp/protocol';
import type { ClientPhase } from '../describe';
import { statusSentence } from '../describe';
import type { ServerSession } from '../server-session';
import { edgeChildren, edgeWords, fileChildren, fileDescription, folderChildren, hasChildren, kindIcon, type MapNode, rootNodes } from './nodes';

export const REPO_MAP_VIEW = 'coderag.repoMap';
export const REVEAL_COMMAND = 'coderag.repoMap.reveal';
/** Context key: the title bar shows "Show Plain Ranking" while personalized, and the other way round. */
const PERSONALIZED_KEY = 'coderag.repoMap.personalized';
const DEBOUNCE_MS = 300;

export type Mode = 'personalized' | 'plain';

export class RepoMapTree implements vscode.TreeDataProvider<MapNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<MapNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private map?: MapResponse;
  private view?: vscode.TreeView<MapNode>;
  private mode: Mode = 'personalized';
  /** Set by "Focus This File": the ranking follows this file instead of the editors. */
  private pinned?: string;
  private timer?: NodeJS.Timeout;
  private inFlight?: vscode.CancellationTokenSource;
  private lastKey = '';
  private statusKey = '';
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly server: ServerSession) {
    this.subscriptions.push(
      vscode.window.onDidChangeActiveTextEditor(() => this.schedule()),
      vscode.window.onDidChangeVisibleTextEditors(() => this.schedule()),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('coderag.repoMap') && this.schedule(true)),
    );
    void vscode.commands.executeCommand('setContext', PERSONALIZED_KEY, true);
  }

  attach(view: vscode.TreeView<MapNode>): void {
    this.view = view;
    this.subscriptions.push(view.onDidChangeVisibility((e) => e.visible && this.schedule()));
    this.describe();
  }

  /** The server's state: a changed index (or a server that became ready) refreshes the map. */
  onStatus(phase: ClientPhase, status?: ServerStatus): void {
    if (phase !== 'running' || !status || status.state !== 'ready') {
      if (!this.map?.folders.some((f) => f.files.length)) this.setMessage(statusSentence(phase, status));
      return;
    }
    const key = JSON.stringify(status.folders.map((f) => [f.root, f.state, f.files, f.chunks, f.updates ?? 0]));
    if (key === this.statusKey) return;
    this.statusKey = key;
    this.schedule(true);
  }

  get currentMode(): Mode {
    return this.mode;
  }

  setMode(mode: Mode): void {
    this.mode = mode;
    if (mode === 'plain') this.pinned = undefined;
    void vscode.commands.executeCommand('setContext', PERSONALIZED_KEY, mode === 'personalized');
    this.schedule(true, 0);
  }

  /** "Focus This File": rank around `file` until the mode is toggled or another file is focused. */
  focusFile(file: string): void {
    this.pinned = file;
    this.mode = 'personalized';
    void vscode.commands.executeCommand('setContext', PERSONALIZED_KEY, true);
    this.schedule(true, 0);
  }

  /** The files the ranking follows: the pinned one, else the active editor then the other visible ones. */
  focus(): string[] {
    if (this.mode === 'plain') return [];
    if (this.pinned) return [this.pinned];
    const files: string[] = [];
    const add = (e?: vscode.TextEditor) => e?.document.uri.scheme === 'file' && !files.includes(e.document.uri.fsPath) && files.push(e.document.uri.fsPath);
    add(vscode.window.activeTextEditor);
    vscode.window.visibleTextEditors.forEach(add);
    return files;
  }

  /** The request for the current mode and editors (the budget from the setting). */
  params(extra: Partial<MapParams> = {}): MapParams {
    const tokens = vscode.workspace.getConfiguration('coderag').get<number>('repoMap.tokenBudget', 1024);
    return { focus: this.focus(), tokens, files: 100, ...extra };
  }

  private schedule(force = false, delay = DEBOUNCE_MS): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(force), delay);
  }

  /** Asks for the map; shows it only if it is still the latest request and it changed. */
  async refresh(force = false): Promise<void> {
    if (this.server.phase !== 'running') return;
    const params = this.params();
    const key = JSON.stringify(params);
    if (!force && key === this.lastKey && this.map) return;
    this.inFlight?.cancel();
    const cts = (this.inFlight = new vscode.CancellationTokenSource());
    try {
      const map = await this.server.send<MapResponse>(MAP_REQUEST, params, cts.token);
      if (cts.token.isCancellationRequested) return;
      this.lastKey = key;
      const same = this.map && JSON.stringify(this.map.folders) === JSON.stringify(map.folders);
      this.map = map;
      this.describe();
      if (!same) this.changed.fire(undefined);
    } catch (err) {
      if (cts.token.isCancellationRequested) return;
      // The old map stays; the view says why it is not current.
      this.setMessage(`The repo map could not be read: ${(err as Error).message}`);
    }
  }

  /** The view's description (which ranking) and message (why it is empty). */
  private describe(): void {
    if (!this.view) return;
    const focus = this.focus();
    this.view.description = this.mode === 'plain' ? 'plain ranking' : focus.length ? `around ${path.basename(focus[0])}${focus.length > 1 ? ` +${focus.length - 1}` : ''}` : 'no open editor';
    const empty = this.map?.folders.every((f) => !f.files.length);
    this.view.message = empty ? this.map!.folders.map((f) => f.message).filter(Boolean).join(' ') || undefined : undefined;
  }

  private setMessage(text: string): void {
    if (this.view) this.view.message = text;
  }

  getChildren(node?: MapNode): MapNode[] {
    if (!node) return rootNodes(this.map);
    if (node.type === 'folder') return folderChildren(node.folder);
    if (node.type === 'file') return fileChildren(node.folder, node.entry, node.id);
    if (node.type === 'edge') return edgeChildren(node);
    return [];
  }

  getTreeItem(node: MapNode): vscode.TreeItem {
    const collapsed = hasChildren(node) ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None;
    switch (node.type) {
      case 'folder': {
        const item = new vscode.TreeItem(path.basename(node.folder.folder), vscode.TreeItemCollapsibleState.Expanded);
        item.id = node.id;
        item.iconPath = vscode.ThemeIcon.Folder;
        item.description = node.folder.message ?? `${node.folder.files.length} files`;
        return item;
      }
      case 'file': {
        const item = new vscode.TreeItem(path.basename(node.entry.path), collapsed);
        item.id = node.id;
        item.resourceUri = vscode.Uri.file(node.entry.file);
        item.iconPath = vscode.ThemeIcon.File;
        item.description = fileDescription(node.entry, node.place);
        item.tooltip = `${node.entry.path}\nrank ${node.place} (${(node.entry.rank * 100).toFixed(2)}% of the PageRank)\n${node.entry.definitions.length} definitions`;
        item.contextValue = 'coderag.mapFile';
        return item;
      }
      case 'definition': {
        const d = node.def;
        const item = new vscode.TreeItem(d.name, vscode.TreeItemCollapsibleState.None);
        item.id = node.id;
        item.iconPath = new vscode.ThemeIcon(kindIcon(d.kind));
        item.description = d.signature;
        item.tooltip = `${d.kind} ${d.name}, lines ${d.startLine}-${d.endLine}\n${d.signature}`;
        item.command = { command: REVEAL_COMMAND, title: 'Reveal', arguments: [node.file, d.startLine, d.endLine] };
        item.contextValue = 'coderag.mapDefinition';
        return item;
      }
      case 'edge': {
        const target = node.target?.file ?? path.join(node.folder.folder, node.edge.to);
        const item = new vscode.TreeItem(path.basename(node.edge.to), collapsed);
        item.id = node.id;
        item.resourceUri = vscode.Uri.file(target);
        item.iconPath = new vscode.ThemeIcon(node.edge.kinds.includes('file.script') ? 'file-code' : 'link');
        item.description = edgeWords(node.edge.kinds);
        item.tooltip = `${node.edge.from} ${edgeWords(node.edge.kinds)} ${node.edge.to}`;
        item.command = { command: REVEAL_COMMAND, title: 'Open', arguments: [target, 1, 1] };
        item.contextValue = 'coderag.mapFile';
        return item;
      }
      case 'message': {
        const item = new vscode.TreeItem(node.text, vscode.TreeItemCollapsibleState.None);
        item.id = node.id;
        item.iconPath = new vscode.ThemeIcon('info');
        return item;
      }
    }
  }

  /** The last map shown (Copy Repo Map asks again with the budget; tests read the order). */
  get current(): MapResponse | undefined {
    return this.map;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.inFlight?.cancel();
    this.changed.dispose();
    this.subscriptions.forEach((s) => s.dispose());
  }
}
