// What a query asks for: identifiers written as code (`Input.is_action_pressed`, `move_and_slide`,
// `parseHeader()`) and plain words. Identifiers get exact-symbol boosts; words are matched against
// split identifiers by the keyword index.

export interface AnalyzedQuery {
  text: string;
  /** Identifiers as written, dotted paths included: `Input.is_action_pressed`. */
  identifiers: string[];
  /** Every identifier and each segment of a dotted one, lowercased: input, is_action_pressed. */
  symbols: Set<string>;
  words: string[];
}

const CODE_LIKE = /[A-Za-z_$][\w$]*(?:(?:\.|::|->|#)[A-Za-z_$][\w$]*)*(?:\(\))?/g;

function looksLikeCode(token: string): boolean {
  return (
    /[._$:#>]|\(\)/.test(token.replace(/^\.|\.$/g, '')) || // dotted, snake_case, call
    /[a-z][A-Z]/.test(token) || // camelCase
    /^[A-Z][a-z]+[A-Z]/.test(token) || // PascalCase compound
    /^[A-Z][A-Z0-9_]{2,}$/.test(token) || // CONSTANT_CASE
    /[a-zA-Z]\d|\d[a-zA-Z]/.test(token) // b64encode, utf8
  );
}

export function analyzeQuery(text: string): AnalyzedQuery {
  const identifiers: string[] = [];
  const symbols = new Set<string>();
  const words: string[] = [];
  for (const m of text.matchAll(CODE_LIKE)) {
    const token = m[0].replace(/\(\)$/, '');
    if (looksLikeCode(m[0])) {
      identifiers.push(token);
      symbols.add(token.toLowerCase().replace(/::|->|#/g, '.'));
      for (const seg of token.split(/\.|::|->|#/)) if (seg) symbols.add(seg.toLowerCase());
    } else words.push(token.toLowerCase());
  }
  return { text, identifiers, symbols, words };
}
