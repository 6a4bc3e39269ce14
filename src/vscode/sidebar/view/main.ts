// The "Ask the codebase" view: runs in the webview (browser), bundled by esbuild into
// dist/sidebar.js with its styles in dist/sidebar.css. It talks to the extension host only through
// the messages of ../protocol.ts and keeps what it shows in the webview state, so hiding and
// showing the view (which reloads it) loses nothing.
import './sidebar.css';
import type {
  AnswerSource, FolderRef, HostMessage, ResultsMessage, SearchFilters, StatusMessage, ViewMessage,
} from '../protocol';
import { byId, h, icon } from './dom';
import { DEFAULT_KINDS, DEFAULT_LANGUAGES, kindLabel, languageLabel, resultNotes, summaryText } from './format';
import { queryTerms } from './highlight';
import { citationTargets, renderMarkdownInto } from './answer';
import { ResultsList } from './results';
import { queryOf, shownOf } from './paste';

interface VsCodeApi {
  postMessage(message: ViewMessage): void;
  getState(): unknown;
  setState(state: ViewState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

interface AnswerState {
  queryId: number;
  model: string;
  sources: AnswerSource[];
  text: string;
  state: 'streaming' | 'done' | 'cancelled' | 'error';
  message?: string;
}

/** Everything the view shows, kept in the webview state. */
interface ViewState {
  version: 1;
  query: string;
  filters: SearchFilters;
  filtersOpen: boolean;
  /** "Results: Files": the file view; absent: chunks. */
  groupBy?: 'file';
  nextQueryId: number;
  /** The query last sent, while its results are awaited or shown. */
  current?: { queryId: number; query: string; filters: SearchFilters; groupBy?: 'file'; pending: boolean };
  results?: ResultsMessage;
  answer?: AnswerState;
  noModel?: string;
  error?: string;
  activeN?: number;
  languages?: string[];
  kinds?: string[];
  folders?: FolderRef[];
}

const NO_MODEL = 'No language model available: showing search results only.';

const vscode = acquireVsCodeApi();

function initialState(): ViewState {
  const saved = vscode.getState() as ViewState | undefined;
  if (saved?.version === 1) {
    // An answer cut off by the view being hidden: the host may replay it (ready.lastQueryId).
    if (saved.answer?.state === 'streaming') saved.answer = { ...saved.answer, state: 'cancelled', message: 'Interrupted.' };
    if (saved.current) saved.current.pending = false;
    return saved;
  }
  return { version: 1, query: '', filters: { languages: [], kinds: [], path: '' }, filtersOpen: false, nextQueryId: 1 };
}

const state = initialState();
let status: StatusMessage | undefined;

const el = {
  form: byId<HTMLFormElement>('search'),
  query: byId<HTMLInputElement>('query'),
  clear: byId<HTMLButtonElement>('clear'),
  toggleFilters: byId<HTMLButtonElement>('toggle-filters'),
  filters: byId('filters'),
  language: byId<HTMLSelectElement>('filter-language'),
  kind: byId<HTMLSelectElement>('filter-kind'),
  path: byId<HTMLInputElement>('filter-path'),
  byChunk: byId<HTMLInputElement>('group-by-chunk'),
  byFile: byId<HTMLInputElement>('group-by-file'),
  progress: byId('progress'),
  status: byId('status'),
  answer: byId('answer'),
  answerModel: byId('answer-model'),
  answerBody: byId('answer-body'),
  answerNote: byId('answer-note'),
  answerStop: byId<HTMLButtonElement>('answer-stop'),
  answerCopy: byId<HTMLButtonElement>('answer-copy'),
  hint: byId('hint'),
  error: byId('error'),
  summary: byId('summary'),
  results: byId('results'),
  empty: byId('empty'),
};

const post = (m: ViewMessage) => vscode.postMessage(m);
const save = () => vscode.setState(state);

const list = new ResultsList(el.results, {
  open: ({ folder, path, item, side, preserveFocus }) =>
    post({ type: 'open', folder: folder.uri, path, startLine: item.startLine, endLine: item.endLine, ...(side ? { side } : {}), ...(preserveFocus ? { preserveFocus } : {}) }),
  copy: (text) => post({ type: 'copy', text }),
  leave: () => el.query.focus(),
  activeChanged: (n) => {
    if (state.activeN !== n) {
      state.activeN = n;
      save();
    }
  },
});

// ── the search form ──────────────────────────────────────────────────────────────────────────

function readFilters(): SearchFilters {
  return {
    languages: el.language.value ? [el.language.value] : [],
    kinds: el.kind.value ? [el.kind.value] : [],
    path: el.path.value.trim(),
  };
}

function search(): void {
  const query = queryOf(el.query.value).trim();
  state.query = el.query.value;
  state.filters = readFilters();
  if (!query) return;
  // Enter in the path field both commits the filter (which searches) and searches: one search.
  const same = state.current?.pending && state.current.query === query && state.current.groupBy === state.groupBy
    && JSON.stringify(state.current.filters) === JSON.stringify(state.filters);
  if (same) return;
  // A new query stops the answer (and search) still running for the previous one.
  if (state.current && (state.current.pending || state.answer?.state === 'streaming')) post({ type: 'cancel', queryId: state.current.queryId });
  const queryId = state.nextQueryId++;
  const groupBy = state.groupBy === 'file' ? { groupBy: 'file' as const } : {};
  state.current = { queryId, query, filters: state.filters, ...groupBy, pending: true };
  state.answer = undefined;
  state.noModel = undefined;
  state.error = undefined;
  save();
  post({ type: 'search', queryId, query, filters: state.filters, ...groupBy });
  renderStatus();
  renderAnswer();
  renderHint();
  renderError();
  renderPending();
}

// The form has two text fields, so the browser submits it on no Enter: the fields do.
el.form.addEventListener('submit', (e) => e.preventDefault());
el.query.addEventListener('keydown', (e) => {
  if (e.key === 'Enter' && !e.isComposing) {
    e.preventDefault();
    search();
  } else if (e.key === 'ArrowDown' && !e.altKey && list.focus()) e.preventDefault();
});
el.path.addEventListener('keydown', (e) => {
  if (e.key === 'Enter' && !e.isComposing) {
    e.preventDefault();
    onFilterChange();
    search();
  }
});
el.query.addEventListener('paste', (e) => {
  const text = e.clipboardData?.getData('text/plain') ?? '';
  if (!/[\r\n]/.test(text)) return;
  e.preventDefault();
  el.query.setRangeText(shownOf(text), el.query.selectionStart ?? el.query.value.length, el.query.selectionEnd ?? el.query.value.length, 'end');
  el.query.dispatchEvent(new Event('input', { bubbles: true }));
});
el.query.addEventListener('input', () => {
  state.query = el.query.value;
  el.clear.hidden = el.query.value === '';
  save();
});
/** Clear: the query, its results and its answer (stopped if still running), as the search view's clear does. */
el.clear.addEventListener('click', () => {
  if (state.current && (state.current.pending || state.answer?.state === 'streaming')) post({ type: 'cancel', queryId: state.current.queryId });
  el.query.value = '';
  Object.assign(state, { query: '', current: undefined, results: undefined, answer: undefined, noModel: undefined, error: undefined, activeN: undefined });
  el.clear.hidden = true;
  save();
  render();
  el.query.focus();
});
el.toggleFilters.addEventListener('click', () => {
  state.filtersOpen = !state.filtersOpen;
  save();
  renderFilters();
  if (state.filtersOpen) (el.byFile.checked ? el.byFile : el.byChunk).focus();
});
/** A changed filter runs the query again (a text field changes on Enter or on leaving it). */
function onFilterChange(): void {
  const filters = readFilters();
  if (JSON.stringify(filters) === JSON.stringify(state.filters)) return;
  state.filters = filters;
  save();
  renderFilters();
  if (el.query.value.trim()) search();
}
for (const control of [el.language, el.kind, el.path]) control.addEventListener('change', onFilterChange);
/** Chunks or files: remembered, and the query asked again the other way. */
for (const radio of [el.byChunk, el.byFile]) {
  radio.addEventListener('change', () => {
    const groupBy = el.byFile.checked ? 'file' : undefined;
    if (groupBy === state.groupBy) return;
    state.groupBy = groupBy;
    save();
    renderFilters();
    if (el.query.value.trim()) search();
  });
}
el.filters.addEventListener('keydown', (e) => {
  if (e.key === 'Escape') {
    e.preventDefault();
    el.query.focus();
  }
});

// ── the answer ───────────────────────────────────────────────────────────────────────────────

el.answerStop.addEventListener('click', () => {
  if (state.answer?.state !== 'streaming') return;
  post({ type: 'cancel', queryId: state.answer.queryId });
  state.answer.state = 'cancelled';
  save();
  renderAnswer();
});
el.answerCopy.addEventListener('click', () => {
  if (state.answer) post({ type: 'copy', text: state.answer.text });
});
el.answerBody.addEventListener('click', (e) => {
  const a = e.target instanceof Element ? e.target.closest('a') : null;
  if (!a) return;
  const cite = a.getAttribute('data-cite');
  if (cite === null) return; // a web link: the webview host opens it (and asks first)
  e.preventDefault();
  const n = Number(cite);
  if (list.reveal(n, e.ctrlKey || e.metaKey)) return;
  // Not among the results shown (filtered out of the list): open the source itself.
  const source = state.answer?.sources.find((s) => s.n === n);
  if (source) post({ type: 'open', folder: source.folder, path: source.path, startLine: source.startLine, endLine: source.endLine });
});

let answerFrame = 0;
/** Streaming re-renders the whole answer, at most once a frame. */
function scheduleAnswer(): void {
  if (answerFrame) return;
  answerFrame = requestAnimationFrame(() => {
    answerFrame = 0;
    save();
    renderAnswer();
  });
}

function renderAnswer(): void {
  const a = state.answer;
  el.answer.hidden = !a;
  if (!a) {
    el.answerBody.replaceChildren();
    return;
  }
  el.answerModel.textContent = a.model;
  el.answerModel.title = `Answered by ${a.model} from the numbered results below, and nothing else.`;
  const streaming = a.state === 'streaming';
  if (a.text) renderMarkdownInto(el.answerBody, a.text, citationTargets(a.sources));
  else if (streaming) el.answerBody.replaceChildren(h('span', { class: 'thinking' }, icon('loading', 'codicon-modifier-spin'), ' Reading the results…'));
  // Ended without a word (an error, a stop before the first): the note below says why.
  else el.answerBody.replaceChildren();
  el.answerBody.setAttribute('aria-busy', String(streaming));
  el.answer.classList.toggle('streaming', streaming);
  el.answerStop.hidden = !streaming;
  el.answerCopy.hidden = streaming || !a.text;
  const note = a.state === 'cancelled' ? a.message ?? 'Stopped.' : a.state === 'error' ? a.message ?? 'The language model failed.' : '';
  el.answerNote.hidden = !note;
  el.answerNote.className = `answer-note${a.state === 'error' ? ' error-text' : ''}`;
  el.answerNote.textContent = note;
}

// ── what the host says ───────────────────────────────────────────────────────────────────────

const isCurrent = (queryId: number | undefined) => queryId !== undefined && queryId === state.current?.queryId;

window.addEventListener('message', (e: MessageEvent) => {
  const m = e.data as HostMessage;
  if (!m || typeof m !== 'object' || typeof m.type !== 'string') return;
  switch (m.type) {
    case 'init':
      state.languages = m.languages;
      state.kinds = m.kinds;
      state.folders = m.folders;
      save();
      renderFilters();
      return;
    case 'status':
      status = m;
      renderStatus();
      return;
    case 'results':
      if (!isCurrent(m.queryId)) return;
      state.current = { ...state.current!, pending: false };
      state.results = m;
      // The server counted the vectors for this search: newer than the last status it announced.
      if (status?.state === 'ready' && status.vectors) status = { ...status, vectors: m.vectors };
      state.activeN = undefined;
      state.error = undefined;
      save();
      render();
      return;
    case 'answerStart':
      if (!isCurrent(m.queryId)) return;
      state.answer = { queryId: m.queryId, model: m.model, sources: m.sources, text: '', state: 'streaming' };
      state.noModel = undefined;
      save();
      renderAnswer();
      renderHint();
      return;
    case 'answerChunk':
      if (!isCurrent(m.queryId) || state.answer?.queryId !== m.queryId || state.answer.state !== 'streaming') return;
      state.answer.text += m.text;
      scheduleAnswer(); // saves too
      return;
    case 'answerEnd':
      if (!isCurrent(m.queryId) || state.answer?.queryId !== m.queryId) return;
      state.answer.state = m.reason;
      state.answer.message = m.message;
      save();
      cancelAnimationFrame(answerFrame);
      answerFrame = 0;
      renderAnswer();
      return;
    case 'noModel':
      if (!isCurrent(m.queryId)) return;
      // The host's reason is the whole line when it gives one (answers turned off is not "no model").
      state.noModel = m.reason || NO_MODEL;
      save();
      renderHint();
      return;
    case 'error':
      if (m.queryId !== undefined && !isCurrent(m.queryId)) return;
      if (state.current && m.queryId !== undefined) state.current.pending = false;
      state.error = m.message;
      save();
      renderError();
      renderPending();
      renderStatus();
      return;
    case 'focus':
      if (m.query !== undefined) {
        el.query.value = m.query;
        state.query = m.query;
        el.clear.hidden = m.query === '';
      }
      el.query.focus();
      el.query.select();
      if (m.run) search();
      return;
  }
});

// ── rendering ────────────────────────────────────────────────────────────────────────────────

function fillSelect(select: HTMLSelectElement, values: string[], label: (v: string) => string, chosen: string): void {
  const first = select.options[0];
  select.replaceChildren(first, ...values.map((v) => h('option', { attrs: { value: v } }, label(v))));
  select.value = values.includes(chosen) ? chosen : '';
}

function renderFilters(): void {
  fillSelect(el.language, state.languages ?? DEFAULT_LANGUAGES, languageLabel, state.filters.languages[0] ?? '');
  fillSelect(el.kind, state.kinds ?? DEFAULT_KINDS, kindLabel, state.filters.kinds[0] ?? '');
  el.path.value = state.filters.path;
  el.byFile.checked = state.groupBy === 'file';
  el.byChunk.checked = !el.byFile.checked;
  el.filters.hidden = !state.filtersOpen;
  el.toggleFilters.setAttribute('aria-expanded', String(state.filtersOpen));
  // Files are a setting of this row too: a closed row still shows it is not the default.
  const active = state.filters.languages.length + state.filters.kinds.length > 0 || state.filters.path !== '' || state.groupBy === 'file';
  el.toggleFilters.classList.toggle('checked', state.filtersOpen || active);
  el.toggleFilters.title = active ? 'Toggle Filters (filters are set)' : 'Toggle Filters';
}

function renderStatus(): void {
  const s = status;
  const searching = state.current?.pending === true;
  const indexing = s?.state === 'indexing' || s?.state === 'starting';
  el.progress.hidden = !(searching || indexing);
  const determinate = !searching && s?.state === 'indexing' && s.percent !== undefined;
  el.progress.classList.toggle('infinite', !determinate);
  const bit = el.progress.firstElementChild as HTMLElement;
  bit.style.width = determinate ? `${Math.max(2, Math.min(100, s!.percent!))}%` : '';
  if (determinate) el.progress.setAttribute('aria-valuenow', String(Math.round(s!.percent!)));
  else el.progress.removeAttribute('aria-valuenow');

  let line: HTMLElement | undefined;
  if (s?.state === 'indexing') {
    const pct = s.percent !== undefined ? ` ${Math.floor(s.percent)}%` : '';
    line = h('span', {}, icon('sync', 'codicon-modifier-spin'), ` Indexing${pct}${s.phase ? ` (${s.phase})` : ''}: results cover the files indexed so far.`);
  } else if (s?.state === 'starting') {
    line = h('span', {}, icon('loading', 'codicon-modifier-spin'), ' Starting the index…');
  } else if (s?.state === 'untrusted') {
    line = h('span', {}, icon('shield'), ` ${s.message ?? 'Restricted Mode: CodeRAG reads nothing in an untrusted workspace. Trust the workspace to search it.'}`);
  } else if (s?.state === 'error') {
    line = h('span', { class: 'error-text' }, icon('error'), ` ${s.message ?? 'The index failed.'}`);
  } else if (liveVectorsShown()) {
    const pct = Math.floor((100 * s!.vectors!.embedded) / s!.vectors!.total);
    line = h('span', {}, icon('loading', 'codicon-modifier-spin'), ` Computing vectors ${pct}%: keyword search works meanwhile.`);
  }
  el.status.hidden = !line;
  el.status.replaceChildren(...(line ? [line] : []));
  renderSummary();
}

/** The status line says vectors are still being computed (unless the results already say why they are keyword only). */
function liveVectorsShown(): boolean {
  const v = status?.state === 'ready' ? status.vectors : undefined;
  return v !== undefined && v.total > 0 && v.embedded < v.total && !state.results?.keywordOnly;
}

function renderHint(): void {
  el.hint.hidden = !state.noModel;
  el.hint.replaceChildren(...(state.noModel ? [icon('info'), ` ${state.noModel}`] : []));
}

function renderError(): void {
  el.error.hidden = !state.error;
  el.error.replaceChildren(...(state.error ? [icon('error'), ` ${state.error}`] : []));
}

/** While a search runs, the previous results stay, dimmed. */
function renderPending(): void {
  const pending = state.current?.pending === true;
  el.results.setAttribute('aria-busy', String(pending));
  el.results.classList.toggle('stale', pending);
}

function render(): void {
  renderStatus();
  renderAnswer();
  renderHint();
  renderError();
  renderPending();
  renderResults();
}

/** The summary and the list: only when results arrive (rebuilding the list would drop the focus in it). */
function renderResults(): void {
  const r = state.results;
  const terms = queryTerms(r?.query ?? '');
  if (!r) {
    list.clear();
    el.results.hidden = true;
    el.summary.hidden = true;
    el.empty.hidden = false;
    el.empty.replaceChildren(
      h('p', {}, 'Ask a question in plain words, such as “where is the config loaded?”, or search for a name such as parseHeader.'),
      h('p', {}, 'Enter searches. ↓ moves into the results, Enter opens one, Escape comes back here.'),
    );
    return;
  }
  el.empty.hidden = true;
  renderSummary();
  if (r.count === 0) {
    list.clear();
    el.results.hidden = true;
    return;
  }
  el.results.hidden = false;
  list.render(r, terms, state.activeN);
}

/** The count, the time and why results may be partial (what the live status line says already is left out). */
function renderSummary(): void {
  const r = state.results;
  el.summary.hidden = !r;
  if (!r) return;
  const notes = resultNotes(r)
    .filter((n) => !(liveVectorsShown() && n.icon === 'loading'))
    .map((n) => h('div', { class: 'note' }, icon(n.icon, n.icon === 'loading' || n.icon === 'sync' ? 'codicon-modifier-spin' : ''), ` ${n.text}`));
  el.summary.replaceChildren(h('div', { class: 'count' }, summaryText(r)), ...notes);
  if (r.count === 0) el.summary.append(h('div', { class: 'note' }, 'Try other words, or clear the filters.'));
}

// ── start ────────────────────────────────────────────────────────────────────────────────────

// The view focused from outside (a "Focus on" command, Tab from the workbench): the caret goes
// where typing is expected, as in VS Code's own search view.
window.addEventListener('focus', () => {
  if (document.activeElement === document.body || document.activeElement === null) el.query.focus();
});
window.addEventListener('scroll', () => document.body.classList.toggle('scrolled', window.scrollY > 0), { passive: true });
new ResizeObserver(() => document.documentElement.style.setProperty('--header', `${el.form.offsetHeight + 4}px`)).observe(el.form);

el.query.value = state.query;
el.clear.hidden = state.query === '';
renderFilters();
render();
post({ type: 'ready', ...(state.current ? { lastQueryId: state.current.queryId } : {}) });
