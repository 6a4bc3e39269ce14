// Opening a workspace file as a user does: Quick Open (Ctrl+P), its name, Enter.
import type { Page } from 'playwright-core';

/** Opens `rel` (a workspace-relative path) and waits for its tab to be the active one. */
export async function openFile(page: Page, rel: string): Promise<void> {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await input.waitFor();
  await input.fill(rel);
  const base = rel.slice(rel.lastIndexOf('/') + 1);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: base }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator(`.tabs-container .tab.active[aria-label^="${base}"]`).waitFor();
}
