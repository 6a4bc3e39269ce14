#!/usr/bin/env node
// The `coderag` command: the esbuild bundle (dist/) or the tsc output (out/), whichever is newer,
// so a developer who only ran `tsc` does not run a stale bundle.
const fs = require('node:fs');
const path = require('node:path');
const { followParent, relaunchWithMallocEnv } = require('./malloc-env');

if (!relaunchWithMallocEnv(process.argv)) {
  followParent();
  const bundled = path.join(__dirname, '..', 'dist', 'cli.js');
  const compiled = path.join(__dirname, '..', 'out', 'src', 'cli', 'main.js');
  const mtime = (f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : -1);
  require(mtime(bundled) >= mtime(compiled) ? bundled : compiled);
}
