#!/usr/bin/env python3
"""200 concurrent sign-ins with wrong passwords against a fresh `aqar` on loopback.

Starts the given binary (default target/release/aqar) on a fresh SQLite database in a
temporary folder and a free 127.0.0.1 port, then, twice:
  - distinct: 200 guesses for 200 different usernames (the throttle never refuses one,
    so every guess costs an argon2 verification);
  - same: 200 guesses for 'admin' from one address (the throttle lets five through).
While the guesses run, /healthz is probed every 100 ms, and the server's peak resident
memory (VmHWM) is read from /proc. Each run gets its own server and database.

Usage: python3 bench/sign-in-flood.py [path/to/aqar] [--count N]
Only loopback is used; every request has a timeout; the server is stopped at the end.
"""

import argparse
import http.client
import json
import math
import os
import statistics
import threading
import time

from harness import Server, memory_kib

TIMEOUT_SECS = 120


def request(port, method, path, body=None):
    """(status, seconds) of one request on a fresh connection."""
    started = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT_SECS)
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        connection.request(method, path, body=body, headers=headers)
        status = connection.getresponse().status
    except OSError as error:
        status = f"error: {error.__class__.__name__}"
    finally:
        connection.close()
    return status, time.monotonic() - started


def flood(binary, count, usernames):
    server = Server(binary)
    pid, port = server.process.pid, server.port
    try:
        idle_rss = memory_kib(pid, "VmRSS")
        done = threading.Event()
        health = []

        def probe():
            while not done.is_set():
                health.append(request(port, "GET", "/healthz"))
                time.sleep(0.1)

        peak_rss = [idle_rss]
        peak_threads = [memory_kib(pid, "Threads")]

        def sample():
            while not done.is_set():
                peak_rss.append(memory_kib(pid, "VmRSS"))
                peak_threads.append(memory_kib(pid, "Threads"))
                time.sleep(0.02)

        results = [None] * count
        start = threading.Barrier(count + 1)

        def guess(i):
            body = json.dumps({"username": usernames(i), "password": f"wrong-{i}"})
            start.wait()
            results[i] = request(port, "POST", "/api/login", body)

        guessers = [threading.Thread(target=guess, args=(i,)) for i in range(count)]
        for thread in guessers:
            thread.start()
        watchers = [threading.Thread(target=probe), threading.Thread(target=sample)]
        for thread in watchers:
            thread.start()
        start.wait()
        began = time.monotonic()
        for thread in guessers:
            thread.join()
        drained = time.monotonic() - began
        done.set()
        for thread in watchers:
            thread.join()

        statuses = {}
        for status, _ in results:
            statuses[status] = statuses.get(status, 0) + 1
        latencies = sorted(seconds for _, seconds in results)
        health_ok = [seconds * 1000 for status, seconds in health if status == 200]
        return {
            "drain_s": round(drained, 2),
            "statuses": statuses,
            "sign_in_latency_s": {
                "median": round(statistics.median(latencies), 2),
                "max": round(latencies[-1], 2),
            },
            "rss_idle_mib": round(idle_rss / 1024, 1),
            "rss_peak_sampled_mib": round(max(peak_rss) / 1024, 1),
            "vm_hwm_mib": round(memory_kib(pid, "VmHWM") / 1024, 1),
            "threads_peak": max(peak_threads),
            "healthz": {
                "probes": len(health),
                "ok": len(health_ok),
                "ms_median": round(statistics.median(health_ok), 1) if health_ok else None,
                "ms_p95": round(sorted(health_ok)[math.ceil(len(health_ok) * 0.95) - 1], 1) if health_ok else None,
                "ms_max": round(max(health_ok), 1) if health_ok else None,
            },
        }
    finally:
        server.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary", nargs="?", default="target/release/aqar")
    parser.add_argument("--count", type=int, default=200)
    args = parser.parse_args()
    if not 1 <= args.count <= 1000:
        raise SystemExit("--count must be from 1 to 1000")
    for name, usernames in [("distinct usernames", lambda i: f"nobody-{i}"), ("same username", lambda i: "admin")]:
        print(name, json.dumps(flood(os.path.abspath(args.binary), args.count, usernames), indent=2))


if __name__ == "__main__":
    main()
