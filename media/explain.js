// The Explain panel's script (the webview runs it under a nonce CSP). Everything the host sends is
// put in the DOM as text: names, paths, code and the model's words never become markup.
'use strict';
(function () {
  const vscode = acquireVsCodeApi();
  const $ = (id) => document.getElementById(id);
  const el = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const linkTo = (link, text, cls) => {
    const a = el('a', cls, text);
    a.href = '#';
    a.dataset.link = String(link);
    a.title = 'Open in the editor';
    return a;
  };
  document.addEventListener('click', (e) => {
    const a = e.target.closest && e.target.closest('a[data-link]');
    if (!a) return;
    e.preventDefault();
    vscode.postMessage({ type: 'open', link: Number(a.dataset.link) });
  });

  /** `code` spans inside plain text, as <code> elements holding text. */
  function appendText(parent, text) {
    text.split(/(`[^`\n]+`)/).forEach((part) => {
      if (part.length > 2 && part.startsWith('`') && part.endsWith('`')) parent.appendChild(el('code', '', part.slice(1, -1)));
      else if (part) parent.appendChild(document.createTextNode(part));
    });
  }

  function item(it) {
    const row = el('div', 'item');
    if (it.n) row.appendChild(el('span', 'n', `[${it.n}]`));
    row.appendChild(it.link !== undefined ? linkTo(it.link, it.label, 'label') : el('span', 'label', it.label));
    if (it.detail) {
      const d = el('span', 'detail');
      d.appendChild(it.link !== undefined ? linkTo(it.link, it.detail) : document.createTextNode(it.detail));
      row.appendChild(d);
    }
    if (it.text) row.appendChild(el('div', 'text', it.text));
    if (it.code) row.appendChild(el('pre', '', it.code));
    return row;
  }

  function render(m) {
    $('title').textContent = m.name ? `Explain: ${m.name}` : 'Explain';
    const body = $('summary-body');
    body.replaceChildren(...m.summary.map(item));
    const sections = $('sections');
    sections.replaceChildren(...m.sections.map((s) => {
      const sec = el('section', 'evidence');
      sec.id = `section-${s.id}`;
      sec.appendChild(el('h2', '', s.title));
      s.items.forEach((it) => sec.appendChild(item(it)));
      return sec;
    }));
  }

  function answer(segments) {
    const body = $('answer-body');
    body.replaceChildren();
    for (const s of segments) {
      if (s.cite !== undefined) body.appendChild(s.link !== undefined ? linkTo(s.link, `[${s.cite}]`, 'cite') : el('span', 'cite', `[${s.cite}]`));
      else appendText(body, s.text);
    }
  }

  window.addEventListener('message', (e) => {
    const m = e.data;
    document.body.dataset.phase = m.type;
    switch (m.type) {
      case 'loading':
        $('title').textContent = m.title;
        $('state').textContent = 'Gathering evidence…';
        $('error').hidden = true;
        $('answer').hidden = true;
        $('summary').hidden = true;
        $('sections').replaceChildren();
        break;
      case 'evidence':
        render(m.model);
        $('state').textContent = m.model.notFound || 'Evidence from the index below; links open the code.';
        break;
      case 'answerStart':
        $('answer').hidden = false;
        $('answer-title').textContent = `Explanation (${m.model})`;
        $('state').textContent = `${m.model} is explaining…`;
        answer([]);
        break;
      case 'answer':
        answer(m.segments);
        if (m.done) {
          $('state').textContent = 'Explanation done: the numbers cite the evidence below.';
          document.body.dataset.answer = 'done';
        }
        break;
      case 'summary':
        $('summary').hidden = false;
        $('summary-note').textContent = m.reason;
        $('state').textContent = 'Summary from the index (no language model).';
        document.body.dataset.answer = 'summary';
        break;
      case 'error':
        $('error').hidden = false;
        $('error').textContent = m.text;
        if (m.final) $('state').textContent = '';
        break;
    }
  });
  vscode.postMessage({ type: 'ready' });
})();
