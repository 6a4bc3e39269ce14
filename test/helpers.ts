// Shared test helpers: chunk a source string in-process, make temporary workspaces.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chunkFile } from '../src/core/chunk/chunk-file';
import { estimateTokens } from '../src/core/chunk/split';
import type { Chunk, FileChunks } from '../src/core/base/types';
import { runCli } from '../src/cli/commands';
import { capturingIo } from '../src/cli/io';

export async function chunksOf(file: string, source: string, maxTokens = 512): Promise<FileChunks> {
  return (await chunkFile(file, source, { maxTokens, countTokens: estimateTokens })).result;
}

/** `kind name start-end` lines: compact, exact, and readable in a failing assertion. */
export function outline(chunks: Chunk[]): string[] {
  return chunks.map((c) => `${c.kind} ${c.qualifiedName} ${c.startLine}-${c.endLine}`);
}

export function find(chunks: Chunk[], qualifiedName: string, kind?: string): Chunk {
  const c = chunks.find((x) => x.qualifiedName === qualifiedName && (!kind || x.kind === kind));
  if (!c) throw new Error(`no chunk ${kind ?? ''} ${qualifiedName} in:\n${outline(chunks).join('\n')}`);
  return c;
}

/** A fresh temporary folder with the given files (paths relative, `/` separators). */
export function workspace(files: Record<string, string | Buffer>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'coderag-test-'));
  for (const [rel, content] of Object.entries(files)) {
    const abs = path.join(root, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, content);
  }
  return root;
}

export function removeWorkspace(root: string): void {
  fs.rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
}

/** Source text from lines, so fixtures stay readable with exact line numbers. */
export function lines(...ls: string[]): string {
  return ls.join('\n') + '\n';
}

const GIT_ENV = ['HOME', 'XDG_CONFIG_HOME', 'GIT_CONFIG_GLOBAL'] as const;

/**
 * Points git's user files (config, global excludes) at `home` (and `xdg` as XDG_CONFIG_HOME when
 * given), so a test never reads the real user's; returns what puts the environment back.
 */
export function gitHome(home: string, xdg?: string): () => void {
  const saved = GIT_ENV.map((k) => process.env[k]);
  process.env.HOME = home;
  if (xdg) process.env.XDG_CONFIG_HOME = xdg;
  else delete process.env.XDG_CONFIG_HOME;
  delete process.env.GIT_CONFIG_GLOBAL;
  return () => GIT_ENV.forEach((k, i) => (saved[i] === undefined ? delete process.env[k] : (process.env[k] = saved[i])));
}


export { searchIndex } from '../eval/search-index';

/** A `coderag` command run in this process (a spawn costs a second or more): its exit code and output. */
export async function cli(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  const io = capturingIo();
  const status = await runCli(args, io);
  return { status, stdout: io.stdout, stderr: io.stderr };
}

/** The LSP handshake for one workspace folder, as the extension does it (settings pulled, vectors off unless asked). */
export async function initializeFolder(
  conn: { sendRequest(method: string, params: unknown): Promise<unknown>; sendNotification(method: string, params: unknown): Promise<void> },
  root: string,
  initializationOptions: object = { embeddings: false },
): Promise<void> {
  await conn.sendRequest('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities: { workspace: { configuration: true } },
    workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'ws' }],
    initializationOptions,
  });
  await conn.sendNotification('initialized', {});
}

/** Polls a synchronous `fn` every 50 ms until it returns a value, or fails after `ms` naming `what`. */
export async function until<T>(what: string, fn: () => T | undefined, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
