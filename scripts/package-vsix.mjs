// Packages the linux-x64 VSIX with @vscode/vsce (offline) and prints its size and what takes it.
// Run after `npm run build` (dist/ and models/ are its inputs). .vscodeignore says what ships.
//   node scripts/package-vsix.mjs            package, always
//   node scripts/package-vsix.mjs --if-stale  only when the VSIX is missing or its inputs changed
//   add --breakdown to print the size report of an up-to-date VSIX too
// Staleness is by content (a digest beside the VSIX), not mtime: every build rewrites dist/, and
// packaging takes over a minute.
import { execFileSync } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const VSIX = path.join(root, 'coderag-linux-x64.vsix');
const STAMP = `${VSIX}.inputs`;
// package-lock.json stands for node_modules.
const INPUTS = ['package.json', 'package-lock.json', '.vscodeignore', 'docs/extension-README.md', 'dist', 'models', 'queries', 'media'];

function digest() {
  const hash = crypto.createHash('sha256');
  const add = (rel) => {
    const abs = path.join(root, rel);
    const st = fs.statSync(abs, { throwIfNoEntry: false });
    if (!st) return;
    if (st.isDirectory()) for (const e of fs.readdirSync(abs).sort()) add(path.join(rel, e));
    else if (!rel.endsWith('.map')) hash.update(`${rel}\0`).update(fs.readFileSync(abs));
  };
  INPUTS.forEach(add);
  return hash.digest('hex');
}

function stale(inputs) {
  return !fs.existsSync(VSIX) || fs.readFileSync(STAMP, { encoding: 'utf8', flag: 'a+' }).trim() !== inputs;
}

/** The archive's entries (name, packed and unpacked size) from its central directory. */
function entries(file) {
  const buf = fs.readFileSync(file);
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const out = [];
  for (let i = 0; i < count; i++) {
    const nameLength = buf.readUInt16LE(at + 28);
    const extra = buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    out.push({ name: buf.toString('utf8', at + 46, at + 46 + nameLength), packed: buf.readUInt32LE(at + 20), size: buf.readUInt32LE(at + 24) });
    at += 46 + nameLength + extra;
  }
  return out;
}

/** Packed and unpacked bytes per package (node_modules) or folder, largest first. */
function breakdown() {
  const groups = new Map();
  for (const e of entries(VSIX)) {
    if (!e.name.startsWith('extension/')) continue;
    const parts = e.name.split('/').slice(1);
    const key = parts[0] === 'node_modules' ? parts.slice(0, parts[1].startsWith('@') ? 3 : 2).join('/') : parts.slice(0, Math.min(2, parts.length - 1) || 1).join('/');
    const g = groups.get(key) ?? { size: 0, packed: 0, files: 0 };
    g.size += e.size;
    g.packed += e.packed;
    g.files += 1;
    groups.set(key, g);
  }
  return [...groups].sort((a, b) => b[1].packed - a[1].packed);
}

const mb = (n) => `${(n / 1e6).toFixed(1)} MB`;

function report() {
  const size = fs.statSync(VSIX).size;
  console.log(`package-vsix: ${path.relative(root, VSIX)} ${mb(size)} (${(size / 2 ** 20).toFixed(1)} MiB); largest parts (packed / unpacked):`);
  for (const [key, g] of breakdown().slice(0, 14)) console.log(`  ${mb(g.packed).padStart(9)} / ${mb(g.size).padStart(9)}  ${key} (${g.files} files)`);
}

const inputs = digest();
if (process.argv.includes('--if-stale') && !stale(inputs)) {
  console.log(`package-vsix: ${path.relative(root, VSIX)} is up to date`);
  if (process.argv.includes('--breakdown')) report();
} else {
  const started = Date.now();
  // Not `npx`: the pinned devDependency, run by this Node.
  const vsce = path.join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
  execFileSync(process.execPath, [vsce, 'package', '--target', 'linux-x64', '--allow-missing-repository', '--skip-license', '--readme-path', 'docs/extension-README.md', '--out', VSIX], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  fs.writeFileSync(STAMP, inputs);
  console.log(`package-vsix: packaged in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  report();
}
