// Command-line parsing on node:util's parseArgs, with each command's options from spec.ts.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { parseOptions } from './spec';

/** A command's arguments, strictly: an option the command does not have is an error (exit 2). */
export function parse(command: string, argv: string[]) {
  return parseArgs({ args: argv, options: parseOptions(command), allowPositionals: true, strict: true });
}

/** The workspace and index folder named by --root (default: the current folder) and --index-dir. */
export function workspaceOf(values: Record<string, unknown>): { root: string; indexDir?: string } {
  const root = path.resolve((values.root as string) ?? process.cwd());
  // A mistyped --root would otherwise index nothing and report one skipped file.
  if (!fs.statSync(root, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`--root ${root}: no such folder`);
  return {
    root,
    indexDir: values['index-dir'] ? path.resolve(values['index-dir'] as string) : undefined,
  };
}

const UNITS: Record<string, number> = { '': 1, b: 1, k: 1024, kb: 1024, kib: 1024, m: 1024 ** 2, mb: 1024 ** 2, mib: 1024 ** 2, g: 1024 ** 3, gb: 1024 ** 3, gib: 1024 ** 3 };

/** `2MB`, `512KiB`, `1.5m`, `1048576`: a positive byte count (units are powers of 1024, as the 1 MB default). */
export function parseByteSize(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(text.trim());
  const unit = m ? UNITS[m[2].toLowerCase()] : undefined;
  if (!m || unit === undefined) return undefined;
  const bytes = Math.floor(Number(m[1]) * unit);
  return bytes > 0 ? bytes : undefined;
}
