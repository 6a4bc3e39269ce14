// The command line's edges: --help per command, argument validation, what readers say about an
// index that is missing or has no vectors, and exit codes.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { lines, removeWorkspace, workspace } from './helpers';

const bin = path.join(__dirname, '..', '..', 'bin', 'coderag.js');

function coderag(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 60_000 });
}

test('cli: `<command> --help` prints that command’s usage, exits 0 and runs nothing', () => {
  const root = workspace({ 'a.py': lines('def alpha():', '    pass') });
  try {
    for (const command of ['index', 'search', 'status', 'watch', 'map', 'symbols', 'mcp']) {
      for (const flag of ['--help', '-h']) {
        const r = coderag(command, '--root', root, flag);
        assert.equal(r.status, 0, `${command} ${flag}: ${r.stderr}`);
        assert.match(r.stdout, new RegExp(`^Usage:\\n  coderag ${command} `), `${command} ${flag}`);
      }
    }
    assert.equal(fs.existsSync(path.join(root, '.coderag')), false, 'no command ran');
  } finally {
    removeWorkspace(root);
  }
});
