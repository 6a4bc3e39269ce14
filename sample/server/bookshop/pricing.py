"""Prices, discounts and VAT.

Every amount is an integer number of cents. Rounding happens here and only here, half to even
(banker's rounding), so that a column of rounded line totals does not drift upwards.
"""
from decimal import ROUND_HALF_EVEN, Decimal

VAT_RATES = {"books": Decimal("0.06"), "ebooks": Decimal("0.21"), "gifts": Decimal("0.21")}


def round_cents(amount: Decimal) -> int:
    """Rounds a fractional amount of cents to whole cents, half to even."""
    return int(amount.quantize(Decimal("1"), rounding=ROUND_HALF_EVEN))


def vat_cents(net_cents: int, category: str) -> int:
    """The VAT owed on a net amount, by product category (books are taxed at the reduced rate)."""
    rate = VAT_RATES.get(category)
    if rate is None:
        raise ValueError(f"no VAT rate for category {category!r}")
    return round_cents(Decimal(net_cents) * rate)


def apply_discount(subtotal_cents: int, percent: int = 0, amount_cents: int = 0) -> int:
    """The subtotal after a percentage or fixed discount, never below zero."""
    if not 0 <= percent <= 100:
        raise ValueError("a percentage discount lies between 0 and 100")
    discounted = Decimal(subtotal_cents) * (Decimal(100 - percent) / Decimal(100)) - amount_cents
    return max(0, round_cents(discounted))


def order_total(lines, discount_percent=0):
    """Total of an order: each line's net price with its VAT, then the discount on the sum.

    `lines` holds (unit_price_cents, quantity, category) tuples.
    """
    gross = 0
    for unit_cents, quantity, category in lines:
        net = unit_cents * quantity
        gross += net + vat_cents(net, category)
    return apply_discount(gross, percent=discount_percent)
