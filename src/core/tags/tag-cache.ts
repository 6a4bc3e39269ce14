// Tags per file, keyed by the file's content hash. Persisted in the index's `tags` table (one row
// per file, written with the file's chunks, so a crash leaves them as consistent as the chunks);
// held in memory once loaded and decoded per file on demand.
import type { Tag } from './tags';

interface Entry {
  sha: string;
  data?: string;
  tags?: Tag[];
}

export interface TagRow {
  path: string;
  sha256: string;
  data: string;
}

// Appended only: a category's number is what the cache stores.
const CATEGORY = ['function', 'method', 'class', 'call', 'constant', 'module', 'interface', 'type', 'signal', 'variable', 'enum', 'macro', 'field', 'implementation', 'file', 'import', 'attribute', 'identifier', 'other', 'file.script', 'file.scene', 'file.resource', 'file.preload', 'file.load', 'handler'];

/** Compact text form: names interned per file, then (name, def?, line, end, category) rows. */
export function packTags(tags: Tag[]): string {
  const ids = new Map<string, number>();
  const rows: number[] = [];
  for (const t of tags) {
    let id = ids.get(t.name);
    if (id === undefined) ids.set(t.name, (id = ids.size));
    const cat = CATEGORY.indexOf(t.category);
    rows.push(id, t.kind === 'def' ? 1 : 0, t.line, t.end ?? 0, cat < 0 ? CATEGORY.length - 1 : cat);
  }
  return JSON.stringify([[...ids.keys()], rows]);
}

export function unpackTags(data: string): Tag[] {
  if (!data) return [];
  const [names, rows] = JSON.parse(data) as [string[], number[]];
  const tags: Tag[] = [];
  for (let i = 0; i < rows.length; i += 5) {
    const t: Tag = { name: names[rows[i]], kind: rows[i + 1] ? 'def' : 'ref', line: rows[i + 2], category: CATEGORY[rows[i + 4]] ?? 'other' };
    if (rows[i + 3]) t.end = rows[i + 3];
    tags.push(t);
  }
  return tags;
}

export class TagCache {
  private entries?: Map<string, Entry>;

  constructor(private readonly loadRows: () => Promise<TagRow[]>) {}

  /** Reads every file's tags from the store once; later changes arrive through set()/forget(). */
  async load(): Promise<void> {
    if (this.entries) return;
    const rows = await this.loadRows();
    const entries = new Map<string, Entry>();
    for (const r of rows) entries.set(r.path, { sha: r.sha256, data: r.data });
    // Changes made while loading win over what was read.
    for (const [p, e] of this.pending) entries.set(p, e);
    for (const p of this.forgotten) if (!this.pending.has(p)) entries.delete(p);
    this.pending.clear();
    this.forgotten.clear();
    this.entries = entries;
  }

  private readonly pending = new Map<string, Entry>();
  private readonly forgotten = new Set<string>();

  /** Forgets everything read: another process changed the store, the next load() reads it again. */
  reset(): void {
    this.entries = undefined;
    this.pending.clear();
    this.forgotten.clear();
  }

  get loaded(): boolean {
    return !!this.entries;
  }

  get(p: string, sha?: string): Tag[] | undefined {
    const e = this.entries?.get(p) ?? this.pending.get(p);
    if (!e || (sha && e.sha !== sha)) return undefined;
    e.tags ??= unpackTags(e.data ?? '');
    e.data = undefined;
    return e.tags;
  }

  /** Takes the packed form (packTags): a cold index of 11k files held ~100 MB of Tag objects otherwise. */
  set(p: string, sha: string, data: string): void {
    if (this.entries) this.entries.set(p, { sha, data });
    else this.pending.set(p, { sha, data });
  }

  forget(p: string): void {
    if (this.entries) this.entries.delete(p);
    else {
      this.pending.delete(p);
      this.forgotten.add(p);
    }
  }
}
