// What an `open` from the webview may name. The webview renders text from the workspace (a file
// could carry script), so its messages are untrusted input: a path must stay inside the folder it
// names, and lines must be lines. Pure (no vscode): tested in test/vscode-sidebar-host.test.ts.

/**
 * The segments of a folder-relative `/` path, or undefined when it is absolute, empty or climbs out
 * (`..`). On Windows a backslash separates too; elsewhere it is part of a name.
 */
export function relativeSegments(path: unknown, windows = process.platform === 'win32'): string[] | undefined {
  if (typeof path !== 'string' || path === '' || path.length > 4096 || path.includes('\0')) return undefined;
  // `/x`, and on Windows `C:x` drive paths, are not relative to anything.
  if (path.startsWith('/') || (windows && /^[A-Za-z]:/.test(path))) return undefined;
  const segments = path.split(windows ? /[\\/]/ : '/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return undefined;
  return segments;
}

/** 1-based inclusive lines as the view sends them, or undefined when they are not a range. */
export function lineRange(startLine: unknown, endLine: unknown): { start: number; end: number } | undefined {
  const ok = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 1;
  if (!ok(startLine) || !ok(endLine) || endLine < startLine) return undefined;
  return { start: startLine, end: endLine };
}

/**
 * The 0-based selection of lines `start`–`end` in a document of `lineCount` lines: from the start
 * of the first to the end of the last (`lineLength` tells where that is), clamped to the document
 * (the file may have shrunk since it was indexed).
 */
export function selectionOf(range: { start: number; end: number }, lineCount: number, lineLength: (line: number) => number) {
  const last = Math.max(0, Math.min(range.end, lineCount) - 1);
  const first = Math.min(range.start - 1, last);
  return { startLine: first, startCharacter: 0, endLine: last, endCharacter: lineLength(last) };
}
