#!/usr/bin/env python3
"""The contact-request export benchmark (issue 9, item 7): both exports of 100,000 requests.

On a fresh SQLite database seeded with `aqar seed --contact-requests 100000`, the release
server is asked for:
  - the specification's export: POST /api/contact-requests/export with the whole list as
    JSON (about 35 MB), as the panel would send what it holds;
  - the server-side export: GET /api/contact-requests/export?period=all, read from the
    database.
For each: the wall time from sending the request to the last byte of the workbook, the
server's peak resident memory during it (VmHWM, reset before through /proc/PID/clear_refs),
the workbook's rows read back, and the slowest of the /healthz answers asked every 20 ms
while the export ran. Targets: <= 1.0 s, <= 64 MB peak RSS, /healthz within 50 ms.
A miss is reported, not hidden.

Usage: python3 bench/exports.py [--binary target/release/aqar] [--count 100000]
"""

import argparse
import io
import json
import os
import sys
import tempfile
import threading
import time
import zipfile

sys.path.insert(0, os.path.dirname(__file__))
import harness  # noqa: E402
from harness import Server, reset_peak  # noqa: E402

TARGET_SECS = 1.0
TARGET_RSS_MIB = 64
TARGET_HEALTHZ_MS = 50
PROBE_EVERY_SECS = 0.02


def seed(binary, url, count):
    line, _ = harness.seed(binary, url, "--contact-requests", str(count))
    print(f"  {line}", flush=True)


def rows_in(workbook):
    with zipfile.ZipFile(io.BytesIO(workbook)) as archive:
        return archive.read("xl/worksheets/sheet1.xml").count(b"<row ")


def measure(server, name, method, path, body, headers, expected_rows):
    slowest = [0.0]
    done = threading.Event()

    def probe():
        while not done.is_set():
            started = time.monotonic()
            status, _, _ = server.request("GET", "/healthz")
            elapsed = (time.monotonic() - started) * 1000
            if status != 200:
                elapsed = float("inf")
            slowest[0] = max(slowest[0], elapsed)
            time.sleep(PROBE_EVERY_SECS)

    reset_peak(server.process.pid)
    before = server.rss_mib()
    prober = threading.Thread(target=probe)
    prober.start()
    started = time.monotonic()
    status, answer_headers, workbook = server.request(method, path, body, headers)
    wall = time.monotonic() - started
    done.set()
    prober.join()
    peak = server.rss_mib("VmHWM")
    if status != 200:
        raise SystemExit(f"{name}: {status} {workbook[:300]!r}")
    rows = rows_in(workbook) - 1
    verdicts = [
        f"time {'met' if wall <= TARGET_SECS else 'MISSED'} (<= {TARGET_SECS} s)",
        f"memory {'met' if peak <= TARGET_RSS_MIB else 'MISSED'} (<= {TARGET_RSS_MIB} MB)",
        f"/healthz {'met' if slowest[0] <= TARGET_HEALTHZ_MS else 'MISSED'} (<= {TARGET_HEALTHZ_MS} ms)",
    ]
    print(
        f"  {name}: {wall:.2f} s, peak RSS {peak} MiB (before {before} MiB), {rows} rows, "
        f"{len(workbook) / 1e6:.1f} MB workbook, slowest /healthz {slowest[0]:.1f} ms; {', '.join(verdicts)}",
        flush=True,
    )
    if rows != expected_rows:
        raise SystemExit(f"{name}: the workbook holds {rows} rows, not {expected_rows}")
    print(f"    file: {answer_headers.get('content-disposition', '')}", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default="target/release/aqar")
    parser.add_argument("--count", type=int, default=100_000)
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    with tempfile.TemporaryDirectory(prefix="aqar-bench-exports-") as workdir:
        url = f"sqlite://{os.path.join(workdir, 'aqar.db')}"
        print(f"exports of {args.count:,} contact requests (SQLite)", flush=True)
        seed(binary, url, args.count)
        # The list the panel would hold, read from a server of its own: answering 100,000
        # records in one JSON leaves the allocator holding far more than an export needs,
        # which would hide the exports' own footprint. Each export then runs on a fresh server.
        server = Server(binary, url, workdir)
        try:
            cookie = server.sign_in()
            status, _, listed = server.request("GET", "/api/contact-requests", headers={"Cookie": cookie})
            if status != 200:
                raise SystemExit(f"the list answered {status}")
        finally:
            server.stop()
        body = json.dumps({"requests": json.loads(listed)}, ensure_ascii=False).encode()
        print(f"  POST body: {len(body) / 1e6:.1f} MB of JSON", flush=True)
        runs = [
            ("POST export", "POST", "/api/contact-requests/export", body, {"Content-Type": "application/json"}),
            ("GET export", "GET", "/api/contact-requests/export?period=all", None, {}),
        ]
        for name, method, path, payload, headers in runs:
            server = Server(binary, url, workdir)
            try:
                headers = {**headers, "Cookie": server.sign_in()}
                measure(server, name, method, path, payload, headers, args.count)
            finally:
                server.stop()


if __name__ == "__main__":
    main()
