#!/usr/bin/env bash
# Regenerates the README's pictures with `petspot-geo render` (run from the repository root after
# `make release` or any build; CLI defaults to the release binary). The playground screenshot,
# docs/playground.png, is the browser test's: `make test-browser && cp out/browser/playground.png docs/`.
set -euo pipefail
cli="${1:-.build/release/petspot-geo}"
pins1m="${TMPDIR:-/tmp}/petspot-skewed-1m-seed1.psgpins"
[ -f "$pins1m" ] || "$cli" generate --count 1000000 --seed 1 --output "$pins1m"
# A dense city: one million skewed pins, a phone over Paris at zoom 11, the fetch circle.
"$cli" render --pins "$pins1m" --center 48.8566,2.3522 --span 0.25,0.25 --viewport 390x844 --insets 59,0,34,0 \
  --fetch-circle --output docs/render-city.svg
# The same city seen by a tilted phone (pitch 60°, heading 20°): far clusters coarser, near ones
# at least the flat level, every marker 44 points apart on screen.
"$cli" render --pins "$pins1m" --center 48.8566,2.3522 --span 0.25,0.25 --viewport 390x844 --insets 59,0,34,0 \
  --pitch 60 --heading 20 --output docs/render-city-tilted.svg
# The shelter near Culemborg (Data/pins.csv) at zoom 19 with maxZoom 18: 45 pins spiderfied on the
# compact layout (their spiral would be wider than the phone), slid down from the top edge; the
# first leg selected, its callout flipped below.
"$cli" render --pins Data/pins.csv --center 51.93380,5.231333621275525 --span 0.00001,0.001046 --viewport 390x844 \
  --insets 59,0,34,0 --max-zoom 18 --select shelter0-0 --card-size 262x220 --fetch-circle --show-pruned \
  --output docs/render-shelter.svg
# Zooming in over Paris from twice the span (zoom 10.1 → 11.1): the previous items dashed, an arrow
# from each to the items holding its pins (transitions: split, stay, regroup).
"$cli" render --pins "$pins1m" --center 48.8566,2.3522 --span 0.25,0.25 --viewport 390x844 --insets 59,0,34,0 \
  --previous-span 0.5,0.5 --output docs/render-split.svg
