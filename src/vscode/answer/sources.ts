// Which results an answer may cite: the best few, numbered as the list numbers them, so `[n]` in
// the answer and `#n` in the list are the same chunk. Pure (no vscode).
import type { AnswerSource, ResultsMessage } from '../sidebar/protocol';

/** Excerpts given to the model at most: more dilutes the answer and costs tokens for little. */
export const MAX_SOURCES = 8;

/** A result as the answer sees it: where it is, and what the list knows of it. */
export interface Candidate extends AnswerSource {
  kind: string;
  language: string;
  /** The snippet the list shows: the fallback when the file cannot be read. */
  snippet: string;
}

/** The best `max` results of a response (by their number, which is their rank), each with its folder. */
export function candidatesOf(results: ResultsMessage, max = MAX_SOURCES): Candidate[] {
  const all: Candidate[] = [];
  for (const folder of results.folders) {
    for (const file of folder.files) {
      for (const r of file.results) {
        all.push({
          n: r.n,
          folder: folder.folder.uri,
          path: file.path,
          startLine: r.startLine,
          endLine: r.endLine,
          label: r.qualifiedName || r.name,
          kind: r.kind,
          language: r.language,
          snippet: r.snippet,
        });
      }
    }
  }
  return all.sort((a, b) => a.n - b.n).slice(0, max);
}

/** What the view needs of a source (the rest stays on this side). */
export function answerSource(c: Candidate): AnswerSource {
  return { n: c.n, folder: c.folder, path: c.path, startLine: c.startLine, endLine: c.endLine, label: c.label };
}

/** Lines `start`–`end` (1-based, inclusive) of a file's text; lines past its end are simply absent. */
export function linesOf(text: string, start: number, end: number): string {
  return text.split(/\r\n|\r|\n/).slice(start - 1, end).join('\n');
}
