// Optional re-validation of the deterministic judgment by a language model. The model sees the
// fragment, its hints, the candidates and the judge's evidence — never the file's path; it may
// keep or drop evidence and writes the explanation. It cannot add findings or edits: what it drops
// is dropped, nothing more. How the prompt reaches a model is the caller's `ChatFn`: an
// OpenAI-compatible endpoint for the CLI (a local Ollama: http://localhost:11434/v1), the
// editor's own models through the language server's client, a stub in tests.
import type { Candidate, Evidence, Hint, Judgment, MigrationFragment } from './model';
import { fragmentVerdict } from './verdict';

export interface LlmOptions {
  /** Base URL of the OpenAI-compatible API, e.g. http://localhost:11434/v1 */
  endpoint: string;
  model: string;
  apiKey?: string;
  timeoutMs?: number;
}

export interface ChatPrompt {
  system: string;
  user: string;
}

/** One prompt in, the model's whole reply out; rejects with a sentence saying why it could not answer. */
export type ChatFn = (prompt: ChatPrompt, signal: AbortSignal) => Promise<string>;

/** What the model decided for one fragment: indexes of the evidence that applies, and why. */
export interface ModelAnswer {
  keep: number[];
  explanation?: string;
}

export const SYSTEM = `You check a Godot 3 → 4 migration analysis of one code fragment. You get the fragment, search hints, candidate rows from three tables (api_mapping renames, label_prototypes of changed usages, docs_chunks of the class references) and the evidence a deterministic judge found. Candidates are evidence, not answers. For each evidence item decide whether it really applies to this fragment. Answer with JSON only: {"keep": [indexes of the evidence items that apply], "verdict": "godot3" | "godot4" | "neutral", "explanation": "one or two sentences"}.`;

export function llmPrompt(f: MigrationFragment, hints: Hint[], candidates: Candidate[], evidence: Evidence[]): string {
  return [
    'Request: does this project use Godot 3 or Godot 4, and what needs migrating?',
    `Fragment (${f.kind} ${f.name}, lines ${f.startLine}-${f.endLine}):\n${f.text}`,
    `Hints: ${hints.map((h) => h.text).join(', ')}`,
    `Candidates:\n${candidates.map((c) => `- ${c.table}: ${c.title}`).join('\n') || '(none)'}`,
    `Evidence:\n${evidence.map((e, i) => `${i}. [${e.version}, ${e.rule}, line ${e.line}] ${e.message}`).join('\n') || '(none)'}`,
  ].join('\n\n');
}

/** The chat function of an OpenAI-compatible endpoint (POST {endpoint}/chat/completions). */
export function openAiChat(opts: LlmOptions): ChatFn {
  return async ({ system, user }, signal) => {
    const res = await fetch(`${opts.endpoint.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}) },
      body: JSON.stringify({ model: opts.model, temperature: 0, messages: [{ role: 'system', content: system }, { role: 'user', content: user }] }),
      signal,
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
    return body.choices?.[0]?.message?.content ?? '';
  };
}

/** The model's reply read as an answer; throws when it holds none. Indexes outside the evidence are ignored. */
export function parseAnswer(reply: string, evidenceCount: number): ModelAnswer {
  const json = /\{[\s\S]*\}/.exec(reply)?.[0];
  if (!json) throw new Error('the model gave no JSON');
  let answer: { keep?: unknown; explanation?: unknown };
  try {
    answer = JSON.parse(json);
  } catch {
    throw new Error('the model gave malformed JSON');
  }
  if (!Array.isArray(answer.keep)) throw new Error('the model gave no "keep" list');
  const keep = [...new Set(answer.keep.filter((i): i is number => Number.isInteger(i) && i >= 0 && i < evidenceCount))].sort((a, b) => a - b);
  return { keep, ...(typeof answer.explanation === 'string' && answer.explanation.trim() ? { explanation: answer.explanation.trim() } : {}) };
}

/** The judgment with only the evidence the model kept; the verdict follows that evidence, not the model's word. */
export function applyAnswer(judgment: Judgment, answer: ModelAnswer, model?: string): Judgment {
  const keep = new Set(answer.keep);
  const evidence = judgment.evidence.filter((_, i) => keep.has(i));
  return { verdict: fragmentVerdict(evidence), evidence, by: 'llm', ...(answer.explanation ? { explanation: answer.explanation } : {}), ...(model ? { model } : {}) };
}

export interface AskOptions {
  timeoutMs?: number;
  /** Stops the call (the caller moved on): rejects with an AbortError. */
  signal?: AbortSignal;
}

/** Asks the model about one fragment's evidence; rejects with the reason it gave no usable answer ('timed out' on the timeout). */
export async function askModel(chat: ChatFn, f: MigrationFragment, hints: Hint[], candidates: Candidate[], evidence: Evidence[], opts: AskOptions = {}): Promise<ModelAnswer> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? 60_000);
  const stop = () => controller.abort();
  opts.signal?.addEventListener('abort', stop);
  try {
    const reply = await chat({ system: SYSTEM, user: llmPrompt(f, hints, candidates, evidence) }, controller.signal);
    return parseAnswer(reply, evidence.length);
  } catch (err) {
    if (timedOut) throw new Error('timed out');
    throw err;
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', stop);
  }
}

/** The judgment as the model re-validated it; on any failure, the deterministic one with the reason. */
export async function revalidate(chat: ChatFn, f: MigrationFragment, hints: Hint[], candidates: Candidate[], judgment: Judgment, opts: AskOptions = {}): Promise<Judgment & { llmError?: string }> {
  try {
    return applyAnswer(judgment, await askModel(chat, f, hints, candidates, judgment.evidence, opts));
  } catch (err) {
    return { ...judgment, llmError: (err as Error).message || String(err) };
  }
}
