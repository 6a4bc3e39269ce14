// The Explain panel's evidence, numbered sources, prompt and summary (pure: no editor).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { ExplainResponse } from '../src/lsp/protocol';
import { explainPrompt, numberSources, splitCitations } from '../src/vscode/explain/evidence';
import { panelModel } from '../src/vscode/explain/view-model';

const p = '/ws/server/pricing.py';
const ev: ExplainResponse = {
  folder: '/ws', name: 'vat_cents',
  definition: { file: p, path: 'server/pricing.py', startLine: 16, endLine: 21, name: 'vat_cents', qualifiedName: 'vat_cents', kind: 'function', language: 'python', signature: 'def vat_cents(net_cents: int, category: str) -> int:', docstring: 'The VAT owed on a net amount.', text: 'def vat_cents(net_cents, category):\n    return 0' },
  otherDefinitions: [],
  references: [{ file: p, path: 'server/pricing.py', startLine: 41, endLine: 41, caller: 'order_total' }, { file: '/ws/x.py', path: 'x.py', startLine: 2, endLine: 2 }],
  referencesTotal: 2,
  callers: [{ file: p, path: 'server/pricing.py', startLine: 33, endLine: 33, name: 'order_total' }],
  related: [{ file: p, path: 'server/pricing.py', startLine: 11, endLine: 13, name: 'round_cents', kind: 'function', score: 1, snippet: 'def round_cents(amount):' }],
};

test('explain: sources are numbered definition, callers, top-level references, related; the prompt cites them', () => {
  const sources = numberSources(ev);
  assert.deepEqual(sources.map((s) => `${s.n} ${s.role} ${s.path}:${s.startLine}`), ['1 definition server/pricing.py:16', '2 caller server/pricing.py:33', '3 reference x.py:2', '4 related server/pricing.py:11']);
  const prompt = explainPrompt(ev, sources);
  assert.match(prompt, /\[1\] definition: function vat_cents — server\/pricing\.py:16-21\n```\ndef vat_cents/);
  assert.match(prompt, /Cite them by number/);
  assert.deepEqual(splitCitations('Adds VAT [1] for order_total [2, 3]; not [9].', 4), [
    { text: 'Adds VAT ' }, { cite: 1 }, { text: ' for order_total ' }, { cite: 2 }, { cite: 3 }, { text: '; not [9].' },
  ]);
});

test('explain: the panel model has links for every range and a summary that is never empty', () => {
  const m = panelModel(ev, numberSources(ev));
  assert.deepEqual(m.sections.map((s) => s.id), ['definition', 'callers', 'references', 'related']);
  for (const s of m.sections) for (const it of s.items) if (it.link !== undefined) assert.ok(m.links[it.link].file.startsWith('/ws/'));
  assert.equal(m.sections[0].items[0].n, 1);
  const labels = m.summary.map((i) => i.label);
  assert.deepEqual(labels.slice(0, 4), ['function vat_cents', 'Signature', 'Docstring', 'Usage']);
  assert.match(m.summary[3].text!, /Referenced 2 times in 2 files, from order_total/);
  const bare = panelModel({ ...ev, definition: undefined, references: [], referencesTotal: 0, callers: [], related: [], notFound: 'print is not defined in this workspace' }, []);
  assert.ok(bare.summary.length >= 2);
  assert.match(bare.summary[0].text!, /not defined in this workspace/);
});
