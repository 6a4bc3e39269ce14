"""Stock on hand and reservations.

Placing an order reserves copies for a while; paying confirms the reservation, and a reservation
that is not confirmed in time expires and its copies go back on the shelf.
"""
import threading
import time
from dataclasses import dataclass, field


class OutOfStock(Exception):
    """Fewer copies are available than the order asks for."""


@dataclass
class Reservation:
    order_id: str
    isbn: str
    quantity: int
    expires_at: float


@dataclass
class Inventory:
    on_hand: dict = field(default_factory=dict)
    reservations: dict = field(default_factory=dict)
    hold_seconds: float = 15 * 60

    def __post_init__(self):
        self._lock = threading.Lock()

    def available(self, isbn):
        """Copies that can still be sold: on hand minus what live reservations hold."""
        held = sum(r.quantity for r in self.reservations.values() if r.isbn == isbn)
        return self.on_hand.get(isbn, 0) - held

    def reserve(self, order_id, isbn, quantity, now=None):
        """Holds copies for an order until it is paid or the hold expires."""
        now = time.time() if now is None else now
        with self._lock:
            self.expire(now)
            if self.available(isbn) < quantity:
                raise OutOfStock(f"{isbn}: {self.available(isbn)} available, {quantity} asked")
            self.reservations[order_id] = Reservation(order_id, isbn, quantity, now + self.hold_seconds)

    def confirm(self, order_id):
        """The order is paid: its copies leave the shelf for good."""
        with self._lock:
            r = self.reservations.pop(order_id)
            self.on_hand[r.isbn] -= r.quantity

    def expire(self, now):
        """Drops reservations whose hold ran out; their copies are available again."""
        for order_id in [o for o, r in self.reservations.items() if r.expires_at <= now]:
            del self.reservations[order_id]

    def restock(self, isbn, quantity):
        """Copies arrived from the supplier (the Go worker calls this through the API)."""
        with self._lock:
            self.on_hand[isbn] = self.on_hand.get(isbn, 0) + quantity
