#!/usr/bin/env python3
"""48 simultaneous contact-form submissions from one address (issue 21, item 6).

Starts the given binary (default target/release/aqar) on loopback and fires a burst of
submissions to POST /api/public/contact-requests at once, all from 127.0.0.1, then counts
the answers: the limit is 5 per address in 10 minutes, so exactly 5 must be 202 and the
rest 429. Runs on:
  - sqlite: one server on a fresh SQLite database in a temporary folder;
  - postgres: two servers on one fresh PostgreSQL database, the burst split between them
    (the race the review found: 19 of 48 accepted). The database is made and dropped with
    `createdb`/`dropdb` at --postgres (default postgres://postgres@127.0.0.1:5432); skipped
    when those commands are missing or fail.
Also sends one 15 MiB submission, which must be refused (413) without being read.

Usage: python3 bench/contact-burst.py [path/to/aqar] [--count N] [--skip-postgres]
Only loopback is used; every request has a timeout; the servers are stopped at the end.
"""

import argparse
import http.client
import json
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import urllib.parse

from harness import Server

TIMEOUT_SECS = 60


def submit(port, body, extra_headers=None):
    """(status, seconds) of one submission on a fresh connection."""
    started = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT_SECS)
    try:
        headers = {"Content-Type": "application/json", **(extra_headers or {})}
        connection.request("POST", "/api/public/contact-requests", body=body, headers=headers)
        status = connection.getresponse().status
    except OSError as error:
        status = f"error: {error.__class__.__name__}"
    finally:
        connection.close()
    return status, time.monotonic() - started


def visitor(n):
    return json.dumps(
        {
            "name": f"Visitor {n}",
            "email": "visitor@example.com",
            "subject": "Viewing request",
            "message": "May I visit on Saturday?",
        }
    ).encode()


def burst(ports, count):
    """Fires `count` submissions at once, spread over `ports`; answers the statuses."""
    results = [None] * count
    gate = threading.Barrier(count)

    def one(i):
        gate.wait()
        results[i] = submit(ports[i % len(ports)], visitor(i))

    threads = [threading.Thread(target=one, args=(i,)) for i in range(count)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    statuses = [status for status, _ in results]
    return {
        "servers": len(ports),
        "submissions": count,
        "accepted_202": statuses.count(202),
        "refused_429": statuses.count(429),
        "other": sorted({str(s) for s in statuses if s not in (202, 429)}),
        "seconds": round(elapsed, 2),
        "slowest_secs": round(max(seconds for _, seconds in results), 2),
    }


def oversized(port):
    """A 15 MiB submission. It must be refused (413) on its declared length: the answer
    arrives while the body is still being sent, and the bytes the server took are counted."""
    body = json.dumps({"name": "Big", "email": "big@example.com", "subject": "Big", "message": "x" * (15 << 20)})
    body = body.encode()
    head = (
        "POST /api/public/contact-requests HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    ).encode()
    started = time.monotonic()
    sent = 0
    answer = b""
    with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT_SECS) as stream:
        stream.sendall(head)
        stream.setblocking(False)
        while time.monotonic() - started < TIMEOUT_SECS:
            try:
                chunk = stream.recv(65536)
                if not chunk:
                    break
                answer += chunk
                if b"\r\n\r\n" in answer:
                    break
            except BlockingIOError:
                pass
            except OSError:
                break
            if sent < len(body):
                try:
                    sent += stream.send(body[sent : sent + 65536])
                except BlockingIOError:
                    time.sleep(0.001)
                except OSError:
                    break
            else:
                time.sleep(0.01)
    status_line = answer.split(b"\r\n", 1)[0].decode(errors="replace")
    return {
        "bytes": len(body),
        "answer": status_line,
        "body_bytes_sent_before_the_answer": sent,
        "secs": round(time.monotonic() - started, 2),
    }


def sqlite_run(binary, count):
    with tempfile.TemporaryDirectory() as folder:
        server = Server(binary, f"sqlite://{folder}/aqar.db", folder)
        try:
            result = burst([server.port], count)
            result["oversized"] = oversized(server.port)
            return result
        finally:
            server.stop()


def postgres_run(binary, count, base_url):
    if not (shutil.which("createdb") and shutil.which("dropdb")):
        return {"skipped": "createdb/dropdb not found"}
    name = f"aqar_contact_bench_{os.getpid()}"
    parts = urllib.parse.urlsplit(base_url)
    connection = ["-h", parts.hostname or "127.0.0.1", "-p", str(parts.port or 5432), "-U", parts.username or "postgres"]
    made = subprocess.run(["createdb", *connection, name], capture_output=True, text=True)
    if made.returncode != 0:
        return {"skipped": f"createdb failed: {made.stderr.strip()}"}
    servers = []
    try:
        with tempfile.TemporaryDirectory() as folder:
            url = f"{base_url.rstrip('/')}/{name}"
            servers.append(Server(binary, url, folder))
            servers.append(Server(binary, url, folder))
            return burst([server.port for server in servers], count)
    finally:
        for server in servers:
            server.stop()
        subprocess.run(["dropdb", *connection, "--force", name], capture_output=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary", nargs="?", default="target/release/aqar")
    parser.add_argument("--count", type=int, default=48)
    parser.add_argument("--postgres", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--skip-postgres", action="store_true")
    args = parser.parse_args()
    report = {"sqlite": sqlite_run(args.binary, args.count)}
    if not args.skip_postgres:
        report["postgres"] = postgres_run(args.binary, args.count, args.postgres)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
