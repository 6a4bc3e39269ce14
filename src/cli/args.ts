// Command-line parsing on node:util's parseArgs: every command takes --root and --json.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';

export const commonOptions = {
  root: { type: 'string' },
  'index-dir': { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
  model: { type: 'string' },
  'no-embeddings': { type: 'boolean', default: false },
} satisfies ParseArgsConfig['options'];

export function parse<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T) {
  return parseArgs({ args: argv, options: { ...commonOptions, ...options }, allowPositionals: true, strict: true });
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
