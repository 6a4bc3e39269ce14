// code-server: the real VS Code workbench (1.139) and a real Node extension host, on loopback.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { killGroup, onCleanup } from './processes';
import { tools } from './paths';
import type { RunDir } from './run-dir';

export interface CodeServer {
  base: string;
  log: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** User settings for a test. `trust: 'untrusted'` opens folders in restricted mode without asking. */
export interface EditorSettings {
  trust?: 'off' | 'untrusted';
  extra?: Record<string, unknown>;
}

export function writeUserSettings(run: RunDir, s: EditorSettings = {}): void {
  const settings = {
    'workbench.startupEditor': 'none',
    'telemetry.telemetryLevel': 'off',
    'extensions.autoUpdate': false,
    'extensions.autoCheckUpdates': false,
    'update.mode': 'none',
    'workbench.tips.enabled': false,
    // Runs live inside the repository: git would offer to open it, covering other notifications.
    'git.openRepositoryInParentFolders': 'never',
    // The chat panel opens at start and takes a third of the width (tests that need it open it).
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
    // 'off': every folder trusted (trust disabled). 'untrusted': trust on, never prompt, so a new
    // folder opens in restricted mode.
    ...(s.trust === 'untrusted'
      ? { 'security.workspace.trust.enabled': true, 'security.workspace.trust.startupPrompt': 'never', 'security.workspace.trust.emptyWindow': false }
      : { 'security.workspace.trust.enabled': false }),
    ...s.extra,
  };
  const dir = path.join(run.userData, 'User');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify(settings, null, 1));
}

const common = (run: RunDir) => ['--user-data-dir', run.userData, '--extensions-dir', run.extensions];

/** `code-server --install-extension` for each VSIX, as a user would install it. */
export async function installVsix(run: RunDir, vsixFiles: string[]): Promise<void> {
  const t = tools();
  for (const vsix of vsixFiles) {
    await promisify(execFile)(t.node24, [t.codeServerEntry, ...common(run), '--install-extension', vsix, '--force'], { env: run.env, maxBuffer: 16 << 20 });
  }
}

/** Links an unpacked extension folder into the extensions dir (faster than packaging; for development). */
export function linkExtension(run: RunDir, folder: string): void {
  const pkg = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as { publisher: string; name: string; version: string };
  fs.symlinkSync(folder, path.join(run.extensions, `${pkg.publisher}.${pkg.name}-${pkg.version}`));
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

function waitForHttp(url: string, ms: number, child: ChildProcess): Promise<void> {
  const end = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`code-server exited (${child.exitCode}) before ${url} answered`));
      http
        .get(url, (res) => {
          res.resume();
          resolve();
        })
        .on('error', () => (Date.now() > end ? reject(new Error(`${url} did not answer in ${ms} ms`)) : setTimeout(attempt, 200)));
    };
    attempt();
  });
}

/** Starts code-server in its own process group, on a free loopback port; ready when /healthz answers. */
export async function startCodeServer(run: RunDir, folder: string): Promise<CodeServer> {
  const t = tools();
  const port = await freePort();
  const log = path.join(run.root, 'code-server.log');
  const out = fs.openSync(log, 'w');
  const child = spawn(
    t.node24,
    [t.codeServerEntry, ...common(run), '--bind-addr', `127.0.0.1:${port}`, '--auth', 'none', '--disable-telemetry', '--disable-update-check', '--disable-getting-started-override', '--ignore-last-opened', folder],
    { env: run.env, stdio: ['ignore', out, out], detached: true },
  );
  fs.closeSync(out);
  const stop = () => killGroup(child);
  const unregister = onCleanup(stop);
  try {
    await waitForHttp(`http://127.0.0.1:${port}/healthz`, 60_000, child);
  } catch (err) {
    await stop();
    unregister();
    throw err;
  }
  return {
    base: `http://127.0.0.1:${port}`,
    log,
    process: child,
    async stop() {
      unregister();
      await stop();
    },
  };
}
