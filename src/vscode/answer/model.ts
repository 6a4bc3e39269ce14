// Which chat model answers, and what to tell the user when one fails. Pure (no vscode): the host
// passes what vscode.lm gives it.

/** What is known of a model before using it (vscode.LanguageModelChat's fields). */
export interface ModelInfo {
  id: string;
  vendor: string;
  family: string;
  name: string;
}

/**
 * GitHub Copilot's models when there are any — the ones users have, and the documented choice —
 * its general-purpose GPT-4o family first; otherwise the first model offered.
 */
export function pickModel<T extends ModelInfo>(models: readonly T[]): T | undefined {
  const copilot = models.filter((m) => m.vendor === 'copilot');
  return copilot.find((m) => m.family === 'gpt-4o') ?? copilot[0] ?? models[0];
}

/** The fields of a vscode.LanguageModelError (or any error) that say what went wrong. */
export interface ModelFailure {
  /** LanguageModelError's code: NoPermissions, Blocked, NotFound, or another the API may add. */
  code?: string;
  message?: string;
}

/** One sentence for the answer area: what happened and what the user can do. */
export function describeModelError(model: string, err: ModelFailure): string {
  const detail = err.message?.trim() ? ` (${err.message.trim().replace(/\.$/, '')})` : '';
  switch (err.code) {
    case 'NoPermissions':
      return `CodeRAG may not use ${model}: permission was not given${detail}. Search again to be asked again, or turn answers off with the setting coderag.languageModel.enabled.`;
    case 'Blocked':
      return `${model} refused the request${detail}: a quota or rate limit may have been reached. The results below are unaffected.`;
    case 'NotFound':
      return `${model} is no longer available${detail}. Search again to use another model.`;
    default:
      return `${model} failed${detail}. The results below are unaffected.`;
  }
}

/** The view's one-line hint when there is no answer; undefined when a model can answer. */
export function noModelReason(enabled: boolean, models: number): string | undefined {
  if (!enabled) return 'Answers are turned off (setting coderag.languageModel.enabled): showing search results only.';
  if (models === 0) return 'No language model available: showing search results only. A chat model provider such as GitHub Copilot adds answers.';
  return undefined;
}
