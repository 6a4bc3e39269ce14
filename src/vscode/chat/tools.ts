// Language-model tools for agent mode (package.json contributes.languageModelTools): the index's
// search, repo map and symbol lookup, their results as text an agent can act on (paths, 1-based
// line ranges, snippets). While the first indexing pass runs a call would wait for it: that is the
// slow case, so only then does the user confirm it.
import * as vscode from 'vscode';
import type { ServerStatus } from '../../lsp/protocol';
import type { IndexClient } from './index-client';
import { migrationToolText } from './migrate-text';
import { mapToolText, searchToolText, symbolsToolText } from './text';

interface SearchInput { query: string; limit?: number }
interface RepoMapInput { tokens?: number; focusFiles?: string[] }
interface SymbolsInput { name: string; references?: boolean; limit?: number }
interface MigrationInput { path?: string }

const READY_WAIT_MS = 300_000;
const text = (value: string) => new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(value)]);

function required(value: unknown, field: string, tool: string): string {
  if (typeof value !== 'string' || !value.trim()) throw new Error(`${tool} needs "${field}", a non-empty string`);
  return value.trim();
}

function building(status: ServerStatus | undefined): string | undefined {
  if (status?.state !== 'indexing' && status?.state !== 'starting') return undefined;
  const p = status.folders.find((f) => f.progress)?.progress;
  return p ? `${p.phase} ${p.done}/${p.total}` : status.state;
}

/** Confirmation only when the call will wait for the first indexing pass. */
function prepared(invocationMessage: string, client: IndexClient): vscode.PreparedToolInvocation {
  const busy = building(client.status);
  if (!busy) return { invocationMessage };
  return {
    invocationMessage,
    confirmationMessages: {
      title: 'Wait for the CodeRAG index?',
      message: new vscode.MarkdownString(`CodeRAG is still indexing this workspace (${busy}). The tool waits until the first pass is done, which can take a few minutes on a large workspace.`),
    },
  };
}

/** Waits (cancellably) until the server says the index is ready, so an agent never reads a half-built one as "nothing found". */
async function whenReady(client: IndexClient, token: vscode.CancellationToken): Promise<void> {
  const end = Date.now() + READY_WAIT_MS;
  while (building(client.status) && Date.now() < end) {
    if (token.isCancellationRequested) throw new vscode.CancellationError();
    await new Promise((r) => setTimeout(r, 500));
  }
}

export function registerTools(client: IndexClient): vscode.Disposable {
  const search: vscode.LanguageModelTool<SearchInput> = {
    prepareInvocation: (o) => prepared(`Searching the CodeRAG index for "${o.input.query}"`, client),
    async invoke(o, token) {
      const query = required(o.input.query, 'query', 'coderag_search');
      const limit = Math.min(Math.max(Math.round(o.input.limit ?? 8), 1), 30);
      await whenReady(client, token);
      return text(searchToolText(query, await client.search({ query, limit }, token), limit));
    },
  };
  const repoMap: vscode.LanguageModelTool<RepoMapInput> = {
    prepareInvocation: () => prepared('Ranking the workspace\'s files (CodeRAG repo map)', client),
    async invoke(o, token) {
      const focus = (o.input.focusFiles ?? []).map((f) => (/^[/\\]|^[a-z]:/i.test(f) ? f : vscode.workspace.workspaceFolders?.[0] ? vscode.Uri.joinPath(vscode.workspace.workspaceFolders[0].uri, f).fsPath : f));
      await whenReady(client, token);
      return text(mapToolText(await client.map({ tokens: o.input.tokens ?? 1024, focus }, token)));
    },
  };
  const symbols: vscode.LanguageModelTool<SymbolsInput> = {
    prepareInvocation: (o) => prepared(`Looking up the symbol "${o.input.name}"`, client),
    async invoke(o, token) {
      const name = required(o.input.name, 'name', 'coderag_symbols');
      await whenReady(client, token);
      return text(symbolsToolText(name, await client.symbols({ query: name, references: o.input.references === true, limit: o.input.limit ?? 30 }, token)));
    },
  };
  const migration: vscode.LanguageModelTool<MigrationInput> = {
    // The analysis runs in the server's background; the call waits for it to finish.
    prepareInvocation: (o) => ({ invocationMessage: `Analyzing the Godot 3 → 4 migration${o.input.path ? ` of "${o.input.path}"` : ''}` }),
    async invoke(o, token) {
      if (o.input.path !== undefined && typeof o.input.path !== 'string') throw new Error('coderag_godotMigration: "path" must be a string (part of a workspace-relative path)');
      return text(migrationToolText(await client.godotProjects({ wait: true, findings: true }, token), o.input.path ?? ''));
    },
  };
  return vscode.Disposable.from(
    vscode.lm.registerTool('coderag_godotMigration', migration),
    vscode.lm.registerTool('coderag_search', search),
    vscode.lm.registerTool('coderag_repoMap', repoMap),
    vscode.lm.registerTool('coderag_symbols', symbols),
  );
}
