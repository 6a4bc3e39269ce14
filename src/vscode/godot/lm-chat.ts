// The extension's half of LM_CHAT_REQUEST: the language server has no model of its own, so it asks
// the editor to run a prompt through vscode.lm. Answered only while `coderag.languageModel.enabled`
// allows it; a missing or refusing model is LM_UNAVAILABLE, so the server stops asking for the
// other fragments and keeps its deterministic judgment with this sentence as the reason.
import * as vscode from 'vscode';
import { ErrorCodes, LSPErrorCodes, ResponseError } from 'vscode-languageclient/node';
import { LM_UNAVAILABLE, type LmChatParams, type LmChatResult } from '../../lsp/protocol';
import { pickModel } from '../answer/model';

/** A model error that any other prompt would meet too. */
const EVERY_PROMPT = new Set(['NoPermissions', 'Blocked', 'NotFound']);

export async function answerLmChat(p: LmChatParams, token: vscode.CancellationToken): Promise<LmChatResult | ResponseError> {
  if (!vscode.workspace.getConfiguration('coderag').get<boolean>('languageModel.enabled', true)) {
    return new ResponseError(LM_UNAVAILABLE, 'language models are turned off (setting coderag.languageModel.enabled)');
  }
  const model = pickModel(await vscode.lm.selectChatModels());
  if (!model) return new ResponseError(LM_UNAVAILABLE, 'no language model is available (a chat model provider such as GitHub Copilot adds one)');
  const cancelled = () => new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
  if (token.isCancellationRequested) return cancelled();
  try {
    const messages = [vscode.LanguageModelChatMessage.User(p.system), vscode.LanguageModelChatMessage.User(p.user)];
    const response = await model.sendRequest(messages, { justification: p.justification }, token);
    let text = '';
    for await (const part of response.text) {
      if (token.isCancellationRequested) return cancelled();
      text += part;
    }
    if (token.isCancellationRequested) return cancelled();
    return { text, model: model.name };
  } catch (err) {
    if (token.isCancellationRequested) return cancelled();
    const message = (err as Error)?.message ?? String(err);
    if (err instanceof vscode.LanguageModelError && EVERY_PROMPT.has(err.code)) return new ResponseError(LM_UNAVAILABLE, `${model.name} cannot be used (${err.code}: ${message})`);
    return new ResponseError(ErrorCodes.InternalError, `${model.name} failed: ${message}`);
  }
}
