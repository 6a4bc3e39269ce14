// Git's global excludes: the file `core.excludesFile` names in the user's git config or the
// repository's own, or $XDG_CONFIG_HOME/git/ignore (~/.config/git/ignore) when the key is unset.
// Read from the config files, not by running git: git may be absent, and a scan starts no process.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import picomatch from 'picomatch';

export interface GlobalExcludes {
  /** The excludes file (absolute; it may not exist), none when the key is set to ''. */
  file?: string;
  /** Every config file that may name it (read or missing): an edit to one may change `file`. */
  configs: string[];
}

/** git's limit on nested `[include] path` files. */
const MAX_INCLUDE_DEPTH = 10;

/** The repository the excludes are looked up for. */
export interface RepoConfig {
  /** Its git dir (`.git`, or the folder a gitlink names): what `[includeIf "gitdir:…"]` tests. */
  gitDir: string;
  /** Its own config file (in the common git dir), read last: it overrides the user's. */
  config: string;
}

/**
 * `relativeTo`: where a relative core.excludesFile points from (git resolves it from the
 * repository's top). `repo`: the repository's git dir and config, when there is one.
 */
export function globalExcludes(relativeTo: string, env: NodeJS.ProcessEnv = process.env, repo?: RepoConfig): GlobalExcludes {
  const home = homeOf(env);
  const xdg = env.XDG_CONFIG_HOME || path.join(home, '.config');
  // Lowest precedence first: ~/.gitconfig overrides the XDG file, the repository's config both.
  // GIT_CONFIG_GLOBAL replaces the user's two.
  const user = env.GIT_CONFIG_GLOBAL ? [env.GIT_CONFIG_GLOBAL] : [path.join(xdg, 'git', 'config'), path.join(home, '.gitconfig')];
  const configs = repo ? [...user, repo.config] : user;
  const read: string[] = [];
  let value: string | undefined;
  const visit = (file: string, depth: number) => {
    read.push(file);
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      return;
    }
    for (const e of configEntries(text)) {
      if (e.section === 'core' && e.key === 'excludesfile' && e.value !== undefined) value = e.value;
      else if (e.key === 'path' && e.value && depth < MAX_INCLUDE_DEPTH && (e.section === 'include' || includedIf(e.section, file, home, repo))) {
        visit(path.resolve(path.dirname(file), expandHome(e.value, home)), depth + 1);
      }
    }
  };
  for (const file of configs) visit(file, 0);
  if (value === undefined) return { file: path.join(xdg, 'git', 'ignore'), configs: read };
  return { file: value ? path.resolve(relativeTo, expandHome(value, home)) : undefined, configs: read };
}

/**
 * `[includeIf "gitdir:…"]` (and `gitdir/i:`) as git-config(1) defines it: `~/` and `./` expanded,
 * a pattern not starting with `/` matched at any depth (`**\/` before it), one ending in `/`
 * matching everything below (`**` after it), tested on the git dir and its real path. Other
 * conditions (`onbranch:`, `hasconfig:`) are not evaluated: their includes are not read.
 */
function includedIf(section: string, configFile: string, home: string, repo?: RepoConfig): boolean {
  const m = /^includeif\.(gitdir|gitdir\/i):(.*)$/i.exec(section);
  if (!m || !repo) return false;
  let pattern = m[2];
  if (pattern.startsWith('~/')) pattern = path.join(home, pattern.slice(2));
  else if (pattern.startsWith('./')) pattern = path.join(path.dirname(configFile), pattern.slice(2));
  if (!path.isAbsolute(pattern)) pattern = `**/${pattern}`;
  if (pattern.endsWith('/')) pattern += '**';
  const test = picomatch(pattern, { dot: true, nocase: m[1].toLowerCase() === 'gitdir/i' });
  let real = repo.gitDir;
  try {
    real = fs.realpathSync(repo.gitDir);
  } catch {
    /* a git dir that vanished: its path as given */
  }
  return test(repo.gitDir) || test(real);
}

/** As git finds the home folder: $HOME, else the system's (%USERPROFILE% on Windows). */
function homeOf(env: NodeJS.ProcessEnv): string {
  return env.HOME || os.homedir();
}

/** `~` and `~/…` as git expands them in a path value (`~user/` is left as written). */
function expandHome(p: string, home: string): string {
  return p === '~' ? home : p.startsWith('~/') ? path.join(home, p.slice(2)) : p;
}

/** A file under the home folder as `~/…`, for skip details. */
export function shownPath(abs: string, env: NodeJS.ProcessEnv = process.env): string {
  const home = homeOf(env);
  const rel = path.relative(home, abs);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return abs;
  return `~/${rel.split(path.sep).join('/')}`;
}

export interface ConfigEntry {
  /** Lowercase; a subsection follows a dot as written (`[includeIf "gitdir:~/w/"]` → `includeif.gitdir:~/w/`). */
  section: string;
  /** Lowercase. */
  key: string;
  /** Undefined for a key without `=` (a boolean true). */
  value?: string;
}

const HEADER = /\[[ \t]*([A-Za-z0-9.-]+)(?:[ \t]+"((?:[^"\\\n]|\\.)*)")?[ \t]*\]/y;
const KEY = /([A-Za-z][A-Za-z0-9-]*)[ \t]*/y;
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', b: '\b', '"': '"', '\\': '\\' };

/**
 * The entries of a git config file in order, as git-config(1) defines the syntax: `[section]`
 * and `[section "subsection"]` headers (a key may follow on the same line), `key = value` with
 * `#`/`;` comments, double quotes, the escapes \" \\ \n \t \b and a backslash continuing a line;
 * leading and trailing blanks are dropped, each inner one kept as a space. A line git would reject
 * ends the reading: the entries before it stand.
 */
export function configEntries(input: string): ConfigEntry[] {
  const text = input.replace(/\r\n/g, '\n');
  const entries: ConfigEntry[] = [];
  let section = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || (i === 0 && c === '\ufeff')) {
      i++;
    } else if (c === '#' || c === ';') {
      i = lineEnd(text, i);
    } else if (c === '[') {
      HEADER.lastIndex = i;
      const m = HEADER.exec(text);
      if (!m) break;
      section = m[1].toLowerCase() + (m[2] === undefined ? '' : '.' + m[2].replace(/\\(.)/g, '$1'));
      i = HEADER.lastIndex;
    } else {
      KEY.lastIndex = i;
      const m = KEY.exec(text);
      if (!m) break;
      i = KEY.lastIndex;
      const key = m[1].toLowerCase();
      if (text[i] !== '=') {
        // A key alone is true; only a comment may follow it on its line.
        if (i < text.length && !'\n#;'.includes(text[i])) break;
        entries.push({ section, key });
        continue;
      }
      const v = parseValue(text, i + 1);
      if (v.end < 0) break;
      entries.push({ section, key, value: v.value });
      i = v.end;
    }
  }
  return entries;
}

/** A value from `start` (after the `=`) to its line's end; `end` -1 when malformed. */
function parseValue(text: string, start: number): { value: string; end: number } {
  let value = '';
  let blanks = 0;
  let quoted = false;
  let i = start;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') break;
    if (!quoted && (c === '#' || c === ';')) {
      i = lineEnd(text, i);
      break;
    }
    if (!quoted && (c === ' ' || c === '\t')) {
      if (value) blanks++; // leading blanks are dropped, trailing ones never added
      continue;
    }
    value += ' '.repeat(blanks);
    blanks = 0;
    if (c === '"') {
      quoted = !quoted;
    } else if (c === '\\') {
      const next = text[++i];
      if (next === '\n') continue;
      if (!(next in ESCAPES)) return { value, end: -1 };
      value += ESCAPES[next];
    } else {
      value += c;
    }
  }
  return quoted ? { value, end: -1 } : { value, end: i };
}

function lineEnd(text: string, i: number): number {
  const nl = text.indexOf('\n', i);
  return nl < 0 ? text.length : nl;
}
