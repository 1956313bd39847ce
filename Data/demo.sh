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
