// Tokens read in place from the text they occur in, numbered in order of first sight. Callers
// keep what they know about a token in arrays indexed by that number. Map<string, …> needed each
// token cut out as a fresh string and hashed by V8, and a string key per token is a scattered read
// on every hit: here the scanner's own hash finds the slot and a hit compares the characters with a
// copy kept in one pool (keyword terms of the stdlib: twice as fast, 60 bytes a token, not 150).

const EMPTY = 0;

export class TokenTable {
  private hashes: Int32Array;
  /** Per slot: the token's number + 1 (EMPTY: free slot). */
  private entries: Int32Array;
  /** Per token number: where its characters start in the pool, and how many. */
  private keyAt = new Int32Array(1 << 12);
  private keyLen = new Int32Array(1 << 12);
  private chars = new Uint16Array(1 << 16);
  private charsUsed = 0;
  private count = 0;

  constructor(capacity = 1 << 14) {
    this.hashes = new Int32Array(capacity);
    this.entries = new Int32Array(capacity);
  }

  /** How many tokens are numbered; the next one gets this number. */
  get size(): number {
    return this.count;
  }

  /** The number of the token text[start, end) with the given hash, or -1. */
  find(text: string, start: number, end: number, hash: number): number {
    const mask = this.hashes.length - 1;
    const len = end - start;
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const e = this.entries[i];
      if (e === EMPTY) return -1;
      if (this.hashes[i] === hash && this.keyLen[e - 1] === len && this.sameChars(this.keyAt[e - 1], text, start, len)) return e - 1;
    }
  }

  /** Numbers the token text[start, end) (not yet known) and returns its number. */
  add(text: string, start: number, end: number, hash: number): number {
    if (2 * (this.count + 1) > this.hashes.length) this.grow();
    const n = this.count++;
    const len = end - start;
    if (n === this.keyAt.length) {
      this.keyAt = grown(this.keyAt, n + 1);
      this.keyLen = grown(this.keyLen, n + 1);
    }
    if (this.charsUsed + len > this.chars.length) this.chars = grown(this.chars, this.charsUsed + len);
    for (let j = 0; j < len; j++) this.chars[this.charsUsed + j] = text.charCodeAt(start + j);
    this.keyAt[n] = this.charsUsed;
    this.keyLen[n] = len;
    this.charsUsed += len;
    this.insert(hash, n + 1);
    return n;
  }

  /** Forgets every token: numbering starts again at 0. */
  clear(): void {
    this.entries.fill(EMPTY);
    this.count = 0;
    this.charsUsed = 0;
  }

  private sameChars(at: number, text: string, start: number, len: number): boolean {
    const chars = this.chars;
    for (let j = 0; j < len; j++) if (chars[at + j] !== text.charCodeAt(start + j)) return false;
    return true;
  }

  private insert(hash: number, entry: number): void {
    const mask = this.hashes.length - 1;
    let i = hash & mask;
    while (this.entries[i] !== EMPTY) i = (i + 1) & mask;
    this.hashes[i] = hash;
    this.entries[i] = entry;
  }

  private grow(): void {
    const { hashes, entries } = this;
    this.hashes = new Int32Array(hashes.length * 2);
    this.entries = new Int32Array(hashes.length * 2);
    for (let i = 0; i < hashes.length; i++) if (entries[i] !== EMPTY) this.insert(hashes[i], entries[i]);
  }
}

/** A larger copy of a typed array (at least `min` long, at least twice as long). */
export function grown<T extends Uint16Array | Int32Array>(a: T, min: number): T {
  const b = new (a.constructor as new (n: number) => T)(Math.max(min, a.length * 2));
  b.set(a);
  return b;
}

export const FNV_BASIS = 0x811c9dc5 | 0;
export const FNV_PRIME = 0x01000193;

/** FNV-1a over UTF-16 code units of s[start, end): the hash TokenTable expects. */
export function hashOf(s: string, start = 0, end = s.length): number {
  let h = FNV_BASIS;
  for (let i = start; i < end; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return h;
}

/**
 * A copy that holds no reference to the text it was cut from, for keys that outlive their text.
 * V8 keeps a substring of 13+ characters as a view on its parent: a memo keyed by such views kept
 * whole files alive (a parse worker's live heap was 93 MB after the node_modules tree, most of it sources).
 */
export function own(s: string): string {
  return s.length < 13 ? s : (JSON.parse(JSON.stringify(s)) as string);
}
