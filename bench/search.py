#!/usr/bin/env python3
"""The search benchmark (issue 38, the search engine for listings): wrk against the release
server on loopback, the answer caches off (AQAR_LIST_CACHE=0).

On 100,000 listings (`--listings`) seeded with `aqar seed` once per database, on SQLite and on
PostgreSQL (`AQAR_BENCH_POSTGRES_URL`, default the test server; the benchmark makes its own
database there, runs VACUUM ANALYZE after loading and drops it at the end). Before the server
first starts, each listing is given about 4.5 of the catalog's features by one INSERT ... SELECT
(a fixed hash of the listing's and the feature's ids: each feature on a quarter of the
listings, two on about 6 %), since `aqar seed` gives none and `featureIds` would otherwise
match nothing. Each database's search index goes to a folder of its own (AQAR_SEARCH_DIR).
The runs:
  varied     wrk, 64 connections (--connections): a script drawing every request from 12,500
             pre-made ones (5,000 of the panel's list, signed in, 5,000 of the public list,
             2,500 of /api/public/properties/facets), no two alike: 70 % with q (one of
             workload.SEARCH_WORDS' 21 words, a two-word phrase now and then, 5 % the one-typo
             words 'Vilal' and 'Apartmnet'), pages 1..50, pageSize 10 or 12, every sort in both
             directions (relevance both ways too when q is given; the default order), and 0 to 3
             filters from minPrice/maxPrice, minArea/maxArea (price and area bands read from a
             sample of the seeded listings), bedrooms, bathrooms (at least N), regionId,
             featureIds (1 to 3, all required), status, categoryId, typeId, displayType,
             countryId, cityId and isFeatured, the catalog's ids read from the public API and
             the places consistent (a region within its city within its country). Facets take
             q and the filters only. Target >= 2,000 req/s, p99 <= 50 ms, no answer but 2xx.
  mixed      the same while an editor saves a listing 5 times a second (workload.Saver); every
             fifth save also gives the listing's English title a new made-up word, and as soon as
             the save is answered the panel's list (and the public one, for an active listing)
             is searched for that word: the listing must be on the first page (read after
             write). Target >= 1,500 req/s, p99 <= 80 ms, no answer but 2xx, every check found.
  shapes     one client on the idle server, one kept-alive connection: about 120 shapes (every
             sort both ways with and without q, relevance, each filter alone, combinations,
             the typos, on both lists, and the facets), each asked 20 times on 20 pages; the
             median of each is printed, the worst ten again, and how many exceed 5 ms (target:
             none). Times are the client's: request written to answer read.
  burst-256  the varied script at 256 connections: never a 500, every 503 with Retry-After.
  rebuild    the index folder deleted, the server started: the seconds from its start until the
             public list answers 200 (target <= 10 s), polling the list and /healthz every 50
             ms: /healthz must answer 200 throughout, the list 503 with Retry-After until then.
And on its own SQLite database:
  million    1,000,000 listings (--million): the rebuild at the server's first start (target
             <= 60 s), the RSS after it and its peak during it, the index folder's size (du -sb),
             then the varied run (target >= 1,000 req/s) and its peak RSS (RSS target <= 500 MB,
             476.8 MiB, for each).
Every run's /healthz probe, statuses, CPU and RSS are printed as bench/properties.py prints
them; every figure is printed beside its target, and a miss is marked MISSED, never hidden. The
exit code is 0 whatever was missed; only a failure of the benchmark itself is not 0.

Usage: python3 bench/search.py [--binary target/release/aqar] [--only RUN[,RUN...]]
       [--db sqlite|postgres|both] [--listings 100000] [--million 1000000] [--duration 15]
       [--connections 64] [--json FILE]
RUN is varied, mixed, shapes, burst-256, rebuild or million, or a group: large (every run on
--listings, on each --db), all (the default). For example
`--only varied,shapes --db sqlite --listings 2000 --duration 3`.
Installs Debian's wrk when it is missing (as root). Only 127.0.0.1 is used; every server and
database the benchmark starts is stopped and removed at the end.
"""

import http.client
import json
import os
import random
import shutil
import statistics
import string
import subprocess
import sys
import tempfile
import time
from urllib.parse import quote, urlencode

import harness
from harness import (
    WARM_UP_SECS, Server, databases, ensure_wrk, execute_sql, parse_wrk_options, query, release_binary,
    vacuum_analyze, wrk_options,
)
from load import measure, verdict
from workload import PAGES, SEARCH_WORDS, Saver, check_words, lua_script, sample_listings, spread_rows

# The runs on a server of --listings listings, then the others.
SEARCH_RUNS = ["shapes", "varied", "mixed", "burst-256"]
RUNS = SEARCH_RUNS + ["rebuild", "million"]
GROUPS = {"large": RUNS[:5], "all": RUNS}

PANEL = "/api/properties"
PUBLIC = "/api/public/properties"
FACETS = "/api/public/properties/facets"

SORT_KEYS = ["price", "createdAt", "updatedAt", "titleEn", "propertyNumber", "status"]
SORTS = [sort for key in SORT_KEYS for sort in (key, f"-{key}")]
# Asked for only with q: best match first, and its reverse.
RELEVANCE = ["relevance", "-relevance"]
PAGE_SIZES = [10, 12]
TYPO_WORDS = ["Vilal", "Apartmnet"]
PHRASES = ["Sea View", "Private Pool", "Prime Location", "City View"]
STATUSES = ["active", "pending", "sold"]
DISPLAY_TYPES = ["public", "investment"]
FILTER_KINDS = [
    "price", "area", "bedrooms", "bathrooms", "regionId", "featureIds",
    "status", "categoryId", "typeId", "displayType", "countryId", "cityId", "isFeatured",
]

# The varied script's requests, and how a request is drawn.
DRAWS = {"panel": 5000, "public": 5000, "facets": 2500}
Q_SHARE = 0.7
TYPO_SHARE = 0.05
PHRASE_SHARE = 0.08
FILTER_COUNTS = {0: 25, 1: 35, 2: 25, 3: 15}

# Each listing gets the features whose 2-bit field of a hash of its id is 0: a quarter of the
# listings each, independently of one another (16, 17 and 18 repeat 1, 2 and 3).
FEATURES_SQL = (
    "INSERT INTO property_feature_assignments (property_id, feature_id) "
    "SELECT p.id, f.id FROM properties p CROSS JOIN property_features f "
    "WHERE ((((p.id * 2654435761) % 4294967291) >> CAST(2 * (f.id % 15) AS INTEGER)) & 3) = 0"
)

# Whether the database has the search engine's change feed, and the setting aside of its
# changes that `aqar seed` does after a load (search_engine::reset).
SQLITE_FEED = "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'search_changes'"
POSTGRES_FEED = "SELECT COUNT(*) FROM information_schema.tables WHERE table_name = 'search_changes'"
FEED_RESET_SQL = [
    f"UPDATE search_feed SET origin = '{os.urandom(16).hex()}', pruned_through = 0",
    "DELETE FROM search_changes",
]

# Issue 38's targets, on this 2-core machine, wrk sharing it, caches off, on each database.
TARGETS = {
    "varied": {"rps": 2000, "p99_ms": 50, "no_non_2xx": True},
    "mixed": {"rps": 1500, "p99_ms": 80, "no_non_2xx": True},
    "million": {"rps": 1000, "no_non_2xx": True},
}
SHAPE_MEDIAN_MS = 5.0
REBUILD_SECS = 10.0
MILLION_REBUILD_SECS = 60.0
RSS_LIMIT_MIB = 500e6 / 2**20
RSS_LIMIT = "500 MB (476.8 MiB)"

SHAPE_REQUESTS = 20
# A shape slower than this in all stops early, with the requests it had.
SHAPE_BUDGET_SECS = 10.0
WORST_SHOWN = 10
# How long a server may take to answer its lists at all, before the benchmark gives up on it.
READY_LIMIT_SECS = 900
READY_POLL_SECS = 0.05
# /healthz must answer while the index is built, so soon after the start.
HEALTHZ_FIRST_SECS = 5.0
CHECK_EVERY = 5
# Where the server keeps its index without AQAR_SEARCH_DIR, in its working folder.
DEFAULT_INDEX_DIR = os.path.join("data", "search")


def search_env(index_dir):
    return {"AQAR_LIST_CACHE": "0", "AQAR_SEARCH_DIR": index_dir}


def load_listings(binary, url, workdir, index_dir, count):
    """Seeds `count` listings, gives them features, and leaves no index behind: the server's
    first start builds it from the database."""
    line, seconds = harness.seed(
        binary, url, "--properties", str(count), extra_env=search_env(index_dir), cwd=workdir, timeout=3600
    )
    print(f"  {line} (command: {seconds:.1f} s)", flush=True)
    started = time.monotonic()
    execute_sql(url, [FEATURES_SQL])
    given = query(url, "SELECT COUNT(*) FROM property_feature_assignments")[0][0]
    # The insert appended its listings to the search engine's change feed: set aside, as
    # `aqar seed` sets its own load aside, so that the servers rebuild rather than follow it.
    feed = SQLITE_FEED if url.startswith("sqlite://") else POSTGRES_FEED
    if query(url, feed)[0][0]:
        execute_sql(url, FEED_RESET_SQL)
    print(f"  {given:,} features given to the listings by SQL: {time.monotonic() - started:.1f} s", flush=True)
    if not url.startswith("sqlite://"):
        vacuum_analyze(url)
    remove_index(workdir, index_dir)


def remove_index(workdir, index_dir):
    """Deletes the index folder, and the default one should the server not take AQAR_SEARCH_DIR."""
    for folder in (index_dir, os.path.join(workdir, DEFAULT_INDEX_DIR)):
        shutil.rmtree(folder, ignore_errors=True)


def start(binary, url, workdir, index_dir):
    """The server, caches off, its index in `index_dir`, and how its start went (see `ready`)."""
    server = Server(binary, url, workdir, search_env(index_dir), startup_secs=READY_LIMIT_SECS,
                    wait_for_lists=False)
    try:
        return server, ready(server)
    except BaseException:
        server.stop()
        raise


def ready(server):
    """Polls the public list and /healthz every READY_POLL_SECS until the list answers 200:
    the seconds from the server's start, the list's other answers, /healthz's failures."""
    result = {"healthz_first_secs": server.healthy_secs, "list_statuses": {}, "unannounced_503": 0,
              "healthz_probes": 0, "healthz_failures": {}, "healthz_worst_ms": 0.0, "ready_secs": None}
    while time.monotonic() - server.started < READY_LIMIT_SECS:
        if server.process.poll() is not None:
            raise SystemExit(f"aqar exited while its index was built: {server.process.stderr.read().decode()}")
        try:
            status, headers, _ = server.request("GET", f"{PUBLIC}?page=1&pageSize=1", timeout=30)
        except OSError:
            status, headers = "no answer", {}
        if status == 200:
            result["ready_secs"] = time.monotonic() - server.started
            break
        count(result["list_statuses"], status)
        if status == 503 and "retry-after" not in headers:
            result["unannounced_503"] += 1
        began = time.monotonic()
        try:
            health = server.request("GET", "/healthz", timeout=5)[0]
        except OSError:
            health = "no answer"
        result["healthz_worst_ms"] = max(result["healthz_worst_ms"], (time.monotonic() - began) * 1000)
        result["healthz_probes"] += 1
        if health != 200:
            count(result["healthz_failures"], health)
        time.sleep(READY_POLL_SECS)
    result["rss_mib"] = server.rss_mib()
    result["peak_rss_mib"] = server.rss_mib("VmHWM")
    return result


def count(counts, key):
    counts[key] = counts.get(key, 0) + 1


def index_size(workdir, index_dir):
    """`du -sb` of the index folder (or of the default one, should the server not take
    AQAR_SEARCH_DIR), and its path; (None, None) when there is none."""
    for folder in (index_dir, os.path.join(workdir, DEFAULT_INDEX_DIR)):
        if os.path.isdir(folder):
            du = subprocess.run(["du", "-sb", folder], check=True, capture_output=True, text=True)
            return int(du.stdout.split()[0]), folder
    return None, None


def figure(name, value, limit, unit, limit_text=None):
    """(text, missed) of one figure beside its target, at most `limit`; None (not measured) is
    a miss."""
    target = f"target <= {limit_text or f'{limit:g} {unit}'}"
    if value is None:
        return f"{name} none [{target}: MISSED]", True
    missed = value > limit
    return f"{name} {value:,.1f} {unit} [{target}: {'MISSED' if missed else 'MET'}]", missed


def judge(report, run, figures, notes=(), **details):
    """Prints a run of figures (see `figure`) with notes, and adds it to the report."""
    missed = [text for text, miss in figures if miss]
    print(f"  {run}:", flush=True)
    for text, _ in figures:
        print(f"      {text}", flush=True)
    for note in notes:
        print(f"      {note}", flush=True)
    report.append({"run": run, "missed": missed, **details})


def start_figures(start_result, limit_secs):
    """The figures of a server's start: the lists' readiness, and /healthz meanwhile."""
    r = start_result
    failures = sum(r["healthz_failures"].values())
    which = f" {r['healthz_failures']}" if failures else ""
    # A server that answers nothing while it builds would pass the probes that follow.
    late = r["healthz_first_secs"] > HEALTHZ_FIRST_SECS
    others = {s: n for s, n in r["list_statuses"].items() if s != 503}
    return [
        figure("lists answer 200 after", r["ready_secs"], limit_secs, "s"),
        (f"/healthz first answered {r['healthz_first_secs']:.2f} s after the start, then {r['healthz_probes']} "
         f"probes while the lists were not ready, {failures} not 200{which}, worst {r['healthz_worst_ms']:.1f} ms "
         f"[target 200 within {HEALTHZ_FIRST_SECS:g} s and throughout: {'MISSED' if failures or late else 'MET'}]",
         bool(failures or late)),
        (f"the lists meanwhile: {r['list_statuses'] or 'ready at the first ask'}, {r['unannounced_503']} 503 without "
         f"Retry-After [target 503 with Retry-After only: {'MISSED' if others or r['unannounced_503'] else 'MET'}]",
         bool(others or r["unannounced_503"])),
    ]


class Catalog:
    """The catalog's ids as the public API answers them, and the places as (country, city,
    region or None) triples."""

    def __init__(self, server):
        def rows(path):
            status, _, body = server.request("GET", path)
            if status != 200:
                raise SystemExit(f"GET {path} answered {status}: {body[:300]!r}")
            return json.loads(body)

        self.categories = [row["id"] for row in rows("/api/public/categories")]
        self.types = [row["id"] for row in rows("/api/public/property-types")]
        self.features = [row["id"] for row in rows("/api/public/property-features")]
        cities = rows("/api/public/cities")
        regions = rows("/api/public/regions")
        self.places = [(c["countryId"], c["id"], None) for c in cities]
        self.places += [(r["countryId"], r["cityId"], r["id"]) for r in regions]
        self.regional = [place for place in self.places if place[2] is not None]
        if not (self.categories and self.types and self.features and self.regional):
            raise SystemExit("the catalog lacks categories, types, features or regions: seed an empty database")

    def __str__(self):
        return (
            f"{len(self.categories)} categories, {len(self.types)} types, {len(self.places) - len(self.regional)} "
            f"cities, {len(self.regional)} regions, {len(self.features)} features"
        )


def bands(values):
    """Lower and upper bounds for ranges: the sample's 10th, 25th and 50th, and 50th, 75th and
    90th percentiles, at two significant digits."""
    cuts = [int(float(f"{cut:.2g}")) for cut in statistics.quantiles(values, n=20)]
    return [cuts[1], cuts[4], cuts[9]], [cuts[9], cuts[14], cuts[17]]


class Draw:
    """Makes the requests' parameters: from the catalog, and price and area bands read from a
    sample of the seeded listings."""

    def __init__(self, server, cookie, catalog):
        self.catalog = catalog
        rows = spread_rows(server, cookie, 5, random.Random(38))
        self.prices = bands([row["price"] for row in rows])
        self.areas = bands([row["area"] for row in rows if row.get("area")])

    def words(self, rng):
        roll = rng.random()
        if roll < TYPO_SHARE:
            return rng.choice(TYPO_WORDS)
        if roll < TYPO_SHARE + PHRASE_SHARE:
            return rng.choice(PHRASES)
        return rng.choice(SEARCH_WORDS)

    def range_params(self, rng, low, high, bounds):
        lows, highs = bounds
        shape = rng.randrange(3)
        if shape == 0:
            return {low: rng.choice(lows)}
        if shape == 1:
            return {high: rng.choice(highs)}
        bottom = rng.choice(lows)
        return {low: bottom, high: rng.choice([top for top in highs if top > bottom] or [bottom])}

    def filters(self, rng, kinds, public):
        """The parameters of the filters `kinds`, one place for all the place filters."""
        place = rng.choice(self.catalog.regional if "regionId" in kinds else self.catalog.places)
        params = {}
        for kind in kinds:
            if kind == "price":
                params.update(self.range_params(rng, "minPrice", "maxPrice", self.prices))
            elif kind == "area":
                params.update(self.range_params(rng, "minArea", "maxArea", self.areas))
            elif kind == "bedrooms":
                params["bedrooms"] = rng.randint(1, 5)
            elif kind == "bathrooms":
                params["bathrooms"] = rng.randint(1, 4)
            elif kind == "featureIds":
                chosen = rng.sample(self.catalog.features, rng.choice([1, 1, 2, 2, 3]))
                params["featureIds"] = ",".join(str(feature) for feature in sorted(chosen))
            elif kind == "status":
                # The public lists hold active listings alone.
                params["status"] = "active" if public else rng.choice(STATUSES)
            elif kind == "categoryId":
                params["categoryId"] = rng.choice(self.catalog.categories)
            elif kind == "typeId":
                params["typeId"] = rng.choice(self.catalog.types)
            elif kind == "displayType":
                params["displayType"] = rng.choice(DISPLAY_TYPES)
            elif kind == "isFeatured":
                params["isFeatured"] = rng.choice(["true", "true", "false"])
            else:
                params[kind] = place[{"countryId": 0, "cityId": 1, "regionId": 2}[kind]]
        return params

    def request(self, rng, endpoint):
        """One varied request to `endpoint` (PANEL, PUBLIC or FACETS): its path and what it holds."""
        params = {}
        if rng.random() < Q_SHARE:
            params["q"] = self.words(rng)
        weights = list(FILTER_COUNTS.values())
        kinds = rng.sample(FILTER_KINDS, rng.choices(list(FILTER_COUNTS), weights)[0])
        params.update(self.filters(rng, kinds, endpoint != PANEL))
        sort = None
        if endpoint != FACETS:
            sort = rng.choice(SORTS + RELEVANCE + [None] if "q" in params else SORTS + [None])
            if sort:
                params["sort"] = sort
            params.update(page=rng.randint(1, PAGES), pageSize=rng.choice(PAGE_SIZES))
        return path(endpoint, params), {"kinds": kinds, "sort": sort, "q": params.get("q")}


def path(endpoint, params):
    return f"{endpoint}?{urlencode(params, quote_via=quote, safe=',')}" if params else endpoint


def varied_requests(draw):
    """The varied script's requests, and a line saying what they cover; every sort both ways,
    relevance, and every filter alone and with others, or the benchmark stops."""
    rng = random.Random(38)
    requests, kinds_alone, kinds_combined, sorts, with_q, words = [], set(), set(), set(), 0, set()
    for name, endpoint in (("panel", PANEL), ("public", PUBLIC), ("facets", FACETS)):
        made = set()
        while len(made) < DRAWS[name]:
            text, holds = draw.request(rng, endpoint)
            if text in made:
                continue
            made.add(text)
            requests.append((text, None, "panel") if name == "panel" else (text, None))
            (kinds_alone if len(holds["kinds"]) == 1 else kinds_combined).update(holds["kinds"])
            sorts.add(holds["sort"])
            with_q += holds["q"] is not None
            words.add(holds["q"])
    lacking = set(SORTS + RELEVANCE) - sorts
    lacking |= {f"{kind} alone" for kind in set(FILTER_KINDS) - kinds_alone}
    lacking |= {f"{kind} combined" for kind in set(FILTER_KINDS) - kinds_combined}
    if lacking:
        raise SystemExit(f"the varied requests lack {', '.join(sorted(lacking))}")
    total = len(requests)
    return requests, (
        f"{total:,} requests ({', '.join(f'{n:,} {name}' for name, n in DRAWS.items())}), all different: "
        f"{with_q * 100 // total} % with q ({len(words - {None})} words and phrases, typos included), pages 1..{PAGES}, "
        f"pageSize {' or '.join(map(str, PAGE_SIZES))}, {len(sorts - {None})} sorts and the default, "
        f"0 to {max(FILTER_COUNTS)} of {len(FILTER_KINDS)} filters (each alone and combined)"
    )


def narrowing(server, cookie, draw):
    """Each filter alone on the panel's list, with its total: what the varied runs ask of it."""
    rng = random.Random(7)
    _, headers, _ = server.request("GET", f"{PANEL}?page=1&pageSize=1", headers={"Cookie": cookie})
    everything = int(headers.get("x-total-count", 0))
    parts = []
    for kind in FILTER_KINDS:
        params = draw.filters(rng, [kind], False)
        status, headers, _ = server.request("GET", path(PANEL, {**params, "pageSize": 1}), headers={"Cookie": cookie})
        total = int(headers.get("x-total-count", -1)) if status == 200 else None
        shown = f"{total:,}" if total is not None else f"answered {status}"
        if total == everything:
            shown += " (all: ignored?)"
        parts.append(f"{urlencode(params, safe=',')} {shown}")
    print(f"  each filter alone on the panel's list of {everything:,} (X-Total-Count): {'; '.join(parts)}", flush=True)


def prepare(server, workdir, name):
    """Signs in, checks the words, reads the catalog, and writes the varied wrk script."""
    cookie = server.sign_in()
    check_words(server, cookie)
    catalog = Catalog(server)
    draw = Draw(server, cookie, catalog)
    print(
        f"  catalog: {catalog}; price bands from {draw.prices[0]} up to {draw.prices[1]}, area from "
        f"{draw.areas[0]} up to {draw.areas[1]}",
        flush=True,
    )
    narrowing(server, cookie, draw)
    requests, coverage = varied_requests(draw)
    print(f"  varied: {coverage}", flush=True)
    script = lua_script(workdir, name, "GET", requests, {}, {"panel": {"Cookie": cookie}})
    return cookie, draw, script


class CheckingSaver(Saver):
    """The editor of the mixed run, who also checks reads after writes: every CHECK_EVERY-th
    save adds a made-up word to the listing's English title, and once the save is answered 200
    the panel's list (and for an active listing the public one) is searched for that word, which
    must find the listing on its first page."""

    def __init__(self, server, cookie, listings):
        super().__init__(server, cookie, listings)
        self.rng = random.Random(38)
        self.words = {}
        self.checks = {"panel": [0, 0], "public": [0, 0]}
        self.failures = []

    def edit(self, listing, saves):
        edited = super().edit(listing, saves)
        if saves % CHECK_EVERY:
            return edited
        word = "".join(self.rng.choice(string.ascii_lowercase) for _ in range(10))
        edited["titleEn"] = f"{listing['titleEn']} {word.capitalize()}"
        self.words[id(edited)] = word
        return edited

    def saved(self, listing, status):
        word = self.words.pop(id(listing), None)
        if word is None:
            return
        lists = [("panel", PANEL, {"Cookie": self.cookie})]
        if listing.get("status") == "active":
            lists.append(("public", PUBLIC, {}))
        for name, endpoint, headers in lists:
            found = False
            if status == 200:
                try:
                    answered, _, body = self.server.request("GET", path(endpoint, {"q": word, "pageSize": 10}), headers=headers)
                    found = answered == 200 and listing["id"] in [row["id"] for row in json.loads(body)]
                except (OSError, ValueError):
                    answered = "no answer"
            else:
                answered = f"not searched: the save answered {status}"
            with self.lock:
                self.checks[name][0] += found
                self.checks[name][1] += 1
                if not found:
                    self.failures.append(f"{name} q={word}: {answered}")

    def figures(self):
        texts = []
        for name, (found, asked) in self.checks.items():
            texts.append(f"{found}/{asked} on the {name} list")
        missed = any(found < asked for found, asked in self.checks.values()) or not self.checks["panel"][1]
        text = (
            f"read after write: the saved title's new word found by the next search {', '.join(texts)} "
            f"[target every one: {'MISSED' if missed else 'MET'}]"
        )
        return [(text, missed)]


def time_shape(port, endpoint, params, headers, size, pages):
    """Asks one shape on `pages` over one kept-alive connection: the times in ms and statuses."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    times, statuses = [], {}
    began = time.monotonic()
    try:
        for page in pages:
            asked = params if endpoint == FACETS else {**params, "page": page, "pageSize": size}
            for attempt in (1, 2):
                try:
                    started = time.perf_counter()
                    connection.request("GET", path(endpoint, asked), headers=headers)
                    response = connection.getresponse()
                    response.read()
                    break
                except (http.client.RemoteDisconnected, ConnectionError):
                    # The server closed an idle kept-alive connection: once more on a new one.
                    connection.close()
                    if attempt == 2:
                        raise
            times.append((time.perf_counter() - started) * 1000)
            count(statuses, response.status)
            if time.monotonic() - began > SHAPE_BUDGET_SECS:
                break
    finally:
        connection.close()
    return times, statuses


def shape_list(draw):
    """About 120 shapes: (name, endpoint, parameters)."""
    rng = random.Random(120)
    words = iter(SEARCH_WORDS * 10)
    shapes = []
    for label, endpoint in (("panel", PANEL), ("public", PUBLIC)):
        public = endpoint == PUBLIC
        shapes.append((label, endpoint, {}))
        shapes.append((label, endpoint, {"q": "Sea View"}))
        shapes.append((label, endpoint, {"isFeatured": "true", "sort": "-price"}))
        for sort in SORTS:
            shapes.append((label, endpoint, {"sort": sort}))
        for sort in SORTS + RELEVANCE:
            shapes.append((label, endpoint, {"q": next(words), "sort": sort}))
        for kind in FILTER_KINDS:
            shapes.append((label, endpoint, draw.filters(rng, [kind], public)))
        if not public:
            shapes += [(label, endpoint, {"status": status, "sort": "-createdAt"}) for status in STATUSES]
        shapes.append((label, endpoint, {"featureIds": ",".join(map(str, draw.catalog.features[:2]))}))
        shapes.append((label, endpoint, {"minPrice": draw.prices[0][0], "maxPrice": draw.prices[1][1]}))
        combos = [
            ({"q": "Villa", "sort": "price"}, ["price"]),
            ({"sort": "-price"}, ["bedrooms", "cityId"]),
            ({"sort": "-createdAt"}, ["categoryId", "typeId", "area"]),
            ({"q": "Apartment", "sort": RELEVANCE[0]}, ["featureIds", "bedrooms"]),
            ({"sort": "price"}, ["regionId", "price"]),
            ({"sort": "-updatedAt"}, ["countryId", "price", "bathrooms"]),
            ({"q": "Modern", "sort": "titleEn"}, ["typeId", "isFeatured"]),
            ({"q": "Vilal", "sort": RELEVANCE[0]}, []),
            ({"q": "Apartmnet"}, ["price"]),
        ]
        for fixed, kinds in combos:
            shapes.append((label, endpoint, {**fixed, **draw.filters(rng, kinds, public)}))
    shapes.append(("facets", FACETS, {}))
    shapes.append(("facets", FACETS, {"q": "Villa"}))
    shapes.append(("facets", FACETS, {"q": "Vilal"}))
    for kind in ["price", "area", "bedrooms", "regionId", "featureIds", "categoryId", "cityId"]:
        shapes.append(("facets", FACETS, draw.filters(rng, [kind], True)))
    for kinds in (["price", "bedrooms"], ["cityId", "typeId", "area"]):
        shapes.append(("facets", FACETS, {"q": "Apartment", **draw.filters(rng, kinds, True)}))
    return shapes


def shapes(server, cookie, draw, label, report):
    """Each shape asked SHAPE_REQUESTS times by one client; the medians beside the target."""
    rng = random.Random(5)
    results = []
    for index, (name, endpoint, params) in enumerate(shape_list(draw)):
        size = PAGE_SIZES[index % len(PAGE_SIZES)]
        pages = rng.sample(range(1, PAGES + 1), SHAPE_REQUESTS)
        headers = {"Cookie": cookie} if endpoint == PANEL else {}
        times, statuses = time_shape(server.port, endpoint, params, headers, size, pages)
        shown = f"{name} {path('', params)}" + ("" if endpoint == FACETS else f" pageSize={size}")
        results.append({"shape": shown, "median_ms": statistics.median(times), "worst_ms": max(times),
                        "requests": len(times), "statuses": statuses})
    print(f"  shapes ({label}): {len(results)} shapes, {SHAPE_REQUESTS} sequential requests each on "
          f"as many pages, one client; median and slowest per shape:", flush=True)
    for result in results:
        print(f"      {shape_note(result)}", flush=True)
    slow = [r for r in results if r["median_ms"] > SHAPE_MEDIAN_MS]
    failing = [r for r in results if set(r["statuses"]) != {200}]
    worst = sorted(results, key=lambda r: r["median_ms"], reverse=True)[:WORST_SHOWN]
    medians = [r["median_ms"] for r in results]
    judge(
        report,
        f"shapes ({label})",
        [
            (f"{len(slow)} of {len(results)} shapes with a median over {SHAPE_MEDIAN_MS:g} ms (median of the "
             f"medians {statistics.median(medians):.2f} ms, worst {max(medians):.2f} ms) [target none: "
             f"{'MISSED' if slow else 'MET'}]", bool(slow)),
            (f"{len(failing)} shapes answered other than 200 [target none: {'MISSED' if failing else 'MET'}]",
             bool(failing)),
        ],
        [f"worst {len(worst)}:"] + [f"  {shape_note(r)}" for r in worst]
        + [f"not 200: {shape_note(r)}" for r in failing],
        shapes=results,
    )


def shape_note(result):
    statuses = "" if set(result["statuses"]) == {200} else f"  statuses {result['statuses']}"
    cut = "" if result["requests"] == SHAPE_REQUESTS else f" ({result['requests']} requests in {SHAPE_BUDGET_SECS:g} s)"
    return f"{result['median_ms']:8.2f} ms (slowest {result['worst_ms']:7.2f}){cut}  {result['shape']}{statuses}"


def index_note(workdir, index_dir):
    size, folder = index_size(workdir, index_dir)
    if size is None:
        return "no index folder (neither AQAR_SEARCH_DIR's nor data/search)"
    return f"index folder {size / 2**20:,.1f} MiB ({size:,} bytes, du -sb {os.path.relpath(folder, workdir)})"


def on_database(binary, workdir, label, url, args, report):
    """The large runs on one database of --listings listings."""
    index_dir = os.path.join(workdir, f"search-{label.lower()}")
    load_listings(binary, url, workdir, index_dir, args.listings)
    server, started = start(binary, url, workdir, index_dir)
    try:
        judge(report, f"first start, no index yet ({label})", start_figures(started, REBUILD_SECS),
              [f"RSS {started['rss_mib']} MiB (peak {started['peak_rss_mib']}); {index_note(workdir, index_dir)}"])
        if started["ready_secs"] is None:
            print(f"  *** the lists never answered 200: no search run on {label} ***", flush=True)
        elif args.runs & set(SEARCH_RUNS):
            searches(server, workdir, label, args, report)
    finally:
        server.stop()
    if "rebuild" in args.runs:
        remove_index(workdir, index_dir)
        server, started = start(binary, url, workdir, index_dir)
        try:
            judge(report, f"rebuild, {args.listings:,} listings ({label})", start_figures(started, REBUILD_SECS),
                  [f"RSS {started['rss_mib']} MiB (peak {started['peak_rss_mib']}); {index_note(workdir, index_dir)}"])
        finally:
            server.stop()


def searches(server, workdir, label, args, report):
    """The chosen SEARCH_RUNS on a server whose lists answer."""
    cookie, draw, script = prepare(server, workdir, f"search-{label.lower()}.lua")
    if "shapes" in args.runs:
        shapes(server, cookie, draw, label, report)
    if "varied" in args.runs:
        measure(f"varied search ({label})", server, script, args.connections, args, report, TARGETS["varied"])
    if "mixed" in args.runs:
        saver = CheckingSaver(server, cookie, sample_listings(server, cookie))
        name = f"varied search + 5 saves/s ({label})"
        measure(name, server, script, args.connections, args, report, TARGETS["mixed"], saver)
        judge(report, f"read after write ({label})", saver.figures(), saver.failures[:5])
    if "burst-256" in args.runs:
        measure(f"varied search, 256 connections ({label})", server, script, 256, args, report)


def million(binary, workdir, args, report):
    """--million listings on SQLite: the rebuild, the memory, the index's size, the varied run."""
    count = args.million
    print(f"SQLite, {count:,} properties:", flush=True)
    url = f"sqlite://{workdir}/bench-million.db"
    index_dir = os.path.join(workdir, "search-million")
    load_listings(binary, url, workdir, index_dir, count)
    server, started = start(binary, url, workdir, index_dir)
    try:
        size, _ = index_size(workdir, index_dir)
        judge(
            report,
            f"rebuild, {count:,} listings (SQLite)",
            start_figures(started, MILLION_REBUILD_SECS)
            + [figure("RSS after the rebuild", started["rss_mib"], RSS_LIMIT_MIB, "MiB", RSS_LIMIT),
               figure("peak RSS during the rebuild", started["peak_rss_mib"], RSS_LIMIT_MIB, "MiB", RSS_LIMIT)],
            [index_note(workdir, index_dir)],
            index_bytes=size,
        )
        if started["ready_secs"] is None:
            print("  *** the lists never answered 200: no varied run ***", flush=True)
            return
        _, _, script = prepare(server, workdir, "search-million.lua")
        result = measure(f"varied search on {count:,} (SQLite)", server, script, args.connections, args, report,
                         TARGETS["million"])
        judge(report, f"memory during the varied run on {count:,} (SQLite)",
              [figure("peak RSS", result["peak_rss_mib"], RSS_LIMIT_MIB, "MiB", RSS_LIMIT),
               figure("RSS after it", server.rss_mib(), RSS_LIMIT_MIB, "MiB", RSS_LIMIT)])
    finally:
        server.stop()


def main():
    parser = wrk_options(__doc__.splitlines()[0], RUNS, GROUPS)
    parser.add_argument("--million", type=int, default=1_000_000, help="the listings of the million run")
    args = parse_wrk_options(parser, 1_000)
    if not 1_000 <= args.million <= 2_000_000:
        raise SystemExit("--million must be 1,000..2,000,000")
    binary = release_binary(args.binary)
    ensure_wrk()
    print(f"machine: {os.cpu_count()} cores; wrk -t2 -c{args.connections} -d{args.duration}s after a "
          f"{WARM_UP_SECS} s warm-up; answer caches off (AQAR_LIST_CACHE=0)", flush=True)
    report = []
    with tempfile.TemporaryDirectory(prefix="aqar-bench-search-") as workdir:
        if args.runs & set(GROUPS["large"]):
            for label, url, drop in databases(workdir, args.db, "bench-search.db", "aqar_bench_search"):
                try:
                    print(f"{label}, {args.listings:,} properties:", flush=True)
                    on_database(binary, workdir, label, url, args, report)
                finally:
                    if drop:
                        drop()
        if "million" in args.runs:
            million(binary, workdir, args, report)
    if args.json:
        with open(args.json, "w") as out:
            json.dump(report, out, indent=2, default=str)
    misses = [r["run"] for r in report if r.get("missed") or "MISSED" in verdict(r["run"], r)]
    print("search: every target met" if not misses else f"search: targets missed: {'; '.join(misses)}")


if __name__ == "__main__":
    sys.exit(main())
