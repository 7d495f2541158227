#!/usr/bin/env python3
"""The listings export benchmark (issue 25, item 5): GET /api/properties/export of 100,000
listings as .xlsx and as .csv, on SQLite and on PostgreSQL.

Each database is seeded with `aqar seed --properties N` (the demo catalogue, then N
bilingual listings), then given three image references and three selected features per
listing, so every row carries lists as real ones do (PostgreSQL: VACUUM ANALYZE after).
For each format the release server is started afresh and asked for the whole list
(signed in). Measured: the wall time from sending the request to the file's last byte, the
server's peak resident memory during it (VmHWM, reset through /proc/PID/clear_refs just
before), the rows read back from the file, and the slowest /healthz answer of those asked
every 20 ms while the export ran. Targets: <= 3 s, <= 150 MB peak RSS, /healthz within 50 ms.
A miss is reported, not hidden.

Usage: python3 bench/property-exports.py [--binary target/release/aqar] [--count 100000]
       [--db sqlite|postgres|both]
PostgreSQL: AQAR_BENCH_POSTGRES_URL (default the test server); the benchmark makes its own
database there and drops it at the end.
"""

import argparse
import csv
import io
import os
import subprocess
import sys
import tempfile
import threading
import time
import zipfile

sys.path.insert(0, os.path.dirname(__file__))
import harness  # noqa: E402
from harness import Server, databases, execute_sql, release_binary, reset_peak  # noqa: E402

TARGET_SECS = 3.0
TARGET_RSS_MIB = 150
TARGET_HEALTHZ_MS = 50
PROBE_EVERY_SECS = 0.02

# Three image references and three features per listing, as one statement each.
LISTS_SQL = [
    "DELETE FROM property_images",
    "DELETE FROM property_feature_assignments",
    "INSERT INTO property_images (property_id, position, reference) "
    "SELECT p.id, n.position, '/media/' || p.id || '-' || n.position || "
    "'0123456789abcdef0123456789abcdef0123456789abcdef.jpg' "
    "FROM properties p CROSS JOIN (SELECT 0 AS position UNION ALL SELECT 1 UNION ALL SELECT 2) n",
    "INSERT INTO property_feature_assignments (property_id, feature_id) "
    "SELECT p.id, f.id FROM properties p JOIN property_features f "
    "ON f.id IN (SELECT id FROM property_features ORDER BY id LIMIT 3)",
]


def add_lists(url):
    started = time.monotonic()
    execute_sql(url, LISTS_SQL)
    if not url.startswith("sqlite://"):
        subprocess.run(["psql", url, "-qc", "VACUUM ANALYZE"], check=True, capture_output=True)
    print(f"  3 images and 3 features per listing: {time.monotonic() - started:.1f} s", flush=True)


def rows_in(format, body):
    if format == "xlsx":
        with zipfile.ZipFile(io.BytesIO(body)) as archive:
            return archive.read("xl/worksheets/sheet1.xml").count(b"<row ") - 1
    return sum(1 for _ in csv.reader(io.StringIO(body.decode("utf-8-sig"), newline=""))) - 1


def measure(server, label, format, expected_rows, report):
    cookie = server.sign_in()
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

    reset_peak(server.process.pid)
    before = server.rss_mib()
    prober = threading.Thread(target=probe)
    prober.start()
    started = time.monotonic()
    status, headers, body = server.request(
        "GET", f"/api/properties/export?format={format}", headers={"Cookie": cookie}, timeout=120
    )
    wall = time.monotonic() - started
    done.set()
    prober.join()
    peak = server.rss_mib("VmHWM")
    if status != 200:
        raise SystemExit(f"{label} {format}: {status} {body[:300]!r}")
    rows = rows_in(format, body)
    verdicts = [
        f"time {'met' if wall <= TARGET_SECS else 'MISSED'} (<= {TARGET_SECS:g} s)",
        f"memory {'met' if peak <= TARGET_RSS_MIB else 'MISSED'} (<= {TARGET_RSS_MIB} MB)",
        f"/healthz {'met' if slowest[0] <= TARGET_HEALTHZ_MS else 'MISSED'} (<= {TARGET_HEALTHZ_MS} ms)",
    ]
    print(
        f"  {format}: {wall:.2f} s, peak RSS {peak} MiB (before {before} MiB), {rows:,} rows, "
        f"{len(body) / 1e6:.1f} MB file, slowest /healthz {slowest[0]:.1f} ms; {', '.join(verdicts)}",
        flush=True,
    )
    report.append((f"{label} {format}", verdicts))
    if rows != expected_rows:
        raise SystemExit(f"{label} {format}: the file holds {rows} rows, not {expected_rows}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default="target/release/aqar")
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    args = parser.parse_args()
    binary = release_binary(args.binary)
    report = []
    with tempfile.TemporaryDirectory(prefix="aqar-bench-property-exports-") as workdir:
        for label, url, drop in databases(workdir, args.db, "bench-exports.db", "aqar_bench_exports"):
            try:
                print(f"listings export, {label}, {args.count:,} listings:", flush=True)
                line, seconds = harness.seed(binary, url, "--properties", str(args.count))
                print(f"  {line} (command: {seconds:.1f} s)", flush=True)
                add_lists(url)
                for format in ("xlsx", "csv"):
                    server = Server(binary, url, workdir)
                    try:
                        measure(server, label, format, args.count, report)
                    finally:
                        server.stop()
            finally:
                if drop:
                    drop()
    misses = [name for name, verdicts in report if any("MISSED" in v for v in verdicts)]
    print("listings export: every target met" if not misses else f"listings export: targets missed: {', '.join(misses)}")


if __name__ == "__main__":
    main()
