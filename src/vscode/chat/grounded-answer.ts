// An answer from the user's model that may use only the numbered sources it is given: the prompt
// says so, and every [n] it cites becomes an anchor to that source's exact range as it streams.
import * as vscode from 'vscode';
import { citationSplit, pendingCitationStart } from './citations';

export interface Source {
  location: vscode.Location;
  /** `path:start-end`, and what the chunk is (kind and name). */
  label: string;
  language?: string;
  text: string;
}

const INSTRUCTIONS = [
  'You answer questions about the code of the user\'s workspace.',
  'Use only the numbered sources below, which CodeRAG retrieved from the workspace index. Do not use outside knowledge about this code.',
  'Cite the sources you use as [1], [2] right after the claim they support.',
  'If the sources do not answer the question, say that the workspace does not seem to contain the answer, and say what the sources do show.',
  'Be brief: a few sentences or a short list.',
].join('\n');

export function sourcesMessage(sources: Source[], extra?: string): string {
  const blocks = sources.map((s, i) => `[${i + 1}] ${s.label}\n\`\`\`${s.language ?? ''}\n${s.text}\n\`\`\``);
  return `${INSTRUCTIONS}\n\n${extra ? `${extra}\n\n` : ''}Sources:\n\n${blocks.join('\n\n')}`;
}

/** Earlier turns of this conversation with @coderag, as plain text (the model sees what was said). */
export function historyMessages(context: vscode.ChatContext, participant: string, maxTurns = 6): vscode.LanguageModelChatMessage[] {
  const out: vscode.LanguageModelChatMessage[] = [];
  for (const turn of context.history.slice(-maxTurns)) {
    if (turn.participant !== participant) continue;
    if (turn instanceof vscode.ChatRequestTurn) out.push(vscode.LanguageModelChatMessage.User(turn.command ? `/${turn.command} ${turn.prompt}` : turn.prompt));
    else if (turn instanceof vscode.ChatResponseTurn) {
      const text = turn.response.map((p) => (p instanceof vscode.ChatResponseMarkdownPart ? p.value.value : '')).join('');
      if (text.trim()) out.push(vscode.LanguageModelChatMessage.Assistant(text.slice(0, 4000)));
    }
  }
  return out;
}

export type AnswerOutcome = { ok: true } | { ok: false; reason: string };

/**
 * Streams the model's answer to `question` from `sources` into the chat. A model that cannot answer
 * (none usable, no permission, blocked) is reported back, not thrown: the caller still shows the sources.
 */
export async function streamGroundedAnswer(
  model: vscode.LanguageModelChat,
  history: vscode.LanguageModelChatMessage[],
  sources: Source[],
  question: string,
  stream: vscode.ChatResponseStream,
  token: vscode.CancellationToken,
  extra?: string,
): Promise<AnswerOutcome> {
  // The question last and alone: it is what the model must answer, after the evidence.
  const messages = [...history, vscode.LanguageModelChatMessage.User(sourcesMessage(sources, extra)), vscode.LanguageModelChatMessage.User(question)];
  let response: vscode.LanguageModelChatResponse;
  try {
    response = await model.sendRequest(messages, { justification: 'CodeRAG answers from the code it retrieved from your workspace.' }, token);
  } catch (err) {
    return { ok: false, reason: modelError(model, err) };
  }
  const emit = (text: string) => {
    for (const piece of citationSplit(text)) {
      const source = typeof piece === 'number' ? sources[piece - 1] : undefined;
      if (typeof piece === 'string') stream.markdown(piece);
      else if (source) stream.anchor(source.location, `[${piece}]`);
      else stream.markdown(`[${piece}]`);
    }
  };
  let pending = '';
  try {
    for await (const part of response.text) {
      if (token.isCancellationRequested) break;
      pending += part;
      // A citation may arrive split over two parts ("[1" then "]"): hold back its start.
      const cut = pendingCitationStart(pending);
      emit(pending.slice(0, cut));
      pending = pending.slice(cut);
    }
  } catch (err) {
    emit(pending);
    if (token.isCancellationRequested) return { ok: true };
    return { ok: false, reason: modelError(model, err) };
  }
  emit(pending);
  return { ok: true };
}

function modelError(model: vscode.LanguageModelChat, err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const code = err instanceof vscode.LanguageModelError && err.code ? ` (${err.code})` : '';
  return `the language model "${model.name}" could not answer${code}: ${message}`;
}
