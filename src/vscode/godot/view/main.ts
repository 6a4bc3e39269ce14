// The Godot migration details view, in the webview (browser): bundled into dist/godot-details.js
// with its styles in dist/godot-details.css. It renders what the host posts, every string as text.
// Sections follow the analysis: what was sent to the search (the fragment's text and hints), what
// came back (candidates per table), what the judge decided, and apart from all of it what only
// travels with the fragment for tracking (its path and place), which is never searched.
import './details.css';
import type { GodotCandidate, GodotEvidenceView, GodotFragmentDetails } from '../../../lsp/protocol';
import { byId, h, icon } from '../../sidebar/view/dom';
import type { DetailsMessage, ReadyMessage } from '../messages';

interface VsCodeApi {
  postMessage(message: ReadyMessage): void;
  getState(): unknown;
  setState(state: DetailsMessage): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const TABLES: [keyof GodotFragmentDetails['candidates'], string][] = [
  ['api_mapping', 'api_mapping — renames'],
  ['label_prototypes', 'label_prototypes — usages that changed shape'],
  ['docs_chunks', 'docs_chunks — class reference'],
];

function section(id: string, title: string, iconName: string, note: string, ...body: (Node | string)[]): HTMLElement {
  return h('section', { class: 'section', id, attrs: { 'aria-labelledby': `${id}-title` } }, h('h2', { id: `${id}-title` }, icon(iconName), ` ${title}`), h('p', { class: 'note' }, note), ...body);
}

function chip(text: string, kind: string): HTMLElement {
  return h('span', { class: `chip ${kind}` }, text);
}

function table(rows: [string, string][]): HTMLElement {
  return h('dl', { class: 'facts' }, ...rows.flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, v)]));
}

function candidates(list: GodotCandidate[]): HTMLElement {
  if (!list.length) return h('p', { class: 'empty' }, 'No candidate.');
  return h('ol', { class: 'candidates' }, ...list.map((c) => h('li', {}, h('span', { class: 'title' }, c.title), h('span', { class: 'id' }, c.id), h('span', { class: 'score' }, c.score.toFixed(3)))));
}

function evidence(e: GodotEvidenceView): HTMLElement {
  return h(
    'li',
    { class: `evidence ${e.version}` },
    h('div', { class: 'line1' }, chip(e.version === 'godot3' ? 'Godot 3' : 'Godot 4', e.version), h('code', { class: 'rule' }, e.rule), chip(e.confidence, `confidence ${e.confidence}`), h('span', { class: 'at' }, `line ${e.line}:${e.column}`)),
    h('div', { class: 'what' }, h('code', {}, e.what), ...(e.godot4 ? [' → ', h('code', {}, e.godot4)] : [])),
    h('div', { class: 'ev-message' }, e.message),
    e.version === 'godot3' ? h('div', { class: e.fix !== undefined ? 'fix safe' : 'fix unsure' }, ...(e.fix !== undefined ? [icon('lightbulb'), ' Safe edit: ', h('code', {}, e.fix)] : [icon('circle-slash'), ' No edit offered: the judge is not sure of one'])) : '',
    e.support.length ? h('div', { class: 'support' }, `Backed by: ${e.support.join(', ')}`) : '',
  );
}

/** Who judged, and for a deterministic judgment why no model did (the model pass's state). */
function judgedBy(j: GodotFragmentDetails['judgment']): HTMLElement {
  if (j.by === 'llm') return h('p', { class: 'judged-by llm' }, icon('sparkle'), ` Judged by: model (${j.model ?? 'a language model'})`);
  const why: Record<string, string> = {
    off: 'the model check is off (setting coderag.godot.languageModel)',
    'not-needed': 'no finding here for a model to check',
    pending: 'a model check is pending',
    failed: `the model check failed: ${j.modelError ?? 'no reason given'}`,
    done: 'the model kept this judgment',
  };
  const reason = j.modelState ? why[j.modelState] : undefined;
  return h('p', { class: `judged-by rules ${j.modelState ?? ''}`.trim() }, icon('law'), ` Judged by: deterministic${reason ? ` — ${reason}` : ''}`);
}

function render(m: DetailsMessage): void {
  const where = byId('where');
  const chips = byId('chips');
  const message = byId('message');
  const main = byId('details');
  where.textContent = `${m.file}:${m.line}`;
  chips.replaceChildren();
  if (!m.answer.found) {
    message.textContent = m.answer.reason;
    message.hidden = false;
    main.hidden = true;
    main.replaceChildren();
    return;
  }
  const d = m.answer.details;
  const t = d.tracking;
  chips.append(chip(d.judgment.verdict, `verdict ${d.judgment.verdict}`), chip(d.judgment.by === 'llm' ? 'judged by: model' : 'judged by: deterministic', `judged-by ${d.judgment.by}`), chip(t.status, 'status'));
  message.hidden = true;
  const hints = d.sent.hints.length
    ? h('ul', { class: 'hints' }, ...d.sent.hints.map((x) => h('li', {}, h('span', { class: 'kind' }, x.kind), h('code', {}, x.text), x.line !== undefined ? h('span', { class: 'at' }, `line ${x.line}`) : '')))
    : h('p', { class: 'empty' }, 'No hint.');
  main.replaceChildren(
    section('fragment', `Fragment: ${t.kind} ${t.name}`.trim(), 'symbol-snippet', `Lines ${t.startLine}–${t.endLine}. This text was sent to the search.`, h('pre', { class: 'code' }, h('code', {}, d.sent.text))),
    section('hints', 'Hints', 'search', 'Taken from the fragment\'s text only, never from its path: together they are the query.', hints),
    section('candidates', 'Candidates', 'list-ordered', 'What the retriever found in each table: evidence for the judge, not answers.', ...TABLES.map(([key, label]) => h('div', { class: 'table', id: `table-${key}` }, h('h3', {}, label), candidates(d.candidates[key])))),
    section(
      'judgment',
      `Judgment: ${d.judgment.verdict}`,
      'law',
      d.judgment.by === 'llm' ? 'The deterministic judge, re-validated by a language model: it can drop evidence, never add any.' : 'The deterministic judge, on the parse tree and the class references.',
      judgedBy(d.judgment),
      ...(d.judgment.explanation ? [h('p', { class: 'explanation' }, d.judgment.explanation)] : []),
      d.judgment.evidence.length ? h('ul', { class: 'evidence-list' }, ...d.judgment.evidence.map(evidence)) : h('p', { class: 'empty' }, 'No evidence: nothing here belongs to one version.'),
      ...(d.judgment.dropped?.length ? [h('h3', { class: 'dropped-title' }, icon('trash'), ' Dropped by the model'), h('ul', { class: 'evidence-list dropped' }, ...d.judgment.dropped.map(evidence))] : []),
    ),
    section(
      'tracking',
      'Attached for tracking only',
      'pin',
      'Travels with the fragment so results can be traced back; never searched, never evidence.',
      table([
        ['Path', t.path],
        ['Project', t.project || '(the workspace folder)'],
        ['Workspace folder', t.folder],
        ['Lines', `${t.startLine}–${t.endLine}`],
        ['Route', t.route],
        ['Fragment key', t.key],
        ['Run', t.status === 'reused' ? 'reused from the saved state (unchanged since it was judged)' : t.status],
      ]),
    ),
  );
  main.hidden = false;
}

window.addEventListener('message', (e: MessageEvent<DetailsMessage>) => {
  if (e.data?.type !== 'details') return;
  vscode.setState(e.data);
  render(e.data);
});

const saved = vscode.getState() as DetailsMessage | undefined;
if (saved?.type === 'details') render(saved);
vscode.postMessage({ type: 'ready' });
