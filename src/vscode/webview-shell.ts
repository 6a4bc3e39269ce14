// The one HTML shell of every CodeRAG webview (the Ask view, the Godot details, the Explain panel):
// the Content-Security-Policy, the styles, the font preload and the one nonce'd script around a
// page's static body. Pure (no `vscode`). The body is markup of our own; no data goes in it: each
// page's script puts every path, name and line of code in as text.
import { randomBytes } from 'node:crypto';

/** 128 random bits, base64: a CSP nonce. */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/** The Content-Security-Policy of every CodeRAG webview. */
export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  // A nonce or source holding `;` or quotes could add directives: refuse it. VS Code's cspSource
  // is a list of sources (`'self' https://*.vscode-cdn.net` in code-server 1.139).
  if (!/^[A-Za-z0-9+/=_-]{16,}$/.test(nonce)) throw new Error(`not a nonce: ${JSON.stringify(nonce)}`);
  const sources = cspSource.trim().split(/\s+/);
  if (!sources.every((s) => s === "'self'" || /^[^\s;,'"]+$/.test(s))) throw new Error(`not a CSP source list: ${JSON.stringify(cspSource)}`);
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${sources.join(' ')}`,
    `font-src ${sources.join(' ')}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

const ATTR_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Escapes text for an HTML attribute value or text node. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ATTR_ESCAPES[c]);
}

export interface ShellParts {
  cspSource: string;
  nonce: string;
  title: string;
  scriptUri: string;
  styleUris: string[];
  /** Preloaded so the icons do not flash in. */
  fontUri?: string;
  /** Static markup, never data. */
  body: string;
}

export function webviewShell(p: ShellParts): string {
  const a = escapeHtml;
  const font = p.fontUri ? `\n<link rel="preload" href="${a(p.fontUri)}" as="font" type="font/ttf" crossorigin>` : '';
  const styles = p.styleUris.map((uri) => `<link rel="stylesheet" href="${a(uri)}">`).join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${a(contentSecurityPolicy(p.cspSource, p.nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">${font}
${styles}
<title>${a(p.title)}</title>
</head>
<body>
${p.body.trim()}
<script nonce="${a(p.nonce)}" src="${a(p.scriptUri)}"></script>
</body>
</html>
`;
}
