// "Explain This Symbol in Chat" (editor context menu): the same evidence as the Explain panel,
// asked of `@coderag /explain` in the chat view, where the answer can be followed up.
import * as vscode from 'vscode';

export const EXPLAIN_IN_CHAT_COMMAND = 'coderag.explainSymbolInChat';

/** The chat query for the symbol under the cursor; `/explain` alone reads the cursor itself. */
export function explainQuery(editor: vscode.TextEditor | undefined): string {
  const doc = editor?.document;
  const range = doc && editor.selection.isEmpty ? doc.getWordRangeAtPosition(editor.selection.active, /[\p{L}_$][\p{L}\p{N}_$]*/u) : editor?.selection;
  const word = doc && range ? doc.getText(range).trim() : '';
  // The name is shown in the chat's history; a selection that is no identifier falls back to the cursor.
  return /^[\p{L}_$][\p{L}\p{N}_$.]*$/u.test(word) ? `@coderag /explain ${word}` : '@coderag /explain';
}

export function registerExplainInChat(): vscode.Disposable {
  return vscode.commands.registerCommand(EXPLAIN_IN_CHAT_COMMAND, () =>
    vscode.commands.executeCommand('workbench.action.chat.open', { query: explainQuery(vscode.window.activeTextEditor) }),
  );
}
