#!/usr/bin/env bash
# Load benchmark for `petspot-geo serve --database` on a throwaway PostgreSQL + PostGIS cluster.
# Usage: Benchmarks/load/wrk-database.sh [SECONDS]   (default 20 per load; 60 for the mix)
# Data: the same 1M skewed pins as wrk.sh (seed 1), loaded with `db import` (timed). Loads: the city
# and country queries of wrk.sh, POSTs of found reports (each with its own Idempotency-Key), and a
# 90 % GET / 10 % POST mix with the server's resident memory at its start and end.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-20}
command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
# PETSPOT_GEO_CLI=path measures another build (e.g. before/after a change in one run).
if [ -z "${PETSPOT_GEO_CLI:-}" ]; then swift build -c release --product petspot-geo >/dev/null; fi
cli=${PETSPOT_GEO_CLI:-"$(swift build -c release --show-bin-path)/petspot-geo"}
data=${TMPDIR:-/tmp}/petspot-skewed-1m.psgpins
[ -f "$data" ] || "$cli" generate --kind skewed --count 1000000 --seed 1 --output "$data"
pg=$(bash Tests/Database/postgres.sh start)
eval "$pg"
out=$(mktemp)
lua=$(mktemp --suffix .lua)
server=
cleanup() {
  [ -n "$server" ] && kill -TERM "$server" 2>/dev/null
  rm -f "$out" "$lua"
  bash Tests/Database/postgres.sh stop "$PETSPOT_TEST_PG_DIR"
}
trap cleanup EXIT
export PETSPOT_DATABASE_URL=$PETSPOT_TEST_DATABASE_URL
echo "# $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores; PostgreSQL $(psql -V | awk '{print $3}'), synchronous_commit on"
echo "## db import of 1M pins: $("$cli" db import --pins "$data" 2>/dev/null)"
"$cli" serve --port 0 >"$out" 2>/dev/null &
server=$!
for _ in $(seq 1 600); do grep -q listening "$out" && break; sleep 0.1; done
url=$(sed -n 's/^listening on //p' "$out")
rss() { awk '/VmRSS/ {print $2 " kB"}' "/proc/$server/status"; }
echo "server RSS after loading: $(rss)"
for query in "lat=48.8566&lng=2.3522&range=5000" "lat=46.6&lng=2.4&range=300000&limit=500"; do
  echo "## GET /announcements?$query ($(curl -s "$url/announcements?$query" | grep -o '"id"' | wc -l) announcements)"
  wrk -t1 -c32 -d"${seconds}s" --latency "$url/announcements?$query" | grep -E "Requests/sec|Non-2xx|Socket errors|  50%|  90%|  99%|requests in"
done
cat >"$lua" <<'LUA'
local n = 0
local report = '{"species":"DOG","sex":"MALE","lastSeenDate":"2026-11-20","lastSeenLatitude":%f,"lastSeenLongitude":%f,"email":"finder@example.org","phone":"+48 123 456 789","status":"FOUND"}'
local share = tonumber(os.getenv("POST_SHARE") or "1")
math.randomseed(os.time())
request = function()
  n = n + 1
  if math.random() < share then
    -- Anywhere on earth: the city answer the GETs read stays the same size.
    local body = string.format(report, math.random() * 120 - 60, math.random() * 360 - 180)
    return wrk.format("POST", "/announcements", {["Content-Type"] = "application/json",
      ["Idempotency-Key"] = string.format("wrk-%d-%d-%d", os.time(), math.random(1, 1e9), n)}, body)
  end
  return wrk.format("GET", "/announcements?lat=48.8566&lng=2.3522&range=5000")
end
LUA
echo "## POST /announcements (found reports, each with its own Idempotency-Key)"
POST_SHARE=1 wrk -t1 -c16 -d"${seconds}s" --latency -s "$lua" "$url" | grep -E "Requests/sec|Non-2xx|Socket errors|  50%|  90%|  99%|requests in"
echo "## 90 % GET (city) / 10 % POST for 60 s; server RSS at start: $(rss)"
samples=$(mktemp)
(for _ in 1 2 3 4 5 6; do sleep 10; rss >>"$samples"; done) &
sampler=$!
POST_SHARE=0.1 wrk -t1 -c32 -d60s --latency -s "$lua" "$url" | grep -E "Requests/sec|Non-2xx|Socket errors|  50%|  90%|  99%|requests in"
wait "$sampler"
echo "server RSS every 10 s during the mix: $(awk '{print $1}' "$samples" | paste -sd' ') kB"
rm -f "$samples"
echo "server RSS at end: $(rss); announcements in the database: $(psql -At "${PETSPOT_DATABASE_URL%%\?*}" -c 'SELECT count(*) FROM announcements')"
echo "## a POST on one instance seen in GET on a second one (20 reports, each at its own place)"
out2=$(mktemp)
"$cli" serve --port 0 >"$out2" 2>/dev/null &
second=$!
for _ in $(seq 1 600); do grep -q listening "$out2" && break; sleep 0.1; done
url2=$(sed -n 's/^listening on //p' "$out2")
delays=()
for i in $(seq 1 20); do
  lat=$(printf '10.%04d' "$i")
  body="{\"species\":\"CAT\",\"sex\":\"MALE\",\"lastSeenDate\":\"2026-11-20\",\"lastSeenLatitude\":$lat,\"lastSeenLongitude\":-30,\"email\":\"f@example.org\",\"phone\":\"600100200\"}"
  start=$(date +%s%N)
  id=$(curl -s -X POST "$url/announcements" -H 'Content-Type: application/json' -d "$body" | sed 's/.*"id":"\([^"]*\)".*/\1/')
  until curl -s "$url2/announcements?lat=$lat&lng=-30&range=1" | grep -q "$id"; do :; done
  delays+=($(( ($(date +%s%N) - start) / 1000000 )))
  sleep 0.$((RANDOM % 10))
done
kill -TERM "$second"
rm -f "$out2"
sorted=$(printf '%s\n' "${delays[@]}" | sort -n | paste -sd' ')
echo "POST answered and seen on the other instance after (ms, sorted): $sorted"
