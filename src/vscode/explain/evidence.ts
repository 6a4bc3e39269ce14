// The evidence about a symbol, numbered as sources a model cites ([1], [2]…) and links the panel
// opens. Pure (no vscode), so the chat participant's /explain can reuse it: ask the server
// (coderag/explain, EXPLAIN_REQUEST in src/lsp/protocol.ts), then `numberSources` and
// `explainPrompt`. Tested in test/vscode-explain.test.ts.
import type { EvidenceRange, ExplainResponse } from '../../lsp/protocol';

export interface Source extends EvidenceRange {
  /** 1-based; what the model cites as [n]. */
  n: number;
  /** What it is: "definition", "caller", "related". */
  role: 'definition' | 'caller' | 'reference' | 'related';
  title: string;
  /** Code shown to the model (the definition's whole chunk, a related chunk's head). */
  text?: string;
}

const MAX_CALLER_SOURCES = 8;
const MAX_REFERENCE_SOURCES = 6;

/** Every piece of evidence worth citing, numbered: the definition, its callers, other references, related code. */
export function numberSources(ev: ExplainResponse): Source[] {
  const out: Source[] = [];
  const add = (s: Omit<Source, 'n'>) => out.push({ ...s, n: out.length + 1 });
  if (ev.definition) {
    const d = ev.definition;
    add({ ...range(d), role: 'definition', title: `${d.kind} ${d.qualifiedName}`, text: d.text });
  }
  for (const c of ev.callers.slice(0, MAX_CALLER_SOURCES)) add({ ...range(c), role: 'caller', title: `${c.name} (calls or uses ${ev.name})` });
  const callerLines = new Set(ev.callers.map((c) => `${c.path}:${c.startLine}`));
  const uncalled = ev.references.filter((r) => !r.caller && !callerLines.has(`${r.path}:${r.startLine}`));
  for (const r of uncalled.slice(0, MAX_REFERENCE_SOURCES)) add({ ...range(r), role: 'reference', title: `a reference to ${ev.name} at top level` });
  for (const r of ev.related) add({ ...range(r), role: 'related', title: `${r.kind} ${r.name}`, text: r.snippet });
  return out;
}

function range(r: EvidenceRange): EvidenceRange {
  return { file: r.file, path: r.path, startLine: r.startLine, endLine: r.endLine };
}

export function where(r: EvidenceRange): string {
  return r.startLine === r.endLine ? `${r.path}:${r.startLine}` : `${r.path}:${r.startLine}-${r.endLine}`;
}

/** The prompt for a language model: only the evidence, numbered, and the rule to cite it. */
export function explainPrompt(ev: ExplainResponse, sources: Source[]): string {
  const lines = [
    `Explain the symbol \`${ev.name}\` of this workspace to a developer reading its code: what it does, how it is used, and anything surprising.`,
    'Use only the numbered sources below. Cite them by number in square brackets, like [1] or [2], right after the statement they support. Do not invent code that is not shown.',
    `${ev.name} is referenced ${ev.referencesTotal} time${ev.referencesTotal === 1 ? '' : 's'}${ev.callers.length ? ` from ${ev.callers.length} definition${ev.callers.length === 1 ? '' : 's'}` : ''}.`,
    '',
  ];
  for (const s of sources) {
    lines.push(`[${s.n}] ${s.role}: ${s.title} — ${where(s)}`);
    if (s.text) lines.push('```', s.text.length > 4000 ? `${s.text.slice(0, 4000)}\n… (cut)` : s.text, '```');
  }
  return lines.join('\n');
}

/** Splits streamed text into plain runs and citations ([3], [1, 2]) of known sources. */
export function splitCitations(text: string, known: number): ({ text: string } | { cite: number })[] {
  const out: ({ text: string } | { cite: number })[] = [];
  let last = 0;
  for (const m of text.matchAll(/\[(\d+(?:\s*,\s*\d+)*)\]/g)) {
    const nums = m[1].split(',').map((x) => Number(x.trim()));
    if (!nums.every((n) => n >= 1 && n <= known)) continue;
    if (m.index! > last) out.push({ text: text.slice(last, m.index) });
    nums.forEach((n) => out.push({ cite: n }));
    last = m.index! + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}
