#!/usr/bin/env python3
"""Idle, silent and slow connections against a fresh `aqar` on loopback (issue 21, item 1).

Starts the given binary (default target/release/aqar) on a fresh SQLite database in a
temporary folder and a free 127.0.0.1 port, with the file limit it inherits (print with
`ulimit -n`), then opens at once:
  - idle: N connections that send one request and keep the connection open, silent;
  - silent: N connections that never send a byte;
  - slow-header: N connections that send one header byte every 2 s and never finish;
  - slow-body: N JSON sign-ins that announce 1 KB and send one byte every 2 s;
  - stalled-body: N JSON sign-ins that announce 1 KB, send one byte and then nothing.
While they are open, /healthz is probed every 100 ms on fresh connections. Then it waits
and counts how many of each kind the server has answered (by status) or closed, and when.
All come from 127.0.0.1, so the bound on bodies open per address (issue 42) refuses the
bodies beyond it at once (429); `--env AQAR_BODY_OPEN_PER_ADDRESS=1000` lifts it.

Usage: python3 bench/idle-connections.py [path/to/aqar] [--count N] [--wait SECS]
                                         [--env NAME=VALUE ...]
Only loopback is used; every socket has a timeout; the server is stopped at the end.
"""

import argparse
import http.client
import os
import selectors
import socket
import statistics
import threading
import time

from harness import Server


def healthz(port):
    started = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", "/healthz")
        status = connection.getresponse().status
    except OSError as error:
        status = f"error: {error.__class__.__name__}"
    finally:
        connection.close()
    return status, time.monotonic() - started


def opened(port, kind):
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    if kind == "idle":
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    elif kind == "slow-header":
        sock.sendall(b"G")
    elif kind in ("slow-body", "stalled-body"):
        sock.sendall(
            b"POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 1024\r\n\r\n{"
        )
    sock.setblocking(False)
    return sock


def run(binary, count, wait, env):
    server = Server(binary, extra_env=env)
    port = server.port
    kinds = ["idle", "silent", "slow-header", "slow-body", "stalled-body"]
    sockets = {kind: [] for kind in kinds}
    closed_at = {}
    started = time.monotonic()
    try:
        for kind in kinds:
            for _ in range(count):
                sockets[kind].append(opened(port, kind))
        opened_in = time.monotonic() - started
        done = threading.Event()
        health = []

        def probe():
            while not done.is_set():
                health.append(healthz(port))
                time.sleep(0.1)

        prober = threading.Thread(target=probe)
        prober.start()
        selector = selectors.DefaultSelector()
        for kind, socks in sockets.items():
            for sock in socks:
                selector.register(sock, selectors.EVENT_READ, kind)
        next_drip = time.monotonic() + 2
        while time.monotonic() - started < wait and len(closed_at) < len(kinds) * count:
            for key, _ in selector.select(timeout=0.5):
                sock = key.fileobj
                try:
                    data = sock.recv(65536)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                # An idle connection was answered at once: only its closing counts. The others
                # count their first answer (a 408 or 400) or their closing, whichever comes first.
                if not data or key.data != "idle":
                    status = data.split(b" ", 2)[1].decode() if data.startswith(b"HTTP/") else "closed"
                    closed_at[sock] = (key.data, time.monotonic() - started, status)
                    selector.unregister(sock)
            if time.monotonic() >= next_drip:
                next_drip += 2
                for kind, byte in (("slow-header", b"E"), ("slow-body", b" ")):
                    for sock in sockets[kind]:
                        if sock not in closed_at:
                            try:
                                sock.send(byte)
                            except OSError:
                                pass
        done.set()
        prober.join()
        print(f"{count} connections of each kind opened in {opened_in:.2f} s; file limit {os.sysconf('SC_OPEN_MAX')}")
        for kind in kinds:
            times = sorted(t for k, t, _ in closed_at.values() if k == kind)
            summary = f"median {statistics.median(times):.1f} s, last {times[-1]:.1f} s" if times else "none"
            statuses = [status for k, _, status in closed_at.values() if k == kind]
            by_status = ", ".join(f"{status}: {statuses.count(status)}" for status in sorted(set(statuses)))
            print(
                f"  {kind:12} answered or closed: {len(times)}/{count} within {wait} s ({summary})"
                + (f" [{by_status}]" if by_status else "")
            )
        answered = [seconds for status, seconds in health if status == 200]
        failed = [status for status, _ in health if status != 200]
        print(
            f"  /healthz meanwhile: {len(answered)}/{len(health)} answered 200"
            + (f", slowest {max(answered) * 1000:.0f} ms, median {statistics.median(answered) * 1000:.1f} ms" if answered else "")
            + (f"; failures: {sorted(set(map(str, failed)))}" if failed else "")
        )
    finally:
        for socks in sockets.values():
            for sock in socks:
                sock.close()
        server.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binary", nargs="?", default="target/release/aqar")
    parser.add_argument("--count", type=int, default=125, help="connections of each kind (4 kinds)")
    parser.add_argument("--wait", type=int, default=130, help="seconds to wait for the server to close them")
    parser.add_argument("--env", action="append", default=[], help="NAME=VALUE for the server, repeatable")
    arguments = parser.parse_args()
    env = dict(entry.split("=", 1) for entry in arguments.env)
    run(arguments.binary, arguments.count, arguments.wait, env)


if __name__ == "__main__":
    main()
