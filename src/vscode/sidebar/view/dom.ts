// DOM building for the view. Text goes in as text nodes, never as markup: a path or a line of code
// holding `<script>` stays text. (The one HTML the view inserts is the answer's sanitized
// Markdown, in answer.ts.)
import { highlightRanges, splitByRanges } from './highlight';

interface Props {
  class?: string;
  id?: string;
  title?: string;
  attrs?: Record<string, string>;
}

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (props.class) el.className = props.class;
  if (props.id) el.id = props.id;
  if (props.title) el.title = props.title;
  for (const [k, v] of Object.entries(props.attrs ?? {})) el.setAttribute(k, v);
  el.append(...children);
  return el;
}

/** A codicon, hidden from screen readers (the element it decorates carries the words). */
export function icon(name: string, extra = ''): HTMLSpanElement {
  return h('span', { class: `codicon codicon-${name}${extra ? ` ${extra}` : ''}`, attrs: { 'aria-hidden': 'true' } });
}

/** Text with the query's terms in `<mark>`. */
export function marked(text: string, terms: string[]): DocumentFragment {
  const out = document.createDocumentFragment();
  for (const piece of splitByRanges(text, highlightRanges(text, terms))) {
    out.append(piece.mark ? h('mark', {}, piece.text) : piece.text);
  }
  return out;
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} missing from the page`);
  return el as T;
}
