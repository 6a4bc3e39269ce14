// What the Explain panel shows, as plain data the webview renders with textContent only: the
// evidence in sections with links (indexes into `links`), and the summary used without a model.
// Pure (no vscode): tested in test/vscode-explain.test.ts.
import type { EvidenceRange, ExplainResponse } from '../../lsp/protocol';
import { type Source, where } from './evidence';

export interface Item {
  label: string;
  detail?: string;
  /** Index into the panel's links: a click opens that range. */
  link?: number;
  /** The source number a model cites. */
  n?: number;
  code?: string;
  text?: string;
}

export interface Section {
  id: string;
  title: string;
  items: Item[];
}

export interface PanelModel {
  name: string;
  summary: Item[];
  sections: Section[];
  links: EvidenceRange[];
  notFound?: string;
}

const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;

export function panelModel(ev: ExplainResponse, sources: Source[]): PanelModel {
  const links: EvidenceRange[] = [];
  const link = (r: EvidenceRange) => links.push({ file: r.file, path: r.path, startLine: r.startLine, endLine: r.endLine }) - 1;
  const numberOf = (r: EvidenceRange) => sources.find((s) => s.path === r.path && s.startLine === r.startLine && s.endLine === r.endLine)?.n;
  const sections: Section[] = [];
  const d = ev.definition;
  if (d) {
    sections.push({ id: 'definition', title: 'Definition', items: [{ label: `${d.kind} ${d.qualifiedName}`, detail: where(d), link: link(d), n: numberOf(d), code: d.text }] });
  }
  if (ev.otherDefinitions.length) {
    sections.push({ id: 'other-definitions', title: `Other definitions (${ev.otherDefinitions.length})`, items: ev.otherDefinitions.map((o) => ({ label: `${o.kind} ${ev.name}`, detail: where(o), link: link(o) })) });
  }
  sections.push({
    id: 'callers', title: `Callers (${ev.callers.length})`,
    items: ev.callers.length ? ev.callers.map((c) => ({ label: c.name, detail: where(c), link: link(c), n: numberOf(c) })) : [{ label: 'No definition in this workspace refers to it.' }],
  });
  const more = ev.referencesTotal - ev.references.length;
  sections.push({
    id: 'references', title: `References (${ev.referencesTotal})`,
    items: [
      ...ev.references.map((r) => ({ label: where(r), detail: r.caller ? `in ${r.caller}` : 'top level', link: link(r), n: numberOf(r) })),
      ...(more > 0 ? [{ label: `… and ${more} more` }] : []),
      ...(ev.referencesTotal === 0 ? [{ label: 'No references found in this workspace.' }] : []),
    ],
  });
  if (ev.related.length) {
    sections.push({ id: 'related', title: 'Related code', items: ev.related.map((r) => ({ label: `${r.kind} ${r.name}`, detail: where(r), link: link(r), n: numberOf(r), code: r.snippet })) });
  }
  return { name: ev.name, summary: summary(ev, link), sections, links, ...(ev.notFound ? { notFound: ev.notFound } : {}) };
}

/** The structured summary: signature, docstring, who calls it and from where — never empty. */
function summary(ev: ExplainResponse, link: (r: EvidenceRange) => number): Item[] {
  const d = ev.definition;
  const items: Item[] = [];
  if (d) {
    items.push({ label: `${d.kind} ${d.qualifiedName}`, detail: `${d.language}, ${where(d)}`, link: link(d) });
    items.push({ label: 'Signature', code: d.signature || d.text.split('\n')[0] });
    items.push({ label: 'Docstring', text: d.docstring?.trim() || 'None: the definition has no doc comment.' });
  } else items.push({ label: ev.name || 'No symbol', text: ev.notFound ?? 'No definition found in this workspace.' });
  const files = new Set(ev.references.map((r) => r.path)).size;
  const usage = ev.referencesTotal
    ? `Referenced ${plural(ev.referencesTotal, 'time')} in ${plural(files, 'file')}${ev.callers.length ? `, from ${ev.callers.slice(0, 5).map((c) => c.name).join(', ')}${ev.callers.length > 5 ? ` and ${ev.callers.length - 5} more` : ''}` : ''}.`
    : 'Not referenced anywhere in this workspace.';
  items.push({ label: 'Usage', text: usage });
  for (const c of ev.callers.slice(0, 5)) items.push({ label: `called from ${c.name}`, detail: where(c), link: link(c) });
  if (ev.related.length) items.push({ label: 'Related', text: ev.related.slice(0, 3).map((r) => `${r.name} (${where(r)})`).join('; ') });
  return items;
}
