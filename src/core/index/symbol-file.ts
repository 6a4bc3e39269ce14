// symbols.json: the symbol index saved by the writer, read by everyone, and only on first use (a
// symbol search): most commands never need it, and reading it costs about as much as building it.
// What the sink changes before then is kept and applied over what the file holds. A lost, damaged
// or outdated file is never fatal: the definitions are derived again from the tags table (the
// producer's own code, so the result is the same), and a writer saves them.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { producerVersions } from '../parse/producers';
import type { FileRow } from '../store/rows';
import { SYMBOL_FORMAT, type SavedSymbols, SymbolIndex } from '../symbols/symbol-index';
import { type PackedSymbols, packSymbols } from '../symbols/symbols';
import type { TagCache } from '../tags/tag-cache';

/** What the derivation needs: the files table (which content each file is at) and its tags. */
export interface SymbolSource {
  files: Map<string, FileRow>;
  tags: TagCache;
  /** Whether the tables can be read (the tags of stale files). */
  readable(): boolean;
}

interface FileHeader {
  format: number;
  /** The symbols producer's version the definitions were made with. */
  version: number;
  sha256: string;
}

type Change = { sha: string; packed: PackedSymbols } | null;

export class SymbolFile {
  private index?: SymbolIndex;
  private loading?: Promise<void>;
  /** Changes made before the index was loaded, by path (null: removed). */
  private readonly pending = new Map<string, Change>();
  /**
   * Paths this process's sink wrote: they are current whatever the files table says yet (a batch
   * writes the files table last), so catching up from the table leaves them alone.
   */
  private readonly written = new Set<string>();
  /** Bumped by reset(): a load in flight for an older state drops what it read. */
  private generation = 0;
  /** Nothing on disk counts (a rebuild): the next load starts empty instead of reading the file. */
  private scratch = false;
  /** Why the file could not be used, until a writer saves it again. */
  damage?: string;
  savedAt = Date.now();

  constructor(
    readonly file: string,
    private readonly source: SymbolSource,
  ) {}

  get loaded(): boolean {
    return !!this.index;
  }

  get isDirty(): boolean {
    return this.index ? this.index.isDirty : this.pending.size > 0 || this.scratch;
  }

  set(path: string, sha: string, packed: PackedSymbols): void {
    this.written.add(path);
    if (this.index) this.index.setFile(path, sha, packed);
    else this.pending.set(path, { sha, packed });
  }

  remove(paths: string[]): void {
    for (const p of paths) this.written.add(p);
    if (this.index) this.index.removeFiles(paths);
    else for (const p of paths) this.pending.set(p, null);
  }

  /**
   * Forgets what is held: another process wrote the index (read the file again on next use), or
   * `scratch`, the index is rebuilt (start empty).
   */
  reset(scratch = false): void {
    this.generation++;
    this.index = undefined;
    this.loading = undefined;
    this.pending.clear();
    this.written.clear();
    this.scratch = scratch;
    this.damage = undefined;
  }

  /** The index, read on first use and brought up to date with the files table. */
  async load(): Promise<SymbolIndex> {
    while (!this.index) {
      this.loading ??= this.read(this.generation);
      const loading = this.loading;
      await loading;
      if (this.loading === loading) this.loading = undefined;
    }
    return this.index;
  }

  private async read(generation: number): Promise<void> {
    let index = new SymbolIndex();
    let damage: string | undefined;
    if (!this.scratch) ({ index, damage } = await readSymbolFile(this.file));
    if (generation !== this.generation) return;
    // The tags are read only when some file's definitions must be derived again.
    while (this.source.readable() && !this.source.tags.loaded && this.stale(index).length) {
      await this.source.tags.load();
      if (generation !== this.generation) return;
    }
    // From here on nothing waits: no change can come between the catch-up and the index taking over.
    for (const [p, change] of this.pending) {
      if (change) index.setFile(p, change.sha, change.packed);
      else index.removeFiles([p]);
    }
    this.pending.clear();
    this.catchUp(index);
    this.damage = damage;
    this.index = index;
    this.scratch = false;
  }

  /** Files whose definitions are not those of their current content: stale, missing, or of a file gone. */
  private stale(index: SymbolIndex): string[] {
    const out: string[] = [];
    for (const [p, row] of this.source.files) {
      if (this.written.has(p) || this.pending.has(p)) continue;
      if (hasSymbols(row) && index.shaOf(p) !== row.sha256) out.push(p);
    }
    for (const p of index.filePaths()) {
      if (this.written.has(p) || this.pending.has(p)) continue;
      const row = this.source.files.get(p);
      if (!row || !hasSymbols(row)) out.push(p);
    }
    return out;
  }

  private catchUp(index: SymbolIndex): void {
    const gone: string[] = [];
    for (const p of this.stale(index)) {
      const row = this.source.files.get(p);
      if (!row || !hasSymbols(row)) gone.push(p);
      // A file without a tags row (a Markdown file) has no definitions, as its producer found.
      else index.setFile(p, row.sha256, packSymbols(this.source.tags.get(p, row.sha256) ?? []));
    }
    index.removeFiles(gone);
  }

  /** Written whole and renamed into place. Loads the index first if it was not (pending changes are applied then). */
  async save(): Promise<void> {
    const index = await this.load();
    await index.vacuum();
    const body = Buffer.from(JSON.stringify(index.toJSON()));
    const header: FileHeader = { format: SYMBOL_FORMAT, version: symbolsVersion(), sha256: createHash('sha256').update(body).digest('hex') };
    const tmp = `${this.file}.${process.pid}.tmp`;
    await fs.promises.writeFile(tmp, Buffer.concat([Buffer.from(JSON.stringify(header) + '\n'), body]));
    await fs.promises.rename(tmp, this.file);
    index.markSaved();
    this.damage = undefined;
    this.savedAt = Date.now();
  }

  /** The file as last found whole (inode, size, mtime): not read and hashed again before each run. */
  private checked?: string;

  /**
   * Why the file on disk cannot be used, without loading it (its header and checksum): a writer
   * checks it before a run, to repair it and say so.
   */
  async problem(): Promise<string | undefined> {
    if (this.index || this.scratch) return this.damage;
    const stamp = stampOf(this.file);
    if (!stamp || stamp === this.checked) return undefined;
    const { damage } = await readSymbolFile(this.file, true);
    if (!damage) this.checked = stamp;
    return damage;
  }
}

function stampOf(file: string): string | undefined {
  const st = fs.statSync(file, { throwIfNoEntry: false });
  return st && `${st.ino}:${st.size}:${st.mtimeMs}`;
}

function hasSymbols(row: FileRow): boolean {
  return row.state === 'indexed' || row.state === 'tags';
}

function symbolsVersion(): number {
  return producerVersions().symbols;
}

/** The index in `file`; a missing file is an empty index, a damaged or outdated one an empty index and why. */
async function readSymbolFile(file: string, checkOnly = false): Promise<{ index: SymbolIndex; damage?: string }> {
  let buf: Buffer;
  try {
    buf = await fs.promises.readFile(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { index: new SymbolIndex(), damage: code === 'ENOENT' ? undefined : (err as Error).message };
  }
  try {
    const eol = buf.indexOf(0x0a);
    if (eol < 0) throw new Error('no header');
    const header = JSON.parse(buf.subarray(0, eol).toString('utf8')) as FileHeader;
    // Another format or producer version is not damage: the definitions are derived again, as for a lost file.
    if (header.format !== SYMBOL_FORMAT) throw new Error(`format ${header.format} (now ${SYMBOL_FORMAT})`);
    if (header.version !== symbolsVersion()) throw new Error(`made by symbols version ${header.version} (now ${symbolsVersion()})`);
    const body = buf.subarray(eol + 1);
    if (createHash('sha256').update(body).digest('hex') !== header.sha256) throw new Error('checksum mismatch');
    if (checkOnly) return { index: new SymbolIndex() };
    return { index: SymbolIndex.fromJSON(JSON.parse(body.toString('utf8')) as SavedSymbols) };
  } catch (err) {
    return { index: new SymbolIndex(), damage: (err as Error).message };
  }
}
