// The keyword file's header: its documents, their field lengths and each field's sorted terms.
// A small JSON table (paths, kinds, languages, section sizes), then binary columns and strings
// joined by NUL. All-JSON took 250 ms to parse on the stdlib (17 MB for 89k documents, each path
// repeated per document): the largest part of the first search in a new process.
import type { DocInfo } from './docs';

export interface Header {
  docs: (DocInfo | null)[];
  lengths: number[][];
  fields: { terms: string[]; counts: number[] }[];
}

const SEP = '\0';
/** An id that does not start with its document's path, stored whole. */
const WHOLE = '\u0001';
const DELETED = 0xffff;

/** A string stored as JSON: names come from source text, which may hold a NUL or a lone surrogate. */
const QUOTED = '\u0002';
// Native (ES2024, in Node 20): a regular expression for lone surrogates took a fifth of a save.
const wellFormed = (s: string) => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

/**
 * Kept exactly: a NUL would shift every string after it, and UTF-8 turns a lone surrogate into
 * U+FFFD. Either way the keyword hit's id would no longer be its chunk's, and the hit was lost.
 */
function escaped(s: string): string {
  return s.includes(SEP) || s.startsWith(QUOTED) || !wellFormed(s) ? QUOTED + JSON.stringify(s) : s;
}

function unescaped(s: string): string {
  return s.startsWith(QUOTED) ? (JSON.parse(s.slice(1)) as string) : s;
}

function tableOf(values: Iterable<string>): { list: string[]; index: Map<string, number> } {
  const index = new Map<string, number>();
  for (const v of values) if (!index.has(v)) index.set(v, index.size);
  return { list: [...index.keys()], index };
}

const bytes = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

/** The header as the pieces to write, in order. */
export function encodeHeader(h: Header): Buffer[] {
  const live = h.docs.filter((d): d is DocInfo => !!d);
  const paths = tableOf(live.map((d) => d.path));
  const kinds = tableOf(live.map((d) => d.kind));
  const languages = tableOf(live.map((d) => d.language));
  if (kinds.list.length >= DELETED || languages.list.length >= DELETED) throw new Error('too many kinds or languages for the keyword file');
  const n = h.docs.length;
  const docPath = new Uint32Array(n);
  const docKind = new Uint16Array(n).fill(DELETED);
  const docLanguage = new Uint16Array(n);
  const ids: string[] = [];
  const names: string[] = [];
  const qualified: string[] = [];
  h.docs.forEach((d, i) => {
    if (!d) {
      ids.push('');
      names.push('');
      qualified.push('');
      return;
    }
    docPath[i] = paths.index.get(d.path)!;
    docKind[i] = kinds.index.get(d.kind)!;
    docLanguage[i] = languages.index.get(d.language)!;
    const underPath = d.id.charCodeAt(d.path.length) === 58 /* : */ && d.id.startsWith(d.path);
    ids.push(escaped(underPath ? d.id.slice(d.path.length + 1) : WHOLE + d.id));
    names.push(escaped(d.name));
    qualified.push(escaped(d.qualifiedName));
  });
  const lengths = new Uint32Array(n * h.lengths.length);
  h.lengths.forEach((ls, f) => lengths.set(ls.slice(0, n), f * n));
  const counts = Uint32Array.from(h.fields.flatMap((f) => f.counts));
  const sections = [
    bytes(docPath), bytes(docKind), bytes(docLanguage), bytes(lengths), bytes(counts),
    Buffer.from(ids.join(SEP)), Buffer.from(names.join(SEP)), Buffer.from(qualified.join(SEP)),
    ...h.fields.map((f) => Buffer.from(f.terms.join(SEP))),
  ];
  const table = Buffer.from(
    JSON.stringify({
      docs: n, paths: paths.list, kinds: kinds.list, languages: languages.list,
      terms: h.fields.map((f) => f.terms.length), sizes: sections.map((s) => s.length),
    }),
  );
  const tableLen = Buffer.alloc(4);
  tableLen.writeUInt32LE(table.length, 0);
  return [tableLen, table, ...sections];
}

/** A copy into an aligned array: typed arrays over a file buffer need their element's alignment. */
function aligned<T extends Uint32Array | Uint16Array>(make: new (n: number) => T, b: Buffer): T {
  const out = new make(b.length / make.prototype.BYTES_PER_ELEMENT);
  Buffer.from(out.buffer).set(b);
  return out;
}

const split = (b: Buffer, n: number) => (n ? b.toString('utf8').split(SEP) : []);

export function decodeHeader(buf: Buffer): Header {
  const tableLen = buf.readUInt32LE(0);
  const t = JSON.parse(buf.subarray(4, 4 + tableLen).toString('utf8')) as {
    docs: number; paths: string[]; kinds: string[]; languages: string[]; terms: number[]; sizes: number[];
  };
  let at = 4 + tableLen;
  const sections = t.sizes.map((size) => buf.subarray(at, (at += size)));
  if (at !== buf.length) throw new Error('keyword header sizes do not add up');
  const n = t.docs;
  const [docPath, docKind, docLanguage, lengthsAll, countsAll] = [
    aligned(Uint32Array, sections[0]), aligned(Uint16Array, sections[1]), aligned(Uint16Array, sections[2]),
    aligned(Uint32Array, sections[3]), aligned(Uint32Array, sections[4]),
  ];
  const ids = split(sections[5], n);
  const names = split(sections[6], n);
  const qualified = split(sections[7], n);
  const docs: (DocInfo | null)[] = new Array(n);
  for (let i = 0; i < n; i++) {
    if (docKind[i] === DELETED) {
      docs[i] = null;
      continue;
    }
    const path = t.paths[docPath[i]];
    const id = unescaped(ids[i]);
    docs[i] = {
      id: id.startsWith(WHOLE) ? id.slice(1) : `${path}:${id}`, path, kind: t.kinds[docKind[i]],
      language: t.languages[docLanguage[i]], name: unescaped(names[i]), qualifiedName: unescaped(qualified[i]),
    };
  }
  const fieldCount = t.terms.length;
  const lengths = Array.from({ length: fieldCount }, (_, f) => Array.from(lengthsAll.subarray(f * n, (f + 1) * n)));
  let c = 0;
  const fields = t.terms.map((count, f) => ({ terms: split(sections[8 + f], count), counts: Array.from(countsAll.subarray(c, (c += count))) }));
  return { docs, lengths, fields };
}
