// Citations as the view links them: `[3]`, `[1, 2]`, `[1][2]`. Models asked for those still write
// `[Excerpt 3]`, `[Source 1, 2]` or `【3】` now and then; those are rewritten as the stream passes,
// holding back a citation cut between two chunks. Pure (no vscode).

// Worded forms only: a bare `[3]` is already right, and `x[3]` in code must stay as it is.
const WORDED = /\[\s*(?:excerpts?|sources?|refs?|references?)\s*#?\s*(\d{1,3}(?:\s*(?:,|and)\s*(?:(?:excerpt|source)\s*)?#?\s*\d{1,3})*)\s*\]/gi;
const LENTICULAR = /【\s*(\d{1,3}(?:\s*[,，]\s*\d{1,3})*)\s*】/g;
/** Long enough for `[Excerpts 12, 13 and 14]`; an open bracket further back is not a citation. */
const HOLD = 32;

const numbersOf = (list: string) => list.match(/\d{1,3}/g)!.join(', ');

/** `[Excerpt 3]` → `[3]`, `[Sources 1 and 2]` → `[1, 2]`, `【4】` → `[4]`. */
export function normalizeCitations(text: string): string {
  return text.replace(WORDED, (_m, list: string) => `[${numbersOf(list)}]`).replace(LENTICULAR, (_m, list: string) => `[${numbersOf(list)}]`);
}

/** The citation numbers in an answer, in order of first use. */
export function citedNumbers(text: string): number[] {
  const seen: number[] = [];
  for (const m of normalizeCitations(text).matchAll(/\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\](?!\()/g)) {
    for (const n of m[1].split(',').map((x) => Number(x.trim()))) if (!seen.includes(n)) seen.push(n);
  }
  return seen;
}

/** Feeds streamed text through normalizeCitations without cutting a citation in two. */
export class CitationStream {
  private pending = '';

  /** The text that is safe to show now. */
  push(chunk: string): string {
    const text = this.pending + chunk;
    const open = Math.max(text.lastIndexOf('['), text.lastIndexOf('【'));
    const closed = open >= 0 && /[\]】]/.test(text.slice(open));
    const hold = open >= 0 && !closed && text.length - open <= HOLD ? open : text.length;
    this.pending = text.slice(hold);
    return normalizeCitations(text.slice(0, hold));
  }

  /** What was held back, at the end of the stream. */
  end(): string {
    const rest = normalizeCitations(this.pending);
    this.pending = '';
    return rest;
  }
}
