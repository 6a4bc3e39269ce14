// Where the files we ship next to the code live (queries, grammars, the model), whether we run
// from a checkout (out/…), from the esbuild bundle (dist/…) or from an installed package.
import * as fs from 'node:fs';
import * as path from 'node:path';

let cachedRoot: string | undefined;

/** The folder holding package.json and queries/: found by walking up from this file. */
export function packageRoot(): string {
  if (cachedRoot) return cachedRoot;
  let dir = __dirname;
  for (;;) {
    if (fs.existsSync(path.join(dir, 'queries')) && fs.existsSync(path.join(dir, 'package.json'))) {
      return (cachedRoot = dir);
    }
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`CodeRAG: cannot find its queries/ folder above ${__dirname}`);
    dir = up;
  }
}

export function queryPath(folder: string, file: string): string {
  return path.join(packageRoot(), 'queries', folder, file);
}

/**
 * A grammar `.wasm`: the bundle's copy in dist/grammars/, the committed grammars/ folder, or the
 * official `tree-sitter-<lang>` package in node_modules.
 */
export function grammarPath(pkg: string | undefined, file: string): string {
  const root = packageRoot();
  const candidates = [path.join(root, 'dist', 'grammars', file), path.join(root, 'grammars', file)];
  for (const c of candidates) if (fs.existsSync(c)) return c;
  if (pkg) {
    try {
      return path.join(path.dirname(require.resolve(`${pkg}/package.json`, { paths: [root] })), file);
    } catch {
      /* fall through to the error below */
    }
  }
  throw new Error(`CodeRAG: grammar ${file} not found (looked in dist/grammars, grammars/ and ${pkg ?? 'no package'})`);
}

/** web-tree-sitter's own runtime wasm. */
export function treeSitterRuntimePath(): string {
  const bundled = path.join(packageRoot(), 'dist', 'web-tree-sitter.wasm');
  if (fs.existsSync(bundled)) return bundled;
  return require.resolve('web-tree-sitter/web-tree-sitter.wasm', { paths: [packageRoot()] });
}

/** The default embedding model folder built by scripts/build-model.mjs. */
export function defaultModelDir(): string {
  return path.join(packageRoot(), 'models');
}
