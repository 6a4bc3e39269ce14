// The keyword side of hybrid search: MiniSearch (BM25) over name, qualified name, signature,
// identifiers, path and text, with the code-aware tokenizer. Persisted as one JSON file next to
// the LanceDB data, written atomically; it remembers which content of each file it holds so it
// can catch up with the store after a crash instead of being rebuilt.
import * as fs from 'node:fs';
import MiniSearch, { type SearchResult } from 'minisearch';
import type { Chunk } from '../model';
import { processTerm, tokenize } from './tokenize';

export interface KeywordDoc {
  id: string;
  path: string;
  kind: string;
  language: string;
  name: string;
  qualifiedName: string;
  signature: string;
  identifiers: string;
  text: string;
}

export interface KeywordHit {
  id: string;
  score: number;
  path: string;
  kind: string;
  language: string;
  qualifiedName: string;
  terms: string[];
}

const FORMAT = 1;

const options = {
  idField: 'id',
  fields: ['name', 'qualifiedName', 'signature', 'identifiers', 'path', 'text'],
  storeFields: ['path', 'kind', 'language', 'qualifiedName'],
  tokenize,
  processTerm,
  searchOptions: { tokenize, processTerm },
};

export function keywordDoc(c: Chunk): KeywordDoc {
  return {
    id: c.id, path: c.path, kind: c.kind, language: c.language, name: c.name, qualifiedName: c.qualifiedName,
    signature: c.signature ?? '',
    identifiers: [...(c.defines ?? []), ...(c.references ?? [])].join(' '),
    // The docstring is part of the text already for code; for a split part it may not be.
    text: c.text,
  };
}

export interface KeywordSearchOptions {
  limit?: number;
  filter?: (hit: { path: string; kind: string; language: string }) => boolean;
  boost?: Partial<Record<keyof KeywordDoc, number>>;
}

export class KeywordIndex {
  private ms: MiniSearch<KeywordDoc>;
  /** Chunk ids per path, to replace a file's chunks. */
  private readonly idsByPath = new Map<string, string[]>();
  /** Content hash (sha256) of each file as this index holds it. */
  readonly fileShas = new Map<string, string>();
  private dirty = false;

  private constructor(ms?: MiniSearch<KeywordDoc>) {
    this.ms = ms ?? new MiniSearch<KeywordDoc>(options);
  }

  static empty(): KeywordIndex {
    return new KeywordIndex();
  }

  /** Loads a persisted index; undefined when missing or unreadable (the caller rebuilds). */
  static load(file: string): KeywordIndex | undefined {
    if (!fs.existsSync(file)) return undefined;
    try {
      const data = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (data.format !== FORMAT) return undefined;
      const k = new KeywordIndex(MiniSearch.loadJS<KeywordDoc>(data.index, options));
      for (const [p, ids] of Object.entries(data.idsByPath as Record<string, string[]>)) k.idsByPath.set(p, ids);
      for (const [p, sha] of Object.entries(data.fileShas as Record<string, string>)) k.fileShas.set(p, sha);
      return k;
    } catch {
      return undefined;
    }
  }

  get size(): number {
    return this.ms.documentCount;
  }

  get isDirty(): boolean {
    return this.dirty;
  }

  /** Replaces everything held for `path` by `chunks`. */
  setFile(path: string, sha: string, chunks: Chunk[]): void {
    this.removeFile(path);
    if (chunks.length) {
      this.ms.addAll(chunks.map(keywordDoc));
      this.idsByPath.set(path, chunks.map((c) => c.id));
    }
    this.fileShas.set(path, sha);
    this.dirty = true;
  }

  removeFile(path: string): void {
    const ids = this.idsByPath.get(path);
    if (ids) {
      for (const id of ids) if (this.ms.has(id)) this.ms.discard(id);
      this.idsByPath.delete(path);
    }
    if (this.fileShas.delete(path)) this.dirty = true;
  }

  paths(): string[] {
    return [...this.fileShas.keys()];
  }

  search(query: string, opts: KeywordSearchOptions = {}): KeywordHit[] {
    const results: SearchResult[] = this.ms.search(query, {
      boost: { name: 4, qualifiedName: 3, signature: 2, identifiers: 1.5, path: 1.5, text: 1, ...opts.boost },
      combineWith: 'OR',
      // Prefix and fuzzy matching on short terms costs seconds on large indexes: gate by length.
      prefix: (term) => term.length >= 4,
      fuzzy: (term) => (term.length >= 6 ? 0.15 : false),
      maxFuzzy: 2,
      filter: opts.filter ? (r) => opts.filter!(r as unknown as KeywordHit) : undefined,
    });
    const limit = opts.limit ?? 50;
    return results.slice(0, limit).map((r) => ({
      id: r.id as string, score: r.score, path: r.path, kind: r.kind, language: r.language,
      qualifiedName: r.qualifiedName, terms: r.terms,
    }));
  }

  /** Atomic write: a killed process leaves the previous file intact. */
  save(file: string): void {
    const tmp = `${file}.${process.pid}.tmp`;
    const data = {
      format: FORMAT,
      idsByPath: Object.fromEntries(this.idsByPath),
      fileShas: Object.fromEntries(this.fileShas),
      index: this.ms.toJSON(),
    };
    fs.writeFileSync(tmp, JSON.stringify(data));
    fs.renameSync(tmp, file);
    this.dirty = false;
  }
}
