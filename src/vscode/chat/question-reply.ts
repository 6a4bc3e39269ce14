// A free question to @coderag: retrieve, then let the user's model (request.model) answer from the
// retrieved chunks only, each citation an anchor to its range. Nothing retrieved: say so, and do
// not ask the model (it would answer from what it believes, not from this workspace).
import * as vscode from 'vscode';
import { historyMessages, type Source, streamGroundedAnswer } from './grounded-answer';
import { locationOf } from './index-client';
import { PARTICIPANT_ID, type Reply } from './reply';
import { streamHit } from './search-reply';
import { fenceOf, groundedHits, lineSpan } from './text';

const SOURCES = 8;

export async function questionReply({ prompt, request, context, stream, token, client }: Reply): Promise<vscode.ChatResult> {
  const question = prompt.trim();
  if (!question) {
    stream.markdown('Ask a question about this workspace\'s code, or use `/search`, `/map` or `/explain`.');
    return { metadata: { command: '' } };
  }
  stream.progress('Searching the workspace index…');
  const r = await client.search({ query: question, limit: SOURCES }, token);
  const hits = groundedHits(r.hits);
  if (r.note) stream.markdown(`> ${r.note}\n\n`);
  if (!hits.length) {
    stream.markdown(`**Not found in this workspace:** no indexed code matches "${question}", so there is nothing to answer from. Try other words, or \`/map\` to see what the workspace holds.`);
    return { metadata: { command: '' } };
  }
  const sources: Source[] = hits.map((h) => ({
    location: locationOf(h.file, h.startLine, h.endLine),
    label: `${h.path}:${lineSpan(h.startLine, h.endLine)} (${h.kind}${h.name ? ` ${h.name}` : ''})`,
    language: fenceOf(h.path),
    text: h.text,
  }));
  for (const s of sources) stream.reference(s.location);
  if (token.isCancellationRequested) return { metadata: { command: '', query: question } };
  stream.progress(`Found ${hits.length} relevant chunks; asking ${request.model.name}…`);
  const outcome = await streamGroundedAnswer(request.model, historyMessages(context, PARTICIPANT_ID), sources, question, stream, token);
  if (!outcome.ok) {
    // The retrieval still stands: show it rather than an empty answer.
    stream.markdown(`*No answer from the model: ${outcome.reason}.* What the index found for the question:\n`);
    hits.forEach((h, i) => streamHit(stream, h, i + 1));
  }
  const top = hits.find((h) => h.name && h.kind !== 'documentation');
  return { metadata: { command: '', query: question, symbol: top?.name.split('.').pop() } };
}
