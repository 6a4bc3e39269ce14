// `@coderag /search <words>`: the ranked chunks as a list of anchors to their exact ranges, with
// their code; no language model involved.
import * as vscode from 'vscode';
import type { ChatHit } from '../../lsp/protocol';
import { locationOf } from './index-client';
import type { Reply } from './reply';
import { fenced, fenceOf, groundedHits, lineSpan } from './text';

const SNIPPET_LINES = 12;

/** One hit as a list item: number, anchor, what it is, then its head. */
export function streamHit(stream: vscode.ChatResponseStream, h: ChatHit, n: number): void {
  stream.markdown(`\n**${n}.** `);
  stream.anchor(locationOf(h.file, h.startLine, h.endLine), `${h.path}:${lineSpan(h.startLine, h.endLine)}`);
  stream.markdown(` — ${h.kind}${h.name ? ` \`${h.name}\`` : ''}\n\n`);
  const lines = h.text.split('\n');
  const head = lines.length > SNIPPET_LINES ? `${lines.slice(0, SNIPPET_LINES).join('\n')}\n…` : h.text;
  stream.markdown(`${fenced(head, fenceOf(h.path))}\n`);
}

export async function searchReply({ prompt, stream, token, client }: Reply): Promise<vscode.ChatResult> {
  const query = prompt.trim();
  if (!query) {
    stream.markdown('Say what to search for, e.g. `@coderag /search where is a price rounded`.');
    return { metadata: { command: 'search' } };
  }
  stream.progress(`Searching the index for "${query}"…`);
  const r = await client.search({ query, limit: 8 }, token);
  const hits = groundedHits(r.hits);
  if (r.note) stream.markdown(`> ${r.note}\n\n`);
  if (!hits.length) {
    stream.markdown(`**Not found in this workspace:** no indexed code matches "${query}".`);
    return { metadata: { command: 'search' } };
  }
  for (const h of hits) stream.reference(locationOf(h.file, h.startLine, h.endLine));
  stream.markdown(`${hits.length} result${hits.length === 1 ? '' : 's'} for "${query}", best first:\n`);
  hits.forEach((h, i) => streamHit(stream, h, i + 1));
  const top = hits.find((h) => h.name && h.kind !== 'documentation');
  return { metadata: { command: 'search', query, symbol: top?.name.split('.').pop() } };
}
