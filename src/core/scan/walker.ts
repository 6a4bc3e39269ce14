// Walks the workspace and decides, for every file, index or skip (and why). Honours nested
// .gitignore files, .git/info/exclude, git's global excludes file, built-in excludes and secrets,
// and a .coderagignore that may re-include (`!pattern`) what the others hide.
import * as fs from 'node:fs';
import * as path from 'node:path';
import ignore, { type Ignore, type IgnoreRule } from 'ignore';
import picomatch from 'picomatch';
import type { SkippedFile } from '../base/types';
import { outerRules } from './repo';
import { type Reopener, reopener } from './reopen';
import { builtinRules, hasBinaryExtension, type Rule, ruleMatch } from './rules';

// Ignore files match as git does by default (core.ignorecase): case-sensitively on Linux, where
// `*.LOG` does not hide `debug.log`; case-insensitively on the case-insensitive macOS and Windows.
const GIT_IGNORECASE = process.platform === 'darwin' || process.platform === 'win32';

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
  /**
   * More lines in .gitignore syntax, relative to the root, read as if they ended .coderagignore
   * (an editor's exclude setting): `!pattern` re-includes as it does there.
   */
  extraExcludes?: string[];
  /** Globs over root-relative paths: when given, a file matching none is skipped ('ignored'). */
  include?: string[];
  isDocumentation?: (path: string) => boolean;
  /** The index folder (absolute): never indexed, whatever its name or place. */
  indexDir?: string;
}

export interface ScanResult {
  files: ScannedFile[];
  skipped: SkippedFile[];
}

interface IgnoreFile {
  dir: string; // relative dir the patterns are relative to ('' for root)
  /** For a file above the root: the root's path from the file's folder, with a trailing `/`. */
  above: string;
  source: string; // where the rules come from, for skip details
  matcher: Ignore;
  patterns: string[];
}

export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

function readIgnoreFile(abs: string, dir: string, source: string, above = '', extra: string[] = []): IgnoreFile | undefined {
  let text: string;
  try {
    text = fs.readFileSync(abs, 'utf8');
  } catch {
    if (!extra.length) return undefined;
    text = '';
  }
  const lines = text ? text.split(/\r?\n/) : [];
  const patterns = [...lines, ...extra].filter((l) => l.trim() && !l.startsWith('#'));
  // Each pattern carries its line number, so a skip can say which line of which file excludes it;
  // lines from the caller's settings say so instead.
  const matcher = ignore({ ignorecase: GIT_IGNORECASE })
    .add(lines.map((pattern, i) => ({ pattern, mark: String(i + 1) })))
    .add(extra.map((pattern) => ({ pattern, mark: EXTRA_MARK })));
  return { dir, above, source, matcher, patterns };
}

const EXTRA_MARK = 'exclude setting';

function relativeTo(dir: string, rel: string): string {
  return dir ? rel.slice(dir.length + 1) : rel;
}

/** `by "*.log" (a/.gitignore:3)`: the pattern that skips a path, and where it is written. */
function byRule(rule: IgnoreRule | undefined, source: string): string {
  if (rule?.mark === EXTRA_MARK) return `by "${rule.pattern}" (the ${EXTRA_MARK})`;
  return `by "${rule?.pattern ?? '?'}" (${source}${rule?.mark ? `:${rule.mark}` : ''})`;
}

/** The last matching rule across a stack of ignore files (deeper files win, as in git), described. */
function gitignored(stack: IgnoreFile[], rel: string, isDir: boolean): string | undefined {
  for (let i = stack.length - 1; i >= 0; i--) {
    const f = stack[i];
    const r = f.matcher.test(f.above + relativeTo(f.dir, rel) + (isDir ? '/' : ''));
    if (r.ignored) return byRule(r.rule, f.source);
    if (r.unignored) return undefined;
  }
  return undefined;
}

function builtIn(pattern: string): string {
  return `by "${pattern}" (built-in)`;
}

function parentOf(rel: string): string {
  const slash = rel.lastIndexOf('/');
  return slash < 0 ? '' : rel.slice(0, slash);
}

/** How the walk entered a folder: what its entries inherit from the folders above them. */
interface Passage {
  /**
   * A .coderagignore negation re-included this folder or one above it: .gitignore files no longer
   * apply below it (`!gen/` means what `!gen/**` means), built-in rules still do.
   */
  reopened: boolean;
  /**
   * This folder is excluded (by `skip`) and was entered only to reach a path re-included deeper
   * down: its other entries stay excluded by the same rule.
   */
  through?: SkippedFile;
}
const OPEN: Passage = { reopened: false };
const REOPENED: Passage = { reopened: true };

/** An entry's fate: skipped (with its reason), or kept, and for a folder how the walk enters it. */
interface Verdict {
  skip?: SkippedFile;
  inside?: Passage;
}

/**
 * The rules from outside the root (repo.ts `outerRules`: the global excludes, the repository's
 * info/exclude and .gitignore files above the root), each relative to its own folder, as
 * `git ls-files -o --exclude-standard` applies them from a subfolder.
 */
function repositoryRules(root: string): IgnoreFile[] {
  const found = outerRules(root).files.map((f) => readIgnoreFile(f.file, '', f.shown, f.above)).filter((r): r is IgnoreFile => !!r);
  // A root the repository itself ignores (a build folder, a vendored tree, a corpus under .cache/)
  // was opened on purpose: the repository's rules do not describe it, or they would hide all of it.
  if (found.some((f) => f.above && f.matcher.test(f.above).ignored)) return [];
  return found;
}

/** All ignore rules of one workspace, with per-folder .gitignore files read on demand. */
class Rules {
  private readonly builtins: Rule[];
  private readonly rootStack: IgnoreFile[];
  private readonly coderag?: IgnoreFile;
  private readonly reopen: Reopener;
  /** The negations of .coderagignore that name a file, with no wildcard in the last segment. */
  private readonly explicit = ignore();
  private readonly included?: (rel: string) => boolean;
  private readonly stacks = new Map<string, IgnoreFile[]>();
  /** Folders the walk listed without a .gitignore: no read to attempt (a missing file's error is not free). */
  readonly withoutGitignore = new Set<string>();

  constructor(private readonly root: string, opts: ScanOptions) {
    this.builtins = builtinRules();
    this.rootStack = repositoryRules(root);
    this.coderag = readIgnoreFile(path.join(root, '.coderagignore'), '', '.coderagignore', '', opts.extraExcludes);
    if (opts.include?.length) this.included = picomatch(opts.include, { dot: true });
    // A negation in .coderagignore may name a path inside a folder that .gitignore or the defaults
    // hide: we must then walk through that folder to it. Only negations that spell out a folder
    // prefix open one (not `!*.gd`).
    const negations = (this.coderag?.patterns ?? []).filter((p) => p.startsWith('!')).map((p) => p.slice(1));
    this.reopen = reopener(negations);
    this.explicit.add(negations.filter((p) => !/[*?[]/.test(p.slice(p.lastIndexOf('/') + 1))));
  }

  /** Ignore files that apply inside `relDir`: root rules plus each folder's .gitignore down to it. */
  stackFor(relDir: string): IgnoreFile[] {
    const cached = this.stacks.get(relDir);
    if (cached) return cached;
    const parent = relDir ? this.stackFor(relDir.includes('/') ? relDir.slice(0, relDir.lastIndexOf('/')) : '') : this.rootStack;
    const gi = this.withoutGitignore.has(relDir)
      ? undefined
      : readIgnoreFile(path.join(this.root, relDir, '.gitignore'), relDir, relDir ? `${relDir}/.gitignore` : '.gitignore');
    const stack = gi ? [...parent, gi] : parent;
    this.stacks.set(relDir, stack);
    return stack;
  }

  /** Whether .coderagignore re-includes this entry itself: a link it names is followed outside the root. */
  reincludes(rel: string, isDir: boolean): boolean {
    return !!this.coderag?.matcher.test(rel + (isDir ? '/' : '')).unignored;
  }

  /** Index or skip one entry of a folder the walk entered by `passage`; for a folder, how to enter it. */
  decide(rel: string, isDir: boolean, passage: Passage): Verdict {
    if (!isDir && this.included && !this.included(rel)) return { skip: { path: rel, reason: 'ignored', detail: 'matches none of the include globs' } };
    const own = this.coderag?.matcher.test(rel + (isDir ? '/' : ''));
    if (own?.unignored) return isDir ? { inside: REOPENED } : this.secretUnlessNamed(rel);
    if (own?.ignored) return { skip: { path: rel, reason: 'ignored', detail: byRule(own.rule, '.coderagignore') } };
    const skip = passage.through ? { ...passage.through, path: rel } : this.excluded(rel, isDir, passage);
    if (!skip) return isDir ? { inside: passage } : {};
    // An excluded folder on the way to a path .coderagignore re-includes (`!build/gen/`, `!**/build/*.py`).
    if (isDir && this.reopen(rel)) return { inside: { reopened: passage.reopened, through: skip } };
    return { skip };
  }

  /**
   * A re-included file that is a secret stays out unless the negation names it: `!*.json` is meant
   * for data files, not for credentials.json, which only `!credentials.json` brings back.
   */
  private secretUnlessNamed(rel: string): Verdict {
    const pattern = this.secret(rel);
    if (!pattern) return {};
    return { skip: { path: rel, reason: 'secret', detail: `${builtIn(pattern)}; a wildcard does not re-include a secret: .coderagignore must name it` } };
  }

  /** A symlink to a secret is one too, whatever its own name (`settings.txt -> .env`). */
  linkedSecret(rel: string, targetRel: string): SkippedFile | undefined {
    const pattern = this.secret(targetRel);
    return pattern ? { path: rel, reason: 'secret', detail: `symlink to ${targetRel}, ${builtIn(pattern)}` } : undefined;
  }

  /** The secret rule a file matches, unless .coderagignore names it explicitly. */
  private secret(rel: string): string | undefined {
    const parent = parentOf(rel);
    // Named itself, not as the content of a folder named (`!conf` with `!*.env` keeps conf/.env out).
    if (this.explicit.ignores(rel) && !(parent && this.explicit.ignores(parent + '/'))) return undefined;
    const name = rel.slice(rel.lastIndexOf('/') + 1);
    for (const rule of this.builtins) {
      const pattern = rule.reason === 'secret' ? ruleMatch(rule, name, rel, false) : undefined;
      if (pattern) return pattern;
    }
    return undefined;
  }

  /** The .gitignore files (unless a re-included folder is above), then the built-in rules. */
  private excluded(rel: string, isDir: boolean, passage: Passage): SkippedFile | undefined {
    const git = passage.reopened ? undefined : gitignored(this.stackFor(parentOf(rel)), rel, isDir);
    if (git) return { path: rel, reason: 'ignored', detail: git };
    // Built-in rules are about names (node_modules/, *.min.js, .env): test the entry's own name,
    // so that they apply at any depth, inside re-included folders too.
    const name = rel.slice(rel.lastIndexOf('/') + 1) + (isDir ? '/' : '');
    for (const rule of this.builtins) {
      const pattern = ruleMatch(rule, name, rel, isDir);
      if (pattern) return { path: rel, reason: rule.reason, detail: builtIn(pattern) };
    }
    return undefined;
  }
}

function fileChecks(rel: string, stat: fs.Stats, abs: string, opts: ScanOptions): { file?: ScannedFile; skipped?: SkippedFile } {
  const maxBytes = opts.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  if (hasBinaryExtension(rel)) return { skipped: { path: rel, reason: 'binary', detail: 'binary or media file type' } };
  if (opts.codeOnly && opts.isDocumentation?.(rel)) return { skipped: { path: rel, reason: 'documentation', detail: 'code-only mode' } };
  if (stat.size > maxBytes) return { skipped: { path: rel, reason: 'too-large', detail: `${stat.size} bytes > limit ${maxBytes}` } };
  return { file: { path: rel, absPath: abs, size: stat.size, mtimeMs: Math.floor(stat.mtimeMs) } };
}

const INDEX_FOLDER = 'the index folder';

/**
 * Node reads names as UTF-8: bytes that are not (`caf\xe9.py` from Latin-1 days) become U+FFFD
 * and the name no longer opens anything. Checked only for names holding U+FFFD.
 */
function undecodableName(name: string, abs: string): boolean {
  return name.includes('\ufffd') && !fs.lstatSync(abs, { throwIfNoEntry: false });
}

/** A FIFO, socket or device: reading one would block or never end, but the user sees it was left out. */
function specialFile(rel: string, kind: fs.Dirent | fs.Stats): SkippedFile {
  const what = kind.isFIFO() ? 'FIFO' : kind.isSocket() ? 'socket' : kind.isCharacterDevice() ? 'character device' : kind.isBlockDevice() ? 'block device' : 'unknown type';
  return { path: rel, reason: 'special-file', detail: `not a regular file: ${what}` };
}

function realOrResolved(p: string): string {
  try {
    return fs.realpathSync.native(p);
  } catch {
    return path.resolve(p);
  }
}

/** Whether a real path lies inside the real root (a symlink may lead anywhere). */
function inside(rootReal: string, real: string): boolean {
  return real === rootReal || real.startsWith(rootReal.endsWith(path.sep) ? rootReal : rootReal + path.sep);
}

/** A link target's path for the secret rules: from the root (or followed tree) holding it, else its name. */
function relativeReal(realRoots: string[], real: string): string {
  const holder = realRoots.find((r) => inside(r, real));
  return holder ? path.relative(holder, real).split(path.sep).join('/') : path.basename(real);
}

/**
 * A symlink is followed only inside the workspace, as git and ripgrep do: a link to
 * /usr/lib/python3 would pull all of it in. A link that .coderagignore re-includes by name
 * (`!stdlib/`) is followed wherever it leads, and links inside the tree it leads to are then
 * inside too (`realRoots` grows). Resolved for links only: other entries cost nothing.
 */
function followLink(rel: string, abs: string, realRoots: string[], reincluded: boolean): { real?: string; outside?: boolean; skip?: SkippedFile } {
  let real: string;
  try {
    real = fs.realpathSync.native(abs);
  } catch {
    return { skip: { path: rel, reason: 'unreadable', detail: 'broken symbolic link' } };
  }
  if (realRoots.some((r) => inside(r, real))) return { real };
  if (reincluded) return { real, outside: true };
  return { skip: { path: rel, reason: 'outside-workspace', detail: `symlink to ${real} (follow it with \`!${rel}\` in .coderagignore)` } };
}

/** A symlink entry followed (followLink), and for a file checked against the secret rules by where it leads. */
function resolveLink(rules: Rules, rel: string, abs: string, isDir: boolean, realRoots: string[]): { real?: string; outside?: boolean; skip?: SkippedFile } {
  const followed = followLink(rel, abs, realRoots, rules.reincludes(rel, isDir));
  if (followed.skip || isDir) return followed;
  const secret = rules.linkedSecret(rel, relativeReal(realRoots, followed.real!));
  return secret ? { skip: secret } : followed;
}

export function scanWorkspace(root: string, opts: ScanOptions = {}): ScanResult {
  const steps = walkWorkspace(root, opts);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/**
 * The same walk, giving the caller's thread back every few milliseconds: a language server or an
 * editor host answers requests while a large tree is walked.
 */
export async function scanWorkspaceAsync(root: string, opts: ScanOptions = {}, sliceMs = 8): Promise<ScanResult> {
  const steps = walkWorkspace(root, opts);
  let since = performance.now();
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    if (performance.now() - since > sliceMs) {
      await new Promise((resolve) => setImmediate(resolve));
      since = performance.now();
    }
  }
}

/** The walk as steps: it yields before each folder it reads, and returns what it found. */
function* walkWorkspace(root: string, opts: ScanOptions): Generator<void, ScanResult> {
  const rules = new Rules(root, opts);
  const rootReal = realOrResolved(root);
  const realRoots = [rootReal];
  // Compared with each folder's real path, which the walk resolves anyway: the index folder is
  // left out under any name, and when a symlink leads to it.
  const indexReal = opts.indexDir ? realOrResolved(opts.indexDir) : undefined;
  const files: ScannedFile[] = [];
  const skipped: SkippedFile[] = [];
  const ancestors = new Set<string>();
  function* walk(absDir: string, relDir: string, passage: Passage, knownReal?: string): Generator<void, void> {
    yield;
    let real: string;
    try {
      // One realpath(3) call: the JS realpathSync lstat-s every component of every folder.
      real = knownReal ?? fs.realpathSync.native(absDir);
    } catch {
      skipped.push({ path: relDir || '.', reason: 'unreadable', detail: 'cannot resolve folder' });
      return;
    }
    // A symlink back to a folder we are inside would recurse forever.
    if (ancestors.has(real)) {
      skipped.push({ path: relDir + '/', reason: 'symlink-loop', detail: `links back to ${real}` });
      return;
    }
    if (real === indexReal && relDir) {
      skipped.push({ path: relDir + '/', reason: 'default-exclude', detail: INDEX_FOLDER });
      return;
    }
    ancestors.add(real);
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(absDir, { withFileTypes: true });
    } catch (err) {
      skipped.push({ path: relDir || '.', reason: 'unreadable', detail: (err as NodeJS.ErrnoException).code ?? String(err) });
      ancestors.delete(real);
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    if (!entries.some((e) => e.name === '.gitignore')) rules.withoutGitignore.add(relDir);
    for (const e of entries) {
      const rel = relDir ? `${relDir}/${e.name}` : e.name;
      const abs = path.join(absDir, e.name);
      let isDir = e.isDirectory();
      let isFile = e.isFile();
      if (undecodableName(e.name, abs)) {
        skipped.push({ path: isDir ? rel + '/' : rel, reason: 'unreadable', detail: 'file name is not valid UTF-8' });
        continue;
      }
      let kind: fs.Dirent | fs.Stats = e;
      let stat: fs.Stats | undefined;
      const link = e.isSymbolicLink();
      if (link) {
        try {
          stat = fs.statSync(abs);
          kind = stat;
          isDir = stat.isDirectory();
          isFile = stat.isFile();
        } catch {
          skipped.push({ path: rel, reason: 'unreadable', detail: 'broken symbolic link' });
          continue;
        }
      }
      const verdict = rules.decide(rel, isDir, passage);
      if (verdict.skip) {
        skipped.push(isDir ? { ...verdict.skip, path: rel + '/' } : verdict.skip);
        continue;
      }
      if (!isDir && !isFile) {
        skipped.push(specialFile(rel, kind));
        continue;
      }
      let real: string | undefined;
      if (link) {
        const followed = resolveLink(rules, rel, abs, isDir, realRoots);
        if (followed.skip) {
          skipped.push(isDir ? { ...followed.skip, path: rel + '/' } : followed.skip);
          continue;
        }
        real = followed.real;
        if (followed.outside && isDir) realRoots.push(real!);
      }
      if (isDir) {
        yield* walk(abs, rel, verdict.inside!, real);
        continue;
      }
      if (e.name === '.gitignore' || e.name === '.coderagignore') continue;
      try {
        stat ??= fs.statSync(abs);
      } catch (err) {
        skipped.push({ path: rel, reason: 'unreadable', detail: (err as NodeJS.ErrnoException).code ?? String(err) });
        continue;
      }
      const r = fileChecks(rel, stat, abs, opts);
      if (r.file) files.push(r.file);
      else skipped.push(r.skipped!);
    }
    ancestors.delete(real);
  }
  yield* walk(root, '', OPEN);
  return { files, skipped };
}

export type PathCheck = { file?: ScannedFile; skipped?: SkippedFile };

/** The same decision as scanWorkspace, for one path (the watcher's changes). */
export function checkPath(root: string, rel: string, opts: ScanOptions = {}): PathCheck {
  return pathChecker(root, opts)(rel);
}

/**
 * checkPath for many paths under one set of rules: the ignore files (the repository's above the
 * root, .coderagignore, each folder's .gitignore) are read once, not once per path of a batch.
 */
export function pathChecker(root: string, opts: ScanOptions = {}): (rel: string) => PathCheck {
  const rules = new Rules(root, opts);
  const fromRoot = opts.indexDir ? path.relative(root, opts.indexDir).split(path.sep).join('/') : '';
  // The index folder's path from the root, when it lies inside it.
  const indexRel = fromRoot && !fromRoot.startsWith('..') && !path.isAbsolute(fromRoot) ? fromRoot : undefined;
  let realRoots: string[] | undefined;
  return (rel) => checkWith(rules, root, rel, opts, indexRel, () => (realRoots ??= [realOrResolved(root)]));
}

function checkWith(rules: Rules, root: string, rel: string, opts: ScanOptions, indexRel: string | undefined, realRoots: () => string[]): PathCheck {
  if (indexRel && (rel + '/').startsWith(indexRel + '/')) {
    return { skipped: { path: rel, reason: 'default-exclude', detail: INDEX_FOLDER } };
  }
  const parts = rel.split('/');
  let passage = OPEN;
  for (let i = 1; i < parts.length; i++) {
    const dir = parts.slice(0, i).join('/');
    const verdict = rules.decide(dir, true, passage);
    const skip = verdict.skip;
    if (skip) return { skipped: { ...skip, path: rel, detail: `${skip.detail} on folder ${dir}/` } };
    passage = verdict.inside!;
  }
  const abs = path.join(root, rel);
  let stat: fs.Stats;
  let link: boolean;
  try {
    link = fs.lstatSync(abs).isSymbolicLink();
    stat = fs.statSync(abs);
  } catch {
    return {};
  }
  if (stat.isDirectory()) return {};
  const skip = rules.decide(rel, false, passage).skip;
  if (skip) return { skipped: skip };
  if (!stat.isFile()) return { skipped: specialFile(rel, stat) };
  if (link) {
    const followed = resolveLink(rules, rel, abs, false, realRoots());
    if (followed.skip) return { skipped: followed.skip };
  }
  const name = parts[parts.length - 1];
  if (name === '.gitignore' || name === '.coderagignore') return {};
  return fileChecks(rel, stat, abs, opts);
}
