// The VSIX files a test installs: the product's (packaged when missing or stale) and the test
// helper extension's (packaged from test/e2e/test-extension, never part of the product).
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PRODUCT_VSIX, REPO, RUNS_DIR, TEST_EXTENSION_DIR } from './paths';

/** The packaged product, rebuilt by scripts/package-vsix.mjs when its inputs changed. */
export function productVsix(): string {
  if (!fs.existsSync(path.join(REPO, 'dist', 'lsp-server.js'))) throw new Error('dist/ is not built: run `npm run build` (or `npm run package`) first');
  execFileSync(process.execPath, [path.join(REPO, 'scripts', 'package-vsix.mjs'), '--if-stale'], { cwd: REPO, stdio: ['ignore', 'inherit', 'inherit'] });
  return PRODUCT_VSIX;
}

/** The test helper's VSIX (a few KB; packaged again when any of its files is newer). */
export function testExtensionVsix(): string {
  const out = path.join(RUNS_DIR, 'coderag-e2e-helper.vsix');
  const newest = Math.max(...fs.readdirSync(TEST_EXTENSION_DIR).map((f) => fs.statSync(path.join(TEST_EXTENSION_DIR, f)).mtimeMs));
  if (fs.existsSync(out) && fs.statSync(out).mtimeMs > newest) return out;
  fs.mkdirSync(RUNS_DIR, { recursive: true });
  const vsce = path.join(REPO, 'node_modules', '@vscode', 'vsce', 'vsce');
  execFileSync(process.execPath, [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', out], {
    cwd: TEST_EXTENSION_DIR,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return out;
}
