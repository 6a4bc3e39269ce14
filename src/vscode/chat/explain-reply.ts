// `@coderag /explain <symbol>` (or the symbol under the cursor): the evidence first — definition,
// callers, references, related code, each an anchor to its range — then, when the model can, an
// explanation from that evidence alone. Without a model the evidence is the answer.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ChatExplainParams, ChatExplainResult } from '../../lsp/protocol';
import { historyMessages, type Source, streamGroundedAnswer } from './grounded-answer';
import { locationOf } from './index-client';
import { PARTICIPANT_ID, type Reply } from './reply';
import { fenced, fenceOf, lineSpan } from './text';

const REFERENCES_SHOWN = 10;
const DEFINITION_LINES = 30;

/** The symbol named in the prompt, else the position of the cursor (or a #selection reference). */
function target(prompt: string, request: vscode.ChatRequest): ChatExplainParams | undefined {
  const name = /[\p{L}_$][\p{L}\p{N}_$.]*/u.exec(prompt.trim())?.[0];
  if (name) return { symbol: name.split('.').pop() };
  const ref = request.references.find((r) => r.value instanceof vscode.Location);
  if (ref) {
    const loc = ref.value as vscode.Location;
    return { file: loc.uri.fsPath, line: loc.range.start.line + 1, column: loc.range.start.character };
  }
  const editor = vscode.window.activeTextEditor;
  if (editor?.document.uri.scheme !== 'file') return undefined;
  const pos = editor.selection.active;
  return { file: editor.document.uri.fsPath, line: pos.line + 1, column: pos.character };
}

function streamEvidence(stream: vscode.ChatResponseStream, r: ChatExplainResult & { name: string }): void {
  stream.markdown(`### ${r.name}\n`);
  for (const d of r.definitions) {
    stream.markdown(`\n**Defined** (${d.category}) in `);
    stream.anchor(locationOf(d.file, d.line, d.endLine), `${d.path}:${lineSpan(d.line, d.endLine)}`);
    stream.markdown('\n\n');
    if (d.docstring) stream.markdown(`> ${d.docstring.split('\n').join('\n> ')}\n\n`);
    const lines = d.text.split('\n');
    stream.markdown(`${fenced(lines.length > DEFINITION_LINES ? `${lines.slice(0, DEFINITION_LINES).join('\n')}\n…` : d.text, fenceOf(d.path))}\n`);
  }
  if (!r.definitions.length) stream.markdown('\nNo definition of it is indexed (it may come from a library).\n');
  // An anchor shows the file and line only (VS Code ignores its title for a Location): names go before it as text.
  const list = (title: string, items: { file: string; line: number; name?: string }[], total: number) => {
    if (!total) return stream.markdown(`\n**${title}:** none found.\n`);
    stream.markdown(`\n**${title}** (${total}): `);
    items.forEach((it, i) => {
      stream.markdown(`${i ? ', ' : ''}${it.name ? `\`${it.name}\` ` : ''}`);
      stream.anchor(locationOf(it.file, it.line));
    });
    stream.markdown(total > items.length ? `, and ${total - items.length} more.\n` : '\n');
  };
  list('Called by', r.callers.slice(0, REFERENCES_SHOWN), r.callers.length);
  list('References', r.references.slice(0, REFERENCES_SHOWN).map((x) => ({ ...x, name: x.caller ? `in ${x.caller}` : undefined })), r.references.length);
  if (r.related.length) {
    stream.markdown('\n**Related code:** ');
    r.related.forEach((h, i) => {
      stream.markdown(`${i ? ', ' : ''}\`${h.name || h.kind}\` `);
      stream.anchor(locationOf(h.file, h.startLine, h.endLine));
    });
    stream.markdown('\n');
  }
}

export async function explainReply({ prompt, request, context, stream, token, client }: Reply): Promise<vscode.ChatResult> {
  const params = target(prompt, request);
  if (!params) {
    stream.markdown('Name a symbol (`@coderag /explain round_cents`), or put the cursor on one in an editor and ask `@coderag /explain`.');
    return { metadata: { command: 'explain' } };
  }
  const what = params.symbol ?? `the symbol at ${path.basename(params.file!)}:${params.line}`;
  stream.progress(`Gathering the definition, callers and related code of ${what}…`);
  const r = await client.explain(params, token);
  if (r.note) stream.markdown(`> ${r.note}\n\n`);
  if (!r.name) {
    stream.markdown(`**Not found in this workspace:** ${params.symbol ? `nothing named \`${params.symbol}\` is defined or used` : `no indexed symbol at ${what}`}.`);
    return { metadata: { command: 'explain', query: params.symbol } };
  }
  const found = { ...r, name: r.name };
  for (const d of r.definitions) stream.reference(locationOf(d.file, d.line, d.endLine));
  streamEvidence(stream, found);

  const sources: Source[] = [
    ...r.definitions.map((d) => ({ location: locationOf(d.file, d.line, d.endLine), label: `${d.path}:${lineSpan(d.line, d.endLine)} (definition of ${r.name})`, language: fenceOf(d.path), text: d.text })),
    ...r.related.map((h) => ({ location: locationOf(h.file, h.startLine, h.endLine), label: `${h.path}:${lineSpan(h.startLine, h.endLine)} (${h.kind} ${h.name})`, language: fenceOf(h.path), text: h.text })),
  ];
  if (!sources.length || token.isCancellationRequested) return { metadata: { command: 'explain', query: r.name, symbol: r.callers[0]?.name } };
  const uses = r.references.slice(0, 30).map((x) => `${x.path}:${x.line}${x.caller ? ` in ${x.caller}` : ''}`);
  // No progress message here: the chat view folds what came before one into a collapsed "steps" line.
  stream.markdown(`\n### Explanation by ${request.model.name}\n\n`);
  const outcome = await streamGroundedAnswer(
    request.model, historyMessages(context, PARTICIPANT_ID), sources,
    `Explain \`${r.name}\`: what it does, how it is used, and anything surprising, citing the sources.`,
    stream, token, uses.length ? `It is referenced at: ${uses.join(', ')}.` : undefined,
  );
  if (!outcome.ok) stream.markdown(`\n\n*No explanation: ${outcome.reason}. The evidence above is what the index holds.*`);
  return { metadata: { command: 'explain', query: r.name, symbol: r.callers[0]?.name } };
}
