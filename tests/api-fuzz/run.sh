#!/usr/bin/env bash
# Runs schemathesis (PyPI) with its default checks over every operation of the OpenAPI
# document, signed in as the admin, against the test build of the server on a fresh SQLite
# database and on a fresh PostgreSQL database. Any failure fails `make test`.
set -euo pipefail
cd "$(dirname "$0")/../.."

SCHEMATHESIS_VERSION=4.32.5
VENV="${XDG_CACHE_HOME:-$HOME/.cache}/aqar/schemathesis-$SCHEMATHESIS_VERSION"
if [ ! -x "$VENV/bin/st" ]; then
  echo "installing schemathesis $SCHEMATHESIS_VERSION (once, into $VENV)"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q "schemathesis==$SCHEMATHESIS_VERSION"
fi

BINARY=$PWD/target/debug/aqar
config=$PWD/tests/api-fuzz/schemathesis.toml
PASSWORD=fuzz-admin-password
PG_URL="${AQAR_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test}"
work=$(mktemp -d)
pg_database=""

cleanup() {
  [ -n "$pg_database" ] && psql "$PG_URL" -qc "DROP DATABASE IF EXISTS $pg_database WITH (FORCE)" >/dev/null 2>&1
  rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# One run against a server of its own, its report in $work/$name.report; run in a subshell,
# which stops its server whatever happens.
fuzz() {
  local name=$1 url=$2 port server_pid
  trap '[ -n "${server_pid:-}" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null' EXIT
  port=$(free_port)
  DATABASE_URL="$url" AQAR_SEARCH_DIR="$work/$name.search" AQAR_SITE_PORT=off ROCKET_PORT=$port ROCKET_ADDRESS=127.0.0.1 ROCKET_LOG_LEVEL=critical \
    AQAR_ADMIN_USERNAME=admin AQAR_ADMIN_PASSWORD=$PASSWORD AQAR_DEMO=1 "$BINARY" > "$work/$name.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 300); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
  local cookie
  cookie=$(curl -fs -c - -H 'Content-Type: application/json' \
    -d "{\"username\":\"admin\",\"password\":\"$PASSWORD\"}" "http://127.0.0.1:$port/api/login" |
    awk '$6 == "aqar_session" { print $7 }')
  [ -n "$cookie" ] || { echo "could not sign in to the $name server"; cat "$work/$name.log"; exit 1; }
  echo "schemathesis on $name"
  # Signing out or in would change the session the run is signed in with; those two are
  # covered by the server's own tests. Every other operation is exercised.
  # Run from a scratch folder of its own: schemathesis keeps a cache where it runs.
  mkdir -p "$work/$name.cwd"
  (cd "$work/$name.cwd" && AQAR_SESSION=$cookie "$VENV/bin/st" --config-file "$config" \
    run "http://127.0.0.1:$port/api/openapi.json" \
    --exclude-path /api/logout --exclude-path /api/login \
    --max-examples "${AQAR_FUZZ_EXAMPLES:-60}" --seed 1 --no-color)
}

# Both databases side by side: each run is one schemathesis process and one server, and
# neither keeps a core busy on its own.
runs=(sqlite)
( fuzz sqlite "sqlite://$work/aqar.db" ) > "$work/sqlite.report" 2>&1 &
sqlite_run=$!
if (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; then
  pg_database="aqar_fuzz_$$"
  psql "$PG_URL" -qc "CREATE DATABASE $pg_database" >/dev/null
  runs+=(postgres)
  ( fuzz postgres "${PG_URL%/*}/$pg_database" ) > "$work/postgres.report" 2>&1 &
  postgres_run=$!
elif [ "${AQAR_REQUIRE_POSTGRES:-}" = 1 ]; then
  echo "PostgreSQL is required but not reachable"; wait "$sqlite_run" || true; exit 1
else
  echo "*** PostgreSQL is NOT reachable: schemathesis on PostgreSQL SKIPPED ***"
fi
failed=0
wait "$sqlite_run" || failed=1
[ -n "${postgres_run:-}" ] && { wait "$postgres_run" || failed=1; }
for run in "${runs[@]}"; do
  echo "=== schemathesis on $run ==="
  cat "$work/$run.report"
done
exit $failed
