"""What every benchmark shares: the release server on a free loopback port and a fresh
database (a SQLite file in a folder of its own, or a PostgreSQL database made and dropped
with psql), waiting for /healthz, signing in, seeding with `aqar seed`, the server's CPU and
memory from /proc, and wrk.

Only 127.0.0.1 is used; every request has a timeout.
"""

import argparse
import http.client
import json
import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import tempfile
import time

ADMIN_USERNAME = "admin"
ADMIN_PASSWORD = "bench-admin-password"
SESSION_COOKIE = "aqar_session"
DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/test"
STARTUP_SECS = 60

WARM_UP_SECS = 3
# wrk leaves answers slower than its timeout (2 s by default) out of the latencies, counting
# them as errors: a generous one keeps a slow endpoint's figures whole.
TIMEOUT_SECS = 30


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def memory_kib(pid, field):
    """A field of /proc/PID/status in KiB (VmRSS, VmHWM; Threads as a count), 0 once gone."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except FileNotFoundError:
        pass
    return 0


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


def release_binary(path):
    """The absolute path of the server binary at `path`, which must have been built."""
    binary = os.path.abspath(path)
    if not os.access(binary, os.X_OK):
        raise SystemExit(f"{binary} is missing: run 'make build'")
    return binary


def seed(binary, url, *arguments, extra_env=None, cwd=None, timeout=600):
    """Runs `aqar seed ARGUMENTS` on the database of `url` (in folder `cwd`, with `extra_env`
    besides): answers the last line it printed and the seconds it took."""
    started = time.monotonic()
    result = subprocess.run(
        [binary, "seed", *arguments],
        env={
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "DATABASE_URL": url,
            "ROCKET_LOG_LEVEL": "off",
            **(extra_env or {}),
        },
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if result.returncode != 0:
        raise SystemExit(f"aqar seed failed: {result.stderr}")
    return result.stdout.strip().splitlines()[-1], time.monotonic() - started


def postgres_database(admin_url, prefix):
    """A fresh database on the PostgreSQL server of `admin_url`: its URL, and a dropper."""
    name = f"{prefix}_{os.getpid()}"
    base, _, query = admin_url.partition("?")
    url = base.rsplit("/", 1)[0] + "/" + name + (f"?{query}" if query else "")

    def psql(sql):
        subprocess.run(["psql", admin_url, "-qc", sql], check=True, capture_output=True)

    psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    psql(f"CREATE DATABASE {name}")
    return url, lambda: psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def databases(workdir, which, sqlite_file, postgres_prefix):
    """The databases a benchmark runs on, `which` being sqlite, postgres or both: (label, URL,
    dropper or None) each. SQLite's is the file `sqlite_file` in `workdir`; PostgreSQL's a fresh
    database on AQAR_BENCH_POSTGRES_URL's server (default the test server), skipped with a
    notice when psql or the server is missing."""
    found = []
    if which in ("sqlite", "both"):
        found.append(("SQLite", f"sqlite://{workdir}/{sqlite_file}", None))
    if which in ("postgres", "both"):
        admin_url = os.environ.get("AQAR_BENCH_POSTGRES_URL", DEFAULT_POSTGRES_URL)
        if not shutil.which("psql"):
            print("*** psql is missing: the PostgreSQL run is skipped ***")
        else:
            try:
                url, drop = postgres_database(admin_url, postgres_prefix)
                found.append(("PostgreSQL", url, drop))
            except subprocess.CalledProcessError as error:
                print(f"*** PostgreSQL at {admin_url} is not usable ({error.stderr.decode().strip()}): skipped ***")
    return found


def execute_sql(url, statements):
    """Runs each SQL statement on the database of `url`: SQLite's through the sqlite3 module in
    one transaction, PostgreSQL's through psql, one call each."""
    if url.startswith("sqlite://"):
        with sqlite3.connect(url[len("sqlite://"):]) as db:
            for sql in statements:
                db.execute(sql)
    else:
        for sql in statements:
            subprocess.run(["psql", url, "-qc", sql], check=True, capture_output=True)


def query(url, sql):
    """The rows of `sql`, whose values are whole numbers, on the database of `url`, read beside
    the server."""
    if url.startswith("sqlite://"):
        with sqlite3.connect(url[len("sqlite://"):]) as db:
            return db.execute(sql).fetchall()
    out = subprocess.run(["psql", url, "-AtF,", "-c", sql], check=True, capture_output=True, text=True).stdout
    return [tuple(int(field) for field in line.split(",")) for line in out.splitlines() if line]


def vacuum_analyze(url):
    """Fresh statistics after a bulk load into PostgreSQL, so the planner chooses as it would in
    service."""
    started = time.monotonic()
    subprocess.run(["psql", url, "-qc", "VACUUM ANALYZE"], check=True, capture_output=True)
    print(f"  VACUUM ANALYZE: {time.monotonic() - started:.1f} s", flush=True)


def wrk_options(description, runs, groups):
    """The command line the wrk benchmarks share: --binary, --only (`runs` and `groups`), --db,
    --listings, --duration, --connections and --json; a benchmark may add its own."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--binary", default="target/release/aqar")
    parser.add_argument("--only", type=run_chooser(runs, groups), dest="runs", default=set(runs), metavar="RUN[,RUN...]",
                        help=f"runs ({', '.join(runs)}) or groups ({', '.join(groups)}); all by default")
    parser.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both",
                        help="the databases of the large runs")
    parser.add_argument("--listings", type=int, default=100_000, help="the listings of the large runs")
    parser.add_argument("--duration", type=int, default=15)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--json", help="also write the figures to this file")
    return parser


def parse_wrk_options(parser, fewest_listings):
    """The options of `wrk_options`' parser, their ranges checked."""
    args = parser.parse_args()
    if not 1 <= args.duration <= 120 or not 1 <= args.connections <= 1000:
        raise SystemExit("--duration must be 1..120 s and --connections 1..1000")
    if not fewest_listings <= args.listings <= 1_000_000:
        raise SystemExit(f"--listings must be {fewest_listings:,}..1,000,000")
    return args


def run_chooser(runs, groups):
    """The parser of an `--only` option: runs and groups of runs, comma-separated, as a set."""

    def chosen(text):
        found = set()
        for name in filter(None, (part.strip() for part in text.split(","))):
            if name in groups:
                found.update(groups[name])
            elif name in runs:
                found.add(name)
            else:
                raise argparse.ArgumentTypeError(f"'{name}' is none of {', '.join(list(runs) + list(groups))}")
        return found

    return chosen


class Server:
    """The server `binary` on a free loopback port, with a known admin, answering /healthz.

    Without `url` it runs on a fresh SQLite database in `workdir`; without `workdir`, in a
    temporary folder of its own, removed when it stops. `started` is when the process began;
    `healthy_secs`, how long after that /healthz first answered 200. Unless `wait_for_lists`
    is false, it also waits for the listings' search index to be built (the public list answers
    503 until then)."""

    def __init__(self, binary, url=None, workdir=None, extra_env=None, startup_secs=STARTUP_SECS,
                 wait_for_lists=True):
        self.folder = tempfile.TemporaryDirectory() if workdir is None else None
        workdir = workdir or self.folder.name
        self.port = free_port()
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "DATABASE_URL": url or f"sqlite://{workdir}/aqar.db",
            "ROCKET_ADDRESS": "127.0.0.1",
            "ROCKET_PORT": str(self.port),
            "ROCKET_LOG_LEVEL": "off",
            "AQAR_ADMIN_USERNAME": ADMIN_USERNAME,
            "AQAR_ADMIN_PASSWORD": ADMIN_PASSWORD,
            # The public website's own port, unless a benchmark asks for it (bench/site.py).
            "AQAR_SITE_PORT": "off",
            **(extra_env or {}),
        }
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            [os.path.abspath(binary)], env=env, cwd=workdir, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        deadline = self.started + startup_secs
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise SystemExit(f"aqar exited: {self.process.stderr.read().decode()}")
            try:
                if self.request("GET", "/healthz", timeout=5)[0] == 200:
                    self.healthy_secs = time.monotonic() - self.started
                    if wait_for_lists:
                        self.wait_for_lists(deadline)
                    return
            except OSError:
                pass
            time.sleep(0.1)
        self.stop()
        raise SystemExit(f"aqar did not answer /healthz within {startup_secs} s")

    def wait_for_lists(self, deadline):
        while self.request("GET", "/api/public/properties?page=1", timeout=30)[0] == 503:
            if time.monotonic() > deadline:
                self.stop()
                raise SystemExit("aqar's lists did not come up before the deadline")
            time.sleep(0.1)

    def request(self, method, path, body=None, headers=None, timeout=30):
        """(status, headers by lower-case name, body) of one request on a fresh connection."""
        status, fields, answer = self.exchange(method, path, body, headers, timeout)
        return status, {name.lower(): value for name, value in fields}, answer

    def exchange(self, method, path, body=None, headers=None, timeout=30):
        """(status, every header as a (name, value) pair, body) of one request."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            return response.status, response.getheaders(), response.read()
        finally:
            connection.close()

    def sign_in(self):
        """Signs the admin in: answers the session cookie (`name=value`)."""
        status, fields, body = self.exchange(
            "POST",
            "/api/login",
            json.dumps({"username": ADMIN_USERNAME, "password": ADMIN_PASSWORD}),
            {"Content-Type": "application/json"},
        )
        cookies = [value.split(";")[0] for name, value in fields if name.lower() == "set-cookie"]
        cookie = next((cookie for cookie in cookies if cookie.startswith(SESSION_COOKIE + "=")), "")
        if status != 200 or not cookie:
            raise SystemExit(f"could not sign in: {status} {body[:200]!r}")
        return cookie

    def rss_mib(self, field="VmRSS"):
        return round(memory_kib(self.process.pid, field) / 1024, 1)

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.kill()
        if self.folder is not None:
            self.folder.cleanup()


def ensure_wrk():
    if shutil.which("wrk"):
        return
    if os.geteuid() != 0:
        raise SystemExit("wrk is missing: install Debian's package (sudo apt-get install -y wrk)")
    print("installing Debian's wrk", flush=True)
    subprocess.run(["apt-get", "update", "-qq"], check=True)
    subprocess.run(["apt-get", "install", "-y", "-qq", "wrk"], check=True)


def wrk_run(url, connections, seconds, flags=(), latency=False):
    """wrk's run of `seconds` of load on `url` from 2 threads and `connections` connections;
    its report is the answer's `stdout`."""
    command = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", f"--timeout={TIMEOUT_SECS}s"]
    command += ["--latency"] if latency else []
    return subprocess.run([*command, *flags, url], check=True, capture_output=True, text=True)


def wrk_latencies(report):
    """The latency percentiles of a `--latency` report, in milliseconds by percentile."""
    found = re.findall(r"^\s+(50|75|90|99)%\s+(\S+)\s*$", report, re.MULTILINE)
    return {percentile: milliseconds(text) for percentile, text in found}


def wrk_requests(report):
    return int(re.search(r"(\d+) requests in", report).group(1))


def wrk_rps(report):
    return float(re.search(r"Requests/sec:\s+([\d.]+)", report).group(1))


def milliseconds(text):
    value, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text).groups()
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}[unit]


def mebibytes(text):
    value, unit = re.fullmatch(r"([\d.]+)([KMGT]?B)", text).groups()
    return float(value) * {"B": 1 / 1024**2, "KB": 1 / 1024, "MB": 1.0, "GB": 1024.0, "TB": 1024.0**2}[unit]
