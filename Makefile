# Aqar: `make run` serves the panel, `make test` runs every test. Both install what they need.
SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := run

WASM_BINDGEN_VERSION := $(shell sed -n '/^name = "wasm-bindgen"$$/{n;s/^version = "\(.*\)"/\1/p}' Cargo.lock)
WASM_OUT := frontend/src/generated/wasm
WASM_FILE := target/wasm32-unknown-unknown/wasm-release/rules_wasm.wasm
CHROMIUM ?= /usr/bin/chromium
XMLLINT ?= /usr/bin/xmllint

.PHONY: run build test setup tools npm chromium xmllint smtp-server wasm types check-types frontend rust-checks rust-tests api-fuzz frontend-tests e2e screenshots bench clean

## The two commands
run: build
	AQAR_DEMO=$${AQAR_DEMO:-1} ./target/release/aqar

test: setup rust-checks check-types frontend rust-tests api-fuzz frontend-tests e2e
	@echo "make test: every suite passed"

build: setup frontend
	cargo build --release -p aqar

## Set-up: what a fresh Debian machine with Rust and Node.js lacks
setup: tools npm

tools:
	@rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
	@if [ "$$(wasm-bindgen --version 2>/dev/null | cut -d' ' -f2)" != "$(WASM_BINDGEN_VERSION)" ]; then \
		echo "installing wasm-bindgen-cli $(WASM_BINDGEN_VERSION) (once, into ~/.cargo/bin)"; \
		cargo install wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION) --force; \
	fi

# `npm install --no-save` rather than `npm ci`: the registry reachable here lacks some
# packages' builds for other platforms (tailwind's oxide for darwin, windows...), which
# `npm ci` insists on finding in the lock file; the locked versions are installed all the same.
npm:
	@cd frontend && { [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] || npm install --no-save --no-audit --no-fund; }
	@cd tests && { [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] || npm install --no-save --no-audit --no-fund; }

chromium:
	@[ -x $(CHROMIUM) ] || { echo "installing Debian's chromium for the browser tests"; \
		if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium; \
		else sudo apt-get update -qq && sudo apt-get install -y -qq chromium; fi; }

# The portal feeds' tests validate each feed against its XSD (backend/feeds) with xmllint.
xmllint:
	@[ -x $(XMLLINT) ] || { echo "installing Debian's libxml2-utils (xmllint) for the feed tests"; \
		if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq libxml2-utils; \
		else sudo apt-get update -qq && sudo apt-get install -y -qq libxml2-utils; fi; }

## Builds driven by their real inputs (issue 42)
# A build whose inputs did not change is skipped, and a build's output is copied over the
# previous one file by file, only where the content differs: an unchanged file keeps its
# time, so neither make nor cargo (backend/build.rs watches frontend/dist) rebuilds what
# follows it. A second `make run` with no change then serves in seconds instead of
# recompiling the release server. Each stamp lives beside the output it vouches for, never
# in target/, which several clones may share.
STAMP := .make-stamp

# Copies the files of folder $(1) whose content differs from those in $(2) into $(2), and
# removes from $(2) what $(1) no longer has (the stamp aside), then says how many. One shell
# line, so a recipe can call it after making $(1) in a temporary folder.
copy_changed = from=$$(cd $(1) && pwd) && mkdir -p $(2) && to=$$(cd $(2) && pwd) && \
	updated=$$(cd "$$from" && find . -type f ! -name $(STAMP) | while read -r file; do \
		cmp -s "$$file" "$$to/$$file" || { mkdir -p "$$to/$${file%/*}"; cp "$$file" "$$to/$$file"; echo "$$file"; }; \
	done | wc -l) && \
	removed=$$(cd "$$to" && find . -type f ! -name $(STAMP) | while read -r file; do \
		[ -e "$$from/$$file" ] || { rm "$$file"; echo "$$file"; }; \
	done | wc -l) && \
	echo "$(2): $$updated files updated, $$removed removed"

## The rules in the browser
WASM_STAMP := $(WASM_OUT)/$(STAMP)
RULES_INPUTS := Cargo.toml Cargo.lock rules/Cargo.toml rules-wasm/Cargo.toml $(shell find rules/src rules-wasm/src -type f)

wasm: $(WASM_STAMP)

$(WASM_STAMP): $(RULES_INPUTS) | tools
	cargo build -p rules-wasm --target wasm32-unknown-unknown --profile wasm-release
	@out=$$(mktemp -d) && trap 'rm -rf "$$out"' EXIT && \
	wasm-bindgen --target bundler --out-dir "$$out" --out-name rules $(WASM_FILE) && \
	$(call copy_changed,$$out,$(WASM_OUT))
	@echo "rules.wasm: $$(gzip -9 -c $(WASM_OUT)/rules_bg.wasm | wc -c) bytes gzipped"
	@touch $@

## TypeScript types of every payload and answer, generated from the Rust types' JSON Schema,
## the request paths of the API, generated from its OpenAPI document, and the Arabic of the
## rules' messages, which the browser's rules load only in Arabic (all checked in, checked for
## staleness). All come from the server's test build, so no second build of the dependencies
## with other features is needed.
GENERATED := schema.json types.ts openapi.json api.ts messages.ar.json

types: npm
	AQAR_UPDATE_SCHEMA=1 cargo test -q -p aqar --test api schema::the_frontend_ > /dev/null
	cd frontend && npm run -s gen:types && npm run -s gen:api

check-types: npm
	@tmp=$$(mktemp -d); for f in $(GENERATED); do cp frontend/src/generated/$$f $$tmp/; done; \
	$(MAKE) -s types; \
	for f in $(GENERATED); do \
		if ! diff -q $$tmp/$$f frontend/src/generated/$$f >/dev/null; then \
			echo "frontend/src/generated/$$f is stale: run 'make types' and commit the result"; exit 1; fi; \
	done

# The browser app: vite builds into a staging folder only when a file it reads changed (tests
# aside), and dist/ takes what differs. A dist/ removed by hand is built again.
VITE_OUT := frontend/.vite-build
FRONTEND_STAMP := $(VITE_OUT)/$(STAMP)
FRONTEND_INPUTS := $(WASM_STAMP) $(shell find frontend/src frontend/public frontend/scripts -type f ! -name '*.test.ts' ! -name '*.test.tsx' ! -name $(STAMP)) \
	frontend/index.html frontend/package.json frontend/package-lock.json frontend/vite.config.ts frontend/tsconfig.json
ifeq ($(wildcard frontend/dist/index.html),)
.PHONY: $(FRONTEND_STAMP)
endif

frontend: $(FRONTEND_STAMP)

$(FRONTEND_STAMP): $(FRONTEND_INPUTS) | npm
	cd frontend && npm run -s build -- --outDir $(VITE_OUT:frontend/%=%) --emptyOutDir
	@$(call copy_changed,$(VITE_OUT),frontend/dist)
	@touch $@

## Checks and tests
rust-checks:
	cargo fmt --all --check
	cargo clippy --workspace --all-targets -- -D warnings

# Six at once on two cores: the server tests wait on disk, PostgreSQL and their own timeouts
# far more than they compute (the suite took 502 s with two at a time, 239 s with six).
# The e-mail tests deliver to a real SMTP server, aiosmtpd from PyPI, in a virtual
# environment made once under ~/.cache.
AIOSMTPD_VERSION := 1.4.6
SMTP_VENV := $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/aqar/aiosmtpd-$(AIOSMTPD_VERSION)

smtp-server:
	@[ -x $(SMTP_VENV)/bin/python ] && $(SMTP_VENV)/bin/python -c 'import aiosmtpd' 2>/dev/null || { \
		echo "installing aiosmtpd $(AIOSMTPD_VERSION) (once, into $(SMTP_VENV))"; \
		python3 -m venv $(SMTP_VENV) && $(SMTP_VENV)/bin/pip install -q aiosmtpd==$(AIOSMTPD_VERSION); }

rust-tests: smtp-server xmllint
	@if (exec 3<>/dev/tcp/$${AQAR_TEST_PG_HOST:-127.0.0.1}/$${AQAR_TEST_PG_PORT:-5432}) 2>/dev/null; then \
		echo "PostgreSQL is reachable: the server suite runs on SQLite and PostgreSQL"; \
	else \
		echo "*** PostgreSQL is NOT reachable: every PostgreSQL test will be SKIPPED (set AQAR_REQUIRE_POSTGRES=1 to fail instead) ***"; \
	fi
	AQAR_TEST_SMTP_PYTHON=$(SMTP_VENV)/bin/python cargo test --workspace -- --test-threads=6

# schemathesis over every operation of the OpenAPI document, signed in, on both databases.
api-fuzz:
	$(SERVER_FOR_BROWSER_TESTS)
	bash tests/api-fuzz/run.sh

frontend-tests: wasm
	cd frontend && npm run -s typecheck && npm run -s lint && npm run -s test

# The browser tests run target/debug/aqar as the test build leaves it: a plain `cargo build`
# resolves dependency features differently (no dev-dependencies) and would rebuild them all.
SERVER_FOR_BROWSER_TESTS := cargo test --workspace --no-run --quiet

# The browser tests run whole on SQLite, then, when PostgreSQL is reachable, the specs whose
# screens lean on SQL that differs between the dialects (search, bulk changes, the trash,
# restoring a version, imports and exports, leads, the inbox, the demo data) run again on it,
# each server on a database of its own made and dropped with psql. Every call of the API runs
# on both databases in the server suite and in schemathesis already; the whole browser suite a
# second time cost 7.5 of CI's 40 minutes (docs/adr/0013).
E2E_POSTGRES := $(shell url="$${AQAR_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test}"; echo "$${url%/*}")
E2E_POSTGRES_SPECS := properties-list bulk trash restore-version imports properties-export leads contacts demo public-site

e2e: chromium frontend
	$(SERVER_FOR_BROWSER_TESTS)
	cd tests && npm test
	@if command -v psql >/dev/null && psql "$(E2E_POSTGRES)/postgres" -qAtc 'select 1' >/dev/null 2>&1; then \
		echo "PostgreSQL is reachable: the browser tests that lean on the database's SQL run again on it"; \
		cd tests && AQAR_E2E_POSTGRES="$(E2E_POSTGRES)" node --test --test-concurrency=1 --test-reporter=spec $(E2E_POSTGRES_SPECS:%=specs/%.test.mjs); \
	elif [ "$${AQAR_REQUIRE_POSTGRES:-0}" = 1 ]; then \
		echo "PostgreSQL (or psql) is not reachable and AQAR_REQUIRE_POSTGRES=1: the browser tests cannot run on it"; exit 1; \
	else \
		echo "*** PostgreSQL (or psql) is NOT reachable: the browser tests on PostgreSQL are SKIPPED ***"; \
	fi

# Refreshes the screenshots under docs/screenshots from the browser tests.
screenshots: chromium frontend
	$(SERVER_FOR_BROWSER_TESTS)
	cd tests && AQAR_UPDATE_SCREENSHOTS=1 npm test

# The properties benchmark (not part of `make test`): wrk (Debian's, installed if missing)
# against the release server on seeded SQLite databases (10,000 and 1,000 listings), then
# on 100,000 listings on SQLite and PostgreSQL (AQAR_BENCH_POSTGRES_URL) the paged search and
# the real workload of issue 19 (varied searches, with saves meanwhile, and saves alone).
# Then the exports (contact requests; 100,000 listings as .xlsx and .csv on SQLite and
# PostgreSQL) and what gzipping the JSON answers costs the server, per answer. Then one bulk
# change of 10,000 listings, on SQLite and PostgreSQL (issue 24). Then the search engine's
# runs (issue 38): varied searches over every sort and filter on both lists and the facets,
# alone, with saves (and reads after them), at 256 connections, one shape at a time, and the
# index's rebuild, at 100,000 listings on SQLite and PostgreSQL, then at 1,000,000 on SQLite.
# Then the public website (issue 40): its search and listing pages at 100,000 listings, cache on
# and off, alone and with saves, and one client's time to first byte; and Lighthouse's mobile
# preset over home, search and a listing page in both languages (bench/lighthouse, Debian's
# Chromium), and its desktop preset over the panel's sign-in page, dashboard and properties
# list, signed in, with their largest paint against 1 s (issue 42). Then the portal feeds
# (issue 41): both feeds of 100,000 ready listings, read whole, plain, gzip, revalidated and
# while listings are saved, with the server's RSS rise.
bench: build chromium
	python3 bench/properties.py
	python3 bench/exports.py
	python3 bench/property-exports.py
	python3 bench/compression.py
	python3 bench/imports.py
	python3 bench/bulk.py
	python3 bench/search.py
	python3 bench/site.py
	python3 bench/feeds.py
	@cd bench/lighthouse && { [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] || npm install --no-save --no-audit --no-fund; }
	cd bench/lighthouse && node run.mjs

clean:
	cargo clean
	rm -rf frontend/dist $(VITE_OUT) $(WASM_OUT) frontend/node_modules tests/node_modules
