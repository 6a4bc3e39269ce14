// The Explain panel's HTML shell: the sidebar's CSP (one nonce'd script, styles only from the
// extension's files), no data in the markup: media/explain.js puts every name, path and line of
// code in with textContent. Pure (no vscode).
import { contentSecurityPolicy, escapeHtml } from '../sidebar/page';

export interface ExplainPageAssets {
  cspSource: string;
  nonce: string;
  scriptUri: string;
  styleUri: string;
}

export function explainPage(a: ExplainPageAssets): string {
  const e = escapeHtml;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${e(contentSecurityPolicy(a.cspSource, a.nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${e(a.styleUri)}">
<title>Explain</title>
</head>
<body>
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
<script nonce="${e(a.nonce)}" src="${e(a.scriptUri)}"></script>
</body>
</html>
`;
}
