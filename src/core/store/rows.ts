// How a Chunk and a file record are laid out in LanceDB, and back.
import { hash } from 'node:crypto';
import * as arrow from 'apache-arrow';
import type { Chunk, ChunkKind } from '../base/types';

export interface ChunkRow {
  id: string;
  groupId: string;
  path: string;
  language: string;
  kind: string;
  name: string;
  qualifiedName: string;
  startLine: number;
  endLine: number;
  title: string;
  text: string;
  signature: string;
  contentHash: string;
  /** The rest of the metadata as JSON: parameters, decorators, visibility, complexity, defines, … */
  meta: string;
  /** Hash of every column above (CHECKED_COLUMNS), made with the row: what is read back is checked against it. */
  checksum: string;
  embedded: boolean;
  vector: number[] | Float32Array | null;
}

export interface FileRow {
  path: string;
  sha256: string;
  size: number;
  mtimeMs: number;
  language: string;
  chunkCount: number;
  /** 'indexed', 'tags' (repo map only), or 'skipped' for files the parser turned away (binary, minified…). */
  state: string;
  /** Why a skipped file was skipped (a SkipReason); '' otherwise. */
  reason: string;
  /** The skip's detail, why the file fell back to line windows, or a decoding note. */
  note: string;
}

export function chunkSchema(dim: number): arrow.Schema {
  const utf8 = (name: string) => new arrow.Field(name, new arrow.Utf8(), false);
  return new arrow.Schema([
    utf8('id'), utf8('groupId'), utf8('path'), utf8('language'), utf8('kind'), utf8('name'), utf8('qualifiedName'),
    new arrow.Field('startLine', new arrow.Int32(), false),
    new arrow.Field('endLine', new arrow.Int32(), false),
    utf8('title'), utf8('text'), utf8('signature'), utf8('contentHash'), utf8('meta'), utf8('checksum'),
    new arrow.Field('embedded', new arrow.Bool(), false),
    new arrow.Field('vector', new arrow.FixedSizeList(dim, new arrow.Field('item', new arrow.Float32(), true)), true),
  ]);
}

export function fileSchema(): arrow.Schema {
  const utf8 = (name: string) => new arrow.Field(name, new arrow.Utf8(), false);
  return new arrow.Schema([
    utf8('path'), utf8('sha256'),
    new arrow.Field('size', new arrow.Float64(), false),
    new arrow.Field('mtimeMs', new arrow.Float64(), false),
    utf8('language'),
    new arrow.Field('chunkCount', new arrow.Int32(), false),
    utf8('state'), utf8('reason'), utf8('note'),
  ]);
}

export function tagSchema(): arrow.Schema {
  const utf8 = (name: string) => new arrow.Field(name, new arrow.Utf8(), false);
  return new arrow.Schema([utf8('path'), utf8('sha256'), utf8('data')]);
}

export function vectorCacheSchema(dim: number): arrow.Schema {
  return new arrow.Schema([
    new arrow.Field('contentHash', new arrow.Utf8(), false),
    new arrow.Field('vector', new arrow.FixedSizeList(dim, new arrow.Field('item', new arrow.Float32(), true)), false),
  ]);
}

/**
 * What a chunk's checksum covers: every column written with the row. The vector and its flag are
 * left out (the embedding phase writes them later); a vector is checked by its length instead
 * (every model's output is normalised).
 */
export const CHECKED_COLUMNS = [
  'id', 'groupId', 'path', 'language', 'kind', 'name', 'qualifiedName', 'startLine', 'endLine', 'title', 'text', 'signature', 'contentHash', 'meta',
] as const;

type Checked = Record<(typeof CHECKED_COLUMNS)[number], string | number>;

/** The checksum of a row's checked columns: each value's UTF-8 bytes (numbers in decimal) and a NUL. */
export function rowChecksum(row: Checked): string {
  let s = '';
  for (const c of CHECKED_COLUMNS) s += `${row[c]}\u0000`;
  return hash('sha256', s, 'hex').slice(0, 32);
}

/** A row read back as it was written (its checksum holds); rows read without every checked column pass. */
export function rowIntact(row: ChunkRow): boolean {
  return rowChecksum(row) === row.checksum;
}

/** A stored vector that is what the model gave: finite, of unit length (garbled bytes are neither). */
export function vectorIntact(v: ArrayLike<number> | null | undefined, dim: number): boolean {
  if (!v || v.length !== dim) return false;
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i] * v[i];
  return Math.abs(sum - 1) < 1e-3;
}

const META_KEYS = [
  'parameters', 'returnType', 'decorators', 'async', 'generator', 'visibility', 'docstring', 'complexity',
  'defines', 'references', 'part', 'isDocumentation',
] as const;

/**
 * The metadata column: META_KEYS in order, undefined ones left out (JSON.stringify drops them).
 * One literal, one object shape: an object built key by key took JSON.stringify's slow path.
 */
function metaJson(c: Chunk): string {
  return JSON.stringify({
    parameters: c.parameters, returnType: c.returnType, decorators: c.decorators, async: c.async, generator: c.generator,
    visibility: c.visibility, docstring: c.docstring, complexity: c.complexity, defines: c.defines, references: c.references,
    part: c.part, isDocumentation: c.isDocumentation,
  } satisfies Record<(typeof META_KEYS)[number], unknown>);
}

export function fromRow(r: ChunkRow): Chunk {
  const meta = JSON.parse(r.meta || '{}');
  return {
    id: r.id, groupId: r.groupId, path: r.path, language: r.language, kind: r.kind as ChunkKind, name: r.name, qualifiedName: r.qualifiedName,
    startLine: r.startLine, endLine: r.endLine, title: r.title, text: r.text, signature: r.signature || undefined,
    contentHash: r.contentHash, defines: [], references: [], ...meta,
  };
}

/** A SQL string literal for LanceDB filters. */
export function sqlString(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

export function sqlIn(column: string, values: string[]): string {
  return `${column} IN (${values.map(sqlString).join(', ')})`;
}

/**
 * Chunk rows as an Arrow table, built column by column (much cheaper than row objects through
 * makeArrowTable). Rows without vectors still carry zeroed child values: arrow-rs rejects a
 * FixedSizeList whose child is shorter than length × size, even when every entry is null.
 */
export function chunkTable(rows: ChunkRow[], dim: number): arrow.Table {
  const schema = chunkSchema(dim);
  const n = rows.length;
  const columns: Record<string, arrow.Vector> = {};
  for (const field of schema.fields) {
    if (field.name === 'vector') {
      const values = new Float32Array(n * dim);
      const valid = new Uint8Array(Math.ceil(n / 8));
      let nulls = 0;
      rows.forEach((r, i) => {
        if (r.vector) {
          values.set(r.vector, i * dim);
          valid[i >> 3] |= 1 << (i & 7);
        } else nulls++;
      });
      columns.vector = arrow.makeVector(vectorData(field.type, n, values, { bitmap: valid, count: nulls }));
    } else {
      columns[field.name] = columnOf(rows.map((r) => r[field.name as keyof ChunkRow]), field.type);
    }
  }
  return new arrow.Table(schema, columns);
}

/** Plain rows as a table of `schema`, column by column (LanceDB's own conversion infers types row by row). */
export function tableOf(rows: object[], schema: arrow.Schema): arrow.Table {
  const columns: Record<string, arrow.Vector> = {};
  for (const f of schema.fields) columns[f.name] = columnOf(rows.map((r) => (r as Record<string, unknown>)[f.name]), f.type);
  return new arrow.Table(schema, columns);
}

/**
 * One non-null column laid out by hand: vectorFromArray's per-value builders were a tenth of a
 * parse worker's time. Utf8 is all strings' bytes end to end plus their offsets.
 */
function columnOf(values: unknown[], type: arrow.DataType): arrow.Vector {
  const n = values.length;
  if (arrow.DataType.isUtf8(type)) {
    const { data, offsets } = utf8Bytes(values as string[]);
    return arrow.makeVector(arrow.makeData({ type: type as arrow.Utf8, length: n, valueOffsets: offsets, data }));
  }
  if (type instanceof arrow.Int32) return arrow.makeVector(Int32Array.from(values as number[]));
  if (arrow.DataType.isBool(type)) {
    const bits = new Uint8Array(Math.ceil(n / 8));
    for (let i = 0; i < n; i++) if (values[i]) bits[i >> 3] |= 1 << (i & 7);
    return arrow.makeVector(arrow.makeData({ type: type as arrow.Bool, length: n, data: bits }));
  }
  return arrow.vectorFromArray(values, type);
}

/** Strings as Arrow lays out Utf8: their bytes end to end, and where each starts. Owns its buffers (they may be transferred). */
function utf8Bytes(strings: string[]): { data: Uint8Array; offsets: Int32Array } {
  const offsets = new Int32Array(strings.length + 1);
  let total = 0;
  for (let i = 0; i < strings.length; i++) offsets[i + 1] = total += Buffer.byteLength(strings[i]);
  const data = new Uint8Array(total);
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  for (let i = 0; i < strings.length; i++) buf.write(strings[i], offsets[i], 'utf8');
  return { data, offsets };
}

/** A vector column over `n × dim` floats; without `nulls` every row has its vector. */
function vectorData(type: arrow.DataType, n: number, values: Float32Array, nulls?: { bitmap: Uint8Array; count: number }): arrow.Data {
  const child = arrow.makeData({ type: new arrow.Float32(), length: values.length, data: values });
  return arrow.makeData({ type: type as arrow.FixedSizeList, length: n, nullCount: nulls?.count ?? 0, nullBitmap: nulls?.bitmap, child });
}

/** Vector cache rows as an Arrow table: no JS arrays of numbers on the way (type inference over them cost a core). */
export function vectorCacheTable(entries: { contentHash: string; vector: Float32Array }[], dim: number): arrow.Table {
  const schema = vectorCacheSchema(dim);
  const values = new Float32Array(entries.length * dim);
  entries.forEach((e, i) => values.set(e.vector, i * dim));
  const vector = arrow.makeVector(vectorData(schema.fields[1].type, entries.length, values));
  return new arrow.Table(schema, { contentHash: columnOf(entries.map((e) => e.contentHash), schema.fields[0].type), vector });
}

/**
 * Chunk rows without vectors, column by column in flat buffers, for the worker → index thread hop.
 * Arrow IPC per file cost a serialisation in the worker and a parse on the index thread, and
 * carried each row's zero-filled vector slot; these buffers are moved, and a whole batch of files
 * becomes one record batch (rowsTable).
 */
export interface PackedRows {
  n: number;
  /** Utf8 columns: bytes and offsets; Int32 columns: `data` is the values' bytes; Bool: one byte per row. */
  columns: Record<string, { data: Uint8Array; offsets?: Int32Array }>;
}

/** Chunks (not yet embedded) as packed rows: each column encoded straight from the chunks, no row objects. */
export function packChunks(chunks: Chunk[]): PackedRows {
  const n = chunks.length;
  const utf8 = (value: (c: Chunk, i: number) => string) => utf8Bytes(chunks.map(value));
  const int32 = (value: (c: Chunk) => number) => ({ data: new Uint8Array(Int32Array.from(chunks, value).buffer) });
  const metas = chunks.map(metaJson);
  const checksums = chunks.map((c, i) =>
    rowChecksum({
      id: c.id, groupId: c.groupId, path: c.path, language: c.language, kind: c.kind, name: c.name, qualifiedName: c.qualifiedName,
      startLine: c.startLine, endLine: c.endLine, title: c.title, text: c.text, signature: c.signature ?? '', contentHash: c.contentHash, meta: metas[i],
    }),
  );
  // In chunkSchema's order; the vector column is left out (LanceDB fills it with nulls).
  const columns: PackedRows['columns'] = {
    id: utf8((c) => c.id), groupId: utf8((c) => c.groupId), path: utf8((c) => c.path), language: utf8((c) => c.language),
    kind: utf8((c) => c.kind), name: utf8((c) => c.name), qualifiedName: utf8((c) => c.qualifiedName),
    startLine: int32((c) => c.startLine), endLine: int32((c) => c.endLine),
    title: utf8((c) => c.title), text: utf8((c) => c.text), signature: utf8((c) => c.signature ?? ''),
    contentHash: utf8((c) => c.contentHash), meta: utf8((_, i) => metas[i]), checksum: utf8((_, i) => checksums[i]), embedded: { data: new Uint8Array(n) },
  };
  return { n, columns };
}

/** The buffers of packed rows, to transfer rather than copy. */
export function packedBuffers(p: PackedRows): ArrayBuffer[] {
  return Object.values(p.columns).flatMap((c) => (c.offsets ? [c.data.buffer, c.offsets.buffer] : [c.data.buffer])) as ArrayBuffer[];
}

/**
 * Packed rows of several files as one table with one record batch, without the vector column:
 * LanceDB fills it with nulls. Zero-filled vectors were 2 KB of a row's 2.6 KB, and LanceDB's
 * write holds a few copies of what it is given: a 10k-file tree peaked 160 MB higher with them.
 */
export function rowsTable(parts: PackedRows[], dim: number): arrow.Table | undefined {
  const n = parts.reduce((a, p) => a + p.n, 0);
  if (!n) return undefined;
  const schema = new arrow.Schema(chunkSchema(dim).fields.filter((f) => f.name !== 'vector'));
  const children: arrow.Data[] = schema.fields.map((field) => {
    const cols = parts.map((p) => p.columns[field.name]);
    if (arrow.DataType.isUtf8(field.type)) {
      const offsets = new Int32Array(n + 1);
      let row = 0;
      let base = 0;
      for (const c of cols) {
        const o = c.offsets!;
        for (let i = 1; i < o.length; i++) offsets[row + i] = base + o[i];
        row += o.length - 1;
        base += o[o.length - 1];
      }
      return arrow.makeData({ type: field.type as arrow.Utf8, length: n, valueOffsets: offsets, data: Buffer.concat(cols.map((c) => c.data)) });
    }
    if (field.type instanceof arrow.Int32) {
      const values = new Int32Array(n);
      let at = 0;
      for (const c of cols) {
        values.set(new Int32Array(c.data.buffer, c.data.byteOffset, c.data.byteLength >> 2), at);
        at += c.data.byteLength >> 2;
      }
      return arrow.makeData({ type: field.type, length: n, data: values });
    }
    const bits = new Uint8Array(Math.ceil(n / 8));
    let i = 0;
    for (const c of cols) for (const v of c.data) (v && (bits[i >> 3] |= 1 << (i & 7)), i++);
    return arrow.makeData({ type: field.type as arrow.Bool, length: n, data: bits });
  });
  const struct = arrow.makeData({ type: new arrow.Struct(schema.fields), length: n, nullCount: 0, children });
  return new arrow.Table([new arrow.RecordBatch(schema, struct)]);
}
