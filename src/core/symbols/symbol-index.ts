// The symbol index: every definition of the workspace (name, qualified name, kind, path, line),
// searched as an editor's "Go to symbol" searches: exact, prefix, camelCase/snake_case words, then
// typos. MiniSearch holds the terms (the normalized name and its words) and finds word prefixes and
// near spellings; names beginning with what was typed come from a sorted name order, which answers
// a one-letter query without scoring thousands of documents. Kept per file: a changed file's
// definitions are replaced, never the whole index.
import MiniSearch from 'minisearch';
import {
  fuzziness, kindOrder, type MatchKind, matchKindOf, nameTerms, normalize, parseQuery, prefixDistance, priorFor, priorOf, Rank, rankOf,
  type SymbolQuery, transpositions, wordsOf,
} from './match';
import { type PackedSymbols, unpackSymbols } from './symbols';
import { partitionPoint } from '../base/sorted';

export type { MatchKind };

/** One definition found for a query. Paths are workspace-relative; lines 1-based. */
export interface SymbolMatch {
  name: string;
  qualifiedName: string;
  kind: string;
  path: string;
  line: number;
  endLine: number;
  /** exact (`processRequest`, `process_request`), prefix, words (`procReq`), fuzzy (`procesRequst`). */
  match: MatchKind;
}

export interface SymbolSearchOptions {
  /** Default 50. */
  limit?: number;
  /** Typo-tolerant matches when the others leave room (default true). */
  fuzzy?: boolean;
}

/**
 * Bumped when what is stored changes, or the terms of a name do: MiniSearch's remove() must be
 * given the terms add() was given, so a saved index made with other terms is not loaded.
 */
export const SYMBOL_FORMAT = 1;

interface FileEntry {
  sha: string;
  ids: number[];
  packed: PackedSymbols;
}

interface Doc {
  id: number;
  name: string;
}

/** The saved form (JSON): MiniSearch's own, and what it cannot hold. */
export interface SavedSymbols {
  format: number;
  /** path, sha, packed definitions, their document ids. */
  files: [string, string, PackedSymbols, number[]][];
  /** Document ids by normalized name. */
  order: number[];
  index: ReturnType<MiniSearch['toJSON']>;
}

// Below this many documents a file set is removed term by term; above, discarded and vacuumed later.
const DISCARD_OVER = 2000;
// Candidates MiniSearch may hand to the ranking, per stage.
const CANDIDATES = 2000;
// The sort key's parts: rank × KEY_RANK + prior × KEY_PRIOR + sub × 4 + kind order.
const KEY_PRIOR = 1 << 16;
const KEY_RANK = KEY_PRIOR * 8;

function options() {
  return {
    fields: ['name'],
    storeFields: [],
    tokenize: (text: string) => nameTerms(text),
    processTerm: (t: string) => t,
    // MiniSearch 7.2 vacuums in batches of terms with pauses between them, and an add, a discard
    // or a search in a pause breaks its walk with an uncaught TypeError (lucaong/minisearch#306),
    // which would kill a watcher. So never on its own: vacuum() below walks the terms in one go.
    autoVacuum: false as const,
    // Queries are built from terms already normalized.
    searchOptions: { tokenize: (s: string) => [s], processTerm: (t: string) => t },
  };
}

export class SymbolIndex {
  private ms = new MiniSearch<Doc>(options());
  private readonly files = new Map<string, FileEntry>();
  // Per document id: what a result shows, and what ranks it.
  private readonly names: (string | undefined)[] = [];
  private readonly norms: string[] = [];
  private readonly quals: string[] = [];
  private readonly kinds: string[] = [];
  private readonly pathOf: string[] = [];
  private readonly lines: number[] = [];
  private readonly ends: number[] = [];
  private readonly priors: number[] = [];
  /** keyOf() without the rank, for queries it does not depend on (no leading `_`): one read per name in a long prefix range. */
  private readonly statics: number[] = [];
  /** Ids free to reuse: only once the name order no longer lists them. */
  private free: number[] = [];
  private next = 0;
  private retired: number[] = [];
  private order: number[] = [];
  /** Ids added since `order` was sorted. */
  private recent: number[] = [];
  private dirty = false;

  get isDirty(): boolean {
    return this.dirty;
  }

  get size(): number {
    return this.ms.documentCount;
  }

  /** The content hash each file's definitions were made from. */
  shaOf(path: string): string | undefined {
    return this.files.get(path)?.sha;
  }

  filePaths(): IterableIterator<string> {
    return this.files.keys();
  }

  /** Replaces a file's definitions. */
  setFile(path: string, sha: string, packed: PackedSymbols): void {
    const old = this.files.get(path);
    if (old) this.drop([old.ids]);
    const records = unpackSymbols(packed);
    const ids = records.map(() => this.allocate());
    const docs: Doc[] = [];
    records.forEach((r, i) => {
      const id = ids[i];
      this.put(id, path, r.name, r.qualifiedName, r.kind, r.line, r.endLine, priorOf(path, r.name, r.local));
      docs.push({ id, name: r.name });
      this.recent.push(id);
    });
    this.ms.addAll(docs);
    this.files.set(path, { sha, ids, packed });
    this.dirty = true;
  }

  removeFiles(paths: Iterable<string>): void {
    const lists: number[][] = [];
    for (const p of paths) {
      const entry = this.files.get(p);
      if (!entry) continue;
      lists.push(entry.ids);
      this.files.delete(p);
    }
    if (lists.length) this.drop(lists);
  }

  private allocate(): number {
    return this.free.pop() ?? this.next++;
  }

  private put(id: number, path: string, name: string, qual: string, kind: string, line: number, end: number, prior: number): void {
    this.names[id] = name;
    this.norms[id] = normalize(name);
    this.quals[id] = qual;
    this.kinds[id] = kind;
    this.pathOf[id] = path;
    this.lines[id] = line;
    this.ends[id] = end;
    this.priors[id] = prior;
    this.statics[id] = prior * KEY_PRIOR + Math.min(this.norms[id].length, KEY_PRIOR / 4 - 1) * 4 + kindOrder(kind);
  }

  /**
   * A file's documents leave MiniSearch term by term (remove(): exact, nothing left to clean);
   * thousands at once (a branch switch, a folder deleted) are discarded instead, which costs
   * nothing now and is cleaned up by MiniSearch's vacuuming in the background.
   */
  private drop(lists: number[][]): void {
    const all = lists.flat();
    if (all.length > DISCARD_OVER) {
      this.ms.discardAll(all);
      // Once a tenth of the postings are dead (MiniSearch's own threshold), one walk cleans them.
      if (this.ms.dirtFactor >= 0.1) void this.vacuum();
    } else for (const id of all) this.ms.remove({ id, name: this.names[id]! });
    for (const id of all) {
      this.names[id] = undefined;
      this.retired.push(id);
    }
    this.dirty = true;
  }

  /** Sorts the name order again once recent additions or removed entries make up a good part of it. */
  private settleOrder(): void {
    if (this.recent.length <= Math.max(2048, this.order.length / 4) && this.retired.length <= Math.max(2048, this.order.length / 4)) return;
    const norms = this.norms;
    const live = this.order.concat(this.recent).filter((id) => this.names[id] !== undefined);
    live.sort((a, b) => (norms[a] < norms[b] ? -1 : norms[a] > norms[b] ? 1 : a - b));
    this.order = live;
    this.recent = [];
    // Nothing lists the removed ids any more: they may be reused.
    this.free = this.free.concat(this.retired);
    this.retired = [];
  }

  /** Calls `visit` for every live document whose normalized name begins with `prefix`. */
  private forPrefix(prefix: string, visit: (id: number) => void): void {
    const { order, norms, names } = this;
    const lo = partitionPoint(0, order.length, (i) => norms[order[i]] < prefix);
    for (let i = lo; i < order.length && norms[order[i]].startsWith(prefix); i++) if (names[order[i]] !== undefined) visit(order[i]);
    for (const id of this.recent) if (names[id] !== undefined && norms[id].startsWith(prefix)) visit(id);
  }

  /**
   * forPrefix() and add() for the common query (no container, no leading `_`), without a call or a
   * string per name: a one-letter query's range holds tens of thousands (every `test_…` for `t`).
   * The sorted order puts the names equal to the query first; the rest are prefix matches.
   */
  private prefixStage(q: SymbolQuery, ids: number[], keys: number[]): void {
    const { order, norms, names, statics } = this;
    const prefix = q.norm;
    const lo = partitionPoint(0, order.length, (i) => norms[order[i]] < prefix);
    const end = partitionPoint(lo, order.length, (i) => norms[order[i]].startsWith(prefix));
    let i = lo;
    for (; i < end && norms[order[i]] === prefix; i++) {
      const id = order[i];
      if (names[id] === undefined) continue;
      ids.push(id);
      keys.push((names[id] === q.name ? Rank.ExactCase : Rank.Exact) * KEY_RANK + statics[id]);
    }
    for (; i < end; i++) {
      const id = order[i];
      if (names[id] === undefined) continue;
      ids.push(id);
      keys.push(Rank.Prefix * KEY_RANK + statics[id]);
    }
    for (const id of this.recent) {
      if (names[id] === undefined || !norms[id].startsWith(prefix)) continue;
      ids.push(id);
      keys.push((names[id] === q.name ? Rank.ExactCase : norms[id] === prefix ? Rank.Exact : Rank.Prefix) * KEY_RANK + statics[id]);
    }
  }

  /** MiniSearch's matches for a query tree, best first, at most CANDIDATES. */
  private candidates(query: Parameters<MiniSearch['search']>[0]): { id: number; score: number }[] {
    return this.ms
      .search(query, { fields: ['name'] })
      .slice(0, CANDIDATES)
      .map((r) => ({ id: r.id as number, score: r.score }));
  }

  /**
   * Definitions matching `query` (a name, or `Container.name`, `module.name`: the segments before
   * the last must each occur in the qualified name or the path), best first: exact, prefix, words,
   * then fuzzy; within each, definitions outside functions and tests first, then shorter names.
   * Later stages run only while earlier ones leave room, and MiniSearch only for typed terms of
   * 3 characters or more (fuzzy: 5), where its prefix and edit-distance walks stay cheap.
   */
  search(query: string, opts: SymbolSearchOptions = {}): SymbolMatch[] {
    const q = parseQuery(query);
    if (!q) return [];
    const limit = Math.max(1, opts.limit ?? 50);
    this.settleOrder();
    // Parallel arrays of ids and sort keys (keyOf: numbers, so a one-letter query's tens of
    // thousands of names sort natively); `seen` maps an id to its slot once later stages add to them.
    const ids: number[] = [];
    const keys: number[] = [];
    let seen: Map<number, number> | undefined;
    const fits = this.containerTest(q);
    const add = (id: number, rank: number, sub: number) => {
      if (!fits(id)) return;
      const key = this.keyOf(id, rank, sub, q);
      const at = seen?.get(id);
      if (at === undefined) {
        seen?.set(id, ids.length);
        ids.push(id);
        keys.push(key);
      } else if (key < keys[at]) keys[at] = key;
    };
    const classify = (id: number): number => rankOf(this.names[id]!, this.norms[id], q, () => wordsOf(this.names[id]!));
    const enough = () => ids.length >= limit;
    // Names beginning with the query: each once, so nothing to look up yet.
    if (!q.containers.length && !q.name.startsWith('_')) this.prefixStage(q, ids, keys);
    else this.forPrefix(q.norm, (id) => add(id, this.names[id] === q.name ? Rank.ExactCase : this.norms[id] === q.norm ? Rank.Exact : Rank.Prefix, this.norms[id].length));
    if (!enough()) seen = new Map(ids.map((id, i) => [id, i]));
    if (!enough() && q.norm.length >= 3) {
      // A name the query's words begin has a word beginning with the longest typed word (or with
      // the first three characters of a query typed in one piece: `seqmat` → `seq`).
      const longest = q.words.reduce((a, w) => (w.length > a.length ? w : a), '');
      const term = q.words.length > 1 && longest.length >= 3 ? longest : q.norm.slice(0, 3);
      for (const { id } of this.candidates({ queries: [term], prefix: true })) {
        const rank = classify(id);
        if (rank >= 0) add(id, rank, this.norms[id].length);
      }
    }
    if (!enough() && opts.fuzzy !== false && q.norm.length >= 5) {
      // MiniSearch matches each typed word on its own, in any order: a name is kept only if what
      // was typed is a few edits from how it begins (`parse_header` does not reach HeaderParser).
      const most = fuzziness(q.norm.length) + (q.words.length > 1 ? 1 : 0);
      this.fuzzy(q, (id) => {
        const rank = classify(id);
        if (rank >= 0) return add(id, rank, this.norms[id].length);
        const distance = prefixDistance(q.norm, this.norms[id]);
        if (distance <= most) add(id, Rank.Fuzzy, distance * 256 + this.norms[id].length);
      });
    }
    return this.best(ids, keys, limit).map((i) => this.matchOf(ids[i], matchKindOf(Math.floor(keys[i] / KEY_RANK))));
  }

  /**
   * The sort key of a match, lower first: rank, then prior, then `sub` (name length; for fuzzy
   * matches the edit distance first), then kind (classes before functions before the rest).
   */
  private keyOf(id: number, rank: number, sub: number, q: SymbolQuery): number {
    return rank * KEY_RANK + priorFor(this.priors[id], q) * KEY_PRIOR + Math.min(sub, KEY_PRIOR / 4 - 1) * 4 + kindOrder(this.kinds[id]);
  }

  /** Slots of the `limit` best by key, then path and line: only the ties at the cut are compared by path. */
  private best(ids: number[], keys: number[], limit: number): number[] {
    let slots = Array.from(ids, (_, i) => i);
    if (slots.length > limit) {
      const cut = Float64Array.from(keys).sort()[limit - 1];
      slots = slots.filter((i) => keys[i] <= cut);
    }
    const at = this.pathOf;
    const line = this.lines;
    slots.sort((a, b) => keys[a] - keys[b] || (at[ids[a]] < at[ids[b]] ? -1 : at[ids[a]] > at[ids[b]] ? 1 : 0) || line[ids[a]] - line[ids[b]]);
    return slots.slice(0, limit);
  }

  /** Near spellings: the whole name within an edit distance, each typed word within one, and adjacent letters swapped. */
  private fuzzy(q: SymbolQuery, visit: (id: number) => void): void {
    const whole = { queries: [q.norm], fuzzy: fuzziness(q.norm.length) };
    const words = q.words.filter((w) => w.length >= 3);
    const query =
      words.length > 1
        ? { combineWith: 'OR' as const, queries: [whole, { combineWith: 'AND' as const, queries: words.map((w) => ({ queries: [w], prefix: true, fuzzy: fuzziness(w.length) })) }] }
        : whole;
    for (const { id } of this.candidates(query)) visit(id);
    for (const t of transpositions(q.norm)) this.forPrefix(t, visit);
  }

  private containerTest(q: SymbolQuery): (id: number) => boolean {
    if (!q.containers.length) return () => true;
    return (id) => {
      const where = normalize(`${this.quals[id]}/${this.pathOf[id]}`);
      return q.containers.every((c) => where.includes(c));
    };
  }

  private matchOf(id: number, match: MatchKind): SymbolMatch {
    return { name: this.names[id]!, qualifiedName: this.quals[id], kind: this.kinds[id], path: this.pathOf[id], line: this.lines[id], endLine: this.ends[id], match };
  }

  /**
   * Drops the postings of discarded documents (before a save, and after large discards). One
   * batch as large as the index: the walk has no pause in which anything could change the terms
   * under it (see options()); ~0.2 s on the stdlib's 50k terms.
   */
  async vacuum(): Promise<void> {
    if (this.ms.dirtCount > 0) await this.ms.vacuum({ batchSize: Number.MAX_SAFE_INTEGER, batchWait: 0 });
  }

  toJSON(): SavedSymbols {
    this.settleOrder();
    const order = this.order.concat(this.recent).filter((id) => this.names[id] !== undefined);
    const norms = this.norms;
    if (this.recent.length) order.sort((a, b) => (norms[a] < norms[b] ? -1 : norms[a] > norms[b] ? 1 : a - b));
    return {
      format: SYMBOL_FORMAT,
      files: [...this.files].map(([p, f]) => [p, f.sha, f.packed, f.ids]),
      order,
      index: this.ms.toJSON(),
    };
  }

  /** Marks the index as saved (or as agreeing with what is saved). */
  markSaved(): void {
    this.dirty = false;
  }

  /** The index saved by toJSON(); throws when the data do not fit together. */
  static fromJSON(saved: SavedSymbols): SymbolIndex {
    if (saved?.format !== SYMBOL_FORMAT) throw new Error(`format ${saved?.format} (now ${SYMBOL_FORMAT})`);
    const s = new SymbolIndex();
    let count = 0;
    for (const [path, sha, packed, ids] of saved.files) {
      const records = unpackSymbols(packed);
      if (records.length !== ids.length) throw new Error(`${path}: ${records.length} definitions, ${ids.length} ids`);
      records.forEach((r, i) => {
        if (s.names[ids[i]] !== undefined || !Number.isInteger(ids[i]) || ids[i] < 0) throw new Error(`${path}: document id ${ids[i]} is not its own`);
        s.put(ids[i], path, r.name, r.qualifiedName, r.kind, r.line, r.endLine, priorOf(path, r.name, r.local));
      });
      s.files.set(path, { sha, ids, packed });
      count += ids.length;
    }
    s.ms = MiniSearch.loadJS<Doc>(saved.index, options());
    if (s.ms.documentCount !== count) throw new Error(`${s.ms.documentCount} documents for ${count} definitions`);
    for (const entry of s.files.values()) for (const id of entry.ids) if (!s.ms.has(id)) throw new Error(`document ${id} is not in the index`);
    if (saved.order.length !== count || saved.order.some((id) => s.names[id] === undefined)) throw new Error('the name order does not list the definitions');
    s.order = saved.order;
    s.next = s.names.length;
    for (let id = 0; id < s.next; id++) if (s.names[id] === undefined) s.free.push(id);
    return s;
  }
}
