// The storefront's client for the bookshop API. Reads are retried with exponential backoff and
// jitter when the server is busy (429, 503); writes are never retried blindly, because placing an
// order twice costs the customer money.

export class ApiError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

const RETRYABLE = new Set([429, 502, 503, 504]);

/** Milliseconds to wait before retry `attempt` (1-based): 200, 400, 800… capped at 5 s, with jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(5000, 200 * 2 ** (attempt - 1));
  return Math.round(base / 2 + random() * (base / 2));
}

export class BookshopClient {
  constructor(
    private readonly baseUrl: string,
    private readonly maxAttempts = 4,
  ) {}

  /** GET with retries on busy answers; honours the server's Retry-After header when it sends one. */
  async getJson<T>(path: string): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(`${this.baseUrl}${path}`, { headers: { accept: 'application/json' } });
      if (res.ok) return (await res.json()) as T;
      if (!RETRYABLE.has(res.status) || attempt >= this.maxAttempts) throw new ApiError(res.status, `GET ${path}: ${res.status}`);
      const retryAfter = Number(res.headers.get('retry-after'));
      await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : backoffDelay(attempt));
    }
  }

  /** Places an order exactly once: an idempotency key lets the server recognise a repeated request. */
  async placeOrder(lines: { isbn: string; quantity: number }[], idempotencyKey: string): Promise<{ orderId: string }> {
    const res = await fetch(`${this.baseUrl}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
      body: JSON.stringify({ lines }),
    });
    if (!res.ok) throw new ApiError(res.status, `order refused: ${res.status}`);
    return (await res.json()) as { orderId: string };
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
