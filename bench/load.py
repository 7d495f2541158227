"""The properties benchmark's measured runs: wrk against the server while a probe asks
/healthz, the figures printed one line a run (two for the workload's runs), and each set
beside the issues' targets, a miss reported, not hidden."""

import contextlib
import http.client
import json
import re
import threading
import time

from harness import WARM_UP_SECS, cpu_seconds, mebibytes, memory_kib, reset_peak, wrk_latencies, wrk_requests, wrk_rps, wrk_run

# The targets on this 2-core machine, wrk sharing it.
TARGETS = {
    "paged search": {"rps": 6000, "p99_ms": 20},
    "full list (1,000 rows)": {"rps": 120},
}

PROBE_EVERY_SECS = 0.2
HEALTH_TIMEOUT_SECS = 5


class Background:
    """Runs `self.work()` in a thread of its own while the context is entered; `self.stopped`
    is set when it is left, and the thread joined."""

    def __init__(self):
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self.work, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stopped.set()
        self.thread.join()


class HealthProbe(Background):
    """GETs /healthz PROBE_EVERY_SECS after its previous answer while a run lasts (issue 19,
    item 4: it keeps answering under load): counts the probes, those not answered 200 in
    time, and the slowest answer."""

    def __init__(self, port):
        self.port = port
        self.probes = 0
        self.failures = 0
        self.statuses = {}
        self.worst_ms = 0.0
        super().__init__()

    def work(self):
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
    wrk_run(url, connections, WARM_UP_SECS, headers)
    with HealthProbe(port) as health, contextlib.ExitStack() as stack:
        for manager in alongside or []:
            stack.enter_context(manager)
        measured = wrk_run(url, connections, duration, headers, latency=True)
    output = measured.stdout
    latency = wrk_latencies(output)
    if "50" not in latency:
        raise SystemExit(f"wrk measured no latency for {path}:\n{output}")
    requests = wrk_requests(output)
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    socket_errors = re.search(r"Socket errors: (.*)$", output, re.MULTILINE)
    result = {
        "rps": wrk_rps(output),
        # None when no answer came back within the run (wrk then prints zeros).
        "p50_ms": latency["50"] if requests else None,
        "p99_ms": latency["99"] if requests else None,
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
