// The editor's model pass: after the deterministic run has been published, fragments with findings
// are re-validated by a language model one at a time, and the answers refine the result. Answers
// are kept in their own append-only state (run-state.ts), keyed by what the model sees minus
// positions, so an unchanged fragment — or one that only moved — is never sent again, and a pass
// cut short resumes where it stopped. The model can only drop evidence and explain.
import { createHash } from 'node:crypto';
import { type AnalysisResult, type FragmentReport, summarize } from './analyze';
import { applyAnswer, type ModelAnswer } from './llm';
import { RunState } from './run-state';

/** Bumped when the prompt or what an answer means changes: older answers are asked again. */
export const MODEL_PASS_VERSION = 1;

/** A saved answer, with the model that gave it. */
export interface ModelEntry extends ModelAnswer {
  model?: string;
}

export type ModelOutcome = { answer: ModelEntry } | { error: string };

/** Only fragments with findings cost a model call: elsewhere there is nothing to confirm or drop. */
export function wantsModel(f: FragmentReport): boolean {
  return f.status !== 'pending' && f.judgment.by === 'rules' && f.judgment.evidence.some((e) => e.version === 'godot3');
}

/**
 * The key of a fragment's answer: its content and the hints and evidence the model is shown, with
 * every line and column left out (they only say where the fragment sits in its file).
 */
export function modelKey(f: FragmentReport): string {
  const hints = f.hints.map((h) => `${h.kind}:${h.text}`).join('\u0001');
  const evidence = f.judgment.evidence.map((e) => [e.version, e.rule, e.confidence, e.what, e.godot4 ?? '', e.message].join('\u0001')).join('\u0002');
  return createHash('sha1').update(`${MODEL_PASS_VERSION}\u0000${f.key}\u0000${hints}\u0000${evidence}`).digest('hex').slice(0, 24);
}

/** The model answers of one project: saved ones from the file, failures for this session only (asked again after a restart). */
export class ModelAnswers {
  private readonly state: RunState<ModelEntry>;
  private readonly failed = new Map<string, string>();

  constructor(readonly file: string | undefined) {
    this.state = RunState.open<ModelEntry>(file);
  }

  outcome(key: string): ModelOutcome | undefined {
    const answer = this.state.get(key);
    if (answer) return { answer };
    const error = this.failed.get(key);
    return error === undefined ? undefined : { error };
  }

  start(key: string): void {
    this.failed.delete(key);
    this.state.start(key);
  }

  finish(key: string, answer: ModelEntry): void {
    this.state.finish(key, answer);
  }

  fail(key: string, error: string): void {
    this.failed.set(key, error);
  }

  /** Forgets the failures (a setting changed, a model appeared): they are worth asking again. */
  retryFailed(): void {
    this.failed.clear();
  }

  /** Rewrites the file with the answers of fragments still in the project. */
  compact(live: Set<string>): void {
    this.state.compact(live);
  }

  close(): void {
    this.state.close();
  }
}

/** The result with each answered fragment's judgment refined, and the findings and verdict that follow. */
export function refineResult(result: AnalysisResult, outcomeOf: (f: FragmentReport) => ModelOutcome | undefined): AnalysisResult {
  let changed = false;
  const fragments = result.fragments.map((f) => {
    if (!wantsModel(f)) return f;
    const outcome = outcomeOf(f);
    if (!outcome) return f;
    changed = true;
    if ('error' in outcome) return { ...f, model: { state: 'failed' as const, error: outcome.error } };
    const judgment = applyAnswer(f.judgment, outcome.answer, outcome.answer.model);
    const kept = new Set(outcome.answer.keep);
    return { ...f, judgment, model: { state: 'done' as const, dropped: f.judgment.evidence.filter((_, i) => !kept.has(i)) } };
  });
  if (!changed) return result;
  return { ...result, fragments, ...summarize(fragments) };
}
