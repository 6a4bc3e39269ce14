// The postings of one keyword field: each term's (document, term frequency) list, all lists in
// two shared pools. One object per field instead of two typed arrays per term: 190k terms made
// 400k small heap objects that every major GC of the index thread marked again.

import { grown, hashOf, TokenTable } from '../base/token-table';
import { lowerBound } from '../base/sorted';

/**
 * The terms of a keyword index numbered once for all its fields. A Map per field looked each new
 * file's terms up once per field they occur in (a third of the index thread's work on a cold
 * index) and held four entries for a term the four fields share.
 */
export class Vocabulary {
  private readonly index = new TokenTable(1 << 16);

  /** The number of `term`, or -1. */
  find(term: string): number {
    return this.index.find(term, 0, term.length, hashOf(term));
  }

  numberOf(term: string): number {
    const hash = hashOf(term);
    const n = this.index.find(term, 0, term.length, hash);
    return n >= 0 ? n : this.index.add(term, 0, term.length, hash);
  }
}

export class PostingStore {
  /** Per vocabulary number: this field's term id + 1 (0: the field lacks the term). */
  private local = new Int32Array(1024);
  /** Term of each term id, in order of first appearance (sorted, in a store read from a file). */
  terms: string[] = [];
  /**
   * A store read from a file finds its terms by binary search in `terms` until its first change:
   * numbering 260k terms in the vocabulary took 250 ms of the first search in a new process.
   */
  private sortedLookup = false;
  private off = new Int32Array(1024);
  private len = new Int32Array(1024);
  private cap = new Int32Array(1024);
  docs: Uint32Array = new Uint32Array(1 << 12);
  tfs: Uint16Array = new Uint16Array(1 << 12);
  /** Pool slots handed out; those of lists that moved on are `used - live`. */
  private used = 0;
  private live = 0;

  constructor(readonly vocabulary = new Vocabulary()) {}

  get size(): number {
    return this.terms.length;
  }

  id(term: string): number | undefined {
    if (this.sortedLookup) {
      const i = lowerBound(this.terms, term);
      return i < this.terms.length && this.terms[i] === term ? i : undefined;
    }
    const n = this.vocabulary.find(term);
    return n >= 0 && n < this.local.length && this.local[n] > 0 ? this.local[n] - 1 : undefined;
  }

  /** Documents listing the term (deleted ones included until the index compacts). */
  count(id: number): number {
    return this.len[id];
  }

  start(id: number): number {
    return this.off[id];
  }

  /** Appends to the term's list; true when the term is new. */
  push(term: string, doc: number, tf: number): boolean {
    const size = this.size;
    this.pushId(this.idOf(term), doc, tf);
    return this.size > size;
  }

  /** The term's id, made on first sight. */
  idOf(term: string): number {
    return this.idOfNumber(this.vocabulary.numberOf(term), term);
  }

  /** The id of the term with this vocabulary number, made on first sight. */
  idOfNumber(n: number, term: string): number {
    if (this.sortedLookup) this.numberTerms();
    if (n >= this.local.length) this.local = grown(this.local, n + 1);
    if (this.local[n] > 0) return this.local[n] - 1;
    const id = this.terms.length;
    this.terms.push(term);
    this.local[n] = id + 1;
    if (id === this.off.length) this.growTerms();
    return id;
  }

  pushId(id: number, doc: number, tf: number): void {
    if (this.len[id] === this.cap[id]) this.move(id, Math.max(2, this.cap[id] * 2));
    const at = this.off[id] + this.len[id]++;
    this.docs[at] = doc;
    this.tfs[at] = Math.min(tf, 65535);
    this.live++;
  }

  /** A new store with documents renumbered (`remap[d] < 0`: dropped) and emptied terms gone. */
  remapped(remap: Int32Array, vocabulary = new Vocabulary()): PostingStore {
    const next = new PostingStore(vocabulary);
    for (let id = 0; id < this.terms.length; id++) {
      const end = this.off[id] + this.len[id];
      for (let i = this.off[id]; i < end; i++) {
        const d = remap[this.docs[i]];
        if (d >= 0) next.push(this.terms[id], d, this.tfs[i]);
      }
    }
    return next;
  }

  /** A store over lists laid end to end in `docs`/`tfs` (a saved index), in `terms` order. */
  static fromLists(terms: string[], counts: number[], docs: Uint32Array, tfs: Uint16Array, vocabulary = new Vocabulary()): PostingStore {
    const s = new PostingStore(vocabulary);
    const n = terms.length;
    s.off = new Int32Array(Math.max(n, 16));
    s.len = new Int32Array(s.off.length);
    s.cap = new Int32Array(s.off.length);
    s.terms = terms.slice();
    s.sortedLookup = true;
    for (let id = 1; id < n; id++) if (!(terms[id - 1] < terms[id])) s.sortedLookup = false;
    if (!s.sortedLookup) s.numberTerms();
    let at = 0;
    terms.forEach((_, id) => {
      s.off[id] = at;
      s.len[id] = s.cap[id] = counts[id];
      at += counts[id];
    });
    s.docs = docs;
    s.tfs = tfs;
    s.used = s.live = at;
    return s;
  }

  /** Numbers the terms in the vocabulary, for a store that is about to change. */
  private numberTerms(): void {
    this.sortedLookup = false;
    const terms = this.terms;
    if (this.local.length < terms.length) this.local = new Int32Array(terms.length);
    for (let id = 0; id < terms.length; id++) {
      const n = this.vocabulary.numberOf(terms[id]);
      if (n >= this.local.length) this.local = grown(this.local, n + 1);
      this.local[n] = id + 1;
    }
  }

  private growTerms(): void {
    this.off = grown(this.off, 0);
    this.len = grown(this.len, 0);
    this.cap = grown(this.cap, 0);
  }

  /** Gives the list a larger region at the pool's end; the pool is packed when half of it is stale. */
  private move(id: number, cap: number): void {
    if (this.used + cap > this.docs.length) {
      if (this.used - this.live > this.docs.length / 2) this.pack();
      if (this.used + cap > this.docs.length) this.growPool(this.used + cap);
    }
    const from = this.off[id];
    const n = this.len[id];
    this.docs.copyWithin(this.used, from, from + n);
    this.tfs.copyWithin(this.used, from, from + n);
    this.off[id] = this.used;
    this.cap[id] = cap;
    this.used += cap;
  }

  private growPool(min: number): void {
    // 1.5×, not 2×: the first change after loading a saved index grows a pool that is exactly full.
    const size = Math.max(min, Math.ceil(this.docs.length * 1.5));
    const docs = new Uint32Array(size);
    docs.set(this.docs.subarray(0, this.used));
    const tfs = new Uint16Array(size);
    tfs.set(this.tfs.subarray(0, this.used));
    this.docs = docs;
    this.tfs = tfs;
  }

  /** Lays the lists end to end again, each keeping a little room to grow. */
  private pack(): void {
    let total = 0;
    for (let id = 0; id < this.terms.length; id++) total += this.len[id] + (this.len[id] >> 2) + 1;
    let size = this.docs.length;
    while (size < total * 1.5) size *= 2;
    const docs = new Uint32Array(size);
    const tfs = new Uint16Array(size);
    let at = 0;
    for (let id = 0; id < this.terms.length; id++) {
      const n = this.len[id];
      docs.set(this.docs.subarray(this.off[id], this.off[id] + n), at);
      tfs.set(this.tfs.subarray(this.off[id], this.off[id] + n), at);
      this.off[id] = at;
      this.cap[id] = n + (n >> 2) + 1;
      at += this.cap[id];
    }
    this.docs = docs;
    this.tfs = tfs;
    this.used = at;
  }
}
