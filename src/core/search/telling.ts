// Identifiers of a query that tell where to look: `_print_SingularityFunction`, `Sniffer.sniff`,
// `parseRange`. The exact-name boost used to take every code-like token of the text, so `e.g`,
// `_`, `$`, `__new__` and `TypeError` lifted whatever happened to be named or to contain them.
// This file says which names are worth looking up; evidence.ts asks the index how many
// definitions carry each (a name many files define tells little).
import type { QueryParts } from './query-parts';

export interface TellingName {
  /** As written: `Sniffer.sniff`, `parseRange`, `urllib.parse.urlsplit`. */
  name: string;
  /** Where the text said it: a frame names where the error passed, code and prose name what the user used. */
  source: 'frame' | 'error' | 'code' | 'prose';
}

// Names every program uses: builtins and the runtimes' own error types. Defining one of these in a
// workspace is rare, and a report mentioning one says nothing about which file the bug is in.
const COMMON = new Set(
  (
    'Error Exception BaseException TypeError ValueError KeyError IndexError AttributeError RuntimeError OSError IOError ' +
    'NameError SyntaxError ImportError ModuleNotFoundError NotImplementedError AssertionError StopIteration ' +
    'ZeroDivisionError OverflowError RecursionError TimeoutError ConnectionError BrokenPipeError EOFError MemoryError ' +
    'FileNotFoundError FileExistsError PermissionError NotADirectoryError IsADirectoryError UnicodeError ' +
    'UnicodeEncodeError UnicodeDecodeError LookupError ArithmeticError BufferError SystemExit KeyboardInterrupt ' +
    'GeneratorExit Warning UserWarning DeprecationWarning FutureWarning RuntimeWarning ResourceWarning ' +
    'RangeError ReferenceError EvalError URIError AggregateError InternalError ' +
    'Object Array Promise Map Set WeakMap WeakSet JSON Math console require module exports process Buffer String ' +
    'Number Boolean Symbol Date RegExp Function undefined null NaN Infinity globalThis window document this ' +
    'print len list dict str int float bool tuple set frozenset bytes bytearray open range type object super ' +
    'isinstance issubclass getattr setattr hasattr delattr self cls None True False repr hash iter next map filter ' +
    'zip sorted reversed enumerate min max sum abs any all vars dir id input format round callable'
  ).split(' '),
);

const BUILTIN_OBJECTS = new Set('Object Array Promise JSON Math console process Buffer String Number Boolean Symbol Date RegExp Reflect Intl'.split(' '));

// Abbreviations and shorthand that look dotted: `e.g`, `i.e`, `etc.`, `vs.`.
const ABBREVIATION = /^(e\.g|i\.e|etc|vs|cf|a\.k\.a|n\.b|p\.s)\.?$/i;

/** Whether `name` can tell where to look, before asking the index how common it is. */
export function isTelling(name: string): boolean {
  if (ABBREVIATION.test(name)) return false;
  const last = name.slice(name.lastIndexOf('.') + 1);
  const first = name.slice(0, name.indexOf('.') + 1 || undefined).replace(/\.$/, '');
  // `Object.keys`, `JSON.parse`, `console.log`: members of the runtime's own objects.
  if (COMMON.has(name) || COMMON.has(last) || (first !== name && BUILTIN_OBJECTS.has(first))) return false;
  // Dunders (`__init__`, `__new__`) are defined by every class.
  if (/^__\w+__$/.test(last)) return false;
  // Too short to be a name anyone searches by: `_`, `$`, `fn`, `cb`.
  if (last.replace(/^[_$]+|[_$]+$/g, '').length < 3) return false;
  // Version-like or numeric: `v20`, `3.11`.
  return !/^v?\d/.test(name);
}

// A token written as code: dotted, snake_case, camelCase, PascalCase compounds, CONSTANT_CASE,
// letters glued to digits, a call `f()`; or anything inside backticks.
const CODE_LIKE = /[A-Za-z_$][\w$]*(?:(?:\.|::|->|#)[A-Za-z_$][\w$]*)*(?:\(\))?/g;

export function looksLikeCode(token: string): boolean {
  return (
    /[._$:#>]|\(\)/.test(token.replace(/^\.|\.$/g, '')) ||
    /[a-z][A-Z]/.test(token) ||
    /^[A-Z][a-z]+[A-Z]/.test(token) ||
    /^[A-Z][A-Z0-9_]{2,}$/.test(token) ||
    /[a-zA-Z]\d|\d[a-zA-Z]/.test(token)
  );
}

/** Code-like names of a text, plus a name written alone in backticks (`Template`, `sniff()`). */
export function namesIn(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(CODE_LIKE)) if (looksLikeCode(m[0])) out.push(m[0].replace(/\(\)$/, ''));
  for (const m of text.matchAll(/`([A-Za-z_$][\w$.]*)(?:\(\))?`/g)) out.push(m[1]);
  return out;
}

/** The telling names of a parsed query, each once, with the strongest source that said it. */
export function tellingNames(parts: QueryParts): TellingName[] {
  const rank = { frame: 0, error: 1, code: 2, prose: 3 } as const;
  const found = new Map<string, TellingName['source']>();
  const add = (name: string, source: TellingName['source']) => {
    // `self.cleanup`, `this.emit`: the receiver is the current object, the member is the name.
    const clean = name.replace(/::|->|#/g, '.').replace(/^\.+|\.+$/g, '').replace(/^(self|cls|this)\./, '');
    if (!isTelling(clean)) return;
    const prev = found.get(clean);
    if (!prev || rank[source] < rank[prev]) found.set(clean, source);
  };
  for (const f of parts.frames) if (!f.internal && f.func) add(f.func.replace(/^\(\*?(\w+)\)\./, '$1.'), 'frame');
  for (const e of parts.errors) add(e.type.slice(e.type.lastIndexOf('.') + 1), 'error');
  for (const line of parts.code) for (const n of namesIn(line)) add(n, 'code');
  for (const line of parts.prose) for (const n of namesIn(line)) add(n, 'prose');
  return [...found].map(([name, source]) => ({ name, source }));
}
