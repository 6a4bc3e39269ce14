// One editor session for one test: a fresh run folder, VSIX files installed, code-server started
// on a workspace, Chromium on the workbench. Always torn down; on failure a screenshot and the
// tails of the logs are kept.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { type CodeServer, type EditorSettings, installVsix, linkExtension, startCodeServer, writeUserSettings } from './code-server';
import { logTails } from './logs';
import { cleanupOnSignals } from './processes';
import { freshRunDir, type RunDir, writeWorkspace } from './run-dir';
import { Screenshots } from './screenshots';
import { openWorkbench, runCommand } from './workbench';

export interface SessionOptions extends EditorSettings {
  /** Workspace files (relative path → text). */
  files: Record<string, string>;
  vsix: string[];
  /** Unpacked extension folders linked into the extensions dir (development; tests use VSIX files). */
  link?: string[];
}

export interface Session {
  run: RunDir;
  server: CodeServer;
  page: Page;
  workspace: string;
  shots: Screenshots;
  /** Logs the time since the session started with a step's name (the e2e output is a timeline). */
  step(name: string): void;
}

export async function withEditor(test: string, opts: SessionOptions, body: (s: Session) => Promise<void>): Promise<void> {
  cleanupOnSignals();
  const started = Date.now();
  const step = (name: string) => process.stdout.write(`# [${test} ${((Date.now() - started) / 1000).toFixed(1)} s] ${name}\n`);
  const run = freshRunDir(test);
  const workspace = writeWorkspace(run, opts.files);
  const shots = new Screenshots(test);
  writeUserSettings(run, opts);
  // Linked first: an extensions.json written by --install-extension without them marks them removed.
  for (const folder of opts.link ?? []) linkExtension(run, folder);
  await installVsix(run, opts.vsix);
  step(`installed ${[...opts.vsix, ...(opts.link ?? [])].map((v) => path.basename(v)).join(', ')}`);
  const server = await startCodeServer(run, workspace);
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  try {
    context = await launchBrowser(run);
    page = context.pages()[0] ?? (await context.newPage());
    await openWorkbench(page, server.base, workspace);
    step('workbench open');
    await body({ run, server, page, workspace, shots, step });
    step('done');
  } catch (err) {
    if (page) await shots.take(page, 'failure').catch(() => undefined);
    process.stderr.write(`\n${test} failed; screenshots in ${shots.dir}\n${logTails(run, server.log)}\n`);
    throw err;
  } finally {
    await context?.close().catch(() => undefined);
    await server.stop();
  }
}

/** Polls `fn` until it returns a value other than undefined, or fails after `ms` with `what`. */
export async function eventually<T>(what: string, fn: () => T | undefined | Promise<T | undefined>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v !== undefined) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}${last ? ` (last error: ${(last as Error).message})` : ''}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Input for a test-helper command ($CODERAG_E2E_DIR/<name>). */
export function writeExchange(run: RunDir, name: string, value: unknown): void {
  fs.writeFileSync(path.join(run.exchange, name), JSON.stringify(value));
}

/** Runs a test-helper palette command and waits for the JSON file it writes. */
export async function commandOutput<T>(s: Session, command: string, file: string, ms = 30_000): Promise<T> {
  const p = path.join(s.run.exchange, file);
  fs.rmSync(p, { force: true });
  await runCommand(s.page, command);
  return eventually(`${file} from "${command}"`, () => (fs.existsSync(p) ? (JSON.parse(fs.readFileSync(p, 'utf8')) as T) : undefined), ms);
}
