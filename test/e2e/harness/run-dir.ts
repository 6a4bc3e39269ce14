// A fresh folder per test run: the editor's user data, extensions, home and tmp, and the files the
// test helper extension exchanges with the test.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RUNS_DIR } from './paths';

export interface RunDir {
  root: string;
  userData: string;
  extensions: string;
  home: string;
  tmp: string;
  /** $CODERAG_E2E_DIR: JSON in and out of the test helper extension. */
  exchange: string;
  /** The environment that keeps code-server, its extension host and children inside the run. */
  env: NodeJS.ProcessEnv;
}

export function freshRunDir(name: string): RunDir {
  const root = path.join(RUNS_DIR, name);
  fs.rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  const d = (rel: string) => {
    const p = path.join(root, rel);
    fs.mkdirSync(p, { recursive: true });
    return p;
  };
  const home = d('home');
  const tmp = d('tmp');
  const exchange = d('exchange');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_DATA_HOME: path.join(home, '.local', 'share'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
    TMPDIR: tmp,
    CODERAG_E2E_DIR: exchange,
    LANCEDB_LOG: 'error',
  };
  // The test runner's own settings must not leak into the editor (node:test sets NODE_TEST_CONTEXT).
  delete env.NODE_TEST_CONTEXT;
  delete env.NODE_OPTIONS;
  return { root, userData: d('user-data'), extensions: d('extensions'), home, tmp, exchange, env };
}

/** Writes a small workspace (relative paths → contents) into the run and returns its path. */
export function writeWorkspace(run: RunDir, files: Record<string, string>, name = 'workspace'): string {
  const ws = path.join(run.root, name);
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
    fs.writeFileSync(path.join(ws, rel), text);
  }
  fs.mkdirSync(ws, { recursive: true });
  return ws;
}
