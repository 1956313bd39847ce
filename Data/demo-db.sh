#!/usr/bin/env bash
# `make demo-db`: the database loop. The Makefile starts a throwaway PostgreSQL + PostGIS cluster
# and exports PETSPOT_TEST_DATABASE_URL (a role without superuser rights, on a database that has
# the postgis extension); this script imports the bundled pins, runs two servers on that one
# database, posts a found report to the first and reads it back from the second.
set -euo pipefail
cli="$1"
here="$(cd "$(dirname "$0")" && pwd)"
export PETSPOT_DATABASE_URL="$PETSPOT_TEST_DATABASE_URL"
logs=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$logs"; }
trap cleanup EXIT

start_server() {   # prints the port of a new `serve` on the database
  "$cli" serve --port 0 >"$logs/$1.out" 2>"$logs/$1.err" &
  pids+=($!)
  for _ in $(seq 100); do
    grep -q listening "$logs/$1.out" 2>/dev/null && break
    sleep 0.1
  done
  sed -n 's/.*:\([0-9]*\)$/\1/p' "$logs/$1.out"
}

echo "== petspot-geo db import: Data/pins.csv into PostgreSQL + PostGIS =="
echo "\$ petspot-geo db import --pins Data/pins.csv --properties species,lastSeenDate"
"$cli" db import --pins "$here/pins.csv" --properties species,lastSeenDate 2>/dev/null
echo
a=$(start_server a)
b=$(start_server b)
echo "== two servers on one database: A on port $a, B on port $b =="
query="lat=48.8566&lng=2.3522&range=2000&status=FOUND&limit=3"
echo "\$ curl 'http://127.0.0.1:$b/announcements?$query'   (B, before)"
curl -s "http://127.0.0.1:$b/announcements?$query"
echo
echo
report='{"species":"DOG","sex":"MALE","breed":"Beagle","lastSeenDate":"2026-11-20","lastSeenLatitude":48.8567,"lastSeenLongitude":2.3523,"email":"finder@example.org","phone":"+48 123 456 789","status":"FOUND"}'
echo "\$ curl -X POST http://127.0.0.1:$a/announcements -H 'Idempotency-Key: demo-1' -d '<found report>'   (A)"
curl -s -X POST "http://127.0.0.1:$a/announcements" -H 'Content-Type: application/json' -H 'Idempotency-Key: demo-1' \
  -d "$report"
echo
echo "\$ the same request again (a client retrying): same id, nothing new"
curl -s -X POST "http://127.0.0.1:$a/announcements" -H 'Content-Type: application/json' -H 'Idempotency-Key: demo-1' \
  -d "$report"
echo
sleep 0.3
echo
echo "\$ curl 'http://127.0.0.1:$b/announcements?$query'   (B, after: the report is first, no contact fields)"
curl -s "http://127.0.0.1:$b/announcements?$query"
echo
echo
echo "\$ curl -X POST http://127.0.0.1:$a/announcements -d '{\"species\":\"DOG\",\"lastSeenLatitude\":\"north\"}'   (A: invalid)"
curl -s -X POST "http://127.0.0.1:$a/announcements" -H 'Content-Type: application/json' \
  -d '{"species":"DOG","lastSeenLatitude":"north"}'
echo
