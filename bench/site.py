"""The public website's speed (issue 40): the search page for varied queries and the listing
page for random listings, at 100,000 listings on SQLite, with the page cache on and off, alone
and while an editor saves listings (so reads follow writes), at 32 connections; then one
client's time to first byte. Targets: >= 1,000 req/s with p99 <= 50 ms; TTFB p99 <= 20 ms.

Run by `make bench` after the release build; `--listings N` for a quicker run.
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))

from harness import (  # noqa: E402
    Server, ensure_wrk, free_port, release_binary, seed, wrk_latencies, wrk_rps, wrk_run,
)
from workload import Saver, lua_script, sample_listings  # noqa: E402

SECONDS = 20
CONNECTIONS = 32
QUERIES = 400


class Site:
    """The site's own port of `server`."""

    def __init__(self, server, port):
        self.server, self.port = server, port

    def get(self, path):
        import http.client
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            return response.status, response.read().decode()
        finally:
            connection.close()


def search_paths(site, rng):
    """QUERIES searches as the form sends them, over every filter, both languages."""
    _, page = site.get("/en/properties")
    def options(name):
        block = re.search(rf'name="{name}">(.*?)</select>', page, re.S)
        return [value for value in re.findall(r'value="([^"]*)"', block.group(1)) if value] if block else []
    types, categories, places = options("typeId"), options("categoryId"), options("place")
    paths = []
    for _ in range(QUERIES):
        fields = {
            "offeringType": rng.choice(["", "", "sale", "rent"]),
            "typeId": rng.choice([""] * 3 + types),
            "categoryId": rng.choice([""] * 3 + categories),
            "place": rng.choice([""] * 2 + places),
            "minPrice": rng.choice(["", "", "50000", "200000"]),
            "maxPrice": rng.choice(["", "", "500000", "2000000"]),
            "bedrooms": rng.choice(["", "", "1", "2", "3", "4"]),
            "sort": rng.choice(["", "price", "-price"]),
            "page": rng.choice(["", "", "2", "3", "7"]),
        }
        query = "&".join(f"{name}={value}" for name, value in fields.items())
        paths.append((f"/{rng.choice(['en', 'ar'])}/properties?{query}", None))
    return paths


def listing_paths(site, rng):
    """The addresses of random listings, in both languages, from the sitemap."""
    _, index = site.get("/sitemap.xml")
    files = [re.sub(r"^https?://[^/]+", "", loc) for loc in re.findall(r"<loc>([^<]+)</loc>", index)]
    addresses = []
    for file in files[1:]:
        _, xml = site.get(file)
        addresses += [re.sub(r"^https?://[^/]+", "", loc) for loc in re.findall(r"<loc>([^<]+)</loc>", xml)]
    return [(path, None) for path in rng.sample(addresses, min(QUERIES, len(addresses)))]


def load(site, workdir, name, paths, connections=CONNECTIONS, seconds=SECONDS):
    script = lua_script(workdir, f"{name}.lua", "GET", paths, {})
    url = f"http://127.0.0.1:{site.port}"
    if connections == 1:
        # One client: wrk's two threads would need two connections.
        command = ["wrk", "-t1", "-c1", f"-d{seconds}s", "--timeout=30s", "--latency", "-s", script, url]
        report = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    else:
        report = wrk_run(url, connections, seconds, ["-s", script], latency=True).stdout
    statuses = re.findall(r"status (\d+): (\d+)", report)
    return wrk_rps(report), wrk_latencies(report), dict(statuses)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--listings", type=int, default=100_000)
    arguments = parser.parse_args()
    ensure_wrk()
    binary = release_binary("target/release/aqar")
    rng = random.Random(40)
    with tempfile.TemporaryDirectory() as workdir:
        url = f"sqlite://{workdir}/aqar.db"
        line, secs = seed(binary, url, "--properties", str(arguments.listings), cwd=workdir, timeout=1800)
        print(f"seeded {arguments.listings} listings in {secs:.0f} s: {line}", flush=True)
        print("| cache | workload | pages | req/s | p50 ms | p99 ms | statuses |")
        print("|---|---|---|---|---|---|---|")
        for cache in ["1", "0"]:
            port = free_port()
            server = Server(binary, url=url, workdir=workdir,
                            extra_env={"AQAR_SITE_PORT": str(port), "AQAR_LIST_CACHE": cache})
            try:
                site = Site(server, port)
                searches, listings = search_paths(site, rng), listing_paths(site, rng)
                cookie = server.sign_in()
                edited = sample_listings(server, cookie)
                for workload in ["alone", "with saves"]:
                    for pages, paths in [("search", searches), ("listing", listings)]:
                        if workload == "with saves":
                            with Saver(server, cookie, edited):
                                rps, latencies, statuses = load(site, workdir, pages, paths)
                        else:
                            rps, latencies, statuses = load(site, workdir, pages, paths)
                        print(f"| {'on' if cache == '1' else 'off'} | {workload} | {pages} | {rps:.0f} | "
                              f"{latencies.get('50', 0):.1f} | {latencies.get('99', 0):.1f} | {statuses} |", flush=True)
                for pages, paths in [("search", searches), ("listing", listings)]:
                    rps, latencies, _ = load(site, workdir, f"{pages}-one", paths, connections=1, seconds=10)
                    print(f"| {'on' if cache == '1' else 'off'} | one client (TTFB) | {pages} | {rps:.0f} | "
                          f"{latencies.get('50', 0):.2f} | {latencies.get('99', 0):.2f} | |", flush=True)
            finally:
                server.stop()


if __name__ == "__main__":
    main()
