// The shopping cart: lines of books with quantities, a discount code, and the total the customer
// sees before checkout. The server recomputes the total at checkout; this one is for display.
import { formatPrice } from './money';

export interface Book {
  isbn: string;
  title: string;
  priceCents: number;
}

export interface CartLine {
  book: Book;
  quantity: number;
}

/** Discount codes the shop runs: a percentage off, or a fixed amount off orders above a minimum. */
export type Discount = { kind: 'percent'; percent: number } | { kind: 'amount'; cents: number; minimumCents: number };

export class Cart {
  private readonly lines = new Map<string, CartLine>();
  private discount?: { code: string; rule: Discount };

  /** Adds copies of a book; adding a book already in the cart raises its quantity. */
  addItem(book: Book, quantity = 1): void {
    if (quantity <= 0) throw new Error(`quantity must be positive, got ${quantity}`);
    const line = this.lines.get(book.isbn);
    if (line) line.quantity += quantity;
    else this.lines.set(book.isbn, { book, quantity });
  }

  removeItem(isbn: string): void {
    this.lines.delete(isbn);
  }

  /** Applies a discount code; an unknown code leaves the cart as it was and says so. */
  applyDiscountCode(code: string, known: Map<string, Discount>): boolean {
    const rule = known.get(code.trim().toUpperCase());
    if (!rule) return false;
    this.discount = { code, rule };
    return true;
  }

  subtotalCents(): number {
    let sum = 0;
    for (const { book, quantity } of this.lines.values()) sum += book.priceCents * quantity;
    return sum;
  }

  /** What the discount takes off the subtotal: never more than the subtotal itself. */
  discountCents(): number {
    const subtotal = this.subtotalCents();
    const rule = this.discount?.rule;
    if (!rule) return 0;
    if (rule.kind === 'percent') return Math.min(subtotal, Math.round((subtotal * rule.percent) / 100));
    return subtotal >= rule.minimumCents ? Math.min(subtotal, rule.cents) : 0;
  }

  totalCents(): number {
    return this.subtotalCents() - this.discountCents();
  }

  /** The cart's summary line under the list: "3 books · €41.70". */
  summary(): string {
    let count = 0;
    for (const line of this.lines.values()) count += line.quantity;
    return `${count} ${count === 1 ? 'book' : 'books'} · ${formatPrice(this.totalCents())}`;
  }
}
