// One workspace as the adapters use it (CLI, MCP server, later the extension): the index kept
// current, hybrid search, the repo map and identifier search, with every path confined to the root.
import * as path from 'node:path';
import { CodeIndex, type CodeIndexOptions, type IndexReport, type UpdateOptions } from '../index/code-index';
import { IndexLockedError } from '../index/lock';
import { emptyReport } from '../index/report';
import { IndexWatcher } from '../watch/watch';
import { type IdentifierHit, type IdentifierSearchOptions, searchIdentifiers } from '../repomap/identifiers';
import { type MapRequest, RepoMap, type RepoMapResult } from '../repomap/repo-map';
import type { SearchOptions, SearchResult } from '../search/hybrid';

export class OutsideRootError extends Error {}

/**
 * An update, unless another process holds the writer lock: then why (the caller reads what is
 * stored). An index that does not exist yet cannot be read that way: the lock error stands.
 */
export async function updateUnlessLocked(index: CodeIndex, opts: UpdateOptions): Promise<{ report?: IndexReport; locked?: string }> {
  try {
    return { report: await index.update(opts) };
  } catch (err) {
    if (!(err instanceof IndexLockedError) || index.health.missing) throw err;
    return { locked: err.message };
  }
}

/** A workspace-relative `/` path for `p`, refused when it leaves the root. */
export function confine(root: string, p: string): string {
  const abs = path.resolve(root, p);
  const rel = path.relative(root, abs);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) throw new OutsideRootError(`path ${p} is outside the workspace root ${root}`);
  return rel.split(path.sep).join('/');
}

/** Glob patterns may not climb out of the root either. */
export function confineGlob(root: string, glob: string): string {
  if (path.isAbsolute(glob)) return confine(root, glob);
  if (glob.split(/[\\/]/).includes('..')) throw new OutsideRootError(`pattern ${glob} is outside the workspace root ${root}`);
  return glob;
}

export class CodeService {
  readonly map: RepoMap;
  private ready?: Promise<IndexReport>;
  private watcher?: IndexWatcher;
  private background?: Promise<unknown>;

  private constructor(readonly index: CodeIndex) {
    this.map = new RepoMap(index);
  }

  static async open(opts: CodeIndexOptions): Promise<CodeService> {
    return new CodeService(await CodeIndex.open(opts));
  }

  get root(): string {
    return this.index.root;
  }

  /** The structural index (parse, chunks, keyword, tags) brought up to date once. */
  ensureIndexed(): Promise<IndexReport> {
    this.ready ??= this.updateOrRead({ embeddings: false });
    return this.ready;
  }

  /** An update, or, while another process writes the index, what is stored as it is. */
  private async updateOrRead(opts: UpdateOptions): Promise<IndexReport> {
    const { report, locked } = await updateUnlessLocked(this.index, opts);
    if (report) return report;
    const stored = emptyReport();
    stored.notes.push({ path: '', note: `${locked}: answering from what is stored` });
    return stored;
  }

  /**
   * What the repo map and identifier search need: on a workspace never indexed, a tags-only pass
   * (no chunking: several times faster); otherwise the structural index brought up to date.
   */
  ensureTags(): Promise<IndexReport> {
    if (this.ready) return this.ready;
    if (this.tagged) return this.tagged;
    // Once a workspace has been indexed in full, keep it so; until then tags suffice.
    if (this.index.fileRows().some((r) => r.state === 'indexed')) return this.ensureIndexed();
    this.tagged = this.updateOrRead({ tagsOnly: true });
    return this.tagged;
  }

  private tagged?: Promise<IndexReport>;

  /** Keeps the index current from now on; vectors are computed in the background. */
  async live(embeddings: boolean): Promise<void> {
    await this.ensureIndexed();
    if (embeddings) this.background = this.index.update({ embeddings: true }).catch(() => undefined);
    this.watcher = new IndexWatcher(this.index, { embeddings });
    await this.watcher.start();
  }

  async search(query: string, opts: SearchOptions = {}): Promise<SearchResult[]> {
    await this.ensureIndexed();
    return this.index.search(query, { ...opts, path: opts.path ? confineGlob(this.root, opts.path) : undefined });
  }

  async repoMap(req: MapRequest = {}): Promise<RepoMapResult> {
    await this.ensureTags();
    await this.index.tags.load();
    const rel = (ps?: string[]) => ps?.map((p) => confine(this.root, p));
    return this.map.render({ ...req, focus: rel(req.focus), mentionedFiles: rel(req.mentionedFiles) });
  }

  async identifiers(query: string, opts: IdentifierSearchOptions = {}): Promise<IdentifierHit[]> {
    await this.ensureTags();
    await this.index.tags.load();
    return searchIdentifiers(this.root, this.map.taggedFiles(), query, opts);
  }

  async close(): Promise<void> {
    await this.watcher?.stop();
    // A background embedding pass is abandoned, not awaited: the next run resumes it.
    void this.background;
    await this.index.close();
  }
}
