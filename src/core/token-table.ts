// A memo from a token, read in place from the text it occurs in, to a value. Map<string, …>
// needs each token cut out as a fresh string and hashed by V8: on the Python standard library
// that lookup was the largest single cost of the keyword terms. Here the scanner's own hash of
// the characters finds the slot, and a hit compares characters without cutting anything.

export class TokenTable<V> {
  private hashes: Int32Array;
  private keys: (string | undefined)[];
  private values: (V | undefined)[];
  private count = 0;

  constructor(private readonly maxEntries: number, capacity = 1 << 14) {
    this.hashes = new Int32Array(capacity);
    this.keys = new Array(capacity);
    this.values = new Array(capacity);
  }

  get size(): number {
    return this.count;
  }

  /** The value for text[start, end) with the given hash, or undefined. */
  get(text: string, start: number, end: number, hash: number): V | undefined {
    const i = this.slotOf(text, start, end, hash);
    return i < 0 ? undefined : this.values[i];
  }

  /** The slot holding text[start, end), or -1: for callers that update values in place. */
  slotOf(text: string, start: number, end: number, hash: number): number {
    const mask = this.keys.length - 1;
    const len = end - start;
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const key = this.keys[i];
      if (key === undefined) return -1;
      if (this.hashes[i] === hash && key.length === len && sameChars(key, text, start)) return i;
    }
  }

  keyAt(slot: number): string {
    return this.keys[slot]!;
  }

  valueAt(slot: number): V {
    return this.values[slot]!;
  }

  setValueAt(slot: number, value: V): void {
    this.values[slot] = value;
  }

  /** Stores a value for `key` (whose hash is `hash`); forgets everything once full. */
  set(key: string, hash: number, value: V): void {
    if (this.count >= this.maxEntries) this.clear();
    if (2 * (this.count + 1) > this.keys.length) this.grow();
    this.insert(key, hash, value);
    this.count++;
  }

  clear(): void {
    this.keys.fill(undefined);
    this.values.fill(undefined);
    this.count = 0;
  }

  private insert(key: string, hash: number, value: V): void {
    const mask = this.keys.length - 1;
    let i = hash & mask;
    while (this.keys[i] !== undefined) i = (i + 1) & mask;
    this.keys[i] = key;
    this.hashes[i] = hash;
    this.values[i] = value;
  }

  private grow(): void {
    const { keys, hashes, values } = this;
    this.keys = new Array(keys.length * 2);
    this.hashes = new Int32Array(keys.length * 2);
    this.values = new Array(keys.length * 2);
    for (let i = 0; i < keys.length; i++) if (keys[i] !== undefined) this.insert(keys[i]!, hashes[i], values[i]!);
  }
}

function sameChars(key: string, text: string, start: number): boolean {
  for (let j = 0; j < key.length; j++) if (key.charCodeAt(j) !== text.charCodeAt(start + j)) return false;
  return true;
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
