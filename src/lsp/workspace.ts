// The server's one contact with the core (through its service API): a workspace folder opened,
// indexed in the background, kept current and searched.
import { openWorkspace, type ProgressEvent, type Workspace } from '../core/service/api';
import type { FolderStatus, SearchHit } from './protocol';

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

  /** The opened index, once open: searchable when ready, partial while the first pass runs. */
  get workspace(): Workspace | undefined {
    return this.ws;
  }

  get state(): FolderStatus['state'] {
    return this.status.state;
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

  async search(query: string, limit: number): Promise<SearchHit[]> {
    if (!this.ws || this.status.state !== 'ready') return [];
    const { results } = await this.ws.search(query, { limit });
    return results.map((r) => ({
      file: `${this.root}/${r.path}`,
      path: r.path,
      startLine: r.startLine,
      endLine: r.endLine,
      kind: r.kind,
      name: r.qualifiedName || r.name,
      score: r.score,
      snippet: r.snippet,
    }));
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
