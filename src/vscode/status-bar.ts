// The status-bar item: the server's state at a glance; a click shows the full status.
import * as vscode from 'vscode';
import type { ServerStatus } from '../lsp/protocol';
import { type ClientPhase, statusSentence } from './describe';
import { folderLines, liveBarText } from './live/bar-text';

export class StatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('coderag.status', vscode.StatusBarAlignment.Left, 0);

  constructor(command: string) {
    this.item.name = 'CodeRAG';
    this.item.command = command;
    this.item.show();
  }

  show(phase: ClientPhase, status?: ServerStatus): void {
    this.item.text = liveBarText(phase, status);
    this.item.tooltip = phase === 'running' && status ? [statusSentence(phase, status), ...folderLines(status)].join('\n') : statusSentence(phase, status);
    this.item.backgroundColor = this.item.text.includes('CodeRAG: error') ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
    void vscode.commands.executeCommand('setContext', 'coderag.paused', phase === 'running' && !!status?.paused);
  }

  dispose(): void {
    this.item.dispose();
  }
}
