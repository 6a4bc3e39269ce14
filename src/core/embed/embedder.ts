// What the index needs from an embedding model. The default is the offline USE-lite folder built
// by scripts/build-model.mjs; any transformers.js model id or local model folder works instead.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { defaultModelDir } from '../base/assets';

export interface Embedder {
  /** Identifies the vectors: a different id means stored vectors must be recomputed. */
  readonly id: string;
  readonly dim: number;
  embed(texts: string[]): Promise<Float32Array[]>;
  close(): Promise<void>;
}

export interface EmbedderConfig {
  /** 'use-lite' (default, offline), a transformers.js model id, or a path to a model folder. */
  model?: string;
  /** q8 (default), fp32, fp16, … as transformers.js names them. */
  dtype?: string;
  /** Allow downloads from the model hub (off by default: local-first). */
  allowRemote?: boolean;
  /** 'none' for models that pool themselves (USE-lite); 'mean' or 'cls' for token-level models. */
  pooling?: 'none' | 'mean' | 'cls';
  /** Folder that transformers.js caches downloaded models in. */
  cacheDir?: string;
}

export interface ResolvedModel {
  /** transformers.js model name, resolved against `localModelPath`. */
  name: string;
  localModelPath?: string;
  dtype: string;
  pooling: 'none' | 'mean' | 'cls';
  allowRemote: boolean;
  cacheDir?: string;
  /** Stable identity of the vectors this model produces. */
  id: string;
}

export const DEFAULT_MODEL = 'use-lite';

export function resolveModel(config: EmbedderConfig = {}): ResolvedModel {
  const model = config.model ?? DEFAULT_MODEL;
  const dtype = config.dtype ?? 'q8';
  const allowRemote = !!config.allowRemote;
  if (model === DEFAULT_MODEL) {
    return { name: DEFAULT_MODEL, localModelPath: defaultModelDir(), dtype, pooling: config.pooling ?? 'none', allowRemote: false, id: `${DEFAULT_MODEL}:${dtype}` };
  }
  if (fs.existsSync(model) && fs.statSync(model).isDirectory()) {
    const abs = path.resolve(model);
    return { name: path.basename(abs), localModelPath: path.dirname(abs), dtype, pooling: config.pooling ?? 'mean', allowRemote: false, id: `${abs}:${dtype}` };
  }
  return { name: model, dtype, pooling: config.pooling ?? 'mean', allowRemote, cacheDir: config.cacheDir, id: `${model}:${dtype}` };
}

/**
 * Version of what `embeddingInput` produces. Vectors are reused by content hash, which knows
 * nothing of how a chunk is turned into model input: bump this whenever `embeddingInput` (or the
 * title it reads) changes, or stored vectors silently keep the old input. An index records the
 * version its vectors were made with (meta.json `model.input`) and re-embeds on a mismatch.
 */
export const EMBEDDING_INPUT_VERSION = 1;

/** The text a chunk is embedded as: its title (context) then its code, cut to what a model reads. */
export function embeddingInput(title: string, text: string, maxChars = 2000): string {
  const s = `${title}\n${text}`;
  return s.length > maxChars ? s.slice(0, maxChars) : s;
}

export class ModelLoadError extends Error {}

/**
 * ONNX Runtime (1.29+, Linux and macOS) starts a telemetry uploader with its first session: a
 * queue of events and a device id under ~/.cache/Microsoft/DeveloperTools/.onnxruntime/, a
 * /tmp/mat-debug-<pid>.log per process. Its own switch turns it off; the runtime reads it from the
 * process environment when it starts, which only the main thread can change (a worker's
 * process.env is a copy). Called before any model loads, here or in a worker.
 */
export function runtimeTelemetryOff(): void {
  if (isMainThread) process.env.ORT_DISABLE_TELEMETRY = '1';
}
