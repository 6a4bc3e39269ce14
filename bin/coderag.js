#!/usr/bin/env node
// The `coderag` command: the bundled CLI when built with esbuild, else the tsc output.
const fs = require('node:fs');
const path = require('node:path');
const bundled = path.join(__dirname, '..', 'dist', 'cli.js');
require(fs.existsSync(bundled) ? bundled : path.join(__dirname, '..', 'out', 'src', 'cli', 'main.js'));
