// The progress notification of a run the user should see (the first index, Reindex, Clear Index):
// phase, files done/total, chunks, ETA; its Cancel stops indexing until Reindex.
import * as vscode from 'vscode';
import type { FolderStatus, ServerStatus } from '../../lsp/protocol';
import type { ClientPhase } from '../describe';
import { folderLabel, progressMessage } from './bar-text';

type Shown = { progress: vscode.Progress<{ message?: string; increment?: number }>; percent: number; close: () => void };

export class IndexProgress implements vscode.Disposable {
  private shown?: Shown;
  private opening = false;
  private latest: FolderStatus[] = [];

  constructor(private readonly cancel: () => void) {}

  show(phase: ClientPhase, status?: ServerStatus): void {
    this.latest = phase === 'running' && status ? status.folders.filter((f) => f.visibleRun) : [];
    if (!this.latest.length) return this.dispose();
    if (this.shown) return this.update();
    if (this.opening) return;
    this.opening = true;
    const names = this.latest.map((f) => folderLabel(f.root)).join(', ');
    void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `CodeRAG: indexing ${names}`, cancellable: true }, (progress, token) => {
      token.onCancellationRequested(() => this.cancel());
      return new Promise<void>((close) => {
        this.shown = { progress, percent: 0, close };
        this.opening = false;
        // The run may have ended while the notification was opening.
        if (this.latest.length) this.update();
        else this.dispose();
      });
    });
  }

  private update(): void {
    const shown = this.shown!;
    const percents = this.latest.map((f) => f.progress?.percent ?? 0);
    const percent = Math.floor(percents.reduce((a, b) => a + b, 0) / percents.length);
    // The bar only moves forward; a new phase (vectors after files) starts the message over.
    const increment = Math.max(0, percent - shown.percent);
    shown.percent += increment;
    shown.progress.report({ message: progressMessage(this.latest), ...(increment ? { increment } : {}) });
  }

  dispose(): void {
    this.shown?.close();
    this.shown = undefined;
  }
}
