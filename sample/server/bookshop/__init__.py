"""The bookshop's back end: inventory, pricing and a small HTTP API."""
