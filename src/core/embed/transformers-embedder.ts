// An Embedder on transformers.js, in the current thread. The index uses it through EmbedPool so
// inference runs in worker threads; tests and one-off queries may use it directly.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { type Embedder, ModelLoadError, type ResolvedModel, runtimeTelemetryOff } from './embedder';

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
    runtimeTelemetryOff();
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
    const embedder = new TransformersEmbedder(model.id, 0, extract, model.pooling);
    // Two texts, not one: a model whose output has no sequence axis can pass a single probe.
    const probe = await embedder.run(['probe', 'a second probe text']);
    return new TransformersEmbedder(model.id, probe.dims[1], extract, model.pooling);
  }

  /** The pipeline's output, checked to be one vector per text: [texts, dim]. */
  private async run(texts: string[]): Promise<{ data: Float32Array; dims: number[] }> {
    let out: { data: Float32Array; dims: number[] };
    try {
      out = await this.extract(texts, { pooling: this.pooling, normalize: true });
    } catch (err) {
      throw new ModelLoadError(`${this.shapeHint()} (transformers.js: ${(err as Error).message.split('\n')[0]})`);
    }
    const [n, dim] = out.dims;
    if (out.dims.length !== 2 || n !== texts.length || !Number.isInteger(dim) || dim < 1 || (this.dim && dim !== this.dim)) {
      throw new ModelLoadError(`${this.shapeHint()} (got an output of shape [${out.dims.join(', ')}] for ${texts.length} texts)`);
    }
    return out;
  }

  private shapeHint(): string {
    return (
      `the model ${this.id} does not give a sentence embedding of the expected shape ([texts, dimension]) with pooling '${this.pooling}': ` +
      `use a feature-extraction (sentence embedding) model, or set pooling to 'none' if the model pools itself (as use-lite does) or to 'mean'/'cls' if it does not`
    );
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    if (!texts.length) return [];
    const out = await this.run(texts);
    const dim = out.dims[1];
    const vectors: Float32Array[] = [];
    for (let i = 0; i < texts.length; i++) vectors.push(out.data.slice(i * dim, (i + 1) * dim));
    return vectors;
  }

  async close(): Promise<void> {
    /* the ONNX session is released with the thread */
  }
}
