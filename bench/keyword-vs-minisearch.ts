// Why the chunk index is our own BM25F engine and not MiniSearch: both built from the same chunks
// of an indexed corpus (the stdlib, 70k+ chunks), saved to a file and read back by a new object;
// MiniSearch configured as the project's first cut had it (six fields, identifiers split into their
// words), our engine as the index builds it (packFileDocs per file, then setFile).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import MiniSearch from 'minisearch';
import { CodeIndex } from '../src/core/index/code-index';
import { KeywordEngine } from '../src/core/keyword/engine';
import { packFileDocs } from '../src/core/keyword/terms';
import { processTerm, tokenize } from '../src/core/keyword/tokenize';
import { fromRow } from '../src/core/store/rows';
import type { Chunk } from '../src/core/base/types';
import { round } from './stats';

const QUERIES = ['parse_args', 'json decoder', 'asyncio', 'SequenceMatcher ratio', 'read a gzip file', 'http request headers'];

const miniOptions = {
  idField: 'id',
  fields: ['name', 'qualifiedName', 'signature', 'identifiers', 'path', 'text'],
  storeFields: ['path'],
  tokenize,
  processTerm,
  searchOptions: { tokenize, processTerm },
};

const timed = async <T>(fn: () => T | Promise<T>): Promise<[T, number]> => {
  const t = performance.now();
  const v = await fn();
  return [v, performance.now() - t];
};

export async function keywordVsMiniSearch({ root, indexDir }: { root: string; indexDir: string }) {
  const index = await CodeIndex.open({ root, indexDir, embedding: { enabled: false }, inProcess: true });
  const files = index.fileRows().filter((r) => r.state === 'indexed');
  const rows = await index.store.chunksOfPaths(files.map((r) => r.path));
  await index.close();
  const byPath = new Map<string, Chunk[]>();
  for (const r of rows) {
    const c = fromRow(r);
    const list = byPath.get(c.path);
    if (list) list.push(c);
    else byPath.set(c.path, [c]);
  }
  const shas = new Map(files.map((r) => [r.path, r.sha256]));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coderag-kw-'));
  try {
    global.gc?.();
    const [engine, buildMs] = await timed(() => {
      const e = KeywordEngine.empty();
      for (const [p, chunks] of byPath) e.setFile(p, shas.get(p)!, packFileDocs(chunks.sort((a, b) => a.startLine - b.startLine)));
      return e;
    });
    const bin = path.join(dir, 'keyword.bin');
    const [, saveMs] = await timed(() => engine.save(bin));
    const [loaded, loadMs] = await timed(async () => {
      const { index: k } = await KeywordEngine.read(bin);
      await k!.ensureLoaded();
      return k!;
    });
    const [, bm25Queries] = await timed(() => QUERIES.forEach((q) => loaded.search(q, { limit: 20 })));

    global.gc?.();
    const [mini, miniBuildMs] = await timed(() => {
      const ms = new MiniSearch(miniOptions);
      for (const c of rows.map(fromRow)) {
        ms.add({ id: c.id, path: c.path, name: c.name, qualifiedName: c.qualifiedName, signature: c.signature ?? '', identifiers: [...c.defines, ...c.references].join(' '), text: c.text });
      }
      return ms;
    });
    const json = path.join(dir, 'minisearch.json');
    const [, miniSaveMs] = await timed(() => fs.promises.writeFile(json, JSON.stringify(mini)));
    const [miniLoaded, miniLoadMs] = await timed(async () => MiniSearch.loadJSON(await fs.promises.readFile(json, 'utf8'), miniOptions));
    const [, miniQueries] = await timed(() => QUERIES.forEach((q) => miniLoaded.search(q)));
    const s = (ms: number) => round(ms / 1000, 2);
    return {
      files: byPath.size,
      chunks: rows.length,
      bm25f: { buildSeconds: s(buildMs), saveSeconds: s(saveMs), loadSeconds: s(loadMs), fileMB: round(fs.statSync(bin).size / 1e6), sixQueriesMs: round(bm25Queries, 0) },
      miniSearch: { buildSeconds: s(miniBuildMs), saveSeconds: s(miniSaveMs), loadSeconds: s(miniLoadMs), fileMB: round(fs.statSync(json).size / 1e6), sixQueriesMs: round(miniQueries, 0) },
      miniSearchTimesSlower: { build: round(miniBuildMs / buildMs, 1), save: round(miniSaveMs / saveMs, 1), load: round(miniLoadMs / loadMs, 1) },
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
