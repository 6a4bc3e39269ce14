// Tags per file, keyed by the file's content hash, persisted next to the index so the repo map
// never re-parses an unchanged file. Compact on disk: names are interned per file.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeJsonAtomic } from '../index/meta';
import type { Tag } from './tags';

interface Entry {
  sha: string;
  tags: Tag[];
}

type Packed = [sha: string, names: string[], rows: number[]];

const CATEGORY = ['function', 'method', 'class', 'call', 'constant', 'module', 'interface', 'type', 'signal', 'variable', 'enum', 'macro', 'field', 'implementation', 'other'];

export class TagCache {
  private entries?: Map<string, Entry>;
  private dirty = false;

  constructor(private readonly file: string) {}

  private load(): Map<string, Entry> {
    if (this.entries) return this.entries;
    this.entries = new Map();
    try {
      const data = JSON.parse(fs.readFileSync(this.file + '.json', 'utf8')) as Record<string, Packed>;
      for (const [p, [sha, names, rows]] of Object.entries(data)) {
        const tags: Tag[] = [];
        for (let i = 0; i < rows.length; i += 4) {
          tags.push({ name: names[rows[i]], kind: rows[i + 1] ? 'def' : 'ref', line: rows[i + 2], category: CATEGORY[rows[i + 3]] ?? 'other' });
        }
        this.entries.set(p, { sha, tags });
      }
    } catch {
      /* missing or damaged: tags are recomputed by the next parse */
    }
    return this.entries;
  }

  get(p: string, sha?: string): Tag[] | undefined {
    const e = this.load().get(p);
    return e && (!sha || e.sha === sha) ? e.tags : undefined;
  }

  sha(p: string): string | undefined {
    return this.load().get(p)?.sha;
  }

  set(p: string, sha: string, tags: Tag[]): void {
    this.load().set(p, { sha, tags });
    this.dirty = true;
  }

  forget(p: string): void {
    if (this.load().delete(p)) this.dirty = true;
  }

  all(): Map<string, Entry> {
    return this.load();
  }

  save(): void {
    if (!this.dirty || !this.entries) return;
    const out: Record<string, Packed> = {};
    for (const [p, { sha, tags }] of this.entries) {
      const ids = new Map<string, number>();
      const rows: number[] = [];
      for (const t of tags) {
        let id = ids.get(t.name);
        if (id === undefined) ids.set(t.name, (id = ids.size));
        const cat = CATEGORY.indexOf(t.category);
        rows.push(id, t.kind === 'def' ? 1 : 0, t.line, cat < 0 ? CATEGORY.length - 1 : cat);
      }
      out[p] = [sha, [...ids.keys()], rows];
    }
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    writeJsonAtomic(this.file + '.json', out);
    this.dirty = false;
  }
}
