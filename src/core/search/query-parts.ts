// A pasted bug report taken apart: stack-trace frames, the errors they end in, code the user wrote,
// the prose around it, and the modules and files it names, with the boilerplate of issue templates
// and runtimes dropped. Each part is weighed differently downstream (query-terms.ts, evidence.ts).
import { isBoilerplateLine, isTraceNoise } from './boilerplate';
import { type Frame, type FrameLine, goFunction, goLocation, javaFrame, nodeFrame, pythonFrame, pythonToolFrame, rubyFrame } from './frames';

export interface QueryError {
  /** `ValueError`, `configparser.InterpolationSyntaxError`, `TypeError`, `panic`. */
  type: string;
  message: string;
}

export interface QueryParts {
  frames: Frame[];
  errors: QueryError[];
  /** Code the user pasted (code blocks, indented blocks, prompts) and the line Node prints at a throw site; a frame's source line is on the frame. */
  code: string[];
  prose: string[];
  /** Modules code imports: `urllib.parse`, `urllib.parse.urlsplit` (from … import), `semver`, `@modelcontextprotocol/sdk/client/stdio.js`. */
  imports: string[];
  /** Dotted names that may be modules or their members: `email.utils.parseaddr`, `xml.etree.ElementTree`. */
  dotted: string[];
  /** File paths written outside traces: `lib/parse.js`, `src/app/models.py`. */
  paths: string[];
}

// `TypeError: …`, `json.decoder.JSONDecodeError: …`, `PathError [TypeError]: …`, `panic: …`, a bare `KeyError`.
const ERROR_LINE = /^([A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Warning|Fault|panic|Failure|BadZipFile|Iteration)|panic|Error)(?: \[[\w-]+\])?(?:: (.*))?$/;
const EXCEPTION_LIKE = /^([a-z_][\w]*\.)*[A-Z][\w]*(?: \[[\w-]+\])?: .+$/;

const IMPORT_PY = /^\s*(?:from\s+([\w.]+)\s+import\s+([\w\s,().*]+)|import\s+([\w.]+(?:\s*,\s*[\w.]+)*))/;
const IMPORT_JS = /(?:require\(\s*|import\(\s*|from\s+|import\s+)['"]([^'"\s]+)['"]/g;
// `a/b/c.py`, `src\app\x.ts`, `lib/parse.js:130`: at least one separator and an extension.
const PATH = /(?:^|[\s`'"(\[])((?:[\w@.-]+[\\/])+[\w.-]+\.[A-Za-z]\w{0,5})(?::\d+)?(?=$|[\s`'"),:\]])/g;
const REPO_LINK = /https?:\/\/[^\s/]+\/[^\s/]+\/[^\s/]+\/(?:-\/)?(?:blob|tree|src)\/[^\s/]+\/([^\s#?)\]]+\.\w+)/g;
// Dotted names that may be modules: `urllib.parse`, `xml.etree.ElementTree`, `email.utils.parseaddr`.
const DOTTED = /(?:^|[^\w.])([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)(?![\w(])/g;

interface Trace {
  lines: FrameLine[];
  chain?: Frame['chain'];
  /** Innermost first (Node, Go, Java) or last (Python, Ruby's `from` chains are innermost first). */
  innermostFirst: boolean;
}

/** Splits `text` into frames, errors, code, prose, modules and paths. */
export function parseQueryParts(text: string): QueryParts {
  const parts: QueryParts = { frames: [], errors: [], code: [], prose: [], imports: [], dotted: [], paths: [] };
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const traces: Trace[] = [];
  let open: Trace | undefined;
  let fence: string | undefined;
  let lastFrame: FrameLine | undefined;
  let pendingGoFunc: string | undefined;
  // Node prints the throw site (`/app/x.js:41` and that line) before the error and its frames.
  let pendingSite: FrameLine | undefined;
  let afterBlank = true;

  const closeTrace = () => {
    open = undefined;
    lastFrame = undefined;
  };
  const addFrame = (f: FrameLine, innermostFirst: boolean) => {
    if (!open || open.innermostFirst !== innermostFirst || open.lines[0]?.style !== f.style) {
      open = { lines: [], innermostFirst };
      traces.push(open);
      // The site is the innermost frame's own location: kept only when the frames do not repeat it.
      if (pendingSite && f.style === 'node' && !(pendingSite.file === f.file && pendingSite.line === f.line)) open.lines.push(pendingSite);
      pendingSite = undefined;
    }
    open.lines.push(f);
    lastFrame = f;
  };

  for (let i = 0; i < lines.length; i++) {
    // `npm error …` prefixes a tool's whole output; pytest marks error lines with `E   `.
    const raw = lines[i].replace(/^npm (?:ERR!|error) ?/, '').replace(/^E {3}/, '');
    const trimmed = raw.trim();
    const fenceMark = /^(```+|~~~+)/.exec(trimmed);
    if (fenceMark) {
      fence = fence ? undefined : fenceMark[1];
      closeTrace();
      afterBlank = true;
      continue;
    }
    if (!trimmed) {
      afterBlank = true;
      pendingGoFunc = undefined;
      continue;
    }
    if (isTraceNoise(trimmed)) {
      if (/^Traceback|^During handling|^The above exception/.test(trimmed)) closeTrace();
      const last = traces[traces.length - 1];
      if (last && !last.chain) {
        if (/^The above exception/.test(trimmed)) last.chain = 'cause';
        else if (/^During handling/.test(trimmed)) last.chain = 'handled';
      }
      continue;
    }

    const py = pythonFrame(raw) ?? pythonToolFrame(raw);
    if (py) {
      addFrame(py, false);
      continue;
    }
    // The source line Python prints under a frame: more indented than the frame, not a frame itself.
    if (lastFrame?.style === 'python' && !lastFrame.code && /^\s{4,}\S/.test(raw) && indent(raw) > indent(lines[i - 1] ?? '')) {
      lastFrame.code = trimmed;
      continue;
    }
    // IPython prints numbered source lines under a frame (`   2945 @print…`, `-> 2949     return …`).
    if (lastFrame?.style === 'python' && /^\s*-*>?\s*\d+\s/.test(raw)) {
      if (/^\s*-+>/.test(raw) || !lastFrame.code) lastFrame.code = trimmed.replace(/^-*>?\s*\d+\s+/, '');
      continue;
    }
    const node = nodeFrame(raw) ?? javaFrame(raw);
    if (node) {
      addFrame(node, true);
      continue;
    }
    const rb = rubyFrame(raw);
    if (rb) {
      addFrame(rb, true);
      continue;
    }
    const goLoc = goLocation(raw);
    if (goLoc && pendingGoFunc !== undefined) {
      addFrame({ style: 'go', file: goLoc.file, line: goLoc.line, func: pendingGoFunc || undefined, internal: /^\/usr\/(local\/)?go\/src\/|\/runtime\//.test(goLoc.file) }, true);
      pendingGoFunc = undefined;
      continue;
    }
    const goFunc = /^\S/.test(raw) || /^\s*created by /.test(raw) ? goFunction(raw) : undefined;
    if (goFunc !== undefined && /\(.*\)\s*$/.test(trimmed) && goLocation(lines[i + 1] ?? '')) {
      pendingGoFunc = goFunc;
      continue;
    }

    // Node prints the throw site before the error: `/app/x.js:41` then that line of code.
    const site = /^((?:\/|[A-Za-z]:[\\/]|\.{1,2}\/)\S+\.[cm]?[jt]sx?):(\d+)$/.exec(trimmed);
    if (site) {
      if (pendingSite) traces.push({ lines: [pendingSite], innermostFirst: true });
      pendingSite = { style: 'node', file: site[1].replace(/\\/g, '/'), line: Number(site[2]), internal: false };
      const next = lines[i + 1];
      if (next !== undefined && next.trim() && !isTraceNoise(next)) {
        parts.code.push(next.trim());
        i++;
      }
      continue;
    }

    const err = errorOf(trimmed, !!open || !!fence);
    if (err && (open || !fence || ERROR_LINE.test(trimmed))) {
      parts.errors.push(err);
      closeTrace();
      continue;
    }
    if (open && !/^\s/.test(raw)) closeTrace();
    if (isBoilerplateLine(trimmed)) continue;

    const isCode = !!fence || (/^(?: {4}|\t)/.test(raw) && (afterBlank || parts.code.length > 0)) || /^(>>>|\.\.\.|\$) /.test(trimmed);
    afterBlank = false;
    const line = trimmed.replace(/^(>>>|\.\.\.|\$) /, '');
    if (isCode) parts.code.push(line);
    else parts.prose.push(line);
  }

  if (pendingSite) traces.push({ lines: [pendingSite], innermostFirst: true });
  traces.forEach((t, trace) => {
    const n = t.lines.length;
    t.lines.forEach((f, i) => {
      const { style: _style, ...frame } = f;
      parts.frames.push({ ...frame, depth: t.innermostFirst ? i : n - 1 - i, trace, ...(t.chain ? { chain: t.chain } : {}) });
    });
  });
  for (const c of parts.code) importsOf(c, parts.imports);
  for (const text of [...parts.prose, ...parts.code]) {
    // Links to a file in a repository host name its path: github.com/o/r/blob/<ref>/src/x.py#L12.
    for (const m of text.matchAll(REPO_LINK)) parts.paths.push(m[1]);
    for (const m of text.replace(/\bhttps?:\/\/\S+/g, ' ').matchAll(PATH)) parts.paths.push(m[1].replace(/\\/g, '/'));
    for (const m of text.matchAll(DOTTED)) parts.dotted.push(m[1]);
  }
  parts.imports = [...new Set(parts.imports)];
  parts.dotted = [...new Set(parts.dotted)];
  parts.paths = [...new Set(parts.paths)];
  return parts;
}

function indent(line: string): number {
  return line.length - line.trimStart().length;
}

function errorOf(text: string, inTrace: boolean): QueryError | undefined {
  // Java prefixes: `Exception in thread "main" java.lang.X: …`, `Caused by: java.io.Y: …`.
  const line = text.replace(/^Exception in thread "[^"]*" |^Caused by: /, '');
  const m = ERROR_LINE.exec(line) ?? (inTrace ? EXCEPTION_LIKE.exec(line) && /^([\w.]+)(?: \[[\w-]+\])?: (.*)$/.exec(line) : null);
  if (!m) return undefined;
  return { type: m[1], message: (m[2] ?? '').trim() };
}

function importsOf(line: string, out: string[]): void {
  const py = IMPORT_PY.exec(line);
  if (py?.[1]) {
    out.push(py[1]);
    for (const name of py[2].replace(/[()]/g, '').split(',')) {
      const n = name.trim().split(/\s+as\s+/)[0];
      if (/^\w+$/.test(n)) out.push(`${py[1]}.${n}`);
    }
  } else if (py?.[3]) for (const m of py[3].split(',')) out.push(m.trim().split(/\s+as\s+/)[0]);
  for (const m of line.matchAll(IMPORT_JS)) out.push(m[1]);
}
