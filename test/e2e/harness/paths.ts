// Where the e2e tools, runs and screenshots live. Everything is under the repository, in ignored
// folders (.cache/, test-results/), so a run leaves nothing in $HOME or /tmp.
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The repository root (this file runs from out/test/e2e/harness/). */
export const REPO = path.resolve(__dirname, '..', '..', '..', '..');

export const TOOLS_DIR = process.env.E2E_TOOLS ? path.resolve(process.env.E2E_TOOLS) : path.join(REPO, '.cache', 'e2e-tools');
/** Kept short: code-server puts unix sockets under the run's TMPDIR (108-byte path limit). */
export const RUNS_DIR = process.env.E2E_RUNS ? path.resolve(process.env.E2E_RUNS) : path.join(REPO, '.cache', 'e2e');
export const RESULTS_DIR = path.join(REPO, 'test-results', 'e2e');
export const PRODUCT_VSIX = path.join(REPO, 'coderag-linux-x64.vsix');
export const TEST_EXTENSION_DIR = path.join(REPO, 'test', 'e2e', 'test-extension');

export interface Tools {
  node24: string;
  codeServerEntry: string;
  codeServerVersion: string;
  chromium: string;
}

/** The tools scripts/e2e-tools.sh installed, as its tools.json lists them. */
export function tools(): Tools {
  const file = path.join(TOOLS_DIR, 'tools.json');
  if (!fs.existsSync(file)) throw new Error(`no e2e tools at ${TOOLS_DIR}: run scripts/e2e-tools.sh (E2E_TOOLS=<dir> to put them elsewhere)`);
  const t = JSON.parse(fs.readFileSync(file, 'utf8')) as Tools;
  for (const p of [t.node24, t.codeServerEntry, t.chromium]) {
    if (!fs.existsSync(p)) throw new Error(`${p} (listed in ${file}) is missing: run scripts/e2e-tools.sh again`);
  }
  return t;
}
