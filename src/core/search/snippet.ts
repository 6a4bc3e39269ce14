// A search result's snippet: the head of its chunk, capped by lines and by characters. A chunk can
// be one very long line (a one-line data file, a minified literal the scanner let through); the
// snippet crosses to every client (CLI, --json, MCP), and the full text is one read away at the
// result's path and lines.

import { pairSafe } from '../chunk/split';

export const SNIPPET_MAX_LINES = 12;
export const SNIPPET_MAX_CHARS = 1000;

export interface Snippet {
  text: string;
  /** True when the text stops before the chunk does; the text then ends with a `… (cut: …)` line. */
  cut: boolean;
}

export function snippetOf(text: string, maxLines = SNIPPET_MAX_LINES, maxChars = SNIPPET_MAX_CHARS): Snippet {
  let end = -1;
  for (let n = 0; n < maxLines; n++) {
    end = text.indexOf('\n', end + 1);
    if (end < 0) break;
  }
  if (end < 0) end = text.length;
  if (end <= maxChars && end >= text.length) return { text, cut: false };
  if (end <= maxChars) {
    const more = text.slice(end + 1).split('\n').length;
    return { text: `${text.slice(0, end)}\n… (cut: ${more} more line${more === 1 ? '' : 's'})`, cut: true };
  }
  // Cut inside a line: never between the two halves of a surrogate pair.
  const cut = pairSafe(text, maxChars);
  return { text: `${text.slice(0, cut)}\n… (cut: ${text.length - cut} more characters)`, cut: true };
}
