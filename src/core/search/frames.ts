// Stack-trace frames as runtimes print them. A frame names a file and often a function: when the
// file is one of the workspace's, that is the strongest evidence a bug report carries. Each reader
// recognises one line shape and says nothing about the lines around it; query-parts.ts walks them.

export interface Frame {
  /** The file as the trace wrote it, `\` turned into `/`; for a frozen Python module, its module path (`ntpath`). */
  file: string;
  line?: number;
  /** The function or method the frame names, as written: `parseRange`, `Range.parseRange`, `(*Server).handle`. */
  func?: string;
  /** 0 for the frame nearest the error, counting outwards within its trace. */
  depth: number;
  /** Which trace of the text it belongs to (chained exceptions, several pasted traces), in text order. */
  trace: number;
  /** The source line the trace shows under the frame (Python prints it). */
  code?: string;
  /**
   * The runtime's own machinery (`node:internal/…`, Python's import bootstrap): present in every trace
   * whatever the bug, so never evidence.
   */
  internal: boolean;
  /** A frozen module (`<frozen ntpath>`): `file` is a module path, not a file path. */
  module?: boolean;
  /**
   * How its trace relates to the next one: `cause` when the next exception was raised from this one
   * ("The above exception was the direct cause…": this trace holds the origin), `handled` when the
   * next one happened while handling this one ("During handling of the above exception…": this
   * trace is usually a caught, expected error).
   */
  chain?: 'cause' | 'handled';
}

export type FrameStyle = 'python' | 'node' | 'go' | 'java' | 'ruby';

/** What one line says, before the walk assigns depth and trace. */
export type FrameLine = Omit<Frame, 'depth' | 'trace' | 'chain'> & { style: FrameStyle };

const slashes = (p: string) => p.replace(/\\/g, '/');

// Frozen modules that are import machinery, not library code a bug lives in.
const PY_INTERNAL = /^importlib\._bootstrap(_external)?$|^zipimport$/;

/** `  File "/usr/lib/python3.11/json/encoder.py", line 200, in encode` (also `<frozen ntpath>`, `<stdin>`). */
export function pythonFrame(line: string): FrameLine | undefined {
  const m = /^\s*File "([^"]+)", line (\d+)(?:, in (.+?))?\s*$/.exec(line);
  if (!m) return undefined;
  const func = m[3] && m[3] !== '<module>' && !m[3].startsWith('<') ? m[3] : undefined;
  const frozen = /^<frozen ([\w.]+)>$/.exec(m[1]);
  if (frozen) return { style: 'python', file: frozen[1], line: Number(m[2]), func, internal: PY_INTERNAL.test(frozen[1]), module: true };
  // <stdin>, <string>, <ipython-input-…>: code typed at a prompt, no file behind it.
  const internal = m[1].startsWith('<');
  return { style: 'python', file: slashes(m[1]), line: Number(m[2]), func, internal };
}

/**
 * Python frames as other tools print them: IPython/Jupyter (`File ~/env/lib/python3.9/site-packages/
 * sympy/core/sympify.py:496, in sympify(a, locals)`; older `~/…/_axes.py in scatter(self, x, y)`),
 * pytest (`sympy/printing/latex.py:1972: in _print_Function`) and warnings
 * (`/app/x.py:12: DeprecationWarning: …`, file and line only).
 */
export function pythonToolFrame(line: string): FrameLine | undefined {
  const at = (file: string, ln: string | undefined, func: string | undefined): FrameLine => ({
    style: 'python',
    file: slashes(file),
    line: ln ? Number(ln) : undefined,
    func: func && !func.startsWith('<') ? func : undefined,
    internal: false,
  });
  const ipython = /^\s*File (\S+\.py):(\d+)(?:, in ([\w.<>]+))?/.exec(line);
  if (ipython) return at(ipython[1], ipython[2], ipython[3]);
  const oldIpython = /^\s*((?:~|\.{0,2}\/|[A-Za-z]:[\\/])\S*\.py) in ([\w.<>]+)\(/.exec(line);
  if (oldIpython) return at(oldIpython[1], undefined, oldIpython[2]);
  const pytest = /^(\S+\.py):(\d+): (?:in ([\w.<>]+)|\w*(?:Warning|Error)\b.*)?$/.exec(line.trim());
  if (pytest) return at(pytest[1], pytest[2], pytest[3]);
  return undefined;
}

/**
 * `    at Range.parseRange (/app/node_modules/semver/classes/range.js:157:35)`, `    at /app/x.js:4:9`,
 * `    at async Promise.all (index 0)` (no file: skipped), `at new Comparator (…)`, `at module.exports [as parse] (…)`.
 */
export function nodeFrame(line: string): FrameLine | undefined {
  const m = /^\s*at (?:(.+?) \()?((?:file:\/\/)?[^\s()]+?):(\d+)(?::\d+)?\)?\s*$/.exec(line);
  if (!m) return undefined;
  const file = slashes(m[2].replace(/^file:\/\//, ''));
  let func: string | undefined = m[1]?.replace(/^(?:async|new) /, '').replace(/ \[as [^\]]+\]$/, '');
  if (func && (/<anonymous>/.test(func) || /^Object\.<|^Module\.|^process\./.test(func))) func = undefined;
  const internal = /^node:|^internal\/|^<anonymous>$|^native$/.test(file) || !/[./]/.test(file);
  return { style: 'node', file, line: Number(m[3]), func, internal };
}

/** Go prints a function line, then its location: `\t/home/u/proj/server.go:42 +0x1d`. */
export function goLocation(line: string): { file: string; line: number } | undefined {
  const m = /^\s+(\S+\.go):(\d+)(?: \+0x[0-9a-f]+)?\s*$/.exec(line);
  return m ? { file: slashes(m[1]), line: Number(m[2]) } : undefined;
}

/** `main.(*Server).handle(0xc000010000, …)` or `github.com/acme/app/pkg.Parse(…)` → `(*Server).handle`, `Parse`. */
export function goFunction(line: string): string | undefined {
  const m = /^(?:created by )?([\w./-]*?)(\([^()]*\))?\.?([\w]+)\((?:[^()]|\.\.\.)*\)(?: in goroutine \d+)?\s*$/.exec(line.trim());
  if (!m) return undefined;
  const receiver = m[2] ? `${m[2]}.` : '';
  return `${receiver}${m[3]}`;
}

/** `\tat com.acme.billing.Invoice.total(Invoice.java:42)` → file `com/acme/billing/Invoice.java`, func `Invoice.total`. */
export function javaFrame(line: string): FrameLine | undefined {
  const m = /^\s*at ([\w$.]+)\.([\w$<>]+)\(([\w$]+\.(?:java|kt|scala|groovy)):(\d+)\)\s*$/.exec(line);
  if (!m) return undefined;
  const parts = m[1].split('.');
  const cls = parts[parts.length - 1].replace(/\$.*/, '');
  const pkg = parts.slice(0, -1).join('/');
  const func = m[2].startsWith('<') ? cls : `${cls}.${m[2]}`;
  return { style: 'java', file: pkg ? `${pkg}/${m[3]}` : m[3], line: Number(m[4]), func, internal: /^(java|javax|jdk|sun|kotlin)\//.test(pkg + '/') };
}

/** `from /app/lib/cart.rb:12:in 'add_item'` or `/app/lib/cart.rb:12:in `add_item'`. */
export function rubyFrame(line: string): FrameLine | undefined {
  const m = /^\s*(?:from )?(\S+\.rb):(\d+):in [`'](?:[\w:]+[#.])?([^'`]+)'\s*$/.exec(line);
  if (!m) return undefined;
  return { style: 'ruby', file: slashes(m[1]), line: Number(m[2]), func: m[3].startsWith('<') ? undefined : m[3], internal: false };
}
