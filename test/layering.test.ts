// The layering is checked mechanically: src/core knows nothing of its adapters or of VS Code.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const src = path.join(__dirname, '..', '..', 'src');

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

function imports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from\s+|require\(\s*|import\(\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]);
}

test('src/core never imports vscode', () => {
  for (const f of files(path.join(src, 'core'))) {
    assert.ok(!imports(f).includes('vscode'), `${path.relative(src, f)} imports vscode`);
  }
});

test('src/core never imports an adapter (cli, mcp, vscode)', () => {
  for (const f of files(path.join(src, 'core'))) {
    for (const spec of imports(f)) {
      if (!spec.startsWith('.')) continue;
      const target = path.resolve(path.dirname(f), spec);
      assert.ok(target.startsWith(path.join(src, 'core')), `${path.relative(src, f)} imports ${spec}, outside src/core`);
    }
  }
});

test('adapters do not import each other', () => {
  for (const adapter of ['cli', 'mcp', 'vscode']) {
    const dir = path.join(src, adapter);
    if (!fs.existsSync(dir)) continue;
    for (const f of files(dir)) {
      for (const spec of imports(f)) {
        if (!spec.startsWith('.')) continue;
        const target = path.resolve(path.dirname(f), spec);
        for (const other of ['vscode', 'cli'].filter((o) => o !== adapter)) {
          assert.ok(!target.startsWith(path.join(src, other) + path.sep), `${path.relative(src, f)} imports ${spec} from src/${other}`);
        }
      }
    }
  }
});

// The extension host is shared by every extension: the core (parsing, embedding, LanceDB) runs in
// the language-server child, never there. src/vscode reaches the server only through the protocol file.
test('src/vscode imports only itself, vscode, vscode-languageclient and the protocol file', () => {
  const protocol = path.join(src, 'lsp', 'protocol.ts');
  for (const f of files(path.join(src, 'vscode'))) {
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
