// What the language client sends the server for the live index: open documents' text (unsaved
// edits), the workspace's own file events (VS Code's watcher: no second recursive watcher here),
// `coderag` settings changes, and where indexes live by default.
import * as vscode from 'vscode';
import type { LanguageClientOptions } from 'vscode-languageclient/node';

export function liveClientOptions(context: vscode.ExtensionContext): Pick<LanguageClientOptions, 'documentSelector' | 'synchronize'> & { storageDir?: string } {
  // Created here, read by the client; the workspace's file watcher already covers every folder.
  const fileEvents = vscode.workspace.createFileSystemWatcher('**/*');
  context.subscriptions.push(fileEvents);
  return {
    // Every file: the index covers all languages, and what is open is what it reads for that file.
    documentSelector: [{ scheme: 'file' }],
    synchronize: { fileEvents, configurationSection: 'coderag' },
    // The workspace's storage unless coderag.index.location says the folder itself (no workspace: the folder).
    ...(context.storageUri ? { storageDir: context.storageUri.fsPath } : {}),
  };
}
