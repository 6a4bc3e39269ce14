// Search options checked before anything runs, for every adapter alike (the CLI's flags, the MCP
// tool's arguments, the editor's filters): a typo in a filter must not look like "no results".
// Errors list what is valid; the CLI exits 2 on them, the MCP tool answers with them.
import picomatch from 'picomatch';
import { languages, TEXT_FORMATS } from '../lang/registry';
import { CHUNK_KINDS } from '../base/types';
import type { SearchOptions } from '../search/hybrid';

export class InvalidArgumentError extends Error {}

/** Short names users type (file extensions mostly); `ts` covers .tsx files too. */
const LANGUAGE_ALIASES: Record<string, string[]> = {
  py: ['python'], ts: ['typescript', 'tsx'], js: ['javascript'], jsx: ['javascript'], rs: ['rust'], cs: ['csharp'], 'c#': ['csharp'],
  'c++': ['cpp'], cc: ['cpp'], hpp: ['cpp'], h: ['c'], rb: ['ruby'], gd: ['gdscript'], golang: ['go'], md: ['markdown'], yml: ['yaml'],
};
const MODES = ['hybrid', 'keyword', 'vector'];
const FUSIONS = ['zscore', 'rrf'];

/** Repeated options and comma lists alike: `--kind method,class` or `--kind method --kind class`. */
function listOf(values: string | string[] | undefined): string[] | undefined {
  const items = (typeof values === 'string' ? [values] : values)?.flatMap((v) => String(v).split(',')).map((v) => v.trim().toLowerCase()).filter(Boolean);
  return items?.length ? items : undefined;
}

function oneOf(option: string, value: string | undefined, valid: string[], prefix: string): string | undefined {
  if (value === undefined) return undefined;
  if (!valid.includes(value)) throw new InvalidArgumentError(`${prefix}${option} ${value}: not one of ${valid.join(', ')}`);
  return value;
}

/** Brackets, braces and parentheses must pair up: picomatch takes `[` literally and `{a` as matching nothing. */
function checkGlob(glob: string, prefix: string): string {
  const pairs: Record<string, string> = { ']': '[', '}': '{', ')': '(' };
  const open: string[] = [];
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '\\') i++;
    else if (c === '[' || c === '{' || c === '(') open.push(c);
    else if (c in pairs && open.pop() !== pairs[c]) throw new InvalidArgumentError(`${prefix}path ${glob}: invalid glob (unmatched '${c}')`);
  }
  if (open.length) throw new InvalidArgumentError(`${prefix}path ${glob}: invalid glob (unclosed '${open[open.length - 1]}')`);
  try {
    picomatch.makeRe(glob);
  } catch (err) {
    throw new InvalidArgumentError(`${prefix}path ${glob}: invalid glob (${(err as Error).message})`);
  }
  return glob;
}

/** A whole number from `min` to `max`, or the error saying so; undefined stays undefined. */
function wholeNumber(option: string, value: unknown, min: number, max: number, what: string, prefix: string): number | undefined {
  if (value === undefined) return undefined;
  const raw = String(value).trim();
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max) throw new InvalidArgumentError(`${prefix}${option} ${String(value)}: expected a whole number of ${what} from ${min} to ${max}`);
  return n;
}

/** The repo map's token budget (`tokens`), checked: 64 to 65536. */
export function mapOptionsOf(values: Record<string, unknown>, prefix = '--'): { tokens?: number } {
  return { tokens: wholeNumber('tokens', values.tokens, 64, 65536, 'tokens', prefix) };
}

/** Symbol search's `limit` (1 to 500) and `context` lines (0 to 20), checked. */
export function symbolOptionsOf(values: Record<string, unknown>, prefix = '--', contextName = 'context'): { limit?: number; contextLines?: number } {
  return {
    limit: wholeNumber('limit', values.limit, 1, 500, 'matches', prefix),
    contextLines: wholeNumber(contextName, values[contextName], 0, 20, 'lines', prefix),
  };
}

/** Every language a filter may name: parsed languages and text formats. */
export const SEARCH_LANGUAGES: readonly string[] = [...languages.map((l) => l.id), ...TEXT_FORMATS];

/**
 * Options as a user or a client gives them — `limit`, `kind` and `lang` (lists, comma lists,
 * aliases such as `py`), `path` (a glob), `mode`, `fusion`, `code-only`, `files` or `group-by: file`
 * (the file view) — checked and normalized.
 * `prefix` is how the caller writes an option's name: `--` on the command line, nothing in MCP.
 */
export function searchOptionsOf(values: Record<string, unknown>, prefix = '--'): SearchOptions {
  let limit = 10;
  if (values.limit !== undefined) {
    const raw = String(values.limit);
    limit = Number(raw);
    if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(limit) || limit < 1) throw new InvalidArgumentError(`${prefix}limit ${raw}: expected a whole number of results, 1 or more`);
  }
  const kinds = listOf(values.kind as string[] | undefined);
  for (const k of kinds ?? []) {
    if (!(CHUNK_KINDS as readonly string[]).includes(k)) throw new InvalidArgumentError(`${prefix}kind ${k}: not one of ${CHUNK_KINDS.join(', ')}`);
  }
  const validLanguages = SEARCH_LANGUAGES as string[];
  const langs = listOf(values.lang as string[] | undefined)?.flatMap((l) => {
    if (validLanguages.includes(l)) return [l];
    const alias = LANGUAGE_ALIASES[l];
    if (alias) return alias;
    throw new InvalidArgumentError(`${prefix}lang ${l}: not one of ${validLanguages.join(', ')} (or ${Object.keys(LANGUAGE_ALIASES).join(', ')})`);
  });
  return {
    limit,
    kind: kinds,
    language: langs ? [...new Set(langs)] : undefined,
    path: values.path === undefined ? undefined : checkGlob(String(values.path), prefix),
    mode: oneOf('mode', values.mode as string | undefined, MODES, prefix) as SearchOptions['mode'],
    fusion: oneOf('fusion', values.fusion as string | undefined, FUSIONS, prefix) as SearchOptions['fusion'],
    codeOnly: !!values['code-only'],
    ...(values.files || oneOf('group-by', values['group-by'] as string | undefined, ['file'], prefix) ? { groupBy: 'file' as const } : {}),
  };
}
