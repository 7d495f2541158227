#!/usr/bin/env python3
"""The cost of compressed JSON answers (issue 19, item 8): wrk against the release server.

On a fresh SQLite database seeded with 1,000 properties, signed in, each answer is loaded
twice, as a client that accepts no compression and as one sending `Accept-Encoding: gzip`:
the full `/api/properties` (1,000 rows, the largest answer the panel asks for) and a page of
100. For each it prints the bytes on the wire, req/s, p50, p99 and the server's CPU time per
answer (user + system, from /proc over the measured run); the difference between the two
runs is what gzip costs the server, per answer.

Usage: python3 bench/compression.py [--binary target/release/aqar] [--duration 15]
       [--connections 64]
Runs on the benchmarks' harness (bench/harness.py); wrk is installed when missing.
"""

import argparse
import os
import re
import sys
import tempfile

from harness import WARM_UP_SECS, Server, cpu_seconds, ensure_wrk, release_binary, wrk_latencies, wrk_requests, wrk_rps, wrk_run
from properties import seed

ANSWERS = [
    ("full list (1,000 rows)", "/api/properties"),
    ("page of 100 rows", "/api/properties?page=1&pageSize=100"),
]
CLIENTS = [("plain", {}), ("gzip", {"Accept-Encoding": "gzip"})]


def wrk(server, path, headers, args):
    url = f"http://127.0.0.1:{server.port}{path}"
    flags = [item for name, value in headers.items() for item in ("-H", f"{name}: {value}")]
    wrk_run(url, args.connections, WARM_UP_SECS, flags)
    before = cpu_seconds(server.process.pid)
    output = wrk_run(url, args.connections, args.duration, flags, latency=True).stdout
    cpu = cpu_seconds(server.process.pid) - before
    latency = wrk_latencies(output)
    requests = wrk_requests(output)
    if "50" not in latency or not requests:
        raise SystemExit(f"wrk measured nothing for {path}:\n{output}")
    if re.search(r"Non-2xx or 3xx responses", output):
        raise SystemExit(f"GET {path} answered errors under load:\n{output}")
    return {
        "rps": wrk_rps(output),
        "p50_ms": latency["50"],
        "p99_ms": latency["99"],
        "cpu_ms_per_answer": 1000 * cpu / requests,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default="target/release/aqar")
    parser.add_argument("--duration", type=int, default=15)
    parser.add_argument("--connections", type=int, default=64)
    args = parser.parse_args()
    if not 1 <= args.duration <= 120 or not 1 <= args.connections <= 1000:
        raise SystemExit("--duration must be 1..120 s and --connections 1..1000")
    binary = release_binary(args.binary)
    ensure_wrk()
    print(f"machine: {os.cpu_count()} cores; wrk -t2 -c{args.connections} -d{args.duration}s after a {WARM_UP_SECS} s warm-up")
    with tempfile.TemporaryDirectory(prefix="aqar-bench-") as workdir:
        url = f"sqlite://{workdir}/bench-1k.db"
        print("SQLite, 1,000 properties:", flush=True)
        seed(binary, url, 1_000)
        server = Server(binary, url, workdir)
        try:
            cookie = server.sign_in()
            for name, path in ANSWERS:
                results = {}
                for client, headers in CLIENTS:
                    headers = {"Cookie": cookie, **headers}
                    status, answer_headers, body = server.request("GET", path, headers=headers)
                    encoding = answer_headers.get("content-encoding", "none")
                    if status != 200 or encoding != ("gzip" if client == "gzip" else "none"):
                        raise SystemExit(f"GET {path} as a {client} client: {status}, Content-Encoding {encoding}")
                    result = results[client] = {"bytes": len(body), **wrk(server, path, headers, args)}
                    print(
                        f"  {name:<24} {client:<6} {result['bytes']:>9,} bytes  {result['rps']:>7.0f} req/s   "
                        f"p50 {result['p50_ms']:>7.2f} ms   p99 {result['p99_ms']:>7.2f} ms   "
                        f"CPU {result['cpu_ms_per_answer']:.3f} ms/answer",
                        flush=True,
                    )
                plain, gzipped = results["plain"], results["gzip"]
                print(
                    f"  {name:<24} gzip: {gzipped['bytes'] / plain['bytes']:.0%} of the bytes, "
                    f"{gzipped['cpu_ms_per_answer'] - plain['cpu_ms_per_answer']:+.3f} ms CPU per answer",
                    flush=True,
                )
        finally:
            server.stop()


if __name__ == "__main__":
    sys.exit(main())
