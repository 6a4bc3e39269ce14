// What every @coderag command's reply receives.
import type * as vscode from 'vscode';
import type { IndexClient } from './index-client';

/** contributes.chatParticipants[].id: history turns carry it. */
export const PARTICIPANT_ID = 'coderag.chat';

export interface Reply {
  /** The text after the command (or the whole question). */
  prompt: string;
  request: vscode.ChatRequest;
  context: vscode.ChatContext;
  stream: vscode.ChatResponseStream;
  token: vscode.CancellationToken;
  client: IndexClient;
}

/** What a reply leaves for the follow-ups (ChatResult.metadata). */
export interface ReplyMetadata {
  command: string;
  query?: string;
  /** A symbol worth explaining next. */
  symbol?: string;
}
