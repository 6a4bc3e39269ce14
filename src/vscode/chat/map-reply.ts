// `@coderag /map`: the files that matter most (PageRank over definitions and references),
// personalized around the file in the active editor, with their key definitions as anchors, and
// the token-budgeted map text a model would get. No language model involved.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { locationOf } from './index-client';
import type { Reply } from './reply';
import { fenced } from './text';

const FILES_SHOWN = 12;
const DEFINITIONS_SHOWN = 4;

export async function mapReply({ prompt, stream, token, client }: Reply): Promise<vscode.ChatResult> {
  const budget = Number(/\b(\d{2,5})\b/.exec(prompt)?.[1]) || 1024;
  const active = vscode.window.activeTextEditor?.document.uri;
  const focus = active?.scheme === 'file' ? [active.fsPath] : [];
  stream.progress(`Ranking the workspace's files${focus.length ? ` around ${path.basename(focus[0])}` : ''}…`);
  const r = await client.map({ tokens: budget, focus, files: FILES_SHOWN }, token);
  if (r.note) stream.markdown(`> ${r.note}\n\n`);
  const folders = r.folders.filter((f) => f.ranked.length);
  if (!folders.length) {
    stream.markdown('**Not found in this workspace:** no indexed file has definitions to rank.');
    return { metadata: { command: 'map' } };
  }
  let symbol: string | undefined;
  for (const f of folders) {
    stream.markdown(`### Repo map of \`${path.basename(f.root)}\`\n\nThe ${f.ranked.length} most important files${focus.length ? `, personalized around \`${path.basename(focus[0])}\`` : ''} (PageRank):\n`);
    f.ranked.forEach((file, i) => {
      stream.markdown(`\n${i + 1}. `);
      stream.anchor(vscode.Uri.file(file.file), file.path);
      stream.markdown(` — rank ${file.rank.toFixed(3)}`);
      const defs = file.definitions.slice(0, DEFINITIONS_SHOWN);
      if (defs.length) stream.markdown(': ');
      defs.forEach((d, j) => {
        // The anchor shows only file and lines: the definition's name goes before it.
        stream.markdown(`${j ? ', ' : ''}\`${d.name}\` `);
        stream.anchor(locationOf(file.file, d.line, d.endLine));
        symbol ??= d.name;
      });
    });
    stream.markdown(`\n\nThe map as a language model gets it (${f.tokens} of ${budget} tokens):\n\n${fenced(f.text || '(empty)', 'text')}\n`);
  }
  return { metadata: { command: 'map', symbol } };
}
