// A pasted traceback or issue keeps its lines. The query box is one line (an <input> drops line
// breaks), but the core reads a report line by line: trace frames, error lines, code blocks. So
// a paste's line breaks are shown as ⏎ in the box and sent as line breaks; they survive edits.

export const LINE_BREAK = '⏎';

/** Pasted text as the box shows it. */
export function shownOf(text: string): string {
  return text.replace(/\r\n?|\n/g, LINE_BREAK).replace(new RegExp(`${LINE_BREAK}+$`), '');
}

/** The box's text as the search sends it. */
export function queryOf(shown: string): string {
  return shown.replaceAll(LINE_BREAK, '\n');
}
