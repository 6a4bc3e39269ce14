// Citations ([1], [2]) in a model's streamed answer. Pure (no vscode): test/vscode-chat-text.test.ts.

/** The text cut into plain pieces and cited source numbers, in order. */
export function citationSplit(text: string): (string | number)[] {
  const out: (string | number)[] = [];
  let last = 0;
  for (const m of text.matchAll(/\[(\d{1,3})\]/g)) {
    if (m.index! > last) out.push(text.slice(last, m.index));
    out.push(Number(m[1]));
    last = m.index! + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** Where an unfinished citation starts at the end of `text` ("see [1" → its index), else text.length. */
export function pendingCitationStart(text: string): number {
  const m = /\[\d{0,3}$/.exec(text);
  return m ? m.index : text.length;
}
