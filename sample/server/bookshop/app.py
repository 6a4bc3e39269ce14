"""A small JSON API over the standard library's http.server: books, stock and orders."""
import json
import uuid
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from .inventory import Inventory, OutOfStock
from .pricing import order_total

CATALOG = {
    "9780262033848": {"title": "Introduction to Algorithms", "price_cents": 9500, "category": "books"},
    "9781492052203": {"title": "Programming Rust", "price_cents": 5999, "category": "books"},
}
INVENTORY = Inventory(on_hand={isbn: 5 for isbn in CATALOG})
SEEN_KEYS = {}


class BookshopHandler(BaseHTTPRequestHandler):
    def _send(self, status, payload):
        body = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path == "/books":
            books = [{"isbn": i, **b, "available": INVENTORY.available(i)} for i, b in CATALOG.items()]
            return self._send(HTTPStatus.OK, books)
        self._send(HTTPStatus.NOT_FOUND, {"error": "no such resource"})

    def do_POST(self):
        if self.path != "/orders":
            return self._send(HTTPStatus.NOT_FOUND, {"error": "no such resource"})
        key = self.headers.get("idempotency-key")
        if key in SEEN_KEYS:
            # The client retried a request that already succeeded: answer it the same way.
            return self._send(HTTPStatus.OK, SEEN_KEYS[key])
        order = json.loads(self.rfile.read(int(self.headers["content-length"])))
        order_id = uuid.uuid4().hex
        try:
            for line in order["lines"]:
                INVENTORY.reserve(f"{order_id}:{line['isbn']}", line["isbn"], line["quantity"])
        except OutOfStock as err:
            return self._send(HTTPStatus.CONFLICT, {"error": str(err)})
        total = order_total([(CATALOG[l["isbn"]]["price_cents"], l["quantity"], CATALOG[l["isbn"]]["category"]) for l in order["lines"]])
        answer = {"orderId": order_id, "totalCents": total}
        if key:
            SEEN_KEYS[key] = answer
        self._send(HTTPStatus.CREATED, answer)


def serve(port=8080):
    """Runs the API until interrupted."""
    ThreadingHTTPServer(("127.0.0.1", port), BookshopHandler).serve_forever()


if __name__ == "__main__":
    serve()
