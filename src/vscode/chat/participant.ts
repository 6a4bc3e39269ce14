// The `@coderag` chat participant: /search, /map, /explain and free questions about the workspace,
// answered from the index the language server keeps (package.json contributes.chatParticipants).
import * as vscode from 'vscode';
import { explainReply } from './explain-reply';
import type { IndexClient } from './index-client';
import { mapReply } from './map-reply';
import { migrateReply } from './migrate-reply';
import { questionReply } from './question-reply';
import { PARTICIPANT_ID, type Reply, type ReplyMetadata } from './reply';
import { searchReply } from './search-reply';

const REPLIES: Record<string, (r: Reply) => Promise<vscode.ChatResult>> = {
  search: searchReply,
  map: mapReply,
  explain: explainReply,
  migrate: migrateReply,
};

function followups(m: ReplyMetadata | undefined): vscode.ChatFollowup[] {
  if (!m) return [];
  const out: vscode.ChatFollowup[] = [];
  if (m.symbol && !(m.command === 'explain' && m.query === m.symbol)) out.push({ command: 'explain', prompt: m.symbol, label: `Explain ${m.symbol}` });
  if (m.query && m.command === '') out.push({ command: 'search', prompt: m.query, label: 'Show the matching code' });
  if (m.query && m.command === 'search') out.push({ prompt: m.query, label: 'Answer this as a question' });
  if (m.command === 'migrate') return [];
  if (m.command !== 'map') out.push({ command: 'map', prompt: '', label: 'Show the repo map' });
  return out;
}

export function registerChatParticipant(context: vscode.ExtensionContext, client: IndexClient): vscode.Disposable {
  const handler: vscode.ChatRequestHandler = async (request, chatContext, stream, token) => {
    const reply = (request.command && REPLIES[request.command]) || questionReply;
    try {
      return await reply({ prompt: request.prompt, request, context: chatContext, stream, token, client });
    } catch (err) {
      if (token.isCancellationRequested || err instanceof vscode.CancellationError) return { metadata: { command: request.command ?? '' } };
      const message = err instanceof Error ? err.message : String(err);
      return { errorDetails: { message: `CodeRAG could not answer: ${message}` }, metadata: { command: request.command ?? '' } };
    }
  };
  const participant = vscode.chat.createChatParticipant(PARTICIPANT_ID, handler);
  participant.iconPath = vscode.Uri.joinPath(context.extensionUri, 'media', 'coderag.svg');
  participant.followupProvider = { provideFollowups: (result) => followups(result.metadata as ReplyMetadata | undefined) };
  return participant;
}
