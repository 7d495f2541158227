#!/usr/bin/env python3
"""The bulk actions benchmark (issue 24): one POST /api/properties/bulk changing 10,000
listings, on SQLite and on PostgreSQL, against the release server.

Each database is seeded with `aqar seed --properties N` (20,000 by default, so the 10,000
changed are a part of the table, as in real use). Then, with the server started afresh and
signed in, each run changes the same 10,000 listings (the lowest ids, sent with the version
each has, as the panel sends them): set status 'sold', set featured, set category (one the
benchmark adds, so that it holds exactly those listings), then set status 'active' by filter
(that category: the server resolves the 10,000 itself).
Measured: the wall time of each call, its answer's changed and skipped counts, and the
slowest /healthz answer of those asked every 20 ms while it ran. Target: each call <= 5 s.
A miss is reported, not hidden.

Usage: python3 bench/bulk.py [--binary target/release/aqar] [--count 20000] [--changed 10000]
       [--db sqlite|postgres|both]
PostgreSQL: AQAR_BENCH_POSTGRES_URL (default the test server); the benchmark makes its own
database there and drops it at the end.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(__file__))
import harness  # noqa: E402
from harness import Server, databases, query, release_binary  # noqa: E402

TARGET_SECS = 5.0
PROBE_EVERY_SECS = 0.02


def timed(server, cookie, body):
    """(seconds, answer, slowest /healthz in ms) of one bulk call."""
    slowest = [0.0]
    done = threading.Event()

    def probe():
        while not done.is_set():
            started = time.monotonic()
            try:
                status, _, _ = server.request("GET", "/healthz", timeout=10)
            except OSError:
                status = 0
            elapsed = (time.monotonic() - started) * 1000
            slowest[0] = max(slowest[0], elapsed if status == 200 else float("inf"))
            time.sleep(PROBE_EVERY_SECS)

    prober = threading.Thread(target=probe)
    prober.start()
    started = time.monotonic()
    status, _, answer = server.request(
        "POST",
        "/api/properties/bulk",
        body=json.dumps(body),
        headers={"Cookie": cookie, "Content-Type": "application/json"},
        timeout=120,
    )
    wall = time.monotonic() - started
    done.set()
    prober.join()
    if status != 200:
        raise SystemExit(f"{body['action']}: {status} {answer[:300]!r}")
    return wall, json.loads(answer), slowest[0]


def measure(server, label, url, changed, report):
    cookie = server.sign_in()
    rows = query(url, f"SELECT id, version FROM properties ORDER BY id LIMIT {changed}")
    ids = [row[0] for row in rows]
    category = new_category(server, cookie)
    runs = [
        ("set status", {"action": "setStatus", "value": "sold"}),
        ("set featured", {"action": "setFeatured", "value": True}),
        ("set category", {"action": "setCategory", "value": category}),
    ]
    for name, change in runs:
        versions = {str(row[0]): row[1] for row in query(url, f"SELECT id, version FROM properties ORDER BY id LIMIT {changed}")}
        run(label, name, server, cookie, {"ids": ids, "versions": versions, **change}, report)
    body = {"filter": {"categoryId": category}, "action": "setStatus", "value": "active"}
    run(label, "set status by filter", server, cookie, body, report)


def new_category(server, cookie):
    """The id of a category the benchmark adds, which no listing is in yet."""
    status, _, answer = server.request(
        "POST",
        "/api/categories",
        body=json.dumps({"nameEn": "Bulk benchmark", "nameAr": "اختبار الأداء"}),
        headers={"Cookie": cookie, "Content-Type": "application/json"},
    )
    if status != 201:
        raise SystemExit(f"could not add the benchmark's category: {status} {answer[:300]!r}")
    return json.loads(answer)["id"]


def run(label, name, server, cookie, body, report):
    wall, answer, slowest = timed(server, cookie, body)
    verdict = f"time {'met' if wall <= TARGET_SECS else 'MISSED'} (<= {TARGET_SECS:g} s)"
    print(
        f"  {name}: {wall:.2f} s, {answer['changed']:,} changed, {len(answer['skipped']):,} skipped, "
        f"slowest /healthz {slowest:.1f} ms; {verdict}",
        flush=True,
    )
    report.append((f"{label} {name}", verdict))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default="target/release/aqar")
    parser.add_argument("--count", type=int, default=20_000)
    parser.add_argument("--changed", type=int, default=10_000)
    parser.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    args = parser.parse_args()
    binary = release_binary(args.binary)
    report = []
    with tempfile.TemporaryDirectory(prefix="aqar-bench-bulk-") as workdir:
        for label, url, drop in databases(workdir, args.db, "bench-bulk.db", "aqar_bench_bulk"):
            try:
                print(f"bulk actions, {label}, {args.changed:,} of {args.count:,} listings:", flush=True)
                line, seconds = harness.seed(binary, url, "--properties", str(args.count))
                print(f"  {line} (command: {seconds:.1f} s)", flush=True)
                if not url.startswith("sqlite://"):
                    subprocess.run(["psql", url, "-qc", "VACUUM ANALYZE"], check=True, capture_output=True)
                server = Server(binary, url, workdir)
                try:
                    measure(server, label, url, args.changed, report)
                finally:
                    server.stop()
            finally:
                if drop:
                    drop()
    misses = [name for name, verdict in report if "MISSED" in verdict]
    print("bulk actions: every target met" if not misses else f"bulk actions: targets missed: {', '.join(misses)}")


if __name__ == "__main__":
    main()
