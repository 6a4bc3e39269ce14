// Oversized chunks are cut at statement boundaries into parts that repeat the signature as
// context and keep their own line ranges. Nothing is dropped: a statement larger than the limit
// on its own is cut at line boundaries, and a line larger than the limit (a table of numbers on
// one line) into pieces of characters that all keep that line's range: the embedder would
// otherwise keep the start of it and silently drop the rest.
import type { SourceLines } from './lines';

/** A run of source rows (0-based, inclusive) that should stay together if it can. */
export interface Segment {
  startRow: number;
  endRow: number;
  text: string;
}

export interface Part {
  startRow: number;
  endRow: number;
  text: string;
}

export type TokenCounter = (text: string) => number;

/**
 * Subword tokens from the length: on the Python standard library the default model's tokenizer
 * gives one token per 1.8 characters (5th–95th percentile 1.5–2.4), tighter than counting words.
 * An exact count with the model's own tokenizer costs ~65× this estimate (transformers.js's
 * Unigram tokenizer) and doubled the parse phase, so chunks are sized by the estimate.
 */
export const CHARS_PER_TOKEN = 1.8;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/** A line longer than `budget` tokens in pieces of about `budget` tokens; every piece keeps the line's row range. */
function byCharacters(seg: Segment, tokens: number, budget: number): Segment[] {
  const size = Math.max(32, Math.floor((seg.text.length * budget * 0.95) / tokens));
  return cutLine(seg.text, size).map((text) => ({ startRow: seg.startRow, endRow: seg.endRow, text }));
}

/** `cut`, or one before it when cutting there would split a surrogate pair. */
export function pairSafe(text: string, cut: number): number {
  return (text.charCodeAt(cut) & 0xfc00) === 0xdc00 ? cut - 1 : cut;
}

const BREAK_AFTER = new Set([' ', '\t', ',', ';', '>', '}', ']'].map((c) => c.charCodeAt(0)));

/**
 * Cuts one over-long line (a one-line JSON, SVG or HTML file) into pieces of at most `maxChars`
 * that join back to the line: a cut goes after a separator in a piece's last quarter if there is
 * one, else at the limit, never inside a surrogate pair.
 */
export function cutLine(line: string, maxChars: number): string[] {
  const out: string[] = [];
  let from = 0;
  while (line.length - from > maxChars) {
    let cut = from + maxChars;
    const floor = from + Math.ceil((maxChars * 3) / 4);
    let i = cut;
    while (i > floor && !BREAK_AFTER.has(line.charCodeAt(i - 1))) i--;
    if (i > floor) cut = i;
    else cut = pairSafe(line, cut);
    out.push(line.slice(from, cut));
    from = cut;
  }
  out.push(line.slice(from));
  return out;
}

function byLines(seg: Segment): Segment[] {
  const lines = seg.text.split('\n');
  return lines.map((text, i) => ({ startRow: seg.startRow + i, endRow: seg.startRow + i, text }));
}

/**
 * Packs segments greedily into parts of at most `limit` tokens. Parts after the first start
 * with `context` (the signature or section header) so each part still says what it belongs to.
 */
export function packSegments(segments: Segment[], context: string, limit: number, count: TokenCounter): Part[] {
  const contextTokens = context ? count(context) + 1 : 0;
  const budget = Math.max(16, limit - contextTokens);
  // A piece of a cut line is a part of its own: a part then covers that one line, never its neighbours.
  const units: { seg: Segment; tokens: number; piece?: boolean }[] = [];
  for (const seg of segments) {
    const tokens = count(seg.text);
    if (tokens <= budget) units.push({ seg, tokens });
    else {
      for (const line of byLines(seg)) {
        const lineTokens = count(line.text);
        if (lineTokens <= budget) units.push({ seg: line, tokens: lineTokens });
        else for (const piece of byCharacters(line, lineTokens, budget)) units.push({ seg: piece, tokens: count(piece.text), piece: true });
      }
    }
  }
  const parts: Part[] = [];
  let current: typeof units = [];
  let used = 0;
  const flush = () => {
    if (!current.length) return;
    const body = current.map((u) => u.seg.text).join('\n');
    parts.push({
      startRow: current[0].seg.startRow,
      endRow: current[current.length - 1].seg.endRow,
      text: parts.length && context ? `${context}\n${body}` : body,
    });
    current = [];
    used = 0;
  };
  for (const u of units) {
    if (current.length && (used + u.tokens > budget || u.piece || current[current.length - 1].piece)) flush();
    current.push(u);
    used += u.tokens;
  }
  flush();
  return parts;
}

/** Segments covering rows [startRow, endRow] contiguously, cut before each boundary row. */
export function segmentsAt(lines: SourceLines, startRow: number, endRow: number, boundaries: number[]): Segment[] {
  const cuts = [...new Set(boundaries.filter((r) => r > startRow && r <= endRow))].sort((a, b) => a - b);
  const segments: Segment[] = [];
  let from = startRow;
  for (const cut of [...cuts, endRow + 1]) {
    if (cut <= from) continue;
    segments.push({ startRow: from, endRow: cut - 1, text: lines.join(from, cut - 1) });
    from = cut;
  }
  return segments;
}
