// `node out/bench/digest.js [--files OUT]`: a digest of everything the parse workers produce —
// chunks with their metadata, chunk rows, keyword documents, tags — over the Python standard
// library and the eval packages. A speed change to parsing, chunking or term counting must leave
// it unchanged: compare the digests of two builds (or, with --files, each file's hash).
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { estimateTokens } from '../src/core/chunk/split';
import { parseOne, type ParseResult } from '../src/core/parse/parse-job';
import { scanWorkspace } from '../src/core/scan/walker';
import { packTags } from '../src/core/tags/tag-cache';
import type { Tag } from '../src/core/tags/tags';
import { buildCorpus, repoRoot } from '../eval/corpus';

/** JSON with object keys sorted: the digest is about content, not about the order fields were set in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v) =>
    v && typeof v === 'object' && !Array.isArray(v) && !ArrayBuffer.isView(v)
      ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, (v as Record<string, unknown>)[k]]))
      : ArrayBuffer.isView(v)
        ? createHash('sha1').update(new Uint8Array(v.buffer, v.byteOffset, v.byteLength)).digest('hex')
        : v,
  );
}

/**
 * What a parse produced, whatever the result's layout: the products by artifact id (`rows`, `docs`
 * and `tags` were fields of their own before the artifact seam), tags in their packed form.
 */
function content(r: ParseResult): unknown {
  const { parseMs: _, products, rows, docs, tags, ...rest } = r as ParseResult & Record<string, unknown>;
  const old = { chunks: rows, keyword: docs, tags: typeof tags === 'string' || !tags ? tags : packTags(tags as Tag[]) };
  return { ...rest, products: products ?? old };
}

async function main() {
  const args = process.argv.slice(2);
  const out = args.includes('--files') ? args[args.indexOf('--files') + 1] : undefined;
  const questions = JSON.parse(fs.readFileSync(path.join(repoRoot, 'eval', 'questions.json'), 'utf8'));
  const root = buildCorpus(path.join(repoRoot, '.cache', 'eval-corpus'), questions.corpus.node);
  const { files } = scanWorkspace(root);
  const opts = { maxTokens: 512, countTokens: estimateTokens };
  const all = createHash('sha256');
  const lines: string[] = [];
  for (const f of files.sort((a, b) => (a.path < b.path ? -1 : 1))) {
    const req = { path: f.path, absPath: f.absPath, withTags: true };
    // The chunk objects (what tests see) and the packed form (what the index thread receives).
    const chunks = await parseOne(req, { ...opts, compact: false });
    const packed = await parseOne(req, { ...opts, compact: true });
    const h = createHash('sha256').update(canonical([content(chunks), content(packed)])).digest('hex');
    all.update(`${f.path} ${h}\n`);
    lines.push(`${f.path} ${h}`);
  }
  if (out) fs.writeFileSync(out, lines.join('\n') + '\n');
  console.log(JSON.stringify({ files: files.length, digest: all.digest('hex') }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
