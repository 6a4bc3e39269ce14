// An Embedder on transformers.js, in the current thread. The index uses it through EmbedPool so
// inference runs in worker threads; tests and one-off queries may use it directly.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { type Embedder, ModelLoadError, type ResolvedModel } from './embedder';

interface TransformersModule {
  env: { allowRemoteModels: boolean; allowLocalModels: boolean; localModelPath: string; cacheDir: string | null; logLevel: unknown };
  LogLevel?: { ERROR: unknown };
  pipeline: (task: string, model: string, options: unknown) => Promise<unknown>;
}

type Extractor = (texts: string[], opts: { pooling: string; normalize: boolean }) => Promise<{ data: Float32Array; dims: number[] }>;

export class TransformersEmbedder implements Embedder {
  private constructor(
    readonly id: string,
    readonly dim: number,
    private readonly extract: Extractor,
    private readonly pooling: string,
  ) {}

  static async load(model: ResolvedModel, threads = 1): Promise<TransformersEmbedder> {
    if (model.localModelPath) {
      const dir = path.join(model.localModelPath, model.name);
      for (const f of ['config.json', 'tokenizer.json']) {
        if (!fs.existsSync(path.join(dir, f))) {
          throw new ModelLoadError(
            `model folder ${dir} has no ${f}. Run \`npm run build\` to build the default model, or set the embedding model to a transformers.js model id or a folder with config.json, tokenizer.json and onnx/model*.onnx.`,
          );
        }
      }
    }
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const tjs = require('@huggingface/transformers') as TransformersModule;
    tjs.env.allowRemoteModels = model.allowRemote;
    tjs.env.allowLocalModels = true;
    if (model.localModelPath) tjs.env.localModelPath = model.localModelPath.endsWith('/') ? model.localModelPath : model.localModelPath + '/';
    if (model.cacheDir) tjs.env.cacheDir = model.cacheDir;
    tjs.env.logLevel = tjs.LogLevel?.ERROR ?? tjs.env.logLevel;
    let extract: Extractor;
    try {
      extract = (await tjs.pipeline('feature-extraction', model.name, {
        dtype: model.dtype as never,
        local_files_only: !model.allowRemote,
        device: 'cpu',
        session_options: { intraOpNumThreads: threads, interOpNumThreads: 1 },
      } as never)) as unknown as Extractor;
    } catch (err) {
      throw new ModelLoadError(`embedding model ${model.name} failed to load: ${(err as Error).message}`);
    }
    const probe = await extract(['probe'], { pooling: model.pooling, normalize: true });
    const dim = probe.dims[probe.dims.length - 1];
    return new TransformersEmbedder(model.id, dim, extract, model.pooling);
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    if (!texts.length) return [];
    const out = await this.extract(texts, { pooling: this.pooling, normalize: true });
    const dim = out.dims[out.dims.length - 1];
    const vectors: Float32Array[] = [];
    for (let i = 0; i < texts.length; i++) vectors.push(out.data.slice(i * dim, (i + 1) * dim));
    return vectors;
  }

  async close(): Promise<void> {
    /* the ONNX session is released with the thread */
  }
}
