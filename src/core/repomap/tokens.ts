// Real token counts (cl100k_base, via js-tiktoken) for fitting the map to a budget. Counting is
// memoised per text: the budget search re-renders mostly the same file blocks.

interface Encoder {
  encode(text: string): number[];
}

let encoder: Encoder | undefined;
const memo = new Map<string, number>();

function load(): Encoder {
  // js-tiktoken is typed as ESM but ships CommonJS builds; the lite entry loads one encoding only.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Tiktoken } = require('js-tiktoken/lite') as { Tiktoken: new (ranks: unknown) => Encoder };
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const ranks = require('js-tiktoken/ranks/cl100k_base');
  return new Tiktoken(ranks.default ?? ranks);
}

export function countTokens(text: string): number {
  const hit = memo.get(text);
  if (hit !== undefined) return hit;
  encoder ??= load();
  const n = encoder.encode(text).length;
  if (memo.size > 20_000) memo.clear();
  memo.set(text, n);
  return n;
}
