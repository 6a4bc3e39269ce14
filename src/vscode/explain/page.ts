// The Explain panel's HTML shell: the sidebar's CSP (one nonce'd script, styles only from the
// extension's files), no data in the markup: media/explain.js puts every name, path and line of
// code in with textContent. Pure (no vscode).
import { webviewShell } from '../webview-shell';

export interface ExplainPageAssets {
  cspSource: string;
  nonce: string;
  scriptUri: string;
  styleUri: string;
}

export function explainPage(a: ExplainPageAssets): string {
  return webviewShell({ cspSource: a.cspSource, nonce: a.nonce, title: 'Explain', scriptUri: a.scriptUri, styleUris: [a.styleUri], body: BODY });
}

const BODY = `
<header><h1 id="title">Explain</h1><div id="state" class="state" role="status" aria-live="polite">Gathering evidence…</div></header>
<div id="error" class="error" role="alert" hidden></div>
<section id="answer" class="answer" aria-label="Explanation" hidden>
  <h2 id="answer-title">Explanation</h2>
  <div id="answer-body" class="answer-body" aria-live="polite"></div>
</section>
<section id="summary" class="summary" aria-label="Summary" hidden>
  <h2>Summary</h2>
  <div id="summary-note" class="note"></div>
  <div id="summary-body"></div>
</section>
<div id="sections"></div>
`;
