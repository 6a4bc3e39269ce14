// The Godot migration details page: the shell only, under the sidebar's Content-Security-Policy
// (one script by nonce; styles and fonts from the extension's files; nothing inline, nothing else
// loaded). The view script puts every path, line of code and message in as text.
import { contentSecurityPolicy, escapeHtml, type PageAssets } from '../sidebar/page';

export function detailsPage(assets: PageAssets): string {
  const a = escapeHtml;
  const csp = contentSecurityPolicy(assets.cspSource, assets.nonce);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${a(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="preload" href="${a(assets.codiconFontUri)}" as="font" type="font/ttf" crossorigin>
${assets.styleUris.map((uri) => `<link rel="stylesheet" href="${a(uri)}">`).join('\n')}
<title>Godot Migration Details</title>
</head>
<body>
<header class="head">
  <span class="codicon codicon-debug-alt" aria-hidden="true"></span>
  <h1 id="where" class="where">Godot migration</h1>
  <span id="chips" class="chips"></span>
</header>
<div id="message" class="message" role="status" aria-live="polite">Place the cursor in a Godot file.</div>
<main id="details" hidden></main>
<script nonce="${a(assets.nonce)}" src="${a(assets.scriptUri)}"></script>
</body>
</html>
`;
}
