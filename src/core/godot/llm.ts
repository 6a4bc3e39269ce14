// Optional re-validation of the deterministic judgment by a language model behind an
// OpenAI-compatible chat endpoint (a local Ollama: http://localhost:11434/v1). The model sees the
// fragment, its hints, the candidates and the judge's evidence; it may keep or drop evidence and
// writes the explanation. It cannot add findings or edits: what it drops is dropped, nothing more.
import type { Candidate, Evidence, Hint, Judgment, MigrationFragment } from './model';
import { fragmentVerdict } from './verdict';

export interface LlmOptions {
  /** Base URL of the OpenAI-compatible API, e.g. http://localhost:11434/v1 */
  endpoint: string;
  model: string;
  apiKey?: string;
  timeoutMs?: number;
}

const SYSTEM = `You check a Godot 3 → 4 migration analysis of one code fragment. You get the fragment, search hints, candidate rows from three tables (api_mapping renames, label_prototypes of changed usages, docs_chunks of the class references) and the evidence a deterministic judge found. Candidates are evidence, not answers. For each evidence item decide whether it really applies to this fragment. Answer with JSON only: {"keep": [indexes of the evidence items that apply], "verdict": "godot3" | "godot4" | "neutral", "explanation": "one or two sentences"}.`;

export function llmPrompt(f: MigrationFragment, hints: Hint[], candidates: Candidate[], evidence: Evidence[]): string {
  return [
    'Request: does this project use Godot 3 or Godot 4, and what needs migrating?',
    `Fragment (${f.kind} ${f.name}, lines ${f.startLine}-${f.endLine}):\n${f.text}`,
    `Hints: ${hints.map((h) => h.text).join(', ')}`,
    `Candidates:\n${candidates.map((c) => `- ${c.table}: ${c.title}`).join('\n') || '(none)'}`,
    `Evidence:\n${evidence.map((e, i) => `${i}. [${e.version}, ${e.rule}, line ${e.line}] ${e.message}`).join('\n') || '(none)'}`,
  ].join('\n\n');
}

/** The judgment as the model re-validated it; on any failure, the deterministic one with the reason. */
export async function revalidate(opts: LlmOptions, f: MigrationFragment, hints: Hint[], candidates: Candidate[], judgment: Judgment): Promise<Judgment & { llmError?: string }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? 60_000);
  try {
    const res = await fetch(`${opts.endpoint.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}) },
      body: JSON.stringify({
        model: opts.model,
        temperature: 0,
        messages: [
          { role: 'system', content: SYSTEM },
          { role: 'user', content: llmPrompt(f, hints, candidates, judgment.evidence) },
        ],
      }),
      signal: controller.signal,
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
    const content = body.choices?.[0]?.message?.content ?? '';
    const json = /\{[\s\S]*\}/.exec(content)?.[0];
    if (!json) throw new Error('the model gave no JSON');
    const answer = JSON.parse(json) as { keep?: unknown; explanation?: unknown };
    const keep = Array.isArray(answer.keep) ? new Set(answer.keep.filter((i): i is number => Number.isInteger(i))) : undefined;
    if (!keep) throw new Error('the model gave no "keep" list');
    const evidence = judgment.evidence.filter((_, i) => keep.has(i));
    // The verdict follows the evidence kept, not the model's word alone.
    return { verdict: fragmentVerdict(evidence), evidence, by: 'llm', explanation: typeof answer.explanation === 'string' ? answer.explanation : undefined };
  } catch (err) {
    return { ...judgment, llmError: (err as Error).name === 'AbortError' ? 'timed out' : (err as Error).message };
  } finally {
    clearTimeout(timer);
  }
}
