// The results list: grouped by folder (when there are several) and file, one option per result,
// a roving tabindex so the list is one tab stop and the arrows move within it. In the file view a
// file's heading carries its rank and what pointed at it; its best chunk shows its snippet, the
// others one line each (the files are the answer there, the chunks where to look in them).
import type { FileResults, FolderRef, ResultItem, ResultsMessage } from '../protocol';
import { h, icon, marked } from './dom';
import { fileParts, kindIcon, kindLabel, lineRange, plural, snippetLines, whyText } from './format';

export interface OpenRequest {
  folder: FolderRef;
  path: string;
  item: ResultItem;
  side: boolean;
  preserveFocus: boolean;
}

interface Entry {
  el: HTMLElement;
  folder: FolderRef;
  path: string;
  item: ResultItem;
}

export class ResultsList {
  private entries: Entry[] = [];
  private active = -1;

  constructor(
    private readonly root: HTMLElement,
    private readonly events: {
      open(req: OpenRequest): void;
      copy(text: string): void;
      leave(): void;
      activeChanged(n: number | undefined): void;
    },
  ) {
    root.addEventListener('keydown', (e) => this.onKey(e));
    root.addEventListener('click', (e) => {
      const i = this.indexOf(e.target);
      if (i < 0) return;
      this.activate(i, true);
      this.open(i, e.ctrlKey || e.metaKey, false);
    });
    root.addEventListener('focusin', (e) => {
      const i = this.indexOf(e.target);
      if (i >= 0 && i !== this.active) this.activate(i, false);
    });
  }

  get size(): number {
    return this.entries.length;
  }

  /** The `n` of the active result. */
  get activeN(): number | undefined {
    return this.entries[this.active]?.item.n;
  }

  render(m: ResultsMessage, terms: string[], activeN?: number): void {
    this.entries = [];
    this.active = -1;
    const groups: HTMLElement[] = [];
    for (const folder of m.folders) {
      if (m.multiRoot) {
        const count = folder.files.reduce((n, f) => n + f.results.length, 0);
        groups.push(
          // Seen, not read: a listbox holds groups of options only, and each file's group names its folder.
          h('div', { class: 'folder-head', attrs: { 'aria-hidden': 'true' }, title: folder.folder.uri },
            icon('root-folder'), h('span', { class: 'folder-name' }, folder.folder.name), h('span', { class: 'badge' }, String(count))),
        );
      }
      for (const file of folder.files) groups.push(this.fileGroup(folder.folder, file, terms, m.multiRoot));
    }
    this.root.classList.toggle('multi', m.multiRoot);
    this.root.replaceChildren(...groups);
    const start = activeN !== undefined ? this.entries.findIndex((e) => e.item.n === activeN) : -1;
    this.activate(Math.max(0, start), false);
  }

  clear(): void {
    this.entries = [];
    this.active = -1;
    this.root.replaceChildren();
  }

  /** Moves the focus into the list, on the active result. */
  focus(): boolean {
    if (this.entries.length === 0) return false;
    this.activate(Math.max(0, this.active), true);
    return true;
  }

  /** Selects, reveals and opens the result numbered `n` (a citation's click). */
  reveal(n: number, side: boolean): boolean {
    const i = this.entries.findIndex((e) => e.item.n === n);
    if (i < 0) return false;
    this.activate(i, true);
    this.open(i, side, false);
    return true;
  }

  private fileGroup(folder: FolderRef, file: FileResults, terms: string[], multiRoot: boolean): HTMLElement {
    const { base, dir } = fileParts(file.path);
    const headId = `file-${this.entries.length}-${file.results[0]?.n ?? 0}`;
    const label = multiRoot ? `${file.path} in ${folder.name}` : file.path;
    const ranked = file.rank !== undefined;
    const why = file.why?.length ? whyText(file.why) : '';
    const spoken = `${ranked ? `File ${file.rank}: ` : ''}${label}, ${plural(file.results.length, ranked ? 'chunk' : 'result')}${why ? `, pointed at by ${why}` : ''}`;
    const group = h('div', { class: `file${ranked ? ' ranked' : ''}`, attrs: { role: 'group', 'aria-labelledby': headId } },
      h('div', { class: 'file-head', id: headId, title: label, attrs: { 'aria-hidden': 'true', 'aria-label': spoken } },
        ...(ranked ? [h('span', { class: 'file-rank', title: `File ${file.rank} of the ranking` }, String(file.rank))] : []),
        icon('file'), h('span', { class: 'file-name' }, base), h('span', { class: 'file-dir' }, dir),
        h('span', { class: 'badge', attrs: { 'aria-hidden': 'true' } }, String(file.results.length))),
    );
    if (why) group.append(h('div', { class: 'file-why', title: `What in the query pointed at this file:\n${file.why!.join('\n')}`, attrs: { 'aria-hidden': 'true' } }, icon('target'), h('span', {}, why)));
    for (const [i, item] of file.results.entries()) {
      const el = this.option(file.path, item, terms, ranked && i > 0);
      this.entries.push({ el, folder, path: file.path, item });
      group.append(el);
    }
    return group;
  }

  /** `brief`: the head alone (a file view's chunks after its best). */
  private option(path: string, item: ResultItem, terms: string[], brief = false): HTMLElement {
    const kind = kindIcon(item.kind);
    const range = lineRange(item.startLine, item.endLine);
    const name = item.qualifiedName || item.name || fileParts(path).base;
    const label = `${name}, ${item.kind}, ${item.startLine === item.endLine ? 'line' : 'lines'} ${range.replace('–', ' to ')}, ${path}, result ${item.n}`;
    const head = h('div', { class: 'result-head' },
      icon(kind.icon, `kind kind-${kind.colour}`),
      h('span', { class: 'result-name', title: item.signature ?? name }, marked(name, terms)),
      h('span', { class: 'result-lines', title: `${kindLabel(item.kind)}, lines ${range}` }, range),
      h('span', { class: 'result-n', title: `Result ${item.n}` }, String(item.n)),
    );
    const snippet = h('div', { class: 'snippet' });
    for (const line of brief ? [] : snippetLines(item.snippet, item.startLine, terms)) {
      snippet.append(h('div', { class: 'line' },
        h('span', { class: 'ln', attrs: { 'aria-hidden': 'true' } }, String(line.line)), h('span', { class: 'lc' }, marked(line.text, terms))));
    }
    const children: HTMLElement[] = brief ? [head] : [head, snippet];
    if (item.copies?.length) {
      const where = item.copies.map((c) => `${c.path}:${lineRange(c.startLine, c.endLine)}`).join('\n');
      children.push(h('div', { class: 'copies', title: where }, `also in ${plural(item.copies.length, 'other place')}`));
    }
    return h('div', {
      class: brief ? 'result brief' : 'result',
      id: `result-${item.n}`,
      attrs: { role: 'option', tabindex: '-1', 'aria-selected': 'false', 'aria-label': label, 'data-n': String(item.n) },
    }, ...children);
  }

  private indexOf(target: EventTarget | null): number {
    const el = target instanceof Element ? target.closest('.result') : null;
    return el ? this.entries.findIndex((e) => e.el === el) : -1;
  }

  private activate(i: number, focus: boolean): void {
    if (i < 0 || i >= this.entries.length) return;
    const prev = this.entries[this.active];
    if (prev && this.active !== i) {
      prev.el.setAttribute('aria-selected', 'false');
      prev.el.tabIndex = -1;
    }
    this.active = i;
    const { el } = this.entries[i];
    el.setAttribute('aria-selected', 'true');
    el.tabIndex = 0;
    if (focus) {
      el.focus({ preventScroll: true });
      el.scrollIntoView({ block: 'nearest' });
    }
    this.events.activeChanged(this.entries[i].item.n);
  }

  private open(i: number, side: boolean, preserveFocus: boolean): void {
    const e = this.entries[i];
    for (const other of this.entries) other.el.classList.toggle('opened', other === e);
    if (e) this.events.open({ folder: e.folder, path: e.path, item: e.item, side, preserveFocus });
  }

  private onKey(e: KeyboardEvent): void {
    const i = this.indexOf(e.target);
    if (i < 0) return;
    const page = 5;
    let next = -1;
    switch (e.key) {
      case 'ArrowDown': next = Math.min(i + 1, this.entries.length - 1); break;
      case 'ArrowUp':
        if (i === 0) { e.preventDefault(); this.events.leave(); return; }
        next = i - 1;
        break;
      case 'PageDown': next = Math.min(i + page, this.entries.length - 1); break;
      case 'PageUp': next = Math.max(i - page, 0); break;
      case 'Home': next = 0; break;
      case 'End': next = this.entries.length - 1; break;
      case 'Enter': e.preventDefault(); this.open(i, e.ctrlKey || e.metaKey, false); return;
      case ' ': e.preventDefault(); this.open(i, false, true); return;
      case 'Escape': e.preventDefault(); this.events.leave(); return;
      case 'c':
        // Ctrl+C copies the result's place, unless some of its text is selected.
        if ((e.ctrlKey || e.metaKey) && !window.getSelection()?.toString()) {
          e.preventDefault();
          const { path, item } = this.entries[i];
          this.events.copy(`${path}:${lineRange(item.startLine, item.endLine).replace('–', '-')}`);
        }
        return;
      default: return;
    }
    e.preventDefault();
    this.activate(next, true);
  }
}
