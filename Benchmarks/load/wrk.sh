#!/usr/bin/env bash
# Load benchmark for `petspot-geo serve` (issue: end to end over HTTP), bounded in time.
# Usage: Benchmarks/load/wrk.sh [SECONDS]   (default 20 per query; installs wrk from Debian if missing)
# Data: 1M skewed pins (seed 1). Queries: a city (5 km around central Paris) and a country
# (300 km around the centre of France, limit=500); then GET /clusters for a phone on Paris and a
# desktop on France. Reports requests/s, latency percentiles and the
# server's resident memory before and after.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-20}
command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
# PETSPOT_GEO_CLI=path measures another build (e.g. before/after a change in one run).
if [ -z "${PETSPOT_GEO_CLI:-}" ]; then swift build -c release --product petspot-geo >/dev/null; fi
cli=${PETSPOT_GEO_CLI:-"$(swift build -c release --show-bin-path)/petspot-geo"}
data=${TMPDIR:-/tmp}/petspot-skewed-1m.psgpins
[ -f "$data" ] || "$cli" generate --kind skewed --count 1000000 --seed 1 --output "$data"
out=$(mktemp)
"$cli" serve --pins "$data" --port 0 > "$out" 2>/dev/null &
server=$!
trap 'kill -TERM $server 2>/dev/null; rm -f "$out"' EXIT
for _ in $(seq 1 200); do grep -q listening "$out" && break; sleep 0.1; done
url=$(sed -n 's/^listening on //p' "$out")
rss() { awk '/VmRSS/ {print $2 " kB"}' "/proc/$server/status"; }
echo "# $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores; server RSS at start: $(rss)"
for query in "lat=48.8566&lng=2.3522&range=5000" "lat=46.6&lng=2.4&range=300000&limit=500"; do
  echo "## GET /announcements?$query ($(curl -s "$url/announcements?$query" | grep -o '"id"' | wc -l) announcements)"
  wrk -t1 -c32 -d"${seconds}s" --latency "$url/announcements?$query" | grep -E "Requests/sec|Non-2xx|Socket errors|  50%|  90%|  99%|requests in"
  echo "server RSS: $(rss)"
done
# GET /clusters: a phone on central Paris, and a desktop on France (the cluster command's cameras).
for query in "lat=48.8566&lng=2.3522&latDelta=0.3&lngDelta=0.3&width=390&height=844" \
  "lat=46.6&lng=2.4&latDelta=8&lngDelta=10&width=1280&height=800"; do
  echo "## GET /clusters?$query ($(curl -s "$url/clusters?$query" | grep -o '"kind"' | wc -l) items)"
  wrk -t1 -c32 -d"${seconds}s" --latency "$url/clusters?$query" | grep -E "Requests/sec|Non-2xx|Socket errors|  50%|  90%|  99%|requests in"
  echo "server RSS: $(rss)"
done
