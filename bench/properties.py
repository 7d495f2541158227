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

import argparse
import contextlib
import http.client
import json
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
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

PROBE_EVERY_SECS = 0.2
HEALTH_TIMEOUT_SECS = 5

RUNS = ["standard", "paged", "panel", "public", "gzip", "mixed", "public-256", "writes"]
GROUPS = {
    "large": RUNS[1:],
    "varied": ["panel", "public"],
    "workload": RUNS[2:],
}

# The varied searches (issue 19, item 5). Every word occurs in the seeded English titles
# (backend/src/fixtures/listings/profiles.rs): the words of its title phrases, then four of the demo
# catalog's property types; check_words confirms each on the seeded database.
SEARCH_WORDS = [
    "Sea", "View", "Beachfront", "City", "Luxury", "Modern", "Spacious", "Family", "Furnished",
    "Renovated", "Garden", "Private", "Pool", "Prime", "Location", "Corner", "Investment",
    "Villa", "Apartment", "Penthouse", "Townhouse",
]
PAGES = 50
PAGE_SIZE = 10
SORTS = ["createdAt", "-createdAt"]
SAVES_PER_SECOND = 5
# The listings the writers save, spread over the table.
SAVED_LISTINGS = 100
WRITERS = 8

# Issue 19, item 6: at 100,000 listings, the caches off, 64 connections, on each database.
WORKLOAD_TARGETS = {
    "panel": {"rps": 1500, "p99_ms": 100, "no_non_2xx": True},
    "public": {"rps": 1500, "p99_ms": 100, "no_non_2xx": True},
    "mixed": {"rps": 1000, "p99_ms": 150, "no_non_2xx": True},
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

    def __init__(self, binary, url, workdir, extra_env=None):
        self.port = free_port()
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "DATABASE_URL": url,
            "ROCKET_ADDRESS": "127.0.0.1",
            "ROCKET_PORT": str(self.port),
            "ROCKET_LOG_LEVEL": "off",
            "AQAR_ADMIN_USERNAME": "admin",
            "AQAR_ADMIN_PASSWORD": ADMIN_PASSWORD,
            **(extra_env or {}),
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


def mebibytes(text):
    value, unit = re.fullmatch(r"([\d.]+)([KMGT]?B)", text).groups()
    return float(value) * {"B": 1 / 1024**2, "KB": 1 / 1024, "MB": 1.0, "GB": 1024.0, "TB": 1024.0**2}[unit]


def cpu_seconds(pid):
    """The user and system CPU time the process has used (/proc/PID/stat)."""
    with open(f"/proc/{pid}/stat") as stat:
        # The fields after the command name, which may hold spaces, from the third (state).
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def reset_peak(pid):
    """Makes VmHWM the current RSS, so the next reading is the peak of what follows."""
    with open(f"/proc/{pid}/clear_refs", "w") as clear:
        clear.write("5")


class HealthProbe:
    """GETs /healthz PROBE_EVERY_SECS after its previous answer while a run lasts (issue 19,
    item 4: it keeps answering under load): counts the probes, those not answered 200 in
    time, and the slowest answer."""

    def __init__(self, port):
        self.port = port
        self.probes = 0
        self.failures = 0
        self.statuses = {}
        self.worst_ms = 0.0
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self.probe, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stopped.set()
        self.thread.join()

    def probe(self):
        while not self.stopped.wait(PROBE_EVERY_SECS):
            started = time.monotonic()
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=HEALTH_TIMEOUT_SECS)
            try:
                connection.request("GET", "/healthz")
                response = connection.getresponse()
                response.read()
                status = response.status
            except OSError:
                status = "no answer"
            finally:
                connection.close()
            self.worst_ms = max(self.worst_ms, (time.monotonic() - started) * 1000)
            self.probes += 1
            if status != 200:
                self.failures += 1
                self.statuses[status] = self.statuses.get(status, 0) + 1

    def summary(self):
        return {"probes": self.probes, "failures": self.failures, "statuses": self.statuses, "worst_ms": self.worst_ms}


def wrk(port, path, cookie, duration, connections, script=None, alongside=None):
    """Warms up, then measures with the health probe (and `alongside`, context managers such
    as the writer) running. With a Lua `script` the requests are the script's own, and the
    answers' statuses are the ones it counted."""
    url = f"http://127.0.0.1:{port}{path}"
    headers = ["-H", f"Cookie: {cookie}"] if cookie else []
    if script:
        headers += ["-s", script]
    subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{WARM_UP_SECS}s", f"--timeout={TIMEOUT_SECS}s", *headers, url],
        check=True,
        capture_output=True,
    )
    with HealthProbe(port) as health, contextlib.ExitStack() as stack:
        for manager in alongside or []:
            stack.enter_context(manager)
        measured = subprocess.run(
            ["wrk", "-t2", f"-c{connections}", f"-d{duration}s", f"--timeout={TIMEOUT_SECS}s", "--latency", *headers, url],
            check=True,
            capture_output=True,
            text=True,
        )
    output = measured.stdout
    latency = dict(re.findall(r"^\s+(50|75|90|99)%\s+(\S+)\s*$", output, re.MULTILINE))
    if "50" not in latency:
        raise SystemExit(f"wrk measured no latency for {path}:\n{output}")
    requests = int(re.search(r"(\d+) requests in", output).group(1))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    socket_errors = re.search(r"Socket errors: (.*)$", output, re.MULTILINE)
    result = {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)),
        # None when no answer came back within the run (wrk then prints zeros).
        "p50_ms": milliseconds(latency["50"]) if requests else None,
        "p99_ms": milliseconds(latency["99"]) if requests else None,
        "requests": requests,
        "read_mib": mebibytes(re.search(r"requests in \S+, (\S+) read", output).group(1)),
        "non_2xx": int(errors.group(1)) if errors else 0,
        "socket_errors": socket_errors.group(1) if socket_errors else None,
        "healthz": health.summary(),
    }
    if script:
        counted = re.findall(r"^status (\d+): (\d+)$", output, re.MULTILINE)
        statuses = {int(status): int(count) for status, count in counted}
        if requests and not statuses:
            raise SystemExit(f"the wrk script counted no answers:\n{output}{measured.stderr}")
        result["statuses"] = statuses
        # wrk's own count leaves out 3xx; the script's counts every answer outside 2xx.
        result["non_2xx"] = sum(count for status, count in statuses.items() if not 200 <= status < 300)
        result["unannounced_503"] = int(re.search(r"^503 without Retry-After: (\d+)$", output, re.MULTILINE).group(1))
    return result


def verdict(name, result):
    target = result.get("target") or TARGETS.get(name)
    goals, misses = [], []
    if target and "rps" in target:
        goals.append(f">= {target['rps']} req/s")
        if result["rps"] < target["rps"]:
            misses.append(f"req/s {result['rps']:.0f} < {target['rps']}")
    if target and "p99_ms" in target:
        goals.append(f"p99 <= {target['p99_ms']} ms")
        if result["p99_ms"] is None:
            misses.append("no answer within the run")
        elif result["p99_ms"] > target["p99_ms"]:
            misses.append(f"p99 {result['p99_ms']:.2f} ms > {target['p99_ms']} ms")
    if target and target.get("no_non_2xx"):
        goals.append("no non-2xx")
        if result["non_2xx"]:
            misses.append(f"{result['non_2xx']} non-2xx")
    # Every run of the real workload: never a 500, overload told when to come back, /healthz up.
    if "statuses" in result:
        goals.append("no 500, every 503 with Retry-After")
        if result["statuses"].get(500):
            misses.append(f"{result['statuses'][500]} answers 500")
        if result["unannounced_503"]:
            misses.append(f"{result['unannounced_503']} answers 503 without Retry-After")
    if "writer" in result:
        goals.append("every save 200")
        failed = {status: n for status, n in result["writer"]["statuses"].items() if status != 200}
        if failed:
            misses.append(f"saves answered {failed}")
    if "healthz" in result:
        goals.append("/healthz 200 throughout")
        if result["healthz"]["failures"]:
            misses.append(f"/healthz failed {result['healthz']['failures']} times {result['healthz']['statuses']}")
    if not goals:
        return ""
    return f"  [target {', '.join(goals)}: {'MET' if not misses else 'MISSED: ' + '; '.join(misses)}]"


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
        f"  {name:<34} {result['rps']:>9.0f} req/s   p50 {ms(result['p50_ms'])}   "
        f"p99 {ms(result['p99_ms'])}   RSS {result['rss_mib']} MiB (peak {result['peak_rss_mib']})"
        + (f"   non-2xx {result['non_2xx']}" if result["non_2xx"] else "")
        + (f"   socket errors: {result['socket_errors']}" if result["socket_errors"] else "")
        + health_note(result["healthz"])
        + verdict(name, result),
        flush=True,
    )


def ms(value):
    return "   none" if value is None else f"{value:>7.2f} ms"


def health_note(health):
    failed = f", {health['failures']} not 200 {health['statuses']}" if health["failures"] else ", all 200"
    return f"   /healthz {health['probes']} probes{failed}, worst {health['worst_ms']:.1f} ms"


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


def vacuum_analyze(url):
    """Fresh statistics after the bulk load, so the planner chooses as it would in service."""
    started = time.monotonic()
    subprocess.run(["psql", url, "-qc", "VACUUM ANALYZE"], check=True, capture_output=True)
    print(f"  VACUUM ANALYZE: {time.monotonic() - started:.1f} s", flush=True)


def search_paths(list_path):
    """The varied searches of a list: every search word, page and sort direction."""
    return [
        f"{list_path}?q={word}&page={page}&pageSize={PAGE_SIZE}&sort={sort}"
        for word in SEARCH_WORDS
        for page in range(1, PAGES + 1)
        for sort in SORTS
    ]


def check_words(server, cookie):
    """Each search word must occur in the seeded titles: the first page of its search shows one."""
    found = []
    for word in SEARCH_WORDS:
        status, headers, body = server.request(
            "GET", f"/api/properties?q={word}&page=1&pageSize={PAGE_SIZE}", headers={"Cookie": cookie}
        )
        if status != 200 or not any(word.lower() in row["titleEn"].lower() for row in json.loads(body)):
            raise SystemExit(f"search word '{word}' is in no seeded title (GET answered {status}): replace it")
        found.append(f"{word} {int(headers['x-total-count']):,}")
    print(f"  search words (listings matching): {', '.join(found)}")


def lua_text(text):
    """A Lua long string, which takes its content as it is: JSON's escapes stay JSON's."""
    level = 0
    while f"]{'=' * level}]" in text:
        level += 1
    return f"[{'=' * level}[{text}]{'=' * level}]"


# wrk runs this in each of its threads. The statuses are counted in Lua rather than read from
# wrk's summary, whose "Non-2xx or 3xx" lumps 500 (a fault) with 503 (overload, item 4).
STATUS_COUNTER = """
local threads = {}

function setup(thread)
   thread:set("number", #threads + 1)
   table.insert(threads, thread)
end

function init(args)
   math.randomseed(os.time() * 100 + number)
   statuses = {}
   unannounced = 0
end

function request()
   local chosen = requests[math.random(#requests)]
   return wrk.format(method, chosen[1], headers, chosen[2])
end

function response(status, answer_headers, body)
   statuses[status] = (statuses[status] or 0) + 1
   if status == 503 and not (answer_headers["retry-after"] or answer_headers["Retry-After"]) then
      unannounced = unannounced + 1
   end
end

function done(summary)
   local totals, missing = {}, 0
   for _, thread in ipairs(threads) do
      for status, count in pairs(thread:get("statuses")) do
         totals[status] = (totals[status] or 0) + count
      end
      missing = missing + thread:get("unannounced")
   end
   for status, count in pairs(totals) do
      io.write(string.format("status %d: %d\\n", status, count))
   end
   io.write(string.format("503 without Retry-After: %d\\n", missing))
end
"""


def lua_script(workdir, name, method, requests, headers):
    """A wrk script sending, at random, one of `requests` ((path, body or None) pairs) with
    `headers`, and counting the answers' statuses."""
    entries = ",\n".join(f"   {{{lua_text(path)}, {lua_text(body) if body else 'nil'}}}" for path, body in requests)
    fields = ", ".join(f"[ {lua_text(k)} ] = {lua_text(v)}" for k, v in headers.items())
    path = os.path.join(workdir, name)
    with open(path, "w") as script:
        script.write(f"method = {lua_text(method)}\nheaders = {{{fields}}}\nrequests = {{\n{entries}\n}}\n")
        script.write(STATUS_COUNTER)
    return path


def sample_listings(server, cookie):
    """SAVED_LISTINGS listings spread over the table, each as GET /api/properties/{id} answers it."""
    signed_in = {"Cookie": cookie}
    _, headers, _ = server.request("GET", "/api/properties?page=1&pageSize=1", headers=signed_in)
    pages = max(1, int(headers["x-total-count"]) // 100)
    rng = random.Random(19)
    ids = []
    for page in rng.sample(range(1, pages + 1), min(pages, 4)):
        _, _, body = server.request("GET", f"/api/properties?page={page}&pageSize=100", headers=signed_in)
        ids += [row["id"] for row in json.loads(body)]
    listings = []
    for listing_id in rng.sample(ids, min(len(ids), SAVED_LISTINGS)):
        status, _, body = server.request("GET", f"/api/properties/{listing_id}", headers=signed_in)
        if status != 200:
            raise SystemExit(f"GET /api/properties/{listing_id} answered {status}: {body[:300]!r}")
        listings.append(json.loads(body))
    # One save before the load: the answer as read must be a body the API accepts.
    status, _, body = save(server, cookie, listings[0])
    if status != 200:
        raise SystemExit(f"PUT /api/properties/{listings[0]['id']} answered {status}: {body[:300]!r}")
    return listings


def save(server, cookie, listing):
    """PUT /api/properties/{id} with the listing as read (no If-Match: the last save wins)."""
    return server.request(
        "PUT",
        f"/api/properties/{listing['id']}",
        json.dumps(listing, ensure_ascii=False).encode(),
        {"Cookie": cookie, "Content-Type": "application/json"},
    )


class Saver:
    """An editor at work during a run: saves a listing through the API SAVES_PER_SECOND times a
    second, each time another of `listings`, every other pass over them with the price one
    unit up. Each save is sent on schedule from a thread of its own, so slow answers do not
    lower the rate of writes the searches meet."""

    def __init__(self, server, cookie, listings):
        self.server, self.cookie, self.listings = server, cookie, listings
        self.statuses = {}
        self.seconds = []
        self.lock = threading.Lock()
        self.sending = []
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self.save_on, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stopped.set()
        self.thread.join()
        for thread in self.sending:
            thread.join()

    def save_on(self):
        started = time.monotonic()
        saves = 0
        while not self.stopped.wait(max(0.0, started + saves / SAVES_PER_SECOND - time.monotonic())):
            listing = self.listings[saves % len(self.listings)]
            edited = {**listing, "price": listing["price"] + saves // len(self.listings) % 2}
            thread = threading.Thread(target=self.save_one, args=(edited,), daemon=True)
            thread.start()
            self.sending.append(thread)
            saves += 1

    def save_one(self, listing):
        began = time.monotonic()
        try:
            status = save(self.server, self.cookie, listing)[0]
        except OSError:
            status = "no answer"
        with self.lock:
            self.seconds.append(time.monotonic() - began)
            self.statuses[status] = self.statuses.get(status, 0) + 1

    def summary(self):
        latencies = sorted(self.seconds) or [0.0]
        return {
            "saves": len(self.seconds),
            "statuses": self.statuses,
            "p99_ms": latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000,
            "worst_ms": latencies[-1] * 1000,
        }


class Usage:
    """The server's CPU time and peak resident memory over what it wraps."""

    def __init__(self, pid):
        self.pid = pid

    def __enter__(self):
        reset_peak(self.pid)
        self.cpu_seconds = cpu_seconds(self.pid)
        return self

    def __exit__(self, *exc):
        self.cpu_seconds = cpu_seconds(self.pid) - self.cpu_seconds
        self.peak_rss_mib = round(memory_kib(self.pid, "VmHWM") / 1024, 1)


def measure(name, server, script, connections, args, report, target=None, saver=None, unit="req/s"):
    """One run of a wrk script, with the server's CPU and peak RSS over the measured part."""
    usage = Usage(server.process.pid)
    alongside = [usage] + ([saver] if saver else [])
    result = wrk(server.port, "/", None, args.duration, connections, script, alongside)
    result.update(
        target=target,
        connections=connections,
        peak_rss_mib=usage.peak_rss_mib,
        cpu_seconds=usage.cpu_seconds,
        cpu_ms_per_answer=usage.cpu_seconds * 1000 / result["requests"] if result["requests"] else None,
        kib_per_answer=result["read_mib"] * 1024 / result["requests"] if result["requests"] else None,
    )
    if saver:
        result["writer"] = saver.summary()
    report.append({"run": name, **result})
    statuses = ", ".join(f"{status}: {count}" for status, count in sorted(result["statuses"].items()))
    print(
        f"  {name:<52} {result['rps']:>7.0f} {unit}   p50 {ms(result['p50_ms'])}   "
        f"p99 {ms(result['p99_ms'])}   non-2xx {result['non_2xx']}   peak RSS {result['peak_rss_mib']} MiB\n"
        f"      -c{connections}; statuses {{{statuses}}}"
        + (f"; socket errors: {result['socket_errors']}" if result["socket_errors"] else "")
        + f"; aqar CPU {result['cpu_seconds']:.2f} s"
        + (
            f" ({result['cpu_ms_per_answer']:.2f} ms and {result['kib_per_answer']:.1f} KiB read per answer)\n"
            if result["requests"]
            else "\n"
        )
        + f"     {health_note(result['healthz'])}"
        + (writer_note(result["writer"]) if saver else "")
        + f"\n    {verdict(name, result)}",
        flush=True,
    )
    return result


def writer_note(writer):
    statuses = ", ".join(f"{status}: {count}" for status, count in writer["statuses"].items())
    return (
        f"\n      writer: {writer['saves']} saves {{{statuses}}}, p99 {writer['p99_ms']:.1f} ms, "
        f"worst {writer['worst_ms']:.1f} ms"
    )


def workload(server, workdir, label, args, report):
    """Issue 19's real workload on one database, the answer caches off."""
    cookie = server.sign_in()
    check_words(server, cookie)
    panel = [(path, None) for path in search_paths("/api/properties")]
    public = [(path, None) for path in search_paths("/api/public/properties")]
    print(
        f"  varied searches: {len(panel)} URLs per list ({len(SEARCH_WORDS)} words x pages 1..{PAGES} "
        f"x sort {' and '.join(SORTS)}, pageSize {PAGE_SIZE})",
        flush=True,
    )
    runs = args.runs
    if runs & {"panel", "mixed"}:
        panel_script = lua_script(workdir, "panel.lua", "GET", panel, {"Cookie": cookie})
    if runs & {"public", "gzip", "public-256"}:
        public_script = lua_script(workdir, "public.lua", "GET", public, {})
    if "panel" in runs:
        target = WORKLOAD_TARGETS["panel"]
        measure(f"varied panel search ({label})", server, panel_script, args.connections, args, report, target)
    plain = None
    if "public" in runs:
        target = WORKLOAD_TARGETS["public"]
        plain = measure(f"varied public search ({label})", server, public_script, args.connections, args, report, target)
    if "gzip" in runs:
        # The same run asking for gzip: the difference in server CPU per answer is the cost of
        # compressing (none while the server does not compress).
        gzip_script = lua_script(workdir, "public-gzip.lua", "GET", public, {"Accept-Encoding": "gzip"})
        name = f"varied public search, gzip asked ({label})"
        gzipped = measure(name, server, gzip_script, args.connections, args, report)
        if plain and plain["requests"] and gzipped["requests"]:
            print(
                f"  compression ({label}): aqar CPU per answer {gzipped['cpu_ms_per_answer']:.2f} ms "
                f"with gzip asked, {plain['cpu_ms_per_answer']:.2f} ms without; "
                f"{gzipped['kib_per_answer']:.1f} KiB read per answer, {plain['kib_per_answer']:.1f} KiB without; "
                f"{gzipped['rps']:.0f} req/s, {plain['rps']:.0f} without",
                flush=True,
            )
    if runs & {"mixed", "writes"}:
        listings = sample_listings(server, cookie)
    if "mixed" in runs:
        saver = Saver(server, cookie, listings)
        measure(
            f"varied panel search + {SAVES_PER_SECOND} saves/s ({label})",
            server,
            panel_script,
            args.connections,
            args,
            report,
            WORKLOAD_TARGETS["mixed"],
            saver,
        )
    if "public-256" in runs:
        measure(f"varied public search, 256 connections ({label})", server, public_script, 256, args, report)
    if "writes" in runs:
        # Each listing twice, its price moved in one: a save at random changes the listing
        # about every other time, as edits do.
        saves = []
        for listing in listings:
            path = f"/api/properties/{listing['id']}"
            saves.append((path, json.dumps(listing, ensure_ascii=False)))
            saves.append((path, json.dumps({**listing, "price": listing["price"] + 1}, ensure_ascii=False)))
        writes_script = lua_script(
            workdir, "writes.lua", "PUT", saves, {"Cookie": cookie, "Content-Type": "application/json"}
        )
        measure(f"saves, {WRITERS} clients ({label})", server, writes_script, WRITERS, args, report, unit="saves/s")


def large(binary, workdir, args, report):
    count = args.listings
    databases = []
    if args.db in ("sqlite", "both"):
        databases.append(("SQLite", f"sqlite://{workdir}/bench-large.db", None))
    if args.db in ("postgres", "both"):
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


def chosen_runs(text):
    """`--only`: runs and groups of runs, comma-separated."""
    runs = set()
    for name in filter(None, (part.strip() for part in text.split(","))):
        if name in GROUPS:
            runs.update(GROUPS[name])
        elif name in RUNS:
            runs.add(name)
        else:
            raise argparse.ArgumentTypeError(f"'{name}' is none of {', '.join(RUNS + list(GROUPS))}")
    return runs


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default="target/release/aqar")
    parser.add_argument("--only", type=chosen_runs, dest="runs", default=set(RUNS), metavar="RUN[,RUN...]",
                        help=f"runs ({', '.join(RUNS)}) or groups ({', '.join(GROUPS)}); all by default")
    parser.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both",
                        help="the databases of the large runs")
    parser.add_argument("--listings", type=int, default=100_000, help="the listings of the large runs")
    parser.add_argument("--duration", type=int, default=15)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    if not 1 <= args.duration <= 120 or not 1 <= args.connections <= 1000:
        raise SystemExit("--duration must be 1..120 s and --connections 1..1000")
    if not 100 <= args.listings <= 1_000_000:
        raise SystemExit("--listings must be 100..1,000,000")
    binary = os.path.abspath(args.binary)
    if not os.access(binary, os.X_OK):
        raise SystemExit(f"{binary} is missing: run 'make build'")
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
