// The Godot migration details page: the shell only, under the sidebar's Content-Security-Policy
// (one script by nonce; styles and fonts from the extension's files; nothing inline, nothing else
// loaded). The view script puts every path, line of code and message in as text.
import type { PageAssets } from '../sidebar/page';
import { webviewShell } from '../webview-shell';

export function detailsPage(assets: PageAssets): string {
  return webviewShell({ ...assets, fontUri: assets.codiconFontUri, title: 'Godot Migration Details', body: BODY });
}

const BODY = `
<header class="head">
  <span class="codicon codicon-debug-alt" aria-hidden="true"></span>
  <h1 id="where" class="where">Godot migration</h1>
  <span id="chips" class="chips"></span>
</header>
<div id="message" class="message" role="status" aria-live="polite">Place the cursor in a Godot file.</div>
<main id="details" hidden></main>
`;

