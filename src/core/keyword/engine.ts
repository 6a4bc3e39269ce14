// The keyword side of hybrid search: a BM25F inverted index over four fields — symbol (name,
// qualified name, signature, defined identifiers), doc, text, path — fed with the code-aware terms
// of terms.ts. A term's field frequencies are weighted and added before one saturation. Hand-written, not MiniSearch: on the Python standard library (72.5k chunks) MiniSearch
// took 7.7 s to build, 3.3 s to save, 3.6 s to load and ~250 MB of heap; this index builds in a
// fraction of that, saves and loads a compact binary file, and updates per file in place.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { FIELDS, queryTerms } from './terms';
import { FileTable } from './file-table';
import { FileBuffers, type FileHit as FileHitOf, FileScoring } from './file-scoring';
import { processTerm } from './tokenize';
import type { DocInfo, PackedDocs } from './docs';
import { decodeHeader, encodeHeader } from './header';
import { PostingStore, Vocabulary } from './postings';
import { synonymsOf } from './synonyms';
import { compareIds, lowerBound } from '../base/sorted';

export type { DocInfo };

export interface KeywordHit extends DocInfo {
  score: number;
  /** Query terms this document matched (prefix matches count for their query term). */
  matched: number;
}

export type FileHit = FileHitOf<KeywordHit>;

/** A query term with its weight in the query (how often and where the query says it). */
export interface QueryTerm {
  /** An index term (tokenized, lowercased, stemmed as terms.ts makes them). */
  term: string;
  weight: number;
  /** Also match its synonyms and (in name fields) its prefix completions: for words the user typed. Default true. */
  expand?: boolean;
}

interface ScoredTerm {
  term: string;
  weight: number;
  expand: boolean;
  /** The term's share of the query for coverage: weight × best idf. */
  cover: number;
}

export interface KeywordSearchOptions {
  limit?: number;
  filter?: (doc: DocInfo) => boolean;
  /** Multipliers per field; defaults favour the symbol field. */
  boost?: Partial<Record<(typeof FIELDS)[number], number>>;
  prefix?: boolean;
  synonyms?: boolean;
  /**
   * Extra index terms with a weight below 1 (query expansion): each counts as a query term of its
   * own, its score and its share of the query's coverage scaled by its weight. Matched exactly.
   */
  expansion?: [term: string, weight: number][];
  /** The query's terms with weights, instead of the query text's own terms at weight 1. */
  terms?: QueryTerm[];
  /** At most this many query terms: those with the highest weight × idf (0 or unset: all). */
  maxTerms?: number;
  /** Also rank this many files by whole-file BM25F (`searchWithFiles`). */
  files?: number;
}

const K1 = 1.2;
const PREFIX_WEIGHT = 0.4;
const SYNONYM_WEIGHT = 0.5;
const DEFAULT_BOOST = { symbol: 2, doc: 2, text: 1, path: 1 };
// Length normalisation per field: names are short by nature, a short name is not a better match.
const FIELD_B: Record<(typeof FIELDS)[number], number> = { symbol: 0.3, doc: 0.5, text: 0.75, path: 0.3 };

const ALL_FIELDS = FIELDS.map((_, f) => f);
const SYMBOL_FIELD = FIELDS.indexOf('symbol');
const PREFIX_FIELDS = (['symbol', 'doc'] as const).map((f) => FIELDS.indexOf(f));

function idf(n: number, df: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

const shared = new Map<string, string>();

function interned(s: string): string {
  let t = shared.get(s);
  if (t === undefined) shared.set(s, (t = s));
  return t;
}

const FORMAT = 6; // 6: a binary header (keyword-header.ts); 5: a sha256 of the file after its body
const DIGEST = 32;

/** The keyword file is damaged (or was replaced while being read): rebuilt from the chunk store. */
export class KeywordFileError extends Error {}

/** A file's bytes with what identifies this version of it (inode, size, mtime), read through one descriptor. */
function readStamped(file: string): { buf: Buffer; stamp: string } {
  const fd = fs.openSync(file, 'r');
  try {
    const st = fs.fstatSync(fd, { bigint: true });
    return { buf: fs.readFileSync(fd), stamp: `${st.ino}:${st.size}:${st.mtimeNs}` };
  } finally {
    fs.closeSync(fd);
  }
}

/** The same, off the caller's thread: a keyword file is tens of MB. */
async function readStampedAsync(file: string): Promise<{ buf: Buffer; stamp: string }> {
  const fh = await fs.promises.open(file, 'r');
  try {
    const st = await fh.stat({ bigint: true });
    return { buf: await fh.readFile(), stamp: `${st.ino}:${st.size}:${st.mtimeNs}` };
  } finally {
    await fh.close();
  }
}

function digestOf(body: Uint8Array): Buffer {
  return createHash('sha256').update(body).digest();
}

export class KeywordEngine {
  private docs: (DocInfo | null)[] = [];
  private lengths: number[][] = FIELDS.map(() => []);
  private lengthSums = FIELDS.map(() => 0);
  private vocabulary = new Vocabulary();
  private dict: PostingStore[] = FIELDS.map(() => new PostingStore(this.vocabulary));
  private sorted: (string[] | undefined)[] = FIELDS.map(() => undefined);
  private readonly docsByPath = new Map<string, number[]>();
  /** Content hash (sha256) of each file as this index holds it, to catch up after a crash. */
  readonly fileShas = new Map<string, string>();
  private live = 0;
  private dirty = false;

  static empty(): KeywordEngine {
    return new KeywordEngine();
  }

  get size(): number {
    this.materialize();
    return this.live;
  }

  get isDirty(): boolean {
    return this.dirty;
  }

  paths(): string[] {
    return [...this.fileShas.keys()];
  }

  /** Replaces what the index holds for `path`. */
  setFile(path: string, sha: string, packed: PackedDocs): void {
    this.materialize();
    this.removeFile(path);
    const numbers: number[] = [];
    const { terms, infos, data } = packed;
    // The file's terms looked up once in the vocabulary, and resolved to each field's ids once, not once per posting.
    const vocab = terms.map((t) => this.vocabulary.numberOf(t));
    const ids = FIELDS.map(() => new Int32Array(terms.length).fill(-1));
    let at = 0;
    for (const info of infos) {
      const docNo = this.docs.length;
      // Strings cloned from a worker are new copies per document: one path per file, and one
      // string per kind and language, keep 200k documents' infos about 20 MB smaller.
      info.path = path;
      info.kind = interned(info.kind);
      info.language = interned(info.language);
      this.docs.push(info);
      numbers.push(docNo);
      for (let f = 0; f < FIELDS.length; f++) {
        const len = data[at++];
        const pairs = data[at++];
        this.lengths[f].push(len);
        this.lengthSums[f] += len;
        const dict = this.dict[f];
        const local = ids[f];
        for (let i = 0; i < pairs; i++) {
          const k = data[at++];
          const tf = data[at++];
          if (local[k] < 0) {
            const size = dict.size;
            local[k] = dict.idOfNumber(vocab[k], terms[k]);
            if (dict.size > size) this.sorted[f] = undefined;
          }
          dict.pushId(local[k], docNo, tf);
        }
      }
      this.live++;
    }
    if (numbers.length) this.docsByPath.set(path, numbers);
    this.fileShas.set(path, sha);
    this.dirty = true;
    this.files = undefined;
  }

  removeFile(path: string): void {
    this.materialize();
    const numbers = this.docsByPath.get(path);
    if (numbers) {
      for (const d of numbers) {
        if (!this.docs[d]) continue;
        this.docs[d] = null;
        FIELDS.forEach((_, f) => (this.lengthSums[f] -= this.lengths[f][d]));
        this.live--;
      }
      this.docsByPath.delete(path);
    }
    if (this.fileShas.delete(path)) this.dirty = true;
    this.files = undefined;
    // Deleted documents keep their postings until enough pile up to rebuild.
    const dead = this.docs.length - this.live;
    if (dead > 2000 && dead > this.live) this.compact();
  }

  /** Renumbers documents without the deleted ones and rebuilds postings. */
  compact(): void {
    this.materialize();
    const remap = new Int32Array(this.docs.length).fill(-1);
    const docs: DocInfo[] = [];
    const lengths: number[][] = FIELDS.map(() => []);
    this.docs.forEach((d, i) => {
      if (!d) return;
      remap[i] = docs.length;
      docs.push(d);
      FIELDS.forEach((_, f) => lengths[f].push(this.lengths[f][i]));
    });
    // A new vocabulary: terms no document uses any more are left behind.
    this.vocabulary = new Vocabulary();
    this.dict = this.dict.map((dict) => dict.remapped(remap, this.vocabulary));
    for (const [path, numbers] of this.docsByPath) this.docsByPath.set(path, numbers.map((n) => remap[n]).filter((n) => n >= 0));
    this.docs = docs;
    this.lengths = lengths;
    this.sorted = FIELDS.map(() => undefined);
    this.dirty = true;
    this.files = undefined;
  }

  /** The field's terms in order, sorted once until a new term arrives (prefix expansion and save share it). */
  private sortedTerms(f: number): string[] {
    return (this.sorted[f] ??= [...this.dict[f].terms].sort());
  }

  /**
   * Documents of the field holding term `id`, deleted ones left out: deleted documents keep their
   * postings until a compaction, and counting them made an index after edits rank otherwise than
   * a fresh index of the same files. Without deleted documents it is the postings' count.
   */
  private df(f: number, id: number): number {
    const store = this.dict[f];
    const count = store.count(id);
    if (this.live === this.docs.length) return count;
    const from = store.start(id);
    let live = 0;
    for (let i = from; i < from + count; i++) if (this.docs[store.docs[i]]) live++;
    return live;
  }

  /** Terms of `field` starting with `prefix` (sorted term list, binary search), held by a live document. */
  private expand(f: number, prefix: string, max = 24): string[] {
    const sorted = this.sortedTerms(f);
    const dict = this.dict[f];
    const out: string[] = [];
    for (let i = lowerBound(sorted, prefix); i < sorted.length && out.length < max && sorted[i].startsWith(prefix); i++) {
      if (sorted[i] !== prefix && this.df(f, dict.id(sorted[i])!)) out.push(sorted[i]);
    }
    return out;
  }

  // Score accumulators reused across searches: typed arrays indexed by document number (and file
  // number), reset through the lists of documents and files a search touched.
  private scoreBuf = new Float64Array(0);
  private coverBuf = new Float64Array(0);
  private countBuf = new Uint32Array(0);
  private stampBuf = new Int32Array(0);
  private tfwBuf = new Float64Array(0);
  private files?: FileTable;
  private fileBufs?: FileBuffers;

  search(query: string, opts: KeywordSearchOptions = {}): KeywordHit[] {
    return this.searchWithFiles(query, opts).hits;
  }

  /**
   * Documents ranked by BM25F with query coverage and, when `opts.files` asks for them, files ranked
   * by the same terms over the files' summed fields (whole-file BM25F) in the same pass over the postings.
   */
  searchWithFiles(query: string, opts: KeywordSearchOptions = {}): { hits: KeywordHit[]; files: FileHit[] } {
    this.materialize();
    if (!this.live) return { hits: [], files: [] };
    const terms = this.queryTermsOf(query, opts);
    if (!terms.length) return { hits: [], files: [] };
    const boost = { ...DEFAULT_BOOST, ...opts.boost };
    const nDocs = this.docs.length;
    if (this.scoreBuf.length < nDocs) {
      const size = nDocs * 1.25 + 16;
      this.scoreBuf = new Float64Array(size);
      this.coverBuf = new Float64Array(size);
      this.countBuf = new Uint32Array(size);
      this.stampBuf = new Int32Array(size);
      this.tfwBuf = new Float64Array(size);
    }
    const scores = this.scoreBuf;
    const cover = this.coverBuf;
    const count = this.countBuf;
    const stamp = this.stampBuf;
    const tfw = this.tfwBuf;
    const touched: number[] = [];
    const n = this.live;
    const fileScoring = (opts.files ?? 0) > 0 ? this.fileScoring(boost) : undefined;
    // A document's coverage of the query is the share of the query's weight it matches (Lucene's
    // "coord"): a chunk matching most of a question beats one matching two rare words in a short name.
    const totalWeight = terms.reduce((a, t) => a + t.cover, 0) || 1;
    terms.forEach((qt, qi) => {
      // The term itself, then its synonyms and (in name-like fields) its prefix completions.
      const variants = new Map<string, number>([[qt.term, qt.weight]]);
      if (qt.expand && opts.synonyms !== false) for (const t of synonymsOf(qt.term)) if (!variants.has(t)) variants.set(t, qt.weight * SYNONYM_WEIGHT);
      const prefixed = new Map<string, number>();
      // Prefixes complete names (`pars` → parse_header); in code and paths they only add noise
      // and cost (their posting lists are the longest).
      if (qt.expand && opts.prefix !== false && qt.term.length >= 4) {
        for (const f of PREFIX_FIELDS) for (const t of this.expand(f, qt.term, 12)) if (!variants.has(t)) prefixed.set(t, qt.weight * PREFIX_WEIGHT * (qt.term.length / t.length));
      }
      for (const [t, weight] of [...variants, ...prefixed]) {
        const fields = variants.has(t) ? ALL_FIELDS : PREFIX_FIELDS;
        // BM25F: the variant's frequencies, length-normalised per field and weighted by the field's
        // boost, add up before one saturation. Saturating each field on its own let a word that a
        // name, its signature, its docstring and its code all repeat count four times over.
        let df = 0;
        const hit: number[] = [];
        for (const f of fields) {
          const store = this.dict[f];
          const id = store.id(t);
          if (id === undefined) continue;
          df = Math.max(df, this.df(f, id));
          const b = FIELD_B[FIELDS[f]];
          const avg = this.lengthSums[f] / n || 1;
          const lengths = this.lengths[f];
          const w = boost[FIELDS[f]];
          const { docs, tfs } = store;
          const from = store.start(id);
          const to = from + store.count(id);
          for (let i = from; i < to; i++) {
            const d = docs[i];
            if (tfw[d] === 0) hit.push(d);
            tfw[d] += (w * tfs[i]) / (1 - b + (b * lengths[d]) / avg);
          }
          fileScoring?.add(f, docs, tfs, from, to);
        }
        if (!df) {
          // Only deleted documents hold it: as if the term were not there.
          for (const d of hit) tfw[d] = 0;
          continue;
        }
        const w = weight * idf(n, df);
        for (const d of hit) {
          const x = tfw[d];
          tfw[d] = 0;
          if (count[d] === 0 && scores[d] === 0) touched.push(d);
          scores[d] += (w * x * (K1 + 1)) / (x + K1);
          if (stamp[d] !== qi + 1) {
            stamp[d] = qi + 1;
            cover[d] += qt.cover;
            count[d]++;
          }
        }
        fileScoring?.settle(weight, qi, qt.cover);
      }
    });
    const limit = opts.limit ?? 50;
    const best: { d: number; score: number; matched: number }[] = [];
    let floor = -Infinity;
    // Equal scores (build copies of one function) in a fixed order, not the order files were indexed in.
    const order = (a: { d: number; score: number }, b: { d: number; score: number }) =>
      b.score - a.score || compareIds(this.docs[a.d]!.id, this.docs[b.d]!.id);
    for (const d of touched) {
      const score = scores[d] * (cover[d] / totalWeight);
      const matched = count[d];
      scores[d] = 0;
      cover[d] = 0;
      count[d] = 0;
      stamp[d] = 0;
      const info = this.docs[d];
      if (!info) continue;
      fileScoring?.offer(d, score, matched, opts.filter);
      if (best.length >= limit * 4 && score <= floor) continue;
      if (opts.filter && !opts.filter(info)) continue;
      best.push({ d, score, matched });
      // Keep the candidate list bounded: trim to the best `limit` whenever it grows large.
      if (best.length >= limit * 8) {
        best.sort(order);
        best.length = limit * 4;
        floor = best[best.length - 1].score;
      }
    }
    best.sort(order);
    const hitOf = (d: number, score: number, matched: number): KeywordHit => ({ ...this.docs[d]!, score, matched });
    const hits = best.slice(0, limit).map(({ d, score, matched }) => hitOf(d, score, matched));
    const files = fileScoring ? fileScoring.ranked(opts.files!, totalWeight, hitOf) : [];
    return { hits, files };
  }

  /**
   * The query's terms with their weights: the caller's (`opts.terms`), else the text's own at weight 1,
   * plus expansion terms; the best `maxTerms` by weight × idf when there are more.
   */
  private queryTermsOf(query: string, opts: KeywordSearchOptions): ScoredTerm[] {
    const own: QueryTerm[] = opts.terms ?? queryTerms(query).map((term) => ({ term, weight: 1, expand: true }));
    const ownSet = new Set(own.map((t) => t.term));
    const extra = (opts.expansion ?? []).filter(([t]) => !ownSet.has(t)).slice(0, 12);
    let terms: ScoredTerm[] = [
      ...own.map((t) => ({ term: t.term, weight: t.weight, expand: t.expand !== false, cover: 0 })),
      ...extra.map(([term, weight]) => ({ term, weight, expand: false, cover: 0 })),
    ];
    // Each term's share of the query: its weight times its best idf over the fields.
    for (const t of terms) t.cover = t.weight * this.bestIdf(t.term);
    const max = opts.maxTerms ?? 0;
    if (max > 0 && terms.length > max) {
      const keep = new Set([...terms].sort((a, b) => b.cover - a.cover || (a.term < b.term ? -1 : 1)).slice(0, max));
      terms = terms.filter((t) => keep.has(t));
    }
    return terms;
  }

  /** The term's highest idf over the fields that have it (its rarest use), 0 when no field has it. */
  private bestIdf(term: string): number {
    let best = 0;
    for (let f = 0; f < this.dict.length; f++) {
      const id = this.dict[f].id(term);
      const df = id === undefined ? 0 : this.df(f, id);
      if (df) best = Math.max(best, idf(this.live, df));
    }
    return best;
  }

  /** Per-search file scoring over this index's file table (built on first use after a change). */
  private fileScoring(boost: Record<(typeof FIELDS)[number], number>): FileScoring {
    const table = this.fileTable();
    if (!this.fileBufs || this.fileBufs.size < table.size) this.fileBufs = new FileBuffers(table.size);
    return new FileScoring(table, this.fileBufs, this.docs, FIELD_B, boost);
  }

  /** The table of indexed files (numbers, lengths, base names). */
  fileTable(): FileTable {
    this.materialize();
    return (this.files ??= new FileTable(this.docs, this.lengths));
  }

  /** The documents of one file. */
  docsOf(path: string): DocInfo[] {
    this.materialize();
    return (this.docsByPath.get(path) ?? []).map((d) => this.docs[d]).filter((d): d is DocInfo => !!d);
  }

  /**
   * Definitions called `name` (the whole name, or the last part of a qualified one): found through the
   * symbol field's postings of the name's own term, so the cost is that term's posting list.
   */
  definitionsNamed(name: string): DocInfo[] {
    this.materialize();
    const term = processTerm(name);
    const store = this.dict[SYMBOL_FIELD];
    const id = term ? store.id(term) : undefined;
    if (id === undefined) return [];
    const out: DocInfo[] = [];
    const from = store.start(id);
    const to = from + store.count(id);
    for (let i = from; i < to; i++) {
      const d = this.docs[store.docs[i]];
      if (d && (d.name === name || d.qualifiedName === name || d.qualifiedName.endsWith('.' + name))) out.push(d);
    }
    return out;
  }

  /** Inverse document frequency of an index term (its best field), 0 for a term the index lacks. */
  idf(term: string): number {
    this.materialize();
    let df = 0;
    this.dict.forEach((d, f) => {
      const id = d.id(term);
      if (id !== undefined) df = Math.max(df, this.df(f, id));
    });
    return df ? idf(this.live, df) : 0;
  }

  /**
   * Binary file: the file list, a header (documents, terms, offsets: header.ts), then the postings
   * arrays. Atomic; written piece by piece through async writes, so the caller's thread serves
   * other work between pieces.
   */
  async save(file: string): Promise<void> {
    if (this.pending && !this.dirty) return;
    await this.ensureLoaded();
    if (this.docs.length - this.live > this.live * 0.1) this.compact();
    let total = 0;
    // Sorted on disk so a loaded index can expand prefixes without sorting again.
    // Each term's id looked up once: the postings below are laid out in the same order.
    const ids = this.dict.map((dict, f) => this.sortedTerms(f).map((t) => dict.id(t)!));
    const fieldsHeader = this.dict.map((dict, f) => {
      const counts = ids[f].map((id) => dict.count(id));
      for (const n of counts) total += n;
      return { terms: this.sortedTerms(f), counts };
    });
    const shas = Buffer.from(JSON.stringify({ format: FORMAT, fileShas: Object.fromEntries(this.fileShas) }));
    // Written piece by piece: building the whole header and postings in memory first was the
    // peak of a cold index (+100 MB of heap on the node_modules tree).
    const tmp = `${file}.${process.pid}.tmp`;
    const header = encodeHeader({ docs: this.docs, lengths: this.lengths, fields: fieldsHeader });
    const fh = await fs.promises.open(tmp, 'w');
    try {
      let pos = 0;
      // The checksum of the body, hashed as it is written: every size is known before it is written.
      const hash = createHash('sha256');
      const write = async (b: Uint8Array) => {
        hash.update(b);
        await fh.write(b, 0, b.length, pos);
        pos += b.length;
      };
      const lens = Buffer.alloc(12);
      lens.writeUInt32LE(shas.length, 0);
      await write(lens.subarray(0, 4));
      await write(shas);
      lens.writeUInt32LE(header.reduce((a, b) => a + b.length, 0), 4);
      lens.writeUInt32LE(total, 8);
      await write(lens.subarray(4));
      for (const piece of header) await write(piece);
      // Postings: every field's document numbers, then every field's term frequencies.
      for (const part of ['docs', 'tfs'] as const) {
        for (let f = 0; f < this.dict.length; f++) {
          const store = this.dict[f];
          const n = fieldsHeader[f].counts.reduce((a, b) => a + b, 0);
          const out = part === 'docs' ? new Uint32Array(n) : new Uint16Array(n);
          const pool = store[part];
          let at = 0;
          for (const id of ids[f]) {
            const from = store.start(id);
            const c = store.count(id);
            out.set(pool.subarray(from, from + c), at);
            at += c;
          }
          await write(new Uint8Array(out.buffer, out.byteOffset, out.byteLength));
        }
      }
      await fh.write(hash.digest(), 0, DIGEST, pos);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await fs.promises.rename(tmp, file);
    this.dirty = false;
  }

  /** The file whose postings are read on first use; until then only `fileShas` is loaded. */
  private pending?: { file: string; offset: number; digest: Buffer; stamp: string };

  /**
   * The index in `file`, or why it cannot be used. The whole file is checked against its
   * sha256 (~25 ms for the 7.5 MB of 5,000 files): a changed byte anywhere is damage, found
   * here rather than by the first search.
   */
  static async read(file: string): Promise<{ index?: KeywordEngine; error?: string }> {
    let buf: Buffer;
    let stamp: string;
    try {
      ({ buf, stamp } = await readStampedAsync(file));
    } catch (err) {
      return { error: (err as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : (err as Error).message };
    }
    try {
      if (buf.length < 12 + DIGEST) return { error: `${buf.length} bytes: too short` };
      const shasLen = buf.readUInt32LE(0);
      if (shasLen + 12 + DIGEST > buf.length) return { error: 'sizes do not add up' };
      const shas = JSON.parse(buf.subarray(4, 4 + shasLen).toString('utf8'));
      // An older format is not damage: it is rebuilt from the chunk store, as a lost file is.
      if (shas.format !== FORMAT) return { error: `format ${shas.format} (now ${FORMAT})` };
      const headerLen = buf.readUInt32LE(4 + shasLen);
      const total = buf.readUInt32LE(8 + shasLen);
      const bodyLen = 4 + shasLen + 8 + headerLen + total * 6;
      if (bodyLen + DIGEST !== buf.length) return { error: 'sizes do not add up' };
      const digest = buf.subarray(bodyLen);
      if (!digestOf(buf.subarray(0, bodyLen)).equals(digest)) return { error: 'checksum mismatch' };
      const k = new KeywordEngine();
      for (const [p, sha] of Object.entries(shas.fileShas as Record<string, string>)) k.fileShas.set(p, sha);
      k.pending = { file, offset: 4 + shasLen, digest: Buffer.from(digest), stamp };
      return { index: k };
    } catch (err) {
      return { error: (err as Error).message };
    }
  }

  /**
   * Reads the postings of a lazily opened index without blocking the caller's thread. Searches and
   * writers call it first; a method that finds them still unread reads them synchronously.
   */
  async ensureLoaded(): Promise<void> {
    const pending = this.pending;
    if (!pending) return;
    const read = await readStampedAsync(pending.file);
    if (this.pending === pending) this.materialize(read);
  }

  /** Reads the postings of a lazily opened index (from `read`, else from disk now). */
  private materialize(read?: { buf: Buffer; stamp: string }): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    const { buf: file, stamp } = read ?? readStamped(pending.file);
    const body = file.subarray(0, file.length - DIGEST);
    // The same file as at load, still whole: else its postings may not match the file list read then.
    // The same inode, size and mtime as when load() checked its sha256: not hashed a second time
    // (~70 ms per search on an 80 MB file); a rewrite (saved by rename) or any write changes them.
    const sameDigest = file.subarray(body.length).equals(pending.digest);
    if (!sameDigest || (stamp !== pending.stamp && !digestOf(body).equals(pending.digest))) {
      throw new KeywordFileError(`the keyword index file ${pending.file} changed or is damaged since it was opened; run \`coderag index\``);
    }
    const buf = body.subarray(pending.offset);
    const headerLen = buf.readUInt32LE(0);
    const total = buf.readUInt32LE(4);
    const h = decodeHeader(buf.subarray(8, 8 + headerLen));
    const start = 8 + headerLen;
    // Copy into aligned buffers: typed arrays over the file buffer need 4-byte alignment.
    const docs = new Uint32Array(total);
    Buffer.from(docs.buffer).set(buf.subarray(start, start + total * 4));
    const tfs = new Uint16Array(total);
    Buffer.from(tfs.buffer).set(buf.subarray(start + total * 4, start + total * 6));
    this.docs = h.docs;
    this.lengths = h.lengths;
    this.files = undefined;
    this.lengthSums = this.lengths.map((ls) => ls.reduce((a, b, i) => (this.docs[i] ? a + b : a), 0));
    this.live = this.docs.filter(Boolean).length;
    this.docs.forEach((d, i) => {
      if (!d) return;
      const list = this.docsByPath.get(d.path);
      if (list) list.push(i);
      else this.docsByPath.set(d.path, [i]);
    });
    let at = 0;
    this.sorted = h.fields.map((f) => f.terms);
    const vocabulary = (this.vocabulary = new Vocabulary());
    this.dict = h.fields.map(({ terms, counts }) => {
      const n = counts.reduce((a, b) => a + b, 0);
      // Views, not copies: a view is exactly full, so the first change moves that field to a pool of its own.
      const store = PostingStore.fromLists(terms, counts, docs.subarray(at, at + n), tfs.subarray(at, at + n), vocabulary);
      at += n;
      return store;
    });
  }
}
