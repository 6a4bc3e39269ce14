// Opening a file at a range of lines (1-based, inclusive), selected and centred: what a click on a
// repo-map definition or an explanation's citation does.
import * as vscode from 'vscode';

export async function revealLines(file: string, startLine: number, endLine: number): Promise<void> {
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
  // The file may have shrunk since it was indexed: clamp to what is there.
  const last = Math.max(0, Math.min(endLine, doc.lineCount) - 1);
  const first = Math.max(0, Math.min(startLine - 1, last));
  const range = new vscode.Range(first, 0, last, doc.lineAt(last).text.length);
  const editor = await vscode.window.showTextDocument(doc, { selection: range, preserveFocus: false, preview: true });
  editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}
