// The status-bar item: the server's state at a glance; a click shows the full status.
import * as vscode from 'vscode';
import type { ServerStatus } from '../lsp/protocol';
import { barText, type ClientPhase, statusSentence } from './describe';

export class StatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('coderag.status', vscode.StatusBarAlignment.Left, 0);

  constructor(command: string) {
    this.item.name = 'CodeRAG';
    this.item.command = command;
    this.item.show();
  }

  show(phase: ClientPhase, status?: ServerStatus): void {
    this.item.text = barText(phase, status);
    this.item.tooltip = statusSentence(phase, status);
  }

  dispose(): void {
    this.item.dispose();
  }
}
