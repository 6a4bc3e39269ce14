// The server's one contact with the core (through its service API): a workspace folder opened,
// indexed in the background, kept current and searched.
import { CHUNK_KINDS, InvalidArgumentError, openWorkspace, type ProgressEvent, SEARCH_LANGUAGES, searchOptionsOf, type SearchOptions, type Workspace } from '../core/service/api';
import type { FolderStatus, SearchFilterChoices, SearchHit, SearchParams, SearchResponse } from './protocol';

export { InvalidArgumentError };
export type { SearchOptions };

/** A folder's part of a search response: its hits and what it says about them. */
export type FolderSearch = Omit<SearchResponse, 'tookMs'>;

/** The request's filters checked by the core, as the CLI's flags are; throws InvalidArgumentError listing what is valid. */
export function searchOptions(p: SearchParams, limit: number): SearchOptions {
  return searchOptionsOf({ limit, lang: p.languages?.length ? p.languages : undefined, kind: p.kinds?.length ? p.kinds : undefined, path: p.path?.trim() || undefined }, '');
}

export function searchFilterChoices(): SearchFilterChoices {
  return { languages: [...SEARCH_LANGUAGES], kinds: [...CHUNK_KINDS] };
}

export interface FolderOptions {
  embeddings: boolean;
  /** Called whenever state or progress changes (progress at most every 250 ms). */
  onChange: () => void;
}

export class IndexedFolder {
  private ws?: Workspace;
  private status: FolderStatus;
  private lastProgress = 0;

  constructor(
    readonly root: string,
    private readonly opts: FolderOptions,
  ) {
    this.status = { root, indexDir: '', state: 'starting', files: 0, chunks: 0, embedded: 0 };
  }

  /** Opens the index and brings it up to date; failures end in state `error`, never a throw. */
  async start(): Promise<void> {
    try {
      const ws = await openWorkspace({ root: this.root, embedding: { enabled: this.opts.embeddings } });
      this.ws = ws;
      this.status.indexDir = ws.indexDir;
      ws.onDidProgress((e) => this.progress(e));
      ws.onDidError((err) => this.set({ message: err.message }));
      this.set({ state: 'indexing' });
      await ws.ready();
      await this.refreshCounts();
      this.set({ state: 'ready', progress: undefined });
      // Watching and vectors go on in the background; counts are re-read on each status request.
      void ws.watch().catch((err) => this.set({ message: `watch: ${(err as Error).message}` }));
    } catch (err) {
      this.set({ state: 'error', progress: undefined, message: (err as Error).message });
    }
  }

  async current(): Promise<FolderStatus> {
    if (this.status.state === 'ready') await this.refreshCounts().catch(() => undefined);
    return { ...this.status };
  }

  /** Undefined until the index is open; while the first pass runs, what is indexed so far. */
  async search(query: string, opts: SearchOptions, signal?: AbortSignal): Promise<FolderSearch | undefined> {
    if (!this.ws || (this.status.state !== 'ready' && this.status.state !== 'indexing')) return undefined;
    const r = await this.ws.search(query, opts, signal);
    const hits = r.results.map((h): SearchHit => ({
      id: h.id,
      folder: this.root,
      file: `${this.root}/${h.path}`,
      path: h.path,
      startLine: h.startLine,
      endLine: h.endLine,
      kind: h.kind,
      language: h.language,
      name: h.name,
      qualifiedName: h.qualifiedName || h.name,
      ...(h.signature ? { signature: h.signature } : {}),
      score: h.score,
      snippet: h.snippet,
      ...(h.snippetCut ? { snippetCut: true } : {}),
      ...(h.copies?.length ? { copies: h.copies.map((c) => ({ path: c.path, startLine: c.startLine, endLine: c.endLine })) } : {}),
    }));
    // The first pass, not the vectors filling in behind it (the core counts both as a run).
    const indexing = this.status.state === 'indexing';
    // The core's reason speaks to the CLI ("run `coderag index`"); here the server computes them.
    // (The core counts the vectors after searching: some may have come in since it found none.)
    const computing = r.keywordOnly && this.opts.embeddings && r.vectors.embedded < r.vectors.total && !this.status.message;
    const keywordOnly = computing ? 'the vectors are still being computed' : r.keywordOnly && !this.opts.embeddings ? 'vectors are turned off (setting coderag.embeddings.enabled)' : r.keywordOnly;
    return { hits, vectors: r.vectors, ...(keywordOnly ? { keywordOnly } : {}), ...(indexing ? { indexing } : {}) };
  }

  async close(): Promise<void> {
    await this.ws?.dispose();
  }

  private async refreshCounts(): Promise<void> {
    const st = await this.ws!.status();
    Object.assign(this.status, { files: st.files, chunks: st.chunks, embedded: st.embedded });
  }

  private progress(e: ProgressEvent): void {
    if (this.status.state !== 'indexing' || e.phase === 'done') return;
    const [done, total] = e.phase === 'embed' ? [e.vectors.done, e.vectors.total] : [e.files.done, e.files.total];
    this.status.progress = { phase: e.phase, done, total };
    const now = Date.now();
    if (now - this.lastProgress < 250 && done !== total) return;
    this.lastProgress = now;
    this.opts.onChange();
  }

  private set(change: Partial<FolderStatus>): void {
    Object.assign(this.status, change);
    this.opts.onChange();
  }
}
