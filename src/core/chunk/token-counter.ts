// Counting "model tokens" for the chunk size limit. A cheap estimate decides most cases; texts
// near or over the limit are counted exactly with the embedding model's own tokenizer when it is
// available, so a split happens exactly where the model would truncate.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { estimateTokens, type TokenCounter } from './split';

export interface TokenizerConfig {
  /** Folder holding the model's tokenizer.json (and tokenizer_config.json). */
  modelDir?: string;
  maxTokens?: number;
}

interface ExactTokenizer {
  encode(text: string): { ids: number[] } | number[];
}

function loadExact(modelDir: string): ((text: string) => number) | undefined {
  const file = path.join(modelDir, 'tokenizer.json');
  if (!fs.existsSync(file)) return undefined;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Tokenizer } = require('@huggingface/tokenizers') as { Tokenizer: new (json: unknown, config: unknown) => ExactTokenizer };
    const configFile = path.join(modelDir, 'tokenizer_config.json');
    const config = fs.existsSync(configFile) ? JSON.parse(fs.readFileSync(configFile, 'utf8')) : {};
    const tok = new Tokenizer(JSON.parse(fs.readFileSync(file, 'utf8')), config);
    return (text) => {
      const out = tok.encode(text);
      return Array.isArray(out) ? out.length : out.ids.length;
    };
  } catch {
    return undefined;
  }
}

export function makeTokenCounter(config?: TokenizerConfig): TokenCounter {
  const exact = config?.modelDir ? loadExact(config.modelDir) : undefined;
  if (!exact) return estimateTokens;
  const limit = config?.maxTokens ?? 512;
  return (text) => {
    const estimate = estimateTokens(text);
    // The estimate over-counts; only texts that might be near the limit pay for the exact count.
    return estimate < limit * 0.6 ? estimate : exact(text);
  };
}
