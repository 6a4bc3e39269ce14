// The server's one contact with the core: a workspace folder opened, indexed in the background
// and searched. The core's service contract is being replaced; only this file should change then.
import { CodeService } from '../core/service';
import type { FolderStatus, SearchHit } from './protocol';

export interface FolderOptions {
  embeddings: boolean;
  /** Called whenever state or progress changes (progress at most every 250 ms). */
  onChange: () => void;
}

export class IndexedFolder {
  private service?: CodeService;
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
      this.service = await CodeService.open({
        root: this.root,
        embedding: { enabled: this.opts.embeddings },
        onProgress: (e) => this.progress(e.phase, e.done, e.total),
      });
      this.status.indexDir = this.service.index.dir;
      this.set({ state: 'indexing' });
      await this.service.ensureIndexed();
      await this.refreshCounts();
      this.set({ state: 'ready', progress: undefined });
      // Watching and vectors go on in the background; counts are re-read on each status request.
      void this.service.live(this.opts.embeddings).catch((err) => this.set({ message: `watch: ${(err as Error).message}` }));
    } catch (err) {
      this.set({ state: 'error', progress: undefined, message: (err as Error).message });
    }
  }

  async current(): Promise<FolderStatus> {
    if (this.status.state === 'ready') await this.refreshCounts().catch(() => undefined);
    return { ...this.status };
  }

  async search(query: string, limit: number): Promise<SearchHit[]> {
    if (!this.service || this.status.state !== 'ready') return [];
    const results = await this.service.search(query, { limit });
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
    await this.service?.close();
  }

  private async refreshCounts(): Promise<void> {
    const index = this.service!.index;
    this.status.files = index.fileRows().filter((r) => r.state === 'indexed').length;
    this.status.chunks = await index.store.countChunks();
    this.status.embedded = await index.store.countChunks('embedded = true');
  }

  private progress(phase: string, done: number, total: number): void {
    if (this.status.state !== 'indexing') return;
    this.status.progress = { phase, done, total };
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
