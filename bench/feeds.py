"""The portal feeds (issue 41): Property Finder's and Bayut's XML feeds of 100,000 listings
ready for both portals, on SQLite, read whole as a portal reads them: plain and gzip, a
revalidation (304), and a read while an editor saves listings (reads right after writes).
For each: seconds to the last byte, listings counted in the document, bytes, and how far the
server's peak RSS rose above its RSS before the read. Targets: <= 2 s and <= 64 MB.

Run by `make bench` after the release build; `--listings N` for a quicker run.
"""

import argparse
import http.client
import json
import os
import sqlite3
import sys
import tempfile
import time
import zlib

sys.path.insert(0, os.path.dirname(__file__))

from harness import Server, memory_kib, release_binary, reset_peak, seed  # noqa: E402
from workload import Saver, sample_listings  # noqa: E402

FEEDS = {"propertyFinder": b"<property last_update=", "bayut": b"<Property>"}
DESCRIPTION = "Bright rooms, a garden and a view of the hills. " * 17
DESCRIPTION_AR = "غرف مشرقة وحديقة وإطلالة على التلال. " * 22


def ready_for_both_portals(database):
    """Every listing as both portals take it once the catalog is mapped: lengths the portals
    want, a pin, a photo, a rent period for rentals, the admin as agent with a phone, and no
    place requiring a permit; chosen for the website and both portals."""
    with sqlite3.connect(database) as db:
        db.executescript(f"""
            UPDATE properties SET
                title_en = substr('A bright villa by the hills, number ' || id || ' ----------', 1, 40),
                title_ar = substr('فيلا مشرقة قرب التلال، رقم ' || id || ' ----------', 1, 40),
                description_en = '{DESCRIPTION}', description_ar = '{DESCRIPTION_AR}',
                latitude = 25.2 + (id % 1000) / 10000.0, longitude = 55.27 + (id % 997) / 10000.0,
                agent_id = 1, publish_to = 'website,propertyFinder,bayut',
                rent_frequency = CASE WHEN offering_type = 'rent' THEN 'yearly' END,
                publish_at = NULL, unpublish_at = NULL;
            UPDATE countries SET advertising_authority = NULL;
            UPDATE cities SET advertising_authority = NULL;
            UPDATE regions SET advertising_authority = NULL;
            UPDATE users SET phone = '+971 50 123 4567' WHERE id = 1;
            INSERT INTO property_images (property_id, position, reference)
                SELECT id, 0, '/media/aaaa.png' FROM properties
                WHERE id NOT IN (SELECT property_id FROM property_images);
            DELETE FROM search_changes;
        """)
        return db.execute("SELECT count(*) FROM properties WHERE status = 'active'").fetchone()[0]


def map_catalog(server, cookie):
    """Maps every category, type, city and region to a name each portal knows."""
    headers = {"Cookie": cookie, "Content-Type": "application/json"}
    for portal, kind in [("propertyFinder", "VH"), ("bayut", "Villa")]:
        status, _, body = server.request("GET", f"/api/portals/{portal}/mappings", headers=headers)
        assert status == 200, body
        for row in json.loads(body):
            value = {"category": kind, "propertyType": kind}.get(row["kind"], "Dubai Marina")
            path = f"/api/portals/{portal}/mappings/{row['kind']}/{row['recordId']}"
            status, _, answer = server.request("PUT", path, json.dumps({"value": value}), headers)
            assert status == 200, (path, status, answer)


def feed_path(server, cookie, feed):
    headers = {"Cookie": cookie, "Content-Type": "application/json"}
    status, _, body = server.request("POST", "/api/feed-tokens", json.dumps({"feed": feed}), headers)
    assert status == 201, body
    url = json.loads(body)["url"]
    return url[url.index("/feeds/"):]


def read_feed(server, path, needle, headers=None):
    """Reads the feed to its end in chunks: (status, seconds, listings, bytes, RSS rise MB, etag)."""
    pid = server.process.pid
    before = memory_kib(pid, "VmRSS")
    reset_peak(pid)
    started = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
    connection.request("GET", path, headers=headers or {})
    response = connection.getresponse()
    gzip = response.getheader("Content-Encoding") == "gzip"
    inflate = zlib.decompressobj(16 + zlib.MAX_WBITS) if gzip else None
    count, size, carry = 0, 0, b""
    while chunk := response.read(1 << 16):
        size += len(chunk)
        text = inflate.decompress(chunk) if inflate else chunk
        carry += text
        count += carry.count(needle)
        carry = carry[-(len(needle) - 1):]
    seconds = time.monotonic() - started
    connection.close()
    rise = (memory_kib(pid, "VmHWM") - before) / 1024
    return response.status, seconds, count, size, rise, response.getheader("ETag")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--listings", type=int, default=100_000)
    arguments = parser.parse_args()
    binary = release_binary("target/release/aqar")
    with tempfile.TemporaryDirectory() as workdir:
        database = f"{workdir}/aqar.db"
        url = f"sqlite://{database}"
        line, secs = seed(binary, url, "--properties", str(arguments.listings), cwd=workdir, timeout=1800)
        print(f"seeded {arguments.listings} listings in {secs:.0f} s: {line}", flush=True)
        server = Server(binary, url=url, workdir=workdir)
        try:
            cookie = server.sign_in()
            map_catalog(server, cookie)
            paths = {feed: feed_path(server, cookie, feed) for feed in FEEDS}
        finally:
            server.stop()
        active = ready_for_both_portals(database)
        print(f"{active} active listings made ready for both portals", flush=True)
        server = Server(binary, url=url, workdir=workdir)
        try:
            cookie = server.sign_in()
            edited = sample_listings(server, cookie)
            print("| feed | read | status | s | listings | bytes | RSS rise MB |")
            print("|---|---|---|---|---|---|---|")
            for feed, needle in FEEDS.items():
                runs = [("cold", {}), ("warm", {}), ("gzip", {"Accept-Encoding": "gzip"})]
                etag = None
                for label, headers in runs:
                    status, seconds, count, size, rise, etag = read_feed(server, paths[feed], needle, headers)
                    print(f"| {feed} | {label} | {status} | {seconds:.2f} | {count} | {size} | {rise:.1f} |", flush=True)
                status, seconds, count, size, rise, _ = read_feed(
                    server, paths[feed], needle, {"If-None-Match": etag})
                print(f"| {feed} | revalidated | {status} | {seconds:.3f} | {count} | {size} | {rise:.1f} |", flush=True)
                with Saver(server, cookie, edited) as saver:
                    status, seconds, count, size, rise, _ = read_feed(server, paths[feed], needle)
                print(f"| {feed} | with saves ({saver.summary()}) | {status} | {seconds:.2f} | {count} | "
                      f"{size} | {rise:.1f} |", flush=True)
        finally:
            server.stop()


if __name__ == "__main__":
    main()
