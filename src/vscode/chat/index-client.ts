// The chat requests as the participant and the tools call them: typed, cancellable, and waiting a
// little for a server that is still starting rather than failing the user's first question.
import * as vscode from 'vscode';
import {
  CHAT_EXPLAIN_REQUEST, CHAT_MAP_REQUEST, CHAT_SEARCH_REQUEST, CHAT_SYMBOLS_REQUEST, GODOT_PROJECTS_REQUEST,
  type ChatExplainParams, type ChatExplainResult, type ChatMapParams, type ChatMapResult, type ChatSearchParams, type ChatSearchResult,
  type ChatSymbolHit, type ChatSymbolsParams, type GodotProjectReport, type GodotProjectsParams, type ServerStatus,
} from '../../lsp/protocol';
import type { ClientPhase } from '../describe';

/** What of ServerSession the chat needs (a seam for the unit tests). */
export interface Session {
  readonly phase: ClientPhase;
  readonly status: ServerStatus | undefined;
  send<R>(method: string, params: unknown, token?: vscode.CancellationToken): Promise<R>;
}

const START_WAIT_MS = 30_000;

export class IndexClient {
  constructor(private readonly session: Session) {}

  /** The last known state of the index, for a tool's confirmation message. */
  get status(): ServerStatus | undefined {
    return this.session.status;
  }

  search(p: ChatSearchParams, token: vscode.CancellationToken): Promise<ChatSearchResult> {
    return this.send(CHAT_SEARCH_REQUEST, p, token);
  }

  map(p: ChatMapParams, token: vscode.CancellationToken): Promise<ChatMapResult> {
    return this.send(CHAT_MAP_REQUEST, p, token);
  }

  symbols(p: ChatSymbolsParams, token: vscode.CancellationToken): Promise<ChatSymbolHit[]> {
    return this.send(CHAT_SYMBOLS_REQUEST, p, token);
  }

  explain(p: ChatExplainParams, token: vscode.CancellationToken): Promise<ChatExplainResult> {
    return this.send(CHAT_EXPLAIN_REQUEST, p, token);
  }

  godotProjects(p: GodotProjectsParams, token: vscode.CancellationToken): Promise<GodotProjectReport[]> {
    return this.send(GODOT_PROJECTS_REQUEST, p, token);
  }

  private async send<R>(method: string, params: unknown, token: vscode.CancellationToken): Promise<R> {
    await this.running(token);
    return this.session.send<R>(method, params, token);
  }

  private async running(token: vscode.CancellationToken): Promise<void> {
    const end = Date.now() + START_WAIT_MS;
    for (;;) {
      const phase = this.session.phase;
      if (phase === 'running') return;
      if (phase === 'untrusted') throw new Error('this workspace is not trusted: CodeRAG reads nothing until you trust it (Manage Workspace Trust).');
      if (phase === 'no-folder') throw new Error('no folder is open: CodeRAG indexes the folders of the workspace; open one first.');
      if (phase === 'stopped') throw new Error('the CodeRAG index server stopped; see the CodeRAG output channel for why, then reload the window.');
      if (token.isCancellationRequested) throw new vscode.CancellationError();
      if (Date.now() > end) throw new Error(`the CodeRAG index server is still ${phase} after ${START_WAIT_MS / 1000} s; try again in a moment.`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** A 1-based inclusive line range as a Location (the whole last line included). */
export function locationOf(file: string, startLine: number, endLine = startLine): vscode.Location {
  return new vscode.Location(vscode.Uri.file(file), new vscode.Range(startLine - 1, 0, Math.max(startLine, endLine) - 1, 10_000));
}
