// The layering is checked mechanically, as VS Code checks its own: a lower layer never imports a
// higher one, no two files import each other (even through others), src/core knows nothing of its
// adapters or of VS Code, and the adapters reach the core through its contract alone.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const src = path.join(__dirname, '..', '..', 'src');
const core = path.join(src, 'core');

/**
 * The core's folders, lowest first: each may import its own folder and those before it. The same
 * list is in ARCHITECTURE.md ("Layers").
 */
export const CORE_LAYERS = ['base', 'lang', 'scan', 'chunk', 'tags', 'keyword', 'symbols', 'store', 'embed', 'parse', 'index', 'search', 'repomap', 'watch', 'godot', 'service'];

/** The one core file adapters may import (types and the service), plus what it re-exports. */
const CONTRACT = path.join(core, 'service', 'api.ts');
const ADAPTERS = ['cli', 'mcp', 'lsp', 'vscode'];

function files(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

function imports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from\s+|require\(\s*|import\(\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]);
}

/** Relative imports of a file, resolved to the .ts files they name. */
function localImports(file: string): string[] {
  return imports(file)
    .filter((s) => s.startsWith('.'))
    .map((s) => {
      const base = path.resolve(path.dirname(file), s);
      return fs.existsSync(base + '.ts') ? base + '.ts' : path.join(base, 'index.ts');
    });
}

const rel = (f: string) => path.relative(src, f);
const layerOf = (f: string) => path.relative(core, f).split(path.sep)[0];

test('every core file lives in a known layer', () => {
  for (const f of files(core)) assert.ok(CORE_LAYERS.includes(layerOf(f)), `${rel(f)} is outside the layers ${CORE_LAYERS.join(', ')}`);
});

test('core layers import only their own layer and lower ones', () => {
  for (const f of files(core)) {
    const own = CORE_LAYERS.indexOf(layerOf(f));
    for (const target of localImports(f)) {
      assert.ok(target.startsWith(core + path.sep), `${rel(f)} imports ${rel(target)}, outside src/core`);
      const theirs = CORE_LAYERS.indexOf(layerOf(target));
      assert.ok(theirs <= own, `${rel(f)} (${layerOf(f)}) imports ${rel(target)} (${layerOf(target)}), a higher layer`);
    }
  }
});

test('no file imports itself through others (no cycles)', () => {
  const all = files(src);
  const edges = new Map(all.map((f) => [f, localImports(f)]));
  const state = new Map<string, 'open' | 'done'>();
  const visit = (f: string, trail: string[]) => {
    if (state.get(f) === 'done') return;
    assert.notEqual(state.get(f), 'open', `import cycle: ${[...trail.slice(trail.indexOf(f)), f].map(rel).join(' → ')}`);
    state.set(f, 'open');
    for (const t of edges.get(f) ?? []) visit(t, [...trail, f]);
    state.set(f, 'done');
  };
  for (const f of all) visit(f, []);
});

test('src/core never imports vscode', () => {
  for (const f of files(core)) assert.ok(!imports(f).includes('vscode'), `${rel(f)} imports vscode`);
});

test('adapters reach the core only through its contract, and never each other', () => {
  for (const adapter of ADAPTERS) {
    for (const f of files(path.join(src, adapter))) {
      for (const target of localImports(f)) {
        if (target.startsWith(core + path.sep)) assert.equal(target, CONTRACT, `${rel(f)} imports ${rel(target)}: adapters use src/core/service/api.ts only`);
        for (const other of ADAPTERS.filter((o) => o !== adapter)) {
          // The editor and its language server share one protocol file, and the CLI starts the server.
          const allowed = (adapter === 'vscode' && target === path.join(src, 'lsp', 'protocol.ts')) || (adapter === 'cli' && other !== 'vscode');
          if (!allowed) assert.ok(!target.startsWith(path.join(src, other) + path.sep), `${rel(f)} imports ${rel(target)} from src/${other}`);
        }
      }
    }
  }
});

test('the extension host never loads the core (heavy work lives in the language server)', () => {
  for (const f of files(path.join(src, 'vscode'))) {
    for (const target of localImports(f)) assert.ok(!target.startsWith(core + path.sep), `${rel(f)} imports ${rel(target)}`);
  }
});
// The extension host is shared by every extension: the core (parsing, embedding, LanceDB) runs in
// the language-server child, never there. src/vscode reaches the server only through the protocol file.
test('src/vscode imports only itself, vscode, vscode-languageclient and the protocol file', () => {
  const protocol = path.join(src, 'lsp', 'protocol.ts');
  // The sidebar's view/ is browser code bundled into the webview, never loaded by the extension
  // host; test/sidebar.test.ts holds its own import rule.
  const view = path.join(src, 'vscode', 'sidebar', 'view') + path.sep;
  for (const f of files(path.join(src, 'vscode')).filter((f) => !f.startsWith(view))) {
    for (const spec of imports(f)) {
      if (spec.startsWith('.')) {
        const target = path.resolve(path.dirname(f), spec);
        const ok = target.startsWith(path.join(src, 'vscode') + path.sep) || `${target}.ts` === protocol;
        assert.ok(ok, `${path.relative(src, f)} imports ${spec}`);
      } else {
        const allowed = spec === 'vscode' || spec === 'vscode-languageclient' || spec === 'vscode-languageclient/node' || spec.startsWith('node:');
        assert.ok(allowed, `${path.relative(src, f)} imports ${spec}`);
      }
    }
  }
});

test('src/lsp/protocol.ts imports nothing (both the extension and the server load it)', () => {
  assert.deepEqual(imports(path.join(src, 'lsp', 'protocol.ts')), []);
});

test('the extension bundle holds no core module', () => {
  const bundle = path.join(__dirname, '..', '..', 'dist', 'extension.js');
  if (!fs.existsSync(bundle)) return; // tsc-only run: the source check above still holds
  const text = fs.readFileSync(bundle, 'utf8');
  for (const marker of ['src/core/', '@lancedb/lancedb', 'web-tree-sitter', '@huggingface/transformers']) {
    assert.ok(!text.includes(marker), `dist/extension.js contains ${marker}`);
  }
});
