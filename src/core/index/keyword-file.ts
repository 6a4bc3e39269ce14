// keyword.bin: the keyword engine saved by the writer, read by everyone. A lost or damaged file is
// never fatal: the engine is made again from the chunk store (catchUp), and a writer saves it.
import type { ChunkRow } from '../store/rows';
import { fromRow } from '../store/rows';
import { KeywordEngine } from '../keyword/engine';
import { packFileDocs } from '../keyword/terms';
import type { IndexState } from './state';

export async function readKeyword(s: IndexState): Promise<void> {
  const { index, error } = await KeywordEngine.read(s.keywordFile);
  s.keyword = index ?? KeywordEngine.empty();
  s.keywordDamage = error;
}

export async function saveKeyword(s: IndexState): Promise<void> {
  await s.keyword.save(s.keywordFile);
  s.keywordSavedAt = Date.now();
}

/**
 * Makes the keyword engine agree with the files table (after a crash, a lost keyword file, or a
 * writer's unsaved progress), in memory: a writer saves it under the lock.
 */
export async function catchUpKeyword(s: IndexState): Promise<void> {
  const stale: string[] = [];
  for (const [p, row] of s.files) {
    if (row.state === 'indexed' && s.keyword.fileShas.get(p) !== row.sha256) stale.push(p);
  }
  const gone = s.keyword.paths().filter((p) => !s.files.has(p) || s.files.get(p)!.state !== 'indexed');
  // Postings are read only when something changes: an unchanged run never pays for them.
  if (stale.length || gone.length) await s.keyword.ensureLoaded();
  for (const p of gone) s.keyword.removeFile(p);
  for (let i = 0; i < stale.length; i += 500) {
    const batch = stale.slice(i, i + 500);
    const rows = await s.store.chunksOfPaths(batch);
    const byPath = new Map<string, ChunkRow[]>();
    for (const r of rows) {
      const list = byPath.get(r.path);
      if (list) list.push(r);
      else byPath.set(r.path, [r]);
    }
    for (const p of batch) {
      const chunks = (byPath.get(p) ?? []).map(fromRow).sort((a, b) => a.startLine - b.startLine);
      s.keyword.setFile(p, s.files.get(p)!.sha256, packFileDocs(chunks));
    }
  }
}
