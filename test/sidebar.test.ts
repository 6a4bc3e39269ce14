// The sidebar's pure parts in Node: the page shell and its CSP, highlighting, citation linking,
// snippet windows, labels. The browser side is sidebar-view.test.ts.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';
import { sidebarPage } from '../src/vscode/sidebar/page';
import { contentSecurityPolicy, createNonce, escapeHtml } from '../src/vscode/webview-shell';
import { highlightRanges, identifierParts, queryTerms, splitByRanges, stem } from '../src/vscode/sidebar/view/highlight';
import { citationHref, createMarkdown, renderAnswer } from '../src/vscode/sidebar/view/markdown';
import { DEFAULT_KINDS, DEFAULT_LANGUAGES, kindIcon, languageLabel, resultNotes, snippetLines, summaryText, whyText } from '../src/vscode/sidebar/view/format';
import { queryOf, shownOf } from '../src/vscode/sidebar/view/paste';
import { CHUNK_KINDS, SEARCH_LANGUAGES } from '../src/core/service/api';

const ASSETS = {
  cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
  nonce: 'abcdefghijklmnopqrstuv==',
  scriptUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/sidebar.js',
  styleUris: ['https://file+.vscode-resource.vscode-cdn.net/ext/dist/codicon.css', 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/sidebar.css'],
  codiconFontUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/codicon.ttf',
};

const marks = (text: string, query: string) => splitByRanges(text, highlightRanges(text, queryTerms(query))).filter((p) => p.mark).map((p) => p.text);

describe('page.ts', () => {
  test('the CSP: nothing by default, scripts by nonce only, styles and fonts from the webview source only', () => {
    const csp = contentSecurityPolicy(ASSETS.cspSource, ASSETS.nonce);
    const directives = new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
    assert.deepEqual(directives.get('default-src'), ["'none'"]);
    assert.deepEqual(directives.get('script-src'), [`'nonce-${ASSETS.nonce}'`]);
    assert.deepEqual(directives.get('style-src'), [ASSETS.cspSource]);
    assert.deepEqual(directives.get('font-src'), [ASSETS.cspSource]);
    assert.deepEqual(directives.get('base-uri'), ["'none'"]);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|\s\*|img-src|connect-src/);
  });

  test('the page: the CSP meta first, the one script with the nonce, no inline style, handler or script body', () => {
    const html = sidebarPage(ASSETS);
    const head = html.slice(0, html.indexOf('</head>'));
    assert.ok(head.indexOf('http-equiv="Content-Security-Policy"') < head.indexOf('<link'), 'CSP before any resource');
    assert.equal(html.match(/<script\b/g)?.length, 1);
    assert.ok(html.includes(`<script nonce="${ASSETS.nonce}" src="${ASSETS.scriptUri}"></script>`));
    assert.doesNotMatch(html, /<style\b|\sstyle=|\son[a-z]+=|javascript:/i);
    for (const uri of ASSETS.styleUris) assert.ok(html.includes(`<link rel="stylesheet" href="${uri}">`));
    assert.ok(html.indexOf(ASSETS.styleUris[0]) < html.indexOf(ASSETS.styleUris[1]), 'codicons before ours');
    assert.match(html, /<link rel="preload" href="[^"]+codicon\.ttf" as="font" type="font\/ttf" crossorigin>/);
    // The controls the view binds to, and the list's role.
    for (const id of ['query', 'toggle-filters', 'filter-language', 'filter-kind', 'filter-path', 'answer-body', 'hint', 'error', 'summary', 'results', 'status', 'progress']) {
      assert.match(html, new RegExp(`id="${id}"`), id);
    }
    assert.match(html, /id="results" class="results" role="listbox"/);
  });

  test('URIs are attribute-escaped; a nonce or source that could add directives is refused', () => {
    const html = sidebarPage({ ...ASSETS, scriptUri: 'https://x/a.js"><script>alert(1)</script>' });
    assert.equal(html.match(/<script\b/g)?.length, 1);
    assert.ok(html.includes('a.js&quot;&gt;&lt;script&gt;'));
    assert.throws(() => contentSecurityPolicy(ASSETS.cspSource, "abc'; script-src *"), /not a nonce/);
    assert.throws(() => contentSecurityPolicy('https://x; script-src *', ASSETS.nonce), /not a CSP source/);
    assert.throws(() => contentSecurityPolicy("https://x 'unsafe-inline'", ASSETS.nonce), /not a CSP source/);
    assert.throws(() => contentSecurityPolicy(ASSETS.cspSource, 'short'), /not a nonce/);
    assert.equal(escapeHtml(`<a href="x" title='y'>&</a>`), '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  test("VS Code's cspSource, a list of sources, goes into style-src and font-src whole", () => {
    const csp = contentSecurityPolicy("'self' https://*.vscode-cdn.net", ASSETS.nonce);
    assert.match(csp, /style-src 'self' https:\/\/\*\.vscode-cdn\.net; font-src 'self' https:\/\/\*\.vscode-cdn\.net;/);
  });

  test('nonces are fresh and valid', () => {
    const a = createNonce();
    assert.notEqual(a, createNonce());
    assert.doesNotThrow(() => contentSecurityPolicy(ASSETS.cspSource, a));
  });
});

describe('highlighting', () => {
  test('identifier words: camelCase, PascalCase, snake_case, kebab-case, acronyms, digits', () => {
    const words = (s: string) => identifierParts(s).map((r) => s.slice(r.start, r.end));
    assert.deepEqual(words('parseHeader'), ['parse', 'Header']);
    assert.deepEqual(words('parse_header'), ['parse', 'header']);
    assert.deepEqual(words('HTTPServer2'), ['HTTP', 'Server', '2']);
    assert.deepEqual(words('x-forwarded-for'), ['x', 'forwarded', 'for']);
  });

  test('query terms: words and identifier words, lower-cased, without question words', () => {
    assert.deepEqual(queryTerms('How does the parseHeader work?'), ['parseheader', 'parse', 'header', 'work']);
    assert.deepEqual(queryTerms('parse header'), ['parse', 'header']);
    assert.deepEqual(queryTerms('where is the'), []);
  });

  test('"parse header" marks parseHeader, parse_header, ParseHeader, parse-header whole, and header inside HeaderParser', () => {
    assert.deepEqual(marks('const h = parseHeader(x) + parse_header(y) + ParseHeader + parse-header', 'parse header'),
      ['parseHeader', 'parse_header', 'ParseHeader', 'parse-header']);
    assert.deepEqual(marks('class HeaderParser', 'parse header'), ['HeaderParser']);
    assert.deepEqual(marks('class HeaderCache', 'parse header'), ['Header']);
    assert.deepEqual(marks('read the headers, then parsing', 'parse header'), ['headers', 'parsing']);
    assert.deepEqual(marks('parser.reparse()', 'parse'), ['parser']);
    assert.deepEqual(marks('nothing here', 'parse header'), []);
  });

  test('a query naming an identifier marks that identifier, and its words elsewhere', () => {
    assert.deepEqual(marks('readHeaders(); read(); headers', 'readHeaders'), ['readHeaders', 'read', 'headers']);
    assert.deepEqual(marks('SNIPPET_MAX_LINES = 12', 'snippet max lines'), ['SNIPPET_MAX_LINES']);
  });

  test('stems pair word forms', () => {
    assert.equal(stem('parsing'), stem('parse'));
    assert.equal(stem('parser'), stem('parses'));
    assert.equal(stem('headers'), stem('header'));
    assert.equal(stem('class'), 'class');
  });

  test('splitByRanges keeps every character, in order', () => {
    const text = '<script>parseHeader</script>';
    const pieces = splitByRanges(text, highlightRanges(text, queryTerms('parse header')));
    assert.equal(pieces.map((p) => p.text).join(''), text);
    assert.deepEqual(pieces.filter((p) => p.mark).map((p) => p.text), ['parseHeader']);
  });
});

describe('answer Markdown and citations', () => {
  const md = createMarkdown();
  const citations = { labels: new Map([[1, 'a.ts:1-2 f'], [2, 'b.py:3-4 g'], [3, 'c.go:5 h']]) };
  const render = (s: string) => renderAnswer(md, s, citations);

  test('[n] and [n, m] become links to the numbered results; unknown numbers stay text', () => {
    const html = render('See [1] and [2, 3], also [2][3]; not [7].');
    assert.deepEqual([...html.matchAll(/data-cite="(\d+)"/g)].map((m) => m[1]), ['1', '2', '3', '2', '3']);
    assert.match(html, new RegExp(`<a class="cite" href="${citationHref(1)}" data-cite="1" title="Source 1: a.ts:1-2 f" aria-label="Source 1: a.ts:1-2 f">1</a>`));
    assert.match(html, /not \[7\]\./);
  });

  test('not in code, not a link text', () => {
    const html = render('`arr[1]` and\n\n```\nx = a[1]\n```\n\n[1](https://example.org)');
    assert.doesNotMatch(html, /data-cite/);
    assert.match(html, /<code>arr\[1\]<\/code>/);
    assert.match(html, /<a href="https:\/\/example.org">1<\/a>/);
  });

  test('raw HTML is text, images and script links are not rendered, table alignment carries no style', () => {
    const html = render('<img src=x onerror=alert(1)> <script>alert(2)</script>\n\n![i](https://x/i.png) [j](javascript:alert(3)) [m](mailto:a@b) [c](command:workbench.action.x)\n\n| a | b |\n|:-|-:|\n| 1 | 2 |');
    assert.doesNotMatch(html, /<img|<script|href="javascript|href="mailto|href="command|style=/);
    assert.match(html, /&lt;img src=x onerror=alert\(1\)&gt; &lt;script&gt;alert\(2\)&lt;\/script&gt;/);
    assert.match(html, /<td>1<\/td>/);
  });

  test('unfinished Markdown, as streamed, renders without throwing', () => {
    for (const partial of ['**bold', '```ts\nconst x', '| a |\n|--', '[1', '[1, ', '- item\n  - sub']) assert.equal(typeof render(partial), 'string');
  });
});

describe('what the sidebar imports', () => {
  const dir = path.join(__dirname, '..', '..', 'src', 'vscode', 'sidebar');
  const importsOf = (file: string) => ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName);

  test('protocol.ts imports nothing; page.ts only the webview shell, which imports only node:crypto (the extension host loads them)', () => {
    assert.deepEqual(importsOf(path.join(dir, 'protocol.ts')), []);
    assert.deepEqual(importsOf(path.join(dir, 'page.ts')), ['../webview-shell']);
    assert.deepEqual(importsOf(path.join(dir, '..', 'webview-shell.ts')), ['node:crypto']);
  });

  test('view/ is browser code: itself, the protocol, markdown-it, DOMPurify and its stylesheet; never vscode, node: or the core', () => {
    const view = path.join(dir, 'view');
    for (const name of fs.readdirSync(view).filter((f) => f.endsWith('.ts'))) {
      for (const spec of importsOf(path.join(view, name))) {
        const ok = /^\.\/[\w-]+$/.test(spec) || spec === '../protocol' || spec === './sidebar.css' || spec === 'markdown-it' || spec === 'dompurify';
        assert.ok(ok, `view/${name} imports ${spec}`);
      }
    }
  });
});

describe('view labels', () => {
  test('the default filter lists are the core\'s languages and kinds', () => {
    assert.deepEqual([...DEFAULT_LANGUAGES].sort(), [...SEARCH_LANGUAGES].sort());
    assert.deepEqual(DEFAULT_KINDS, [...CHUNK_KINDS]);
    for (const kind of CHUNK_KINDS) assert.notEqual(kindIcon(kind).icon, 'symbol-misc', kind);
    assert.equal(kindIcon('__proto__').icon, 'symbol-misc');
    assert.equal(languageLabel('constructor'), 'constructor');
  });

  test('summary and notes', () => {
    const folders = [{ folder: { uri: 'file:///a', name: 'a' }, files: [{ path: 'x', results: [] }, { path: 'y', results: [] }] }];
    assert.equal(summaryText({ count: 12, tookMs: 84.4, folders }), '12 results in 2 files · 84 ms');
    assert.equal(summaryText({ count: 1, tookMs: 1520, folders: folders.slice(0, 1).map((f) => ({ ...f, files: f.files.slice(0, 1) })) }), '1 result in 1 file · 1.52 s');
    assert.equal(summaryText({ count: 0, tookMs: 3, folders: [] }), 'No results · 3 ms');
    assert.equal(summaryText({ count: 12, tookMs: 84.4, folders, groupBy: 'file' }), '2 files ranked, 12 chunks · 84 ms');
    assert.equal(summaryText({ count: 0, tookMs: 3, folders: [], groupBy: 'file' }), 'No results · 3 ms');
    // What pointed at a file, each kind of reason once.
    assert.equal(whyText(['in the trace: vat_cents', 'in the trace: order_total', 'defines: order_total', 'in the trace: vat_cents', 'odd']),
      'in the trace: vat_cents, order_total · defines: order_total · odd');
    // A paste's line breaks: ⏎ in the one-line box, line breaks in the query; trailing ones dropped.
    assert.equal(shownOf('Traceback:\r\n  File "a.py"\nValueError: x\n\n'), 'Traceback:⏎  File "a.py"⏎ValueError: x');
    assert.equal(queryOf('Traceback:⏎  File "a.py"⏎ValueError: x'), 'Traceback:\n  File "a.py"\nValueError: x');
    assert.deepEqual(resultNotes({ vectors: { embedded: 10, total: 10 } }), []);
    assert.deepEqual(resultNotes({ vectors: { embedded: 1, total: 4 }, indexing: true }).map((n) => n.text), [
      'Still indexing: results cover the files indexed so far.', 'Vectors are still being computed (25%): results may improve.',
    ]);
    assert.deepEqual(resultNotes({ vectors: { embedded: 0, total: 9 }, keywordOnly: 'embeddings are off' }).map((n) => n.text), ['Keyword search only: embeddings are off.']);
  });

  test('snippet lines: from the top, or from above the first match further down; dedented; no cut line', () => {
    const snippet = ['    def f():', '        a = 1', '        b = 2', '        c = 3', '        d = 4', '        e = 5', '        return parse_header(x)', '… (cut: 3 more lines)'].join('\n');
    assert.deepEqual(snippetLines(snippet, 10, ['def'], 3), [{ line: 10, text: 'def f():' }, { line: 11, text: '    a = 1' }, { line: 12, text: '    b = 2' }]);
    assert.deepEqual(snippetLines(snippet, 10, ['parse', 'header'], 3).map((l) => l.line), [14, 15, 16]);
    assert.equal(snippetLines(snippet, 10, [], 20).length, 7);
    assert.deepEqual(snippetLines('\tx\n\t\ty', 1, []), [{ line: 1, text: 'x' }, { line: 2, text: '    y' }]);
  });
});
