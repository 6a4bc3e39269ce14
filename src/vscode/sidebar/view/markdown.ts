// The answer's Markdown → HTML, before sanitizing: markdown-it with raw HTML off, no images (the
// CSP loads none), and citations `[1]`, `[1, 3]` turned into links to the numbered results. Pure:
// no DOM, unit-tested in Node; the view passes the output through DOMPurify (answer.ts).
import MarkdownIt from 'markdown-it';

/** What a citation may point at: the numbers the answer's sources carry, with a tooltip each. */
export interface CitationTargets {
  /** Citation number → its label (`path:12-30 Name`). */
  labels: Map<number, string>;
}

type Markdown = InstanceType<typeof MarkdownIt>;
type InlineRule = Parameters<Markdown['inline']['ruler']['before']>[2];
type StateInline = Parameters<InlineRule>[0];

// `[1]`, `[1, 2]`, `[1][2]` — not a link's text (`[1](…)`); a number no source has stays text.
const CITATION = /^\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\](?!\()/;

function citationRule(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x5b /* [ */) return false;
  const m = CITATION.exec(state.src.slice(state.pos, state.pos + 40));
  if (!m) return false;
  const targets = (state.env as { citations?: CitationTargets }).citations;
  const numbers = m[1].split(',').map((n) => Number(n.trim()));
  if (!targets || !numbers.every((n) => targets.labels.has(n))) return false;
  if (!silent) {
    for (const n of numbers) {
      const token = state.push('citation', '', 0);
      token.meta = { n, label: targets.labels.get(n) ?? '' };
    }
  }
  state.pos += m[0].length;
  return true;
}

/** The anchor a citation links to: the result's element id in the list. */
export const citationHref = (n: number): string => `#result-${n}`;

export function createMarkdown(): Markdown {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: false });
  md.disable(['image']);
  md.inline.ruler.before('link', 'citation', citationRule);
  md.renderer.rules.citation = (tokens, idx) => {
    const { n, label } = tokens[idx].meta as { n: number; label: string };
    const title = md.utils.escapeHtml(`Source ${n}: ${label}`);
    return `<a class="cite" href="${citationHref(n)}" data-cite="${n}" title="${title}" aria-label="${title}">${n}</a>`;
  };
  // Table alignment would be a style attribute, which the CSP refuses (and reports): left out.
  for (const rule of ['th_open', 'td_open'] as const) {
    md.renderer.rules[rule] = (tokens, idx, options, _env, self) => {
      tokens[idx].attrs = (tokens[idx].attrs ?? []).filter(([name]) => name !== 'style');
      return self.renderToken(tokens, idx, options);
    };
  }
  // Only web links and our citations: no `mailto:`, `command:` or file links from a model's text.
  const validate = md.validateLink.bind(md);
  md.validateLink = (url) => validate(url) && /^(https?:|#)/i.test(url.trim());
  return md;
}

/** Renders the answer so far. Unfinished Markdown (an open code fence, half a table) renders as it stands. */
export function renderAnswer(md: Markdown, markdown: string, citations: CitationTargets): string {
  return md.render(markdown, { citations });
}
