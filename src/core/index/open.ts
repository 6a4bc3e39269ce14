// Opening an index to read it: meta.json, the tables, the files table, the keyword file. Nothing
// on disk changes whatever is found (damage, a run in flight, another artifact version): what
// was found goes into `health`, and the next writer repairs it (repair.ts).
import { EMBEDDING_INPUT_VERSION } from '../embed/embedder';
import { producerVersions } from '../parse/producers';
import { openChunkStore } from '../store/open-store';
import { CorruptIndexError } from '../store/store';
import { catchUpKeyword, readKeyword } from './keyword-file';
import { lockHolder } from './lock';
import { artifactChange, INDEX_FORMAT, readMetaChecked } from './meta';
import { DEFAULT_DIM, type IndexHealth, type IndexState } from './state';

/** Why meta.json rules the index out (unreadable, or an older format); undefined when usable or absent. */
export function metaProblem(found: ReturnType<typeof readMetaChecked>): string | undefined {
  if (!found.ok) return found.error;
  if (found.meta && found.meta.format !== INDEX_FORMAT) return `index format ${found.meta.format} is outdated (now ${INDEX_FORMAT})`;
  return undefined;
}

export function sameVersions(a: number[] | undefined, b: number[] | undefined): boolean {
  return !!a && !!b && a.length === b.length && a.every((v, i) => v === b[i]);
}

/** Reads meta, tables, files and keyword engine without writing anything. */
export async function loadIndex(s: IndexState): Promise<void> {
  const health: IndexHealth = { missing: false, notices: [], writer: lockHolder(s.lockFile) };
  s.health = health;
  const found = readMetaChecked(s.dir);
  health.corrupt = metaProblem(found);
  if (health.corrupt || !found.ok) return;
  if (!found.meta) {
    health.missing = true;
    return;
  }
  s.meta = found.meta;
  try {
    const { store, degraded } = await openChunkStore(s.dir, s.meta.model?.dim ?? DEFAULT_DIM, false);
    s.opened = store;
    if (degraded) {
      // Nothing on disk can be read without LanceDB: this process indexes again, in memory.
      health.degraded = degraded;
      health.missing = true;
      return;
    }
    // Read before the files: a write in between shows as a version change to a later writer.
    s.versions = await store.versions();
    for (const [p, row] of await store.loadFiles()) s.files.set(p, row);
  } catch (err) {
    s.opened?.close();
    s.opened = undefined;
    s.files.clear();
    health.corrupt = err instanceof CorruptIndexError ? err.message : `the tables are unreadable: ${(err as Error).message}`;
    return;
  }
  await readKeyword(s);
  if (s.keywordDamage) health.notices.push(`the keyword index file is unreadable (${s.keywordDamage}): rebuilt in memory from the chunk store; \`coderag index\` saves it`);
  const pending = s.journal.pending();
  if (pending.length && !health.writer) health.notices.push(`an interrupted run left ${pending.length} files half-written: \`coderag index\` indexes them again`);
  const changed = artifactChange(s.meta, producerVersions());
  if (changed && s.files.size) health.notices.push(`the index was made by other artifact versions (${changed}): \`coderag index\` parses every file again`);
  if (s.opened!.cacheDamage) health.notices.push(`the vector cache is unreadable (${s.opened!.cacheDamage}): \`coderag index\` makes it again`);
  if (s.meta.model && (s.meta.model.input ?? 0) !== EMBEDDING_INPUT_VERSION) {
    s.vectorsStale = true;
    health.notices.push(`vectors were made from embedding input version ${s.meta.model.input ?? 'unknown'} (now ${EMBEDDING_INPUT_VERSION}): not searched until \`coderag index\` embeds again`);
  }
  await catchUpKeyword(s);
}
