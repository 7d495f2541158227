#!/usr/bin/env python3
"""No acknowledged write is lost when the server is killed with SIGKILL under write load.

For each database (a fresh SQLite file, then a fresh PostgreSQL database when one is
reachable): seeds a few listings, starts the given binary (default target/release/aqar),
and lets WRITERS clients write listings through the API as fast as it answers, each client
alternating between creating a listing with a title of its own and saving one of its own
listings with a new price. After --seconds the server gets SIGKILL mid-load. It is started
again on the same database, and every write that was acknowledged (201 or 200) is read
back: a created listing must exist with its title, a saved listing must have the last
acknowledged price, or the price of the save that was still unanswered when the server died.

Usage: python3 bench/durability.py [--binary path] [--seconds N] [--writers N] [--db sqlite|postgres|both]
Only loopback is used; every request has a timeout; each server is stopped at the end.
"""

import argparse
import json
import os
import tempfile
import threading
import time

from harness import DEFAULT_POSTGRES_URL, Server, postgres_database, seed

SEEDED = 20


class SignedInServer(Server):
    """The server, with the admin signed in once it answers."""

    def __init__(self, binary, url, workdir):
        super().__init__(binary, url, workdir)
        try:
            self.cookie = self.sign_in()
        except SystemExit:
            self.kill()
            raise

    def call(self, method, path, payload=None):
        body = None if payload is None else json.dumps(payload, ensure_ascii=False).encode()
        headers = {"Cookie": self.cookie, "Content-Type": "application/json"}
        status, _, answer = self.request(method, path, body, headers)
        return status, answer


class Writer(threading.Thread):
    """One client: creates a listing, then saves one of its own with a new price, in turn."""

    def __init__(self, server, number, template, stop):
        super().__init__(daemon=True)
        self.server, self.number, self.template, self.stop = server, number, template, stop
        self.created = {}  # id -> title, acknowledged
        self.prices = {}  # id -> last acknowledged price
        self.pending = {}  # id -> price of a save not answered yet
        self.pending_titles = set()
        self.refused = 0

    def run(self):
        sequence = 0
        while not self.stop.is_set():
            sequence += 1
            try:
                if sequence % 2 or not self.created:
                    self.create(sequence)
                else:
                    self.save(sequence)
            except OSError:
                return  # the server is gone

    def create(self, sequence):
        title = f"Durability {self.number}-{sequence}"
        listing = {**self.template, "titleEn": title}
        self.pending_titles.add(title)
        status, answer = self.server.call("POST", "/api/properties", listing)
        if status == 201:
            self.created[json.loads(answer)["id"]] = title
            self.pending_titles.discard(title)
        else:
            self.refused += 1

    def save(self, sequence):
        ids = list(self.created)
        listing_id = ids[sequence % len(ids)]
        price = 100_000 + sequence
        status, current = self.server.call("GET", f"/api/properties/{listing_id}")
        if status != 200:
            self.refused += 1
            return
        listing = {**json.loads(current), "price": price}
        self.pending[listing_id] = price
        status, _ = self.server.call("PUT", f"/api/properties/{listing_id}", listing)
        if status == 200:
            self.prices[listing_id] = price
            del self.pending[listing_id]
        else:
            self.refused += 1


def template_listing(server):
    status, answer = server.call("GET", "/api/properties?page=1&pageSize=1")
    if status != 200 or not json.loads(answer):
        raise SystemExit(f"no seeded listing to copy: {status} {answer[:200]!r}")
    listing_id = json.loads(answer)[0]["id"]
    status, answer = server.call("GET", f"/api/properties/{listing_id}")
    listing = json.loads(answer)
    for key in ("id", "propertyNumber", "createdAt", "updatedAt", "version", "slug"):
        listing.pop(key, None)
    status, answer = server.call("POST", "/api/properties", {**listing, "titleEn": "Durability probe"})
    if status != 201:
        raise SystemExit(f"a copy of listing {listing_id} is refused: {status} {answer[:300]!r}")
    return listing


def run(name, binary, url, workdir, args):
    seed(binary, url, "--properties", str(SEEDED))
    server = SignedInServer(binary, url, workdir)
    template = template_listing(server)
    stop = threading.Event()
    writers = [Writer(server, number, template, stop) for number in range(args.writers)]
    for writer in writers:
        writer.start()
    time.sleep(args.seconds)
    server.kill()
    stop.set()
    for writer in writers:
        writer.join(timeout=60)

    server = SignedInServer(binary, url, workdir)
    try:
        acknowledged = lost = 0
        for writer in writers:
            for listing_id, title in writer.created.items():
                acknowledged += 1
                status, answer = server.call("GET", f"/api/properties/{listing_id}")
                if status != 200 or json.loads(answer).get("titleEn") != title:
                    lost += 1
                    print(f"  LOST: listing {listing_id} '{title}' ({status})")
            for listing_id, price in writer.prices.items():
                acknowledged += 1
                status, answer = server.call("GET", f"/api/properties/{listing_id}")
                stored = json.loads(answer).get("price") if status == 200 else None
                if stored not in (price, writer.pending.get(listing_id)):
                    lost += 1
                    print(f"  LOST: listing {listing_id} price {price}, read back {stored}")
        refused = sum(writer.refused for writer in writers)
        print(
            f"{name}: {acknowledged} acknowledged writes in {args.seconds} s from {args.writers} clients, "
            f"SIGKILL mid-load, {lost} lost after the restart ({refused} answered other than 200/201)",
            flush=True,
        )
        return lost
    finally:
        server.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default="target/release/aqar")
    parser.add_argument("--seconds", type=int, default=20)
    parser.add_argument("--writers", type=int, default=8)
    parser.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    lost = 0
    with tempfile.TemporaryDirectory() as workdir:
        if args.db in ("sqlite", "both"):
            lost += run("SQLite", binary, f"sqlite://{workdir}/aqar.db", workdir, args)
        if args.db in ("postgres", "both"):
            url, drop = postgres_database(os.environ.get("AQAR_BENCH_POSTGRES_URL", DEFAULT_POSTGRES_URL), "aqar_durability")
            try:
                lost += run("PostgreSQL", binary, url, workdir, args)
            finally:
                drop()
    raise SystemExit(1 if lost else 0)


if __name__ == "__main__":
    main()
