// The workbench as a user sees it: open a folder, run palette commands, find what appears.
// Locators are the ones that work in VS Code 1.139 (see shared notes, vscode-e2e-report.md).
import type { FrameLocator, Locator, Page } from 'playwright-core';

const LONG = 60_000;

/** Opens `folder` and waits until the workbench and the Explorer's folder row are there. */
export async function openWorkbench(page: Page, base: string, folder: string): Promise<void> {
  await page.goto(`${base}/?folder=${encodeURIComponent(folder)}`);
  await page.locator('.monaco-workbench').waitFor({ timeout: LONG });
  await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: LONG });
}

/**
 * Runs a command by its palette label ("Category: Title"). The palette lists the commands known
 * when it opens, and an extension's arrive only once the extension host has read it: a command
 * not listed yet is looked for again in a newly opened palette.
 */
export async function runCommand(page: Page, label: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  // A row's aria-label is its label, then ", <keybinding>" or ", similar commands" when it has them.
  const rows = page.locator('.quick-input-widget .monaco-list-row');
  const row = page.locator(`.quick-input-widget .monaco-list-row[aria-label=${JSON.stringify(label)}], .quick-input-widget .monaco-list-row[aria-label^=${JSON.stringify(`${label}, `)}]`).first();
  for (;;) {
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget .quick-input-box input');
    await input.waitFor();
    await input.fill(`>${label}`);
    try {
      await row.waitFor({ timeout: 3_000 });
      // A click that lands while the list re-renders under it runs nothing and leaves the palette
      // open (seen once in CI). Once the command runs the palette closes, or another quick input
      // (Go to Line, a quick pick) takes its place: either way our text is gone; else click again.
      return await clickUntil(page, row, async () => !(await input.isVisible()) || (await input.inputValue()) !== `>${label}`);
    } catch {
      const shown = await rows.evaluateAll((els) => els.map((r) => r.getAttribute('aria-label')));
      await page.keyboard.press('Escape');
      if (Date.now() > end) throw new Error(`command "${label}" is not in the palette; it shows: ${JSON.stringify(shown)}`);
    }
  }
}

/**
 * Picks `label` in the open context menu. A click that lands while the menu is still settling
 * runs nothing and leaves the menu open (seen once in CI): once the entry runs the menu closes,
 * so while it is still open, click again.
 */
export async function pickContextMenuItem(page: Page, label: string | RegExp): Promise<void> {
  const menu = page.locator('.monaco-menu', { has: page.locator('.action-item', { hasText: label }) });
  const entry = menu.locator('.action-item', { hasText: label });
  await entry.waitFor();
  await clickUntil(page, entry, async () => !(await menu.count()));
}

/**
 * Clicks `target` until `ran()` says the click took: up to 3 s after each, at most three clicks,
 * and none once the target is gone.
 */
async function clickUntil(page: Page, target: Locator, ran: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await target.click();
    const until = Date.now() + 3_000;
    while (!(await ran()) && Date.now() < until) await page.waitForTimeout(100);
    if ((await ran()) || !(await target.isVisible())) return;
  }
}

/** A notification toast containing `text`. */
export function notification(page: Page, text: string | RegExp): Locator {
  return page.locator('.notifications-toasts .notification-list-item', { hasText: text });
}

/** Waits for a toast containing `text` to be shown in full (its fade-in done: screenshots catch it half drawn otherwise). */
export async function waitForNotification(page: Page, text: string | RegExp, ms = 30_000): Promise<Locator> {
  const toast = page.locator('.notifications-toasts .notification-toast.notification-fade-in-done', { hasText: text });
  await toast.waitFor({ timeout: ms });
  return toast;
}

/** A status-bar item containing `text` (codicons are separate spans: match the words). */
export function statusBarItem(page: Page, text: string | RegExp): Locator {
  return page.locator('.statusbar-item', { hasText: text });
}

/**
 * Starts recording every text the status bar shows that matches `pattern`, for transitions too
 * quick to catch with a wait (a restart). Returns a function that reads what was recorded.
 */
export async function recordStatusBar(page: Page, pattern: string): Promise<() => Promise<string[]>> {
  const key = `__record_${Math.random().toString(36).slice(2)}`;
  // Browser-side code as text: this project compiles without the DOM library.
  await page.evaluate(`(() => {
    const seen = (window[${JSON.stringify(key)}] = []);
    const bar = document.querySelector('.part.statusbar');
    const note = () => {
      for (const item of bar.querySelectorAll('.statusbar-item')) {
        const text = (item.textContent || '').trim();
        if (text.includes(${JSON.stringify(pattern)}) && seen[seen.length - 1] !== text) seen.push(text);
      }
    };
    note();
    new MutationObserver(note).observe(bar, { subtree: true, childList: true, characterData: true });
  })()`);
  return () => page.evaluate(`window[${JSON.stringify(key)}]`) as Promise<string[]>;
}

/** Clicks an activity-bar container by its title. */
export async function openContainer(page: Page, title: string): Promise<void> {
  await page.locator(`.activitybar .action-label[aria-label^="${title}"]`).first().click();
}

/**
 * The content of the visible webview view: two nested iframes, the outer one marked ready only
 * once the view is shown (open its container first).
 */
export function webviewFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
}

/** A row of a tree or list view in the pane titled `paneTitle`. */
export function treeRow(page: Page, paneTitle: string, text: string | RegExp): Locator {
  const pane = page.locator('.pane', { has: page.locator('.pane-header', { hasText: paneTitle }) });
  return pane.locator('.monaco-list-row', { hasText: text });
}

/** A row of the Problems panel (run "View: Focus Problems" first). */
export function problemsRow(page: Page, text: string | RegExp): Locator {
  return page.locator('.markers-panel .monaco-list-row', { hasText: text });
}

/** The chat view's content containing `text`. */
export function chatText(page: Page, text: string | RegExp): Locator {
  return page.locator('.interactive-session', { hasText: text });
}
