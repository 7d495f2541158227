"""Issue 19's real workload on one database, the answer caches off: varied searches drawn by
wrk scripts from every search word, page and sort, with an editor saving listings meanwhile,
and saves alone."""

import json
import os
import random
import threading
import time

from load import Background, measure

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
   return wrk.format(method, chosen[1], chosen[3] and header_sets[chosen[3]] or headers, chosen[2])
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


def lua_script(workdir, name, method, requests, headers, header_sets=None):
    """A wrk script sending, at random, one of `requests` ((path, body or None) pairs, or
    (path, body, name) triples sent with `header_sets[name]` instead) with `headers`, and
    counting the answers' statuses."""

    def entry(path, body, headers_name=None):
        chosen = f", {lua_text(headers_name)}" if headers_name else ""
        return f"   {{{lua_text(path)}, {lua_text(body) if body else 'nil'}{chosen}}}"

    def table(fields):
        return "{" + ", ".join(f"[ {lua_text(k)} ] = {lua_text(v)}" for k, v in fields.items()) + "}"

    entries = ",\n".join(entry(*request) for request in requests)
    sets = ", ".join(f"[ {lua_text(k)} ] = {table(v)}" for k, v in (header_sets or {}).items())
    path = os.path.join(workdir, name)
    with open(path, "w") as script:
        script.write(
            f"method = {lua_text(method)}\nheaders = {table(headers)}\nheader_sets = {{{sets}}}\n"
            f"requests = {{\n{entries}\n}}\n"
        )
        script.write(STATUS_COUNTER)
    return path


def spread_rows(server, cookie, pages_read, rng):
    """The rows of `pages_read` pages of 100 of the panel's list, drawn by `rng` from all of it."""
    signed_in = {"Cookie": cookie}
    _, headers, _ = server.request("GET", "/api/properties?page=1&pageSize=1", headers=signed_in)
    pages = max(1, int(headers["x-total-count"]) // 100)
    rows = []
    for page in rng.sample(range(1, pages + 1), min(pages, pages_read)):
        _, _, body = server.request("GET", f"/api/properties?page={page}&pageSize=100", headers=signed_in)
        rows += json.loads(body)
    return rows


def sample_listings(server, cookie):
    """SAVED_LISTINGS listings spread over the table, each as GET /api/properties/{id} answers it."""
    signed_in = {"Cookie": cookie}
    rng = random.Random(19)
    ids = [row["id"] for row in spread_rows(server, cookie, 4, rng)]
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


class Saver(Background):
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
        super().__init__()

    def __exit__(self, *exc):
        super().__exit__(*exc)
        for thread in self.sending:
            thread.join()

    def work(self):
        started = time.monotonic()
        saves = 0
        while not self.stopped.wait(max(0.0, started + saves / SAVES_PER_SECOND - time.monotonic())):
            edited = self.edit(self.listings[saves % len(self.listings)], saves)
            thread = threading.Thread(target=self.save_one, args=(edited,), daemon=True)
            thread.start()
            self.sending.append(thread)
            saves += 1

    def edit(self, listing, saves):
        """What save number `saves` sends of `listing`."""
        return {**listing, "price": listing["price"] + saves // len(self.listings) % 2}

    def save_one(self, listing):
        began = time.monotonic()
        try:
            status = save(self.server, self.cookie, listing)[0]
        except OSError:
            status = "no answer"
        with self.lock:
            self.seconds.append(time.monotonic() - began)
            self.statuses[status] = self.statuses.get(status, 0) + 1
        self.saved(listing, status)

    def saved(self, listing, status):
        """Called in the save's own thread once it is answered: nothing here."""

    def summary(self):
        latencies = sorted(self.seconds) or [0.0]
        return {
            "saves": len(self.seconds),
            "statuses": self.statuses,
            "p99_ms": latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000,
            "worst_ms": latencies[-1] * 1000,
        }


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
