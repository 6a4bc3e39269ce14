// The coverage property: every non-blank line of a parsed file is in some chunk's range, except
// the lines that are context by design (see test/coverage.ts). Checked on committed fixtures in
// every language, and on a sample of real files when this machine has them (the Python standard
// library, node_modules).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { uncoveredLines } from './coverage';

const fixtures = path.join(__dirname, '..', '..', 'test', 'fixtures', 'coverage');

async function assertCovered(files: string[]): Promise<number> {
  const failures: string[] = [];
  let checked = 0;
  for (const file of files) {
    const source = fs.readFileSync(file, 'utf8');
    const { uncovered } = await uncoveredLines(file, source);
    checked++;
    if (uncovered.length) failures.push(`${file}: ${uncovered.slice(0, 5).map((u) => `${u.line}: ${u.text.trim()}`).join(' | ')}`);
  }
  assert.deepEqual(failures, []);
  return checked;
}

test('coverage: every line of the fixtures in every language is in a chunk', async () => {
  const files = fs.readdirSync(fixtures).sort().map((f) => path.join(fixtures, f));
  assert.ok(files.length >= 11);
  await assertCovered(files);
});

function sample(dir: string, pattern: RegExp, every: number, skip: RegExp): string[] {
  if (!fs.existsSync(dir)) return [];
  const found: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = path.join(d, e.name);
      if (e.isDirectory() && !skip.test(e.name)) walk(p);
      else if (e.isFile() && pattern.test(e.name) && fs.statSync(p).size < 100_000) found.push(p);
    }
  };
  walk(dir);
  return found.filter((_, i) => i % every === 0);
}

test('coverage: a sample of real Python and JavaScript/TypeScript files', async () => {
  const stdlib = fs.readdirSync('/usr/lib').filter((d) => /^python3\.\d+$/.test(d)).map((d) => path.join('/usr/lib', d))[0];
  const py = stdlib ? sample(stdlib, /\.py$/, 15, /^(site-packages|dist-packages|test|tests|__pycache__)$/) : [];
  const modules = path.join(__dirname, '..', '..', 'node_modules');
  const js = sample(path.join(modules, '@huggingface', 'transformers', 'src'), /\.js$/, 4, /^$/);
  const ts = sample(path.join(modules, '@modelcontextprotocol', 'sdk', 'dist', 'esm'), /\.(js|d\.ts)$/, 6, /^$/);
  const checked = await assertCovered([...py, ...js, ...ts]);
  console.log(`coverage: ${py.length} Python, ${js.length + ts.length} JavaScript/TypeScript files checked`);
  assert.equal(checked, py.length + js.length + ts.length);
});
