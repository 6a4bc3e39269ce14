// The CodeRAG container's webview view. A placeholder for the sidebar to come: it shows the state
// and proves the container, the CSP with a per-load nonce and the message channel.
import * as crypto from 'node:crypto';
import * as vscode from 'vscode';
import type { ServerStatus } from '../lsp/protocol';
import { type ClientPhase, heading, statusSentence } from './describe';

export const SIDEBAR_VIEW = 'coderag.sidebar';

export class SidebarView implements vscode.WebviewViewProvider {
  private view?: vscode.WebviewView;
  private state: { phase: ClientPhase; heading: string; sentence: string } = { phase: 'starting', heading: 'Starting…', sentence: '' };

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    // Scripts on, nothing loaded from disk or network: the CSP allows only our nonce'd script.
    view.webview.options = { enableScripts: true, localResourceRoots: [] };
    view.webview.html = html(view.webview.cspSource, crypto.randomBytes(16).toString('base64'));
    view.webview.onDidReceiveMessage((m: { type?: string }) => {
      if (m?.type === 'ready') this.post();
    });
    view.onDidDispose(() => (this.view = undefined));
  }

  show(phase: ClientPhase, status?: ServerStatus): void {
    this.state = { phase, heading: heading(phase, status), sentence: statusSentence(phase, status) };
    this.post();
  }

  private post(): void {
    void this.view?.webview.postMessage({ type: 'status', ...this.state });
  }
}

function html(cspSource: string, nonce: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${cspSource} 'nonce-${nonce}'; script-src 'nonce-${nonce}';">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<style nonce="${nonce}">
  body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); padding: 0 12px; }
  #phase { font-weight: 600; margin: 12px 0 4px; }
  #sentence { color: var(--vscode-descriptionForeground); line-height: 1.4; }
</style>
</head>
<body data-phase="loading">
<h3 id="title">CodeRAG</h3>
<div id="phase">…</div>
<div id="sentence">Waiting for the extension.</div>
<script nonce="${nonce}">
  const vscode = acquireVsCodeApi();
  window.addEventListener('message', (e) => {
    const m = e.data;
    if (m.type !== 'status') return;
    document.body.dataset.phase = m.phase;
    document.getElementById('phase').textContent = m.heading;
    document.getElementById('sentence').textContent = m.sentence;
  });
  vscode.postMessage({ type: 'ready' });
</script>
</body>
</html>`;
}
