#!/usr/bin/env bash
# `make demo`: the engine's main job on real places (GeoNames coordinates, CC BY 4.0; see Data/README.md).
set -uo pipefail
cli="$1"
here="$(cd "$(dirname "$0")" && pwd)"

echo "== petspot-geo radius: the GET /announcements query for a map camera =="
echo "\$ petspot-geo radius --center 52.22977,21.01178 --span 0.05,0.08 --viewport 390x844"
"$cli" radius --center 52.22977,21.01178 --span 0.05,0.08 --viewport 390x844
echo
echo "\$ petspot-geo radius --center=-33.86785,151.20732 --span 0.05,0.08 --viewport 390x844 --heading 30 --json"
"$cli" radius --center=-33.86785,151.20732 --span 0.05,0.08 --viewport 390x844 --heading 30 --json
echo
echo "== batch: Data/demo-cameras.jsonl (one camera per line; the last one is invalid on purpose) =="
while IFS= read -r camera; do
  place=$(sed -n 's/.*"place":"\([^"]*\)".*/\1/p' <<<"$camera")
  result=$("$cli" radius --batch <<<"$camera")
  printf '%-50s %s\n' "$place" "$result"
done < "$here/demo-cameras.jsonl"
echo
echo "(an invalid camera gets an error object naming the field; batch mode then exits 1)"

echo
echo "== petspot-geo prune: the pins in view, from Data/pins.csv (30,000 announcements near real places) =="
echo "\$ petspot-geo prune --pins Data/pins.csv --center 48.8566,2.3522 --span 0.5,0.5 --viewport 390x844 --status MISSING"
"$cli" prune --pins "$here/pins.csv" --center 48.8566,2.3522 --span 0.5,0.5 --viewport 390x844 --status MISSING
echo "\$ (the Fiji camera across the antimeridian, rotated 45°, 22 pt padding) --count-only"
"$cli" prune --pins "$here/pins.csv" --center=-17.7,179.9 --span 8,8 --viewport 390x844 --heading 45 --padding 22 --count-only
echo "\$ the demo cameras through one index (--batch --count-only), in order:"
grep -v invalid "$here/demo-cameras.jsonl" | "$cli" prune --pins "$here/pins.csv" --batch --count-only \
  | paste -d' ' <(grep -v invalid "$here/demo-cameras.jsonl" | sed -n 's/.*"place":"\([^"]*\)".*/\1/p' | awk '{printf "%-50s\n", $0}') -
echo
echo "== petspot-geo cluster: every item tappable (44 pt apart); the shelter near Culemborg at zoom 10, then spiderfied =="
echo "\$ petspot-geo cluster --pins Data/pins.csv --center 51.93,5.23 --span 0.5,0.5 --viewport 390x844 (kind, id, count, x, y)"
"$cli" cluster --pins "$here/pins.csv" --center 51.93,5.23 --span 0.5,0.5 --viewport 390x844 \
  | grep -o '{"kind":"[a-z]*","id":"[^"]*"\(,"count":[0-9]*\)\?,"lat":[^,]*,"lng":[^,]*,"x":[^,]*,"y":[^,]*' | sed 's/,"lat":[^,]*,"lng":[^,]*//'
echo "\$ petspot-geo cluster --pins Data/pins.csv --center 51.9340706202883,5.231333621275525 --span 0.0001,0.0003 --viewport 390x844 --max-zoom 18"
"$cli" cluster --pins "$here/pins.csv" --center 51.9340706202883,5.231333621275525 --span 0.0001,0.0003 --viewport 390x844 --max-zoom 18 \
  | grep -o '"kind":"spider"' | wc -l | xargs printf '%s spider legs around the shelter (anchor 195,422)\n'
echo "\$ the demo cameras through one cluster index (--batch), items per camera:"
grep -v invalid "$here/demo-cameras.jsonl" | "$cli" cluster --pins "$here/pins.csv" --batch \
  | awk '{ n = gsub(/"kind":/, ""); printf "%d items\n", n }' \
  | paste -d' ' <(grep -v invalid "$here/demo-cameras.jsonl" | sed -n 's/.*"place":"\([^"]*\)".*/\1/p' | awk '{printf "%-50s\n", $0}') -
echo
echo "== petspot-geo callout: where the tapped pin's card goes (iPhone 15: 59 pt top, 34 pt bottom insets) =="
for pin in 195,600 195,200 20,600; do
  echo "\$ petspot-geo callout --viewport 390x844 --insets 59,0,34,0 --pin $pin --size 262x360"
  "$cli" callout --viewport 390x844 --insets 59,0,34,0 --pin "$pin" --size 262x360
done
echo
echo "== petspot-geo found-report: the found-animal wizard's rules =="
form='{"photo":"dog.jpg","dateFound":"05/01/2025","species":"dog","sex":"female","latitude":"52,2297 N","longitude":"21.0122° E","microchip":"985-123-456-789-012","phone":"+48 600 100 200","email":"finder@example.com","caregiverPhone":"+48 700 800 900","currentAddress":"Shelter, Main St 1"}'
echo "$form" | "$cli" found-report validate
echo '{"photo":"","phone":"12","email":"x@y"}' | "$cli" found-report validate
"$cli" found-report format-microchip "9851 2345 67890 12345678"

echo
echo "== the loop over HTTP: petspot-geo serve on Data/pins.csv, petspot-geo fetch for three cameras =="
out=$(mktemp)
"$cli" serve --pins "$here/pins.csv" --port 0 > "$out" 2>/dev/null &
server=$!
for _ in $(seq 1 100); do grep -q listening "$out" && break; sleep 0.1; done
url=$(sed -n 's/^listening on //p' "$out")
echo "(serve: $(cat "$out"))"
for camera in "48.8566,2.3522 0.3,0.3" "-33.86785,151.20732 0.5,0.5" "-17.7,179.9 6,6"; do
  set -- $camera
  echo "\$ petspot-geo fetch --server $url --center=$1 --span $2 --viewport 390x844"
  "$cli" fetch --server "$url" --center="$1" --span "$2" --viewport 390x844
done
kill -TERM "$server"; wait "$server" 2>/dev/null
rm -f "$out"
echo "(serve stopped by SIGTERM)"
exit 0
