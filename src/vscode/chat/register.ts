// The chat participant and the language-model tools, wired to the language server.
import * as vscode from 'vscode';
import { registerExplainInChat } from './explain-in-chat';
import { IndexClient, type Session } from './index-client';
import { registerChatParticipant } from './participant';
import { registerTools } from './tools';

export function registerChat(context: vscode.ExtensionContext, session: Session): vscode.Disposable {
  const client = new IndexClient(session);
  return vscode.Disposable.from(registerChatParticipant(context, client), registerTools(client), registerExplainInChat());
}
