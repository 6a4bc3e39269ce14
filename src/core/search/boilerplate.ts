// What bug reports say whatever the bug: issue-template headings, environment lines, version
// numbers and the runtimes' own trace phrases. Left in, their words took the first places of the
// query ("traceback most recent call last file … site-packages") and matched every chunk that
// mentions a traceback, a version or an environment.

// Headings of the common issue templates (GitHub's, CPython's, npm packages'), compared after
// markdown markers and a trailing colon are stripped.
const HEADINGS = new Set(
  [
    'bug', 'bug report', 'bug description', 'describe the bug', 'description', 'summary', 'problem', 'issue',
    'to reproduce', 'steps to reproduce', 'reproduction', 'reproduce', 'minimal reproducible example', 'minimal example',
    'repro', 'example', 'code', 'code example', 'sample code',
    'expected behavior', 'expected behaviour', 'expected result', 'expected results', 'expected output', 'expected',
    'actual behavior', 'actual behaviour', 'actual result', 'actual results', 'actual output', 'actual', 'current behavior',
    'current behaviour', 'observed behavior', 'what happened', 'what did you expect to happen', 'what you expected',
    'traceback', 'stack trace', 'stacktrace', 'error', 'error message', 'output', 'logs', 'log output', 'full traceback',
    'environment', 'your environment', 'system info', 'system information', 'versions', 'version', 'platform',
    'additional context', 'additional information', 'other information', 'screenshots', 'notes', 'note',
    'proposal', 'suggestion', 'possible solution', 'proposed solution', 'workaround', 'motivation', 'context',
    'cpython versions tested on', 'operating systems tested on', 'linked prs', 'checklist', 'what / why', 'how',
    'details', 'feature request', 'is your feature request related to a problem', 'describe the solution you\'d like',
  ],
);

// `- OS: Ubuntu 22.04`, `Python version: 3.11.4`, `**Node**: v20`: environment facts, not the bug.
const ENVIRONMENT_KEY =
  /^(os|os version|operating system|operating system and architecture|platform|arch|architecture|python|python version|cpython versions?|node|node version|node\.js|npm|npm version|yarn|browser|version|versions|package version|library version|runtime|distro|kernel|ide|editor|shell|environment)\s*[:=]/i;

// A whole line that is only versions: `3.11`, `Python 3.11.4 (Debian 12)`, `Node.js v20.20.2`.
const VERSION_LINE = /^(?:(?:python|cpython|node(?:\.js)?|npm|pypy|v)\s*)?v?\d+(?:\.\d+)+[\w.+-]*(?:\s*\(.*\))?$/i;

/** Markdown markers and punctuation around a heading: `### Expected behavior:`, `**To Reproduce**`. */
function bare(line: string): string {
  return line
    .trim()
    .replace(/^(?:#+|>|[-*+]\s+\[[ x]\]|[-*+])\s*/, '')
    .replace(/^[*_]+|[*_]+$/g, '')
    .replace(/[*_]+/g, '')
    .replace(/\s*:\s*$/, '')
    .trim()
    .toLowerCase();
}

/** A line that carries nothing about this bug: a template heading, an environment fact, a bare version. */
export function isBoilerplateLine(line: string): boolean {
  const b = bare(line);
  if (!b) return false;
  if (HEADINGS.has(b)) return true;
  if (ENVIRONMENT_KEY.test(b)) return true;
  return VERSION_LINE.test(b);
}

/** The runtimes' own lines in a trace: they say a trace follows, not where. */
export function isTraceNoise(line: string): boolean {
  const t = line.trim();
  return (
    t === 'Traceback (most recent call last):' ||
    /^\w*(Error|Exception|Warning)?\s+Traceback \(most recent call last\)$/.test(t) || // IPython's header
    /^-{20,}$/.test(t) ||
    /^Cell In\s?\[\d+\], line \d+$/.test(t) || // a Jupyter cell: the user's code, no file
    /^(_ ){3,}_?$/.test(t) || // pytest's separators between frames
    /^During handling of the above exception, another exception occurred:?$/.test(t) ||
    /^The above exception was the direct cause of the following exception:?$/.test(t) ||
    /^\^+$|^[~^]+$/.test(t) || // Python's and Node's carets under the failing expression
    /^Node\.js v\d+/.test(t) ||
    /^goroutine \d+ \[[\w ,]+\]:$/.test(t) ||
    /^\[?\.\.\. \d+ (more|lines? matching)/.test(t) ||
    /^Emitted 'error' event/.test(t) ||
    /^at .+\((<anonymous>|native|index \d+)\)$/.test(t) || // Node frames with no file: `at Array.map (<anonymous>)`
    /^(npm (ERR!|error)\s*)$/.test(t)
  );
}

// `3.11.4`, `v20.11.1`, `1.32.2`: version numbers inside prose ("since 3.11", "on v20").
const VERSION = /\bv?\d+\.\d+(?:\.\d+)*(?:[-+][\w.]+)?\b/g;

export function withoutVersions(text: string): string {
  return text.replace(VERSION, ' ');
}
