// A token's processed term ids, memoized per thread in flat typed arrays: the token's characters
// and its ids live in pools, a slot holds offsets. The keyword terms of a file look up every
// identifier occurrence here; a memo of strings and an Int32Array per token cost five scattered
// memory reads a lookup and 150 bytes a token, this costs two reads and about 60 bytes.

const EMPTY = 0;

export class TermMemo {
  private hashes: Int32Array;
  /** Per slot: where its token's characters start in `chars`, and how many (0: empty slot). */
  private keyAt: Int32Array;
  private keyLen: Int32Array;
  /** Per slot: where its term ids start in `ids`, and how many. */
  idsAt: Int32Array;
  idsLen: Int32Array;
  private chars = new Uint16Array(1 << 16);
  private charsUsed = 0;
  ids = new Int32Array(1 << 14);
  private idsUsed = 0;
  private count = 0;

  constructor(private readonly maxEntries: number, capacity = 1 << 14) {
    this.hashes = new Int32Array(capacity);
    this.keyAt = new Int32Array(capacity);
    this.keyLen = new Int32Array(capacity);
    this.idsAt = new Int32Array(capacity);
    this.idsLen = new Int32Array(capacity);
  }

  get size(): number {
    return this.count;
  }

  /** The slot of the token text[start, end) (non-empty) with its hash, or -1. */
  find(text: string, start: number, end: number, hash: number): number {
    const mask = this.hashes.length - 1;
    const len = end - start;
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const n = this.keyLen[i];
      if (n === EMPTY) return -1;
      if (this.hashes[i] === hash && n === len && this.sameChars(this.keyAt[i], text, start, len)) return i;
    }
  }

  /** Stores the token's term ids and returns its slot; forgets everything first once full. */
  add(text: string, start: number, end: number, hash: number, termIds: ArrayLike<number>): number {
    if (this.count >= this.maxEntries) this.clear();
    if (2 * (this.count + 1) > this.hashes.length) this.grow();
    const len = end - start;
    if (this.charsUsed + len > this.chars.length) this.chars = grown(this.chars, this.charsUsed + len);
    for (let j = 0; j < len; j++) this.chars[this.charsUsed + j] = text.charCodeAt(start + j);
    if (this.idsUsed + termIds.length > this.ids.length) this.ids = grown(this.ids, this.idsUsed + termIds.length);
    for (let j = 0; j < termIds.length; j++) this.ids[this.idsUsed + j] = termIds[j];
    const slot = this.insert(hash, this.charsUsed, len, this.idsUsed, termIds.length);
    this.charsUsed += len;
    this.idsUsed += termIds.length;
    this.count++;
    return slot;
  }

  clear(): void {
    this.keyLen.fill(EMPTY);
    this.count = 0;
    this.charsUsed = 0;
    this.idsUsed = 0;
  }

  private sameChars(at: number, text: string, start: number, len: number): boolean {
    const chars = this.chars;
    for (let j = 0; j < len; j++) if (chars[at + j] !== text.charCodeAt(start + j)) return false;
    return true;
  }

  private insert(hash: number, keyAt: number, keyLen: number, idsAt: number, idsLen: number): number {
    const mask = this.hashes.length - 1;
    let i = hash & mask;
    while (this.keyLen[i] !== EMPTY) i = (i + 1) & mask;
    this.hashes[i] = hash;
    this.keyAt[i] = keyAt;
    this.keyLen[i] = keyLen;
    this.idsAt[i] = idsAt;
    this.idsLen[i] = idsLen;
    return i;
  }

  private grow(): void {
    const { hashes, keyAt, keyLen, idsAt, idsLen } = this;
    const size = hashes.length * 2;
    this.hashes = new Int32Array(size);
    this.keyAt = new Int32Array(size);
    this.keyLen = new Int32Array(size);
    this.idsAt = new Int32Array(size);
    this.idsLen = new Int32Array(size);
    for (let i = 0; i < hashes.length; i++) if (keyLen[i] !== EMPTY) this.insert(hashes[i], keyAt[i], keyLen[i], idsAt[i], idsLen[i]);
  }
}

function grown<T extends Uint16Array | Int32Array>(a: T, min: number): T {
  const b = new (a.constructor as { new (n: number): T })(Math.max(min, a.length * 2));
  b.set(a);
  return b;
}
