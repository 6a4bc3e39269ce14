// The model pass in the language server: once a project's deterministic findings are published, its
// fragments with findings go one at a time to a language model the editor lends us (LM_CHAT_REQUEST:
// the extension runs the prompt through vscode.lm), and each answer refines what is published. It
// runs beside the analysis, never before it: a slow or failing model only delays the refinement.
import { CancellationTokenSource, type Connection, ErrorCodes, ResponseError } from 'vscode-languageserver/node';
import { askModel, type ChatFn, type FragmentReport, modelKey, type Retriever, wantsModel } from '../../core/service/api';
import { LM_CHAT_REQUEST, LM_UNAVAILABLE, type LmChatParams, type LmChatResult } from '../protocol';
import type { ProjectAnalysis } from './project';

const JUSTIFICATION = 'CodeRAG checks its Godot 3 → 4 migration findings: the model sees one code fragment, its search hints, the candidate table rows and the evidence found.';
/** A model that thinks long is still waited for; one that never answers is not. */
const TIMEOUT_MS = 120_000;

/** Why the model could not answer, and whether asking again for another fragment would only repeat it. */
function failure(err: unknown): { reason: string; everyFragment: boolean } {
  const reason = (err as Error)?.message || String(err);
  // No model, the setting off, consent refused, or a client that does not lend models at all.
  const everyFragment = err instanceof ResponseError && (err.code === LM_UNAVAILABLE || err.code === ErrorCodes.MethodNotFound);
  return { reason: err instanceof ResponseError && err.code === ErrorCodes.MethodNotFound ? 'this editor lends no language model to CodeRAG' : reason, everyFragment };
}

export class ModelPass {
  private readonly running = new Map<ProjectAnalysis, AbortController>();

  constructor(
    private readonly connection: Connection,
    private readonly retriever: () => Retriever,
    /** Called after each answer (or failure): the refined findings are published. */
    private readonly refined: (project: ProjectAnalysis) => void,
  ) {}

  /** Starts the pass over the project's current result; a pass under way picks up new results by itself. */
  kick(project: ProjectAnalysis): void {
    if (this.running.has(project)) return;
    const controller = new AbortController();
    this.running.set(project, controller);
    void this.loop(project, controller.signal)
      .catch((err) => this.connection.console.error(`Godot model pass of ${project.root}: ${(err as Error).stack ?? err}`))
      .finally(() => this.running.get(project) === controller && this.running.delete(project));
  }

  /** Stops every pass (the setting went off); a model call in flight is cancelled. */
  stop(): void {
    for (const c of this.running.values()) c.abort();
    this.running.clear();
  }

  /** Whether a pass runs for the project (the details view says "pending" meanwhile). */
  busy(project: ProjectAnalysis): boolean {
    return this.running.has(project);
  }

  /** The fragments still to ask, open files first: what the user looks at is refined first. */
  private waiting(project: ProjectAnalysis): FragmentReport[] {
    const out = (project.result?.fragments ?? []).filter((f) => wantsModel(f) && !project.answers.outcome(modelKey(f)));
    return out.sort((a, b) => Number(project.isOpen(b.path)) - Number(project.isOpen(a.path)));
  }

  private async loop(project: ProjectAnalysis, signal: AbortSignal): Promise<void> {
    for (;;) {
      // The result is read again each time: an edit during the pass is seen at the next fragment.
      const next = this.waiting(project)[0];
      if (signal.aborted) return;
      if (!next) {
        const live = new Set((project.result?.fragments ?? []).filter(wantsModel).map(modelKey));
        if (!project.busy) project.answers.compact(live);
        return;
      }
      const key = modelKey(next);
      const candidates = next.candidates.length ? next.candidates : this.retriever().search(next.hints);
      let model: string | undefined;
      const chat: ChatFn = async (prompt, aborted) => {
        const r = await this.ask({ ...prompt, justification: JUSTIFICATION }, aborted);
        model = r.model;
        return r.text;
      };
      project.answers.start(key);
      try {
        const answer = await askModel(chat, next, next.hints, candidates, next.judgment.evidence, { signal, timeoutMs: TIMEOUT_MS });
        if (signal.aborted) return;
        project.answers.finish(key, { ...answer, ...(model ? { model } : {}) });
      } catch (err) {
        if (signal.aborted) return;
        const { reason, everyFragment } = failure(err);
        if (everyFragment) for (const f of this.waiting(project)) project.answers.fail(modelKey(f), reason);
        else project.answers.fail(key, reason);
        project.answered();
        this.refined(project);
        if (everyFragment) return;
        continue;
      }
      project.answered();
      this.refined(project);
    }
  }

  /** One prompt through the editor's model; rejects at once when the pass is stopped. */
  private ask(params: LmChatParams, signal: AbortSignal): Promise<LmChatResult> {
    const source = new CancellationTokenSource();
    return new Promise<LmChatResult>((resolve, reject) => {
      const abort = () => {
        source.cancel();
        reject(Object.assign(new Error('cancelled'), { name: 'AbortError' }));
      };
      if (signal.aborted) return abort();
      signal.addEventListener('abort', abort, { once: true });
      this.connection
        .sendRequest<LmChatResult>(LM_CHAT_REQUEST, params, source.token)
        .then(resolve, reject)
        .finally(() => {
          signal.removeEventListener('abort', abort);
          source.dispose();
        });
    });
  }
}
