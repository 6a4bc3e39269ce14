// Numbered screenshots per test: test-results/e2e/<test>/NN-name.png, in the order taken.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { RESULTS_DIR } from './paths';

export class Screenshots {
  private n = 0;
  readonly dir: string;

  constructor(test: string) {
    this.dir = path.join(RESULTS_DIR, test);
    fs.rmSync(this.dir, { recursive: true, force: true });
    fs.mkdirSync(this.dir, { recursive: true });
  }

  async take(page: Page, name: string): Promise<string> {
    const file = path.join(this.dir, `${String(++this.n).padStart(2, '0')}-${name}.png`);
    await page.screenshot({ path: file });
    return file;
  }
}
