// Oversized chunks are cut at statement boundaries into parts that repeat the signature as
// context and keep their own line ranges. Nothing is dropped: a statement larger than the limit
// on its own is cut at line boundaries.
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
 */
export const CHARS_PER_TOKEN = 1.8;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
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
  const units: { seg: Segment; tokens: number }[] = [];
  for (const seg of segments) {
    const tokens = count(seg.text);
    if (tokens <= budget) units.push({ seg, tokens });
    else for (const line of byLines(seg)) units.push({ seg: line, tokens: count(line.text) });
  }
  const parts: Part[] = [];
  let current: { seg: Segment; tokens: number }[] = [];
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
    if (current.length && used + u.tokens > budget) flush();
    // A single line longer than the budget is still kept whole: cutting inside a line would
    // break the line-range contract, and the embedder truncates anyway.
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
