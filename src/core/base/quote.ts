// A path as one token of a line of text (`path:line`, a repo map's file header): as it is, unless
// it holds a control character (a newline would break the line), a quote or a backslash; then
// quoted with C escapes, as git quotes such paths.
const SPECIAL = /[\x00-\x1f\x7f"\\]/;
const NAMED: Record<string, string> = { '\n': '\\n', '\t': '\\t', '\r': '\\r', '"': '\\"', '\\': '\\\\' };

export function quotePath(p: string): string {
  if (!SPECIAL.test(p)) return p;
  return `"${p.replace(/[\x00-\x1f\x7f"\\]/g, (c) => NAMED[c] ?? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)}"`;
}
