// Walks the workspace and decides, for every file, index or skip (and why). Honours nested
// .gitignore files, .git/info/exclude, built-in excludes and secrets, and a .coderagignore that
// may re-include (`!pattern`) what the others hide.
import * as fs from 'node:fs';
import * as path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import type { SkippedFile } from '../model';
import { builtinRules, hasBinaryExtension, type Rule } from './rules';

export interface ScannedFile {
  path: string; // relative, `/` separators
  absPath: string;
  size: number;
  mtimeMs: number;
}

export interface ScanOptions {
  maxFileBytes?: number;
  /** Skip documentation (Markdown, reStructuredText, plain text) with reason 'documentation'. */
  codeOnly?: boolean;
  extraExcludes?: string[];
  isDocumentation?: (path: string) => boolean;
}

export interface ScanResult {
  files: ScannedFile[];
  skipped: SkippedFile[];
}

interface IgnoreFile {
  dir: string; // relative dir the patterns are relative to ('' for root)
  source: string; // where the rules come from, for skip details
  matcher: Ignore;
  patterns: string[];
}

export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

function readIgnoreFile(abs: string, dir: string, source: string): IgnoreFile | undefined {
  let text: string;
  try {
    text = fs.readFileSync(abs, 'utf8');
  } catch {
    return undefined;
  }
  const patterns = text.split(/\r?\n/).filter((l) => l.trim() && !l.startsWith('#'));
  return { dir, source, matcher: ignore().add(text), patterns };
}

function relativeTo(dir: string, rel: string): string {
  return dir ? rel.slice(dir.length + 1) : rel;
}

/** The last matching rule across a stack of ignore files (deeper files win, as in git). */
function gitignored(stack: IgnoreFile[], rel: string, isDir: boolean): IgnoreFile | undefined {
  for (let i = stack.length - 1; i >= 0; i--) {
    const f = stack[i];
    const r = f.matcher.test(relativeTo(f.dir, rel) + (isDir ? '/' : ''));
    if (r.ignored) return f;
    if (r.unignored) return undefined;
  }
  return undefined;
}

export function scanWorkspace(root: string, opts: ScanOptions = {}): ScanResult {
  const maxBytes = opts.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const builtins: Rule[] = builtinRules(opts.extraExcludes);
  const files: ScannedFile[] = [];
  const skipped: SkippedFile[] = [];
  const rootStack: IgnoreFile[] = [];
  const exclude = readIgnoreFile(path.join(root, '.git', 'info', 'exclude'), '', '.git/info/exclude');
  if (exclude) rootStack.push(exclude);
  const coderag = readIgnoreFile(path.join(root, '.coderagignore'), '', '.coderagignore');
  // A negation in .coderagignore may name a folder that .gitignore or the defaults hide: we must
  // then walk into it. Only negations that spell out a folder prefix open one (not `!*.gd`).
  const reopen = (coderag?.patterns ?? []).filter((p) => p.startsWith('!')).map((p) => p.slice(1).replace(/^\//, ''));
  const mayReopen = (rel: string) => reopen.some((p) => p.startsWith(rel + '/') || p === rel || p === rel + '/');

  const decide = (rel: string, isDir: boolean, stack: IgnoreFile[]): SkippedFile | undefined => {
    const own = coderag?.matcher.test(rel + (isDir ? '/' : ''));
    if (own?.unignored) return undefined;
    if (own?.ignored) return { path: rel, reason: 'ignored', detail: 'rule in .coderagignore' };
    const git = gitignored(stack, rel, isDir);
    if (git && !(isDir && mayReopen(rel))) return { path: rel, reason: 'ignored', detail: `rule in ${git.source}` };
    for (const rule of builtins) {
      if (rule.matcher.ignores(rel + (isDir ? '/' : ''))) {
        if (isDir && mayReopen(rel)) return undefined;
        return { path: rel, reason: rule.reason, detail: 'built-in rule' };
      }
    }
    if (git && !isDir) return { path: rel, reason: 'ignored', detail: `rule in ${git.source}` };
    return undefined;
  };

  const visited = new Set<string>();
  const walk = (absDir: string, relDir: string, stack: IgnoreFile[]) => {
    let real: string;
    try {
      real = fs.realpathSync(absDir);
    } catch {
      skipped.push({ path: relDir || '.', reason: 'unreadable', detail: 'cannot resolve folder' });
      return;
    }
    if (visited.has(real)) {
      skipped.push({ path: relDir, reason: 'symlink-loop', detail: `already visited as ${real}` });
      return;
    }
    visited.add(real);
    const gi = readIgnoreFile(path.join(absDir, '.gitignore'), relDir, relDir ? `${relDir}/.gitignore` : '.gitignore');
    const here = gi ? [...stack, gi] : stack;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(absDir, { withFileTypes: true });
    } catch (err) {
      skipped.push({ path: relDir || '.', reason: 'unreadable', detail: (err as NodeJS.ErrnoException).code ?? String(err) });
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const rel = relDir ? `${relDir}/${e.name}` : e.name;
      const abs = path.join(absDir, e.name);
      let isDir = e.isDirectory();
      let isFile = e.isFile();
      let stat: fs.Stats | undefined;
      if (e.isSymbolicLink()) {
        try {
          stat = fs.statSync(abs);
          isDir = stat.isDirectory();
          isFile = stat.isFile();
        } catch {
          skipped.push({ path: rel, reason: 'unreadable', detail: 'broken symbolic link' });
          continue;
        }
      }
      if (!isDir && !isFile) continue; // sockets, fifos, devices
      const skip = decide(rel, isDir, here);
      if (skip) {
        skipped.push(isDir ? { ...skip, path: rel + '/' } : skip);
        continue;
      }
      if (isDir) {
        walk(abs, rel, here);
        continue;
      }
      if (e.name === '.gitignore' || e.name === '.coderagignore') continue;
      if (hasBinaryExtension(rel)) {
        skipped.push({ path: rel, reason: 'binary', detail: 'binary or media file type' });
        continue;
      }
      if (opts.codeOnly && opts.isDocumentation?.(rel)) {
        skipped.push({ path: rel, reason: 'documentation', detail: 'code-only mode' });
        continue;
      }
      try {
        stat ??= fs.statSync(abs);
      } catch (err) {
        skipped.push({ path: rel, reason: 'unreadable', detail: (err as NodeJS.ErrnoException).code ?? String(err) });
        continue;
      }
      if (stat.size > maxBytes) {
        skipped.push({ path: rel, reason: 'too-large', detail: `${stat.size} bytes > limit ${maxBytes}` });
        continue;
      }
      files.push({ path: rel, absPath: abs, size: stat.size, mtimeMs: Math.floor(stat.mtimeMs) });
    }
    visited.delete(real);
  };
  walk(root, '', rootStack);
  return { files, skipped };
}
