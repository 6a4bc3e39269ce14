// The answer above the results: a chat model from vscode.lm, given the retrieved chunks and the
// question and nothing else, streamed into the view as it writes. Every way it can end (done,
// cancelled by a new query, a model error, no text at all) ends with an answerEnd that says so.
import * as vscode from 'vscode';
import type { HostMessage, ResultsMessage } from '../sidebar/protocol';
import { CitationStream } from './citations';
import { describeModelError, noModelReason, pickModel } from './model';
import { buildPrompt, type Excerpt, excerptBudget } from './prompt';
import { answerSource, type Candidate, candidatesOf, linesOf } from './sources';
import { relativeSegments } from '../open-location';

export const LM_SETTING = 'languageModel.enabled';

export interface AnswerRequest {
  queryId: number;
  question: string;
  results: ResultsMessage;
  token: vscode.CancellationToken;
  post: (m: HostMessage) => void;
}

/** The chunk as the file holds it now (an open editor's unsaved text first, as the index reads it); the snippet if it cannot be read. */
async function excerptOf(c: Candidate): Promise<Excerpt> {
  const segments = relativeSegments(c.path);
  if (!segments) return { ...c, text: c.snippet };
  try {
    const uri = vscode.Uri.joinPath(vscode.Uri.parse(c.folder), ...segments);
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    const text = open ? open.getText() : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    const lines = linesOf(text, c.startLine, c.endLine);
    return { ...c, text: lines.trim() ? lines : c.snippet };
  } catch {
    return { ...c, text: c.snippet };
  }
}

export async function answer(req: AnswerRequest): Promise<void> {
  const { queryId, post, token } = req;
  const candidates = candidatesOf(req.results);
  // Nothing was found: there is nothing to answer from, and the list says so.
  if (!candidates.length) return;
  const enabled = vscode.workspace.getConfiguration('coderag').get<boolean>(LM_SETTING, true);
  const models = enabled ? await vscode.lm.selectChatModels() : [];
  if (token.isCancellationRequested) return;
  const model = pickModel(models);
  const reason = noModelReason(enabled, models.length);
  if (reason || !model) return post({ type: 'noModel', queryId, reason });

  const prompt = buildPrompt(req.question, await Promise.all(candidates.map(excerptOf)), excerptBudget(model.maxInputTokens));
  if (token.isCancellationRequested) return;
  const sources = candidates.filter((c) => prompt.included.includes(c.n)).map(answerSource);
  post({ type: 'answerStart', queryId, model: model.name, sources });

  const end = (reason: 'done' | 'cancelled' | 'error', message?: string) => post({ type: 'answerEnd', queryId, reason, ...(message ? { message } : {}) });
  const citations = new CitationStream();
  let shown = '';
  const show = (text: string) => {
    if (!text) return;
    shown += text;
    post({ type: 'answerChunk', queryId, text });
  };
  try {
    const messages = [vscode.LanguageModelChatMessage.User(prompt.instructions), vscode.LanguageModelChatMessage.User(prompt.request)];
    const response = await model.sendRequest(messages, { justification: 'CodeRAG answers your question from the code its search found.' }, token);
    for await (const part of response.text) {
      if (token.isCancellationRequested) break;
      show(citations.push(part));
    }
    if (token.isCancellationRequested) return end('cancelled');
    show(citations.end());
    if (!shown.trim()) return end('error', `${model.name} returned no text. The results below are unaffected.`);
    end('done');
  } catch (err) {
    if (token.isCancellationRequested) return end('cancelled');
    const failure = err instanceof vscode.LanguageModelError ? { code: err.code, message: err.message } : { message: (err as Error)?.message ?? String(err) };
    end('error', describeModelError(model.name, failure));
  }
}
