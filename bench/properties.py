#!/usr/bin/env python3
"""The properties benchmark (issues 8 and 19): wrk against the release server on loopback.

Standard runs (`make bench`), each on a fresh SQLite database seeded with `aqar seed`:
  - 10,000 properties: `/healthz` and `/api/properties?page=3&pageSize=10&q=Villa` (signed in);
  - 1,000 properties: the full `/api/properties` (all 1,000 rows in one answer).
Large runs (also part of `make bench`), on 100,000 properties seeded once per database, on
SQLite and on PostgreSQL (`AQAR_BENCH_POSTGRES_URL`, default the test server; the benchmark
creates its own database there, runs VACUUM ANALYZE after seeding and drops it at the end):
  - paged: the same paged search, the server as configured by default;
  - the real workload of issue 19, the answer caches off (AQAR_LIST_CACHE=0), each run a wrk
    script drawing every request from SEARCH_WORDS x pages 1..50 x both createdAt sorts:
      panel       the varied panel search (signed in), at --connections;
      public      the varied public search (/api/public/properties), at --connections;
      gzip        the varied public search again, asking for gzip (the CPU of compressing);
      mixed       the varied panel search while a writer saves a listing 5 times a second;
      public-256  the varied public search at 256 connections (non-2xx, never a 500);
      writes      saves alone: PUT /api/properties/{id} from 8 clients.

Each run: the server starts with a known admin password, the benchmark signs in for the
session cookie, checks the answer once, warms up for WARM_UP_SECS, then runs
`wrk -t2 -c64 -d15s --latency` while a probe asks /healthz (200 ms after each answer), and
prints req/s, p50, p99, the answers that were not 2xx, the server's memory from /proc and
what /healthz answered. The workload runs also print each status (500 and 503 apart; a 503 must say
Retry-After), the server's CPU and the bytes read per answer, and the peak RSS of the run
alone. The targets of the issues are printed beside the figures; a miss is reported, not hidden.

Usage: python3 bench/properties.py [--binary target/release/aqar] [--only RUN[,RUN...]]
       [--db sqlite|postgres|both] [--listings 100000] [--duration 15] [--connections 64]
RUN is standard, paged, panel, public, gzip, mixed, public-256 or writes, or a group: large
(every run on 100,000), varied (panel and public), workload (issue 19's runs). For example
`--only varied --db sqlite --duration 5`.
Installs Debian's wrk when it is missing (as root). Only 127.0.0.1 is used; every server
and database the benchmark starts is stopped and removed at the end.
"""


import json
import os
import sys
import tempfile

import harness
from harness import (
    WARM_UP_SECS, Server, databases, ensure_wrk, parse_wrk_options, release_binary, vacuum_analyze, wrk_options,
)
from load import run, verdict
from workload import workload

PAGED_SEARCH = "/api/properties?page=3&pageSize=10&q=Villa"
FULL_LIST = "/api/properties"

RUNS = ["standard", "paged", "panel", "public", "gzip", "mixed", "public-256", "writes"]
GROUPS = {
    "large": RUNS[1:],
    "varied": ["panel", "public"],
    "workload": RUNS[2:],
}


def seed(binary, url, count):
    line, seconds = harness.seed(binary, url, "--properties", str(count))
    print(f"  {line} (command: {seconds:.1f} s)", flush=True)


def standard(binary, workdir, args, report):
    print("SQLite, 10,000 properties:", flush=True)
    url = f"sqlite://{workdir}/bench-10k.db"
    seed(binary, url, 10_000)
    server = Server(binary, url, workdir)
    try:
        cookie = server.sign_in()
        run("healthz", server, "/healthz", None, None, args, report)
        run("paged search", server, PAGED_SEARCH, cookie, 10, args, report)
    finally:
        server.stop()
    print("SQLite, 1,000 properties:", flush=True)
    url = f"sqlite://{workdir}/bench-1k.db"
    seed(binary, url, 1_000)
    server = Server(binary, url, workdir)
    try:
        cookie = server.sign_in()
        run("full list (1,000 rows)", server, FULL_LIST, cookie, 1_000, args, report)
    finally:
        server.stop()




def large(binary, workdir, args, report):
    count = args.listings
    for label, url, drop in databases(workdir, args.db, "bench-large.db", "aqar_bench"):
        try:
            print(f"{label}, {count:,} properties:", flush=True)
            seed(binary, url, count)
            if drop:
                vacuum_analyze(url)
            if "paged" in args.runs:
                server = Server(binary, url, workdir)
                try:
                    cookie = server.sign_in()
                    run(f"paged search on {count:,} ({label})", server, PAGED_SEARCH, cookie, 10, args, report)
                finally:
                    server.stop()
            if args.runs & set(GROUPS["workload"]):
                print(f"  answer caches off (AQAR_LIST_CACHE=0); every run's statuses counted by its wrk script:")
                server = Server(binary, url, workdir, {"AQAR_LIST_CACHE": "0"})
                try:
                    workload(server, workdir, label, args, report)
                finally:
                    server.stop()
        finally:
            if drop:
                drop()


def main():
    args = parse_wrk_options(wrk_options(__doc__.splitlines()[0], RUNS, GROUPS), 100)
    binary = release_binary(args.binary)
    ensure_wrk()
    print(f"machine: {os.cpu_count()} cores; wrk -t2 -c{args.connections} -d{args.duration}s after a {WARM_UP_SECS} s warm-up")
    report = []
    with tempfile.TemporaryDirectory(prefix="aqar-bench-") as workdir:
        if "standard" in args.runs:
            standard(binary, workdir, args, report)
        if args.runs & set(GROUPS["large"]):
            large(binary, workdir, args, report)
    if args.json:
        with open(args.json, "w") as out:
            json.dump(report, out, indent=2)
    misses = [r["run"] for r in report if "MISSED" in verdict(r["run"], r)]
    print("every target met" if not misses else f"targets missed: {', '.join(misses)}")


if __name__ == "__main__":
    sys.exit(main())
