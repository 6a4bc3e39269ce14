// Bundles the CLI, the MCP server, the editor extension, its language server and the worker
// entries into dist/, and copies the wasm files they load (web-tree-sitter's runtime and every
// grammar) next to them. Native and ESM-heavy packages (LanceDB, transformers.js/onnxruntime) stay
// external and load from node_modules; `vscode` is provided by the extension host.
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const root = path.dirname(new URL(import.meta.url).pathname);
const dist = path.join(root, 'dist');
fs.mkdirSync(path.join(dist, 'grammars'), { recursive: true });

await esbuild.build({
  entryPoints: {
    cli: 'src/cli/main.ts',
    // Runs in the editor's extension host: must stay small and free of the core (layering.test.ts).
    extension: 'src/vscode/extension.ts',
    // The child process the extension starts; the core lives here.
    'lsp-server': 'src/lsp/entry.ts',
    'parse-worker': 'src/core/parse/parse-worker.ts',
    'embed-worker': 'src/core/embed/embed-worker.ts',
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  logLevel: 'warning',
  // web-tree-sitter's ESM entry reads import.meta.url, which is empty in a CJS bundle.
  alias: { 'web-tree-sitter': path.join(path.dirname(require.resolve('web-tree-sitter')), 'web-tree-sitter.cjs') },
  external: ['vscode', '@lancedb/lancedb', 'apache-arrow', '@huggingface/transformers', 'onnxruntime-node', 'sharp'],
});

const copy = (from, to) => fs.copyFileSync(from, path.join(dist, to));
copy(require.resolve('web-tree-sitter/web-tree-sitter.wasm'), 'web-tree-sitter.wasm');
const grammars = [
  ['tree-sitter-javascript', 'tree-sitter-javascript.wasm'],
  ['tree-sitter-typescript', 'tree-sitter-typescript.wasm'],
  ['tree-sitter-typescript', 'tree-sitter-tsx.wasm'],
  ['tree-sitter-python', 'tree-sitter-python.wasm'],
  ['tree-sitter-go', 'tree-sitter-go.wasm'],
  ['tree-sitter-rust', 'tree-sitter-rust.wasm'],
  ['tree-sitter-java', 'tree-sitter-java.wasm'],
  ['tree-sitter-c', 'tree-sitter-c.wasm'],
  ['tree-sitter-cpp', 'tree-sitter-cpp.wasm'],
  ['tree-sitter-c-sharp', 'tree-sitter-c_sharp.wasm'],
  ['tree-sitter-ruby', 'tree-sitter-ruby.wasm'],
];
for (const [pkg, file] of grammars) copy(path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file), path.join('grammars', file));
copy(path.join(root, 'grammars', 'tree-sitter-gdscript.wasm'), path.join('grammars', 'tree-sitter-gdscript.wasm'));

// The "Ask the codebase" webview: browser code, one IIFE script and one stylesheet
// (dist/sidebar.js, dist/sidebar.css), with the codicon font beside them. The webview loads them
// through asWebviewUri; its CSP admits nothing else (src/vscode/sidebar/page.ts).
await esbuild.build({
  // The Godot migration details panel (src/vscode/godot/view) is built the same way.
  entryPoints: { sidebar: 'src/vscode/sidebar/view/main.ts', 'godot-details': 'src/vscode/godot/view/main.ts' },
  outdir: dist,
  bundle: true,
  platform: 'browser',
  format: 'iife',
  target: ['chrome120'],
  minify: true,
  sourcemap: true,
  logLevel: 'warning',
});
const codicons = path.join(path.dirname(require.resolve('@vscode/codicons/package.json')), 'dist');
copy(path.join(codicons, 'codicon.ttf'), 'codicon.ttf');
// The font's URL without its cache-busting query, so the page's preload (the same URL) is the one used.
fs.writeFileSync(path.join(dist, 'codicon.css'), fs.readFileSync(path.join(codicons, 'codicon.css'), 'utf8').replace(/codicon\.ttf\?[0-9a-f]+/, 'codicon.ttf'));
