#!/usr/bin/env python3
"""The properties benchmark (issue 8, item 7): wrk against the release server on loopback.

Standard runs (`make bench`), each on a fresh SQLite database seeded with `aqar seed`:
  - 10,000 properties: `/healthz` and `/api/properties?page=3&pageSize=10&q=Villa` (signed in);
  - 1,000 properties: the full `/api/properties` (all 1,000 rows in one answer).
Large runs (`--large`, also part of `make bench`): the same paged search on 100,000
properties, on SQLite and on PostgreSQL (`AQAR_BENCH_POSTGRES_URL`, default the test
server; the benchmark creates its own database there and drops it at the end).

Each run: the server starts with a known admin password, the benchmark signs in for the
session cookie, checks the answer once (status 200, the rows it should have), warms up for
WARM_UP_SECS, then runs `wrk -t2 -c64 -d15s --latency` and prints req/s, p50, p99, errors
and the server's resident memory (VmRSS after the run, VmHWM the peak) from /proc.
The targets of the issue are printed beside the figures; a miss is reported, not hidden.

Usage: python3 bench/properties.py [--binary target/release/aqar] [--only standard|large]
       [--duration 15] [--connections 64]
Installs Debian's wrk when it is missing (as root). Only 127.0.0.1 is used; every server
and database the benchmark starts is stopped and removed at the end.
"""

import argparse
import http.client
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

ADMIN_PASSWORD = "bench-admin-password"
WARM_UP_SECS = 3
# wrk leaves answers slower than its timeout (2 s by default) out of the latencies, counting
# them as errors: a generous one keeps a slow endpoint's figures whole.
TIMEOUT_SECS = 30
PAGED_SEARCH = "/api/properties?page=3&pageSize=10&q=Villa"
FULL_LIST = "/api/properties"
DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/test"

# The targets on this 2-core machine, wrk sharing it.
TARGETS = {
    "paged search": {"rps": 6000, "p99_ms": 20},
    "full list (1,000 rows)": {"rps": 120},
}


def ensure_wrk():
    if shutil.which("wrk"):
        return
    if os.geteuid() != 0:
        raise SystemExit("wrk is missing: install Debian's package (sudo apt-get install -y wrk)")
    print("installing Debian's wrk", flush=True)
    subprocess.run(["apt-get", "update", "-qq"], check=True)
    subprocess.run(["apt-get", "install", "-y", "-qq", "wrk"], check=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def memory_kib(pid, field):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except FileNotFoundError:
        pass
    return 0


def seed(binary, url, count):
    started = time.monotonic()
    result = subprocess.run(
        [binary, "seed", "--properties", str(count)],
        env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "DATABASE_URL": url, "ROCKET_LOG_LEVEL": "off"},
        capture_output=True,
        text=True,
        timeout=600,
    )
    if result.returncode != 0:
        raise SystemExit(f"aqar seed failed: {result.stderr}")
    line = result.stdout.strip().splitlines()[-1]
    print(f"  {line} (command: {time.monotonic() - started:.1f} s)", flush=True)


class Server:
    """The release server on a free loopback port and the given database."""

    def __init__(self, binary, url, workdir):
        self.port = free_port()
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "DATABASE_URL": url,
            "ROCKET_ADDRESS": "127.0.0.1",
            "ROCKET_PORT": str(self.port),
            "ROCKET_LOG_LEVEL": "off",
            "AQAR_ADMIN_USERNAME": "admin",
            "AQAR_ADMIN_PASSWORD": ADMIN_PASSWORD,
        }
        self.process = subprocess.Popen(
            [binary], env=env, cwd=workdir, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise SystemExit(f"aqar exited: {self.process.stderr.read().decode()}")
            try:
                if self.request("GET", "/healthz")[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.1)
        self.stop()
        raise SystemExit("aqar did not answer /healthz within 60 s")

    def request(self, method, path, body=None, headers=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            headers = {name.lower(): value for name, value in response.getheaders()}
            return response.status, headers, response.read()
        finally:
            connection.close()

    def sign_in(self):
        status, headers, body = self.request(
            "POST",
            "/api/login",
            json.dumps({"username": "admin", "password": ADMIN_PASSWORD}),
            {"Content-Type": "application/json"},
        )
        cookie = headers.get("set-cookie", "").split(";")[0]
        if status != 200 or not cookie:
            raise SystemExit(f"could not sign in: {status} {body[:200]!r}")
        return cookie

    def rss_mib(self, field="VmRSS"):
        return round(memory_kib(self.process.pid, field) / 1024, 1)

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def milliseconds(text):
    value, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text).groups()
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}[unit]


def wrk(port, path, cookie, duration, connections):
    url = f"http://127.0.0.1:{port}{path}"
    headers = ["-H", f"Cookie: {cookie}"] if cookie else []
    subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{WARM_UP_SECS}s", f"--timeout={TIMEOUT_SECS}s", *headers, url],
        check=True,
        capture_output=True,
    )
    output = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{duration}s", f"--timeout={TIMEOUT_SECS}s", "--latency", *headers, url],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    latency = dict(re.findall(r"^\s+(50|75|90|99)%\s+(\S+)\s*$", output, re.MULTILINE))
    if "50" not in latency:
        raise SystemExit(f"wrk measured no latency for {path}:\n{output}")
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    socket_errors = re.search(r"Socket errors: (.*)$", output, re.MULTILINE)
    return {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)),
        "p50_ms": milliseconds(latency["50"]),
        "p99_ms": milliseconds(latency["99"]),
        "requests": int(re.search(r"(\d+) requests in", output).group(1)),
        "non_2xx": int(errors.group(1)) if errors else 0,
        "socket_errors": socket_errors.group(1) if socket_errors else None,
    }


def verdict(name, result):
    target = TARGETS.get(name)
    if not target:
        return ""
    misses = []
    if result["rps"] < target["rps"]:
        misses.append(f"req/s {result['rps']:.0f} < {target['rps']}")
    if "p99_ms" in target and result["p99_ms"] > target["p99_ms"]:
        misses.append(f"p99 {result['p99_ms']:.2f} ms > {target['p99_ms']} ms")
    goal = f"target >= {target['rps']} req/s" + (f", p99 <= {target['p99_ms']} ms" if "p99_ms" in target else "")
    return f"  [{goal}: {'MET' if not misses else 'MISSED: ' + '; '.join(misses)}]"


def check(server, path, cookie, rows):
    """One request before the load: it must answer 200 with the expected number of rows."""
    status, headers, body = server.request("GET", path, headers={"Cookie": cookie} if cookie else {})
    if status != 200:
        raise SystemExit(f"GET {path} answered {status}: {body[:300]!r}")
    if rows is not None:
        listed = len(json.loads(body))
        if listed != rows:
            raise SystemExit(f"GET {path} listed {listed} rows, not {rows}")
        total = headers.get("x-total-count")
        print(f"  GET {path}: {listed} rows, {len(body):,} bytes" + (f", X-Total-Count {total}" if total else ""))


def run(name, server, path, cookie, rows, args, report):
    check(server, path, cookie, rows)
    result = wrk(server.port, path, cookie, args.duration, args.connections)
    result["rss_mib"] = server.rss_mib()
    result["peak_rss_mib"] = server.rss_mib("VmHWM")
    report.append({"run": name, "path": path, **result})
    print(
        f"  {name:<34} {result['rps']:>9.0f} req/s   p50 {result['p50_ms']:>7.2f} ms   "
        f"p99 {result['p99_ms']:>7.2f} ms   RSS {result['rss_mib']} MiB (peak {result['peak_rss_mib']})"
        + (f"   non-2xx {result['non_2xx']}" if result["non_2xx"] else "")
        + (f"   socket errors: {result['socket_errors']}" if result["socket_errors"] else "")
        + verdict(name, result),
        flush=True,
    )


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


def postgres_database(admin_url):
    """A fresh database on the PostgreSQL server of `admin_url`: its URL, and a dropper."""
    name = f"aqar_bench_{os.getpid()}"
    base, _, query = admin_url.partition("?")
    url = base.rsplit("/", 1)[0] + "/" + name + (f"?{query}" if query else "")

    def psql(sql):
        subprocess.run(["psql", admin_url, "-qc", sql], check=True, capture_output=True)

    psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    psql(f"CREATE DATABASE {name}")
    return url, lambda: psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def large(binary, workdir, args, report):
    databases = [("SQLite", f"sqlite://{workdir}/bench-100k.db", None)]
    admin_url = os.environ.get("AQAR_BENCH_POSTGRES_URL", DEFAULT_POSTGRES_URL)
    if shutil.which("psql"):
        try:
            url, drop = postgres_database(admin_url)
            databases.append(("PostgreSQL", url, drop))
        except subprocess.CalledProcessError as error:
            print(f"*** PostgreSQL at {admin_url} is not usable ({error.stderr.decode().strip()}): skipped ***")
    else:
        print("*** psql is missing: the PostgreSQL run is skipped ***")
    for label, url, drop in databases:
        try:
            print(f"{label}, 100,000 properties:", flush=True)
            seed(binary, url, 100_000)
            server = Server(binary, url, workdir)
            try:
                cookie = server.sign_in()
                run(f"paged search on 100,000 ({label})", server, PAGED_SEARCH, cookie, 10, args, report)
            finally:
                server.stop()
        finally:
            if drop:
                drop()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default="target/release/aqar")
    parser.add_argument("--only", choices=["standard", "large"])
    parser.add_argument("--duration", type=int, default=15)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    if not 1 <= args.duration <= 120 or not 1 <= args.connections <= 1000:
        raise SystemExit("--duration must be 1..120 s and --connections 1..1000")
    binary = os.path.abspath(args.binary)
    if not os.access(binary, os.X_OK):
        raise SystemExit(f"{binary} is missing: run 'make build'")
    ensure_wrk()
    print(f"machine: {os.cpu_count()} cores; wrk -t2 -c{args.connections} -d{args.duration}s after a {WARM_UP_SECS} s warm-up")
    report = []
    with tempfile.TemporaryDirectory(prefix="aqar-bench-") as workdir:
        if args.only in (None, "standard"):
            standard(binary, workdir, args, report)
        if args.only in (None, "large"):
            large(binary, workdir, args, report)
    if args.json:
        with open(args.json, "w") as out:
            json.dump(report, out, indent=2)
    misses = [r["run"] for r in report if "MISSED" in verdict(r["run"], r)]
    print("every target met" if not misses else f"targets missed: {', '.join(misses)}")


if __name__ == "__main__":
    sys.exit(main())
