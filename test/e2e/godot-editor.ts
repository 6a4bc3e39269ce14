// What the Godot editor tests share: CodeRAG's own diagnostics from the probe, and moving around
// the editor as a user would.
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { commandOutput, eventually, type Session } from './harness/session';
import { runCommand } from './harness/workbench';
import type { Probe } from './probe';


export const probe = (s: Session) => commandOutput<Probe>(s, 'CodeRAG Test: Probe', 'probe.json');

/** CodeRAG's Godot diagnostics of one file (the probe holds every source's). */
export const ours = (p: Probe, file: string) => p.diagnostics.find((d) => d.path === file)?.items.filter((i) => i.source === 'CodeRAG Godot 4') ?? [];

/** Opens a workspace file with Go to File; the row clicked is the one in `rel`'s folder (both projects have a main.gd). */
export async function openFile(s: Session, rel: string): Promise<void> {
  const { page } = s;
  await runCommand(page, 'Go to File...');
  await page.keyboard.type(rel);
  const row = page.locator('.quick-input-widget .monaco-list-row', { hasText: path.basename(rel) }).filter({ hasText: path.dirname(rel) }).first();
  await row.waitFor();
  await row.click();
  await eventually(`${rel} in the active editor`, async () => ((await probe(s)).editor?.path === rel ? true : undefined));
}

export async function goToLine(page: Page, at: string): Promise<void> {
  await runCommand(page, 'Go to Line/Column...');
  await page.keyboard.type(at);
  await page.keyboard.press('Enter');
}
