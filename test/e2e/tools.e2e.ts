// CodeRAG's language-model tools, called by name through vscode.lm.invokeTool (the test extension's
// "Invoke Tool" command) in the real extension host, on the sample workspace.
import { before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { indexed } from './chat-fixtures';
import { sampleWorkspace } from './sample';
import { commandOutput, type Session, withEditor, writeExchange } from './harness/session';
import { productVsix, testExtensionVsix } from './harness/vsix';

let vsix: string[] = [];
before(() => {
  vsix = [productVsix(), testExtensionVsix()];
});

type ToolResult = { name: string; text?: string[]; error?: string };

async function invoke(s: Session, name: string, input: unknown): Promise<ToolResult> {
  writeExchange(s.run, 'tool.json', { name, input });
  const r = await commandOutput<ToolResult>(s, 'CodeRAG Test: Invoke Tool', 'tool-result.json', 120_000);
  s.step(`${name} ${JSON.stringify(input)} → ${(r.error ?? r.text?.join('') ?? '').slice(0, 160).replace(/\n/g, '⏎')}`);
  return r;
}

test('coderag_search, coderag_repoMap and coderag_symbols answer through vscode.lm.invokeTool', { timeout: 400_000 }, async () => {
  await withEditor('lm-tools', { files: sampleWorkspace(), vsix }, async (s) => {
    const p = await indexed(s);
    for (const tool of ['coderag_search', 'coderag_repoMap', 'coderag_symbols']) assert.ok(p.tools.includes(tool), `${tool} in vscode.lm.tools: ${p.tools.join(', ')}`);

    const search = (await invoke(s, 'coderag_search', { query: 'round a price to cents', limit: 3 })).text?.join('') ?? '';
    assert.match(search, /^3 results for "round a price to cents"/);
    assert.match(search, /1\. server\/bookshop\/pricing\.py:\d+-\d+ \(function round_cents\)\nfile: \/.*\/server\/bookshop\/pricing\.py\n```python\ndef round_cents/);

    const map = (await invoke(s, 'coderag_repoMap', { tokens: 512 })).text?.join('') ?? '';
    assert.match(map, /^Repo map of .* \(\d+ tokens;/);
    assert.match(map, /Most important files:\n1\. \S+ \(rank 0\.\d+\)/);
    assert.match(map, /pricing\.py/);

    const symbols = (await invoke(s, 'coderag_symbols', { name: 'round_cents', references: true })).text?.join('') ?? '';
    assert.match(symbols, /- definition function round_cents at server\/bookshop\/pricing\.py:\d+-\d+ \(exact match; file: \/\S+\)\n {4}def round_cents/);
    assert.match(symbols, /- reference \S+ round_cents at server\/bookshop\/pricing\.py:\d+/);

    const missing = (await invoke(s, 'coderag_symbols', { name: 'zyxwvutQuasar' })).text?.join('') ?? '';
    assert.match(missing, /No symbol named "zyxwvutQuasar"/);
    const bad = await invoke(s, 'coderag_search', { query: '   ' });
    assert.match(bad.error ?? '', /coderag_search needs "query"/);
  });
});
