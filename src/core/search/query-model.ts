// The embedding model on the query side: the index's running embedding workers when one is free,
// else one model in this thread (a single query does not pay for starting workers, nor waits
// behind a background embedding run's batches). Knows why a vector search cannot run, so every
// surface can say it.
import { type Embedder, resolveModel } from '../embed/embedder';
import { TransformersEmbedder } from '../embed/transformers-embedder';
import type { CodeIndex } from '../index/code-index';
import type { SearchSource } from './hybrid';
import { workersInBackground } from '../base/priority';

/** How many recent queries keep their vectors: enough for a search asked twice in a row, too few for a loop over many. */
const RECENT_QUERIES = 4;

export class QueryModel {
  private loading?: Promise<Embedder | undefined>;
  /** The last queries' vectors by model and text: the file view searches twice with one query (its files, then their chunks). */
  private readonly recent = new Map<string, Float32Array>();
  private readonly views = new WeakMap<Embedder, Embedder>();
  /** Why the query model is unavailable, once a load failed or made another model's vectors. */
  private error?: string;

  constructor(private readonly index: CodeIndex) {}

  /** Undefined when nothing is embedded, the vectors are stale, or the model cannot load. */
  async embedder(): Promise<Embedder | undefined> {
    const { model, stale } = this.index.vectors;
    if (!model || stale) return undefined;
    // A background worker runs at lowered priority: a query embedded there would wait behind the
    // run again. The language server's queries take the model of their own, at the user's priority.
    const running = workersInBackground() ? undefined : this.index.runningEmbedder();
    if (running) return this.remembering(running);
    this.loading ??= TransformersEmbedder.load(resolveModel(this.index.embedding)).then(
      (e) => {
        if (e.id === this.index.vectors.model?.id) return e;
        this.error = `the index's vectors were made by ${this.index.vectors.model?.id}, the query model is ${e.id}: pass --model ${this.index.vectors.model?.id} or run \`coderag index --rebuild\``;
        return undefined;
      },
      (err: Error) => {
        this.error = `the query model could not be loaded: ${err.message.split('\n')[0]}`;
        return undefined;
      },
    );
    const own = await this.loading;
    return own && this.remembering(own);
  }

  /** `model` answering a single query from the recent ones when it can (one text alone: the vector does not depend on a batch). */
  private remembering(model: Embedder): Embedder {
    let view = this.views.get(model);
    if (view) return view;
    const recent = this.recent;
    view = {
      id: model.id,
      dim: model.dim,
      close: () => model.close(),
      async embed(texts: string[]): Promise<Float32Array[]> {
        if (texts.length !== 1) return model.embed(texts);
        const key = `${model.id}\n${texts[0]}`;
        let vector = recent.get(key);
        if (!vector) [vector] = await model.embed(texts);
        recent.delete(key);
        recent.set(key, vector);
        for (const old of recent.keys()) if (recent.size > RECENT_QUERIES) recent.delete(old);
        return [vector];
      },
    };
    this.views.set(model, view);
    return view;
  }

  /** Why a vector search would find nothing, or undefined when it can run. */
  async problem(): Promise<string | undefined> {
    const { model, stale } = this.index.vectors;
    if (this.index.health.degraded) return `no vectors: ${this.index.health.degraded}`;
    if (!model) return 'the index has no vectors (built with --no-embeddings, or no embedding pass has run): run `coderag index`';
    if (stale) return 'the vectors are from an older embedding input: run `coderag index` to embed again';
    if (!(await this.embedder())) return this.error ?? 'no query model';
    if (!(await this.index.store.countChunks('embedded'))) return 'no chunk has a vector yet (the embedding pass was interrupted or failed): run `coderag index`';
    return undefined;
  }

  async close(): Promise<void> {
    const e = await this.loading;
    this.loading = undefined;
    await e?.close();
  }
}

/** What hybrid search reads: the index's keyword engine and store, and this query model. */
export function searchSource(index: CodeIndex, model: QueryModel): SearchSource {
  return { keyword: index.keyword, store: index.store, queryEmbedder: () => model.embedder() };
}
