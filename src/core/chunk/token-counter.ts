// Counting "model tokens" for the chunk size limit. An exact count with the model's own tokenizer
// costs ~65× an estimate (transformers.js's Unigram tokenizer, measured on the Python standard
// library) and doubled the parse phase, so chunks are sized by a length estimate calibrated
// against that tokenizer (split.ts CHARS_PER_TOKEN; test/token-calibration.test.ts keeps it honest).
import { estimateTokens, type TokenCounter } from './split';

export interface TokenizerConfig {
  maxTokens?: number;
}

export function makeTokenCounter(_config?: TokenizerConfig): TokenCounter {
  return estimateTokens;
}
