// Debian's Chromium driven by playwright-core (Playwright's own browser download cannot be had here).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { tools } from './paths';
import { onCleanup } from './processes';
import type { RunDir } from './run-dir';

/**
 * A fresh persistent profile inside the run (launch() would make one in /tmp), with its own HOME:
 * Chromium writes ~/.config/chromium and ~/.cache/dconf otherwise. The flags keep it off the
 * network, which is closed here and would be retried at every start.
 */
export async function launchBrowser(run: RunDir): Promise<BrowserContext> {
  // Playwright keeps its artifacts folder in this (the test) process's os.tmpdir(): the run's too.
  process.env.TMPDIR = run.tmp;
  const profile = path.join(run.root, 'chromium-profile');
  const home = path.join(run.root, 'chromium-home');
  fs.mkdirSync(home, { recursive: true });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: tools().chromium,
    headless: true,
    viewport: { width: 1400, height: 900 },
    env: { ...run.env, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), XDG_CACHE_HOME: path.join(home, '.cache') },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const unregister = onCleanup(() => context.close());
  context.once('close', unregister);
  return context;
}
