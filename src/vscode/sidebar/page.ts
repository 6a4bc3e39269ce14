// The sidebar webview's HTML shell: static markup, the Content-Security-Policy, and the bundle's
// script and styles. Pure (no `vscode`): the provider passes `webview.cspSource` and the
// `asWebviewUri` strings of dist/sidebar.js, dist/sidebar.css, dist/codicon.css and dist/codicon.ttf.
//
// CSP invariant: nothing runs but the one script carrying this load's nonce; styles and fonts come
// only from the extension's own files (cspSource), never inline; nothing else loads (no images,
// frames, connections). The shell holds no data: every path, name and line of code is put in by
// the view with textContent, the answer's Markdown through DOMPurify.

import { webviewShell } from '../webview-shell';

export interface PageAssets {
  /** `webview.cspSource`. */
  cspSource: string;
  /** A fresh nonce per load (`createNonce()`). */
  nonce: string;
  /** `asWebviewUri(dist/sidebar.js)`. */
  scriptUri: string;
  /** `asWebviewUri` of dist/codicon.css then dist/sidebar.css (in that order: ours override). */
  styleUris: string[];
  /** `asWebviewUri(dist/codicon.ttf)`: preloaded so the icons do not flash in. */
  codiconFontUri: string;
}

export function sidebarPage(assets: PageAssets): string {
  return webviewShell({ ...assets, fontUri: assets.codiconFontUri, title: 'Ask the codebase', body: BODY });
}

const BODY = `
<div id="progress" class="progress" role="progressbar" aria-label="Indexing" hidden><div class="progress-bit"></div></div>
<form id="search" class="search" role="search" autocomplete="off">
  <div class="search-row">
    <div class="input-box">
      <input id="query" class="input" type="text" spellcheck="false" placeholder="Ask or search the codebase"
        aria-label="Ask or search the codebase" aria-describedby="summary" aria-controls="results">
      <button id="clear" class="icon-button inside" type="button" title="Clear" aria-label="Clear" hidden>
        <span class="codicon codicon-close" aria-hidden="true"></span></button>
    </div>
    <button id="toggle-filters" class="icon-button toggle" type="button" title="Toggle Filters" aria-label="Filters"
      aria-expanded="false" aria-controls="filters"><span class="codicon codicon-filter" aria-hidden="true"></span></button>
  </div>
  <div id="filters" class="filters" hidden>
    <div class="filter wide inline" role="radiogroup" aria-labelledby="group-by-label">
      <span id="group-by-label" class="filter-label">Results</span>
      <span class="segmented">
        <label class="segment" title="The best chunks, grouped by file"><input id="group-by-chunk" type="radio" name="group-by" value="chunk" checked><span>Chunks</span></label>
        <label class="segment" title="Files ranked by all their chunks and their path, with what pointed at each: for pasted tracebacks and issues"><input id="group-by-file" type="radio" name="group-by" value="file"><span>Files</span></label>
      </span>
    </div>
    <label class="filter"><span class="filter-label">Language</span>
      <select id="filter-language" class="select"><option value="">Any language</option></select></label>
    <label class="filter"><span class="filter-label">Kind</span>
      <select id="filter-kind" class="select"><option value="">Any kind</option></select></label>
    <label class="filter wide"><span class="filter-label">Files to include</span>
      <input id="filter-path" class="input" type="text" spellcheck="false" placeholder="e.g. src/**/*.ts"></label>
  </div>
</form>
<div id="status" class="status" role="status" aria-live="polite" hidden></div>
<section id="answer" class="answer" aria-label="Answer" hidden>
  <div class="answer-head">
    <span class="codicon codicon-sparkle" aria-hidden="true"></span>
    <span id="answer-title" class="answer-title">Answer</span>
    <span id="answer-model" class="answer-model"></span>
    <span class="spacer"></span>
    <button id="answer-stop" class="icon-button" type="button" title="Stop" aria-label="Stop answering" hidden>
      <span class="codicon codicon-debug-stop" aria-hidden="true"></span></button>
    <button id="answer-copy" class="icon-button" type="button" title="Copy Answer" aria-label="Copy answer" hidden>
      <span class="codicon codicon-copy" aria-hidden="true"></span></button>
  </div>
  <div id="answer-body" class="answer-body markdown" aria-live="polite" aria-busy="false"></div>
  <div id="answer-note" class="answer-note" hidden></div>
</section>
<div id="hint" class="hint" hidden></div>
<div id="error" class="error" role="alert" hidden></div>
<div id="summary" class="summary" aria-live="polite" hidden></div>
<div id="results" class="results" role="listbox" aria-label="Results" hidden></div>
<div id="empty" class="empty"></div>
`;
