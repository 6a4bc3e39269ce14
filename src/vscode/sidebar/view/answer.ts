// The streamed answer: Markdown rendered by markdown-it (raw HTML off), then sanitized by DOMPurify
// into a fragment: the only markup the view inserts that it did not build node by node.
import DOMPurify from 'dompurify';
import type { AnswerSource } from '../protocol';
import { type CitationTargets, createMarkdown, renderAnswer } from './markdown';
import { lineRange } from './format';

const md = createMarkdown();

const SANITIZE = {
  ALLOWED_TAGS: [
    'a', 'blockquote', 'br', 'code', 'del', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'li', 'ol', 'p', 'pre',
    's', 'strong', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'ul',
  ],
  ALLOWED_ATTR: ['href', 'title', 'class', 'start', 'data-cite', 'aria-label'],
  ALLOWED_URI_REGEXP: /^(?:https?:|#result-\d+$)/i,
  RETURN_DOM_FRAGMENT: true as const,
};

export function citationTargets(sources: AnswerSource[]): CitationTargets {
  return { labels: new Map(sources.map((s) => [s.n, `${s.path}:${lineRange(s.startLine, s.endLine)} ${s.label}`.trim()])) };
}

/** Renders Markdown into `into`, replacing what was there; external links get rel/target. */
export function renderMarkdownInto(into: HTMLElement, markdown: string, citations: CitationTargets): void {
  const fragment = DOMPurify.sanitize(renderAnswer(md, markdown, citations), SANITIZE);
  for (const a of fragment.querySelectorAll('a[href^="http"]')) {
    a.setAttribute('rel', 'noopener noreferrer');
    a.classList.add('external');
  }
  into.replaceChildren(fragment);
}
