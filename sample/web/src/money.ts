// Money in the storefront is always an integer number of cents: floating point never touches a
// price, so totals add up exactly and rounding happens in one place (the server's pricing).

/** A price as the customer reads it: `€12.50`, `$3.05`. */
export function formatPrice(cents: number, currency: 'EUR' | 'USD' | 'GBP' = 'EUR'): string {
  const symbol = { EUR: '€', USD: '$', GBP: '£' }[currency];
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${symbol}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Parses what a customer typed in a price filter ("12", "12.5", "12,50") into cents. */
export function parsePrice(text: string): number | undefined {
  const m = /^\s*(\d+)(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/** Splits an amount into `parts` shares that differ by at most one cent and add up exactly. */
export function splitEvenly(cents: number, parts: number): number[] {
  const base = Math.floor(cents / parts);
  const rest = cents - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < rest ? 1 : 0));
}
