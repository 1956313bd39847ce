#!/usr/bin/env bash
# `make bench-check`: the package-benchmark suites against the committed p90 thresholds of a machine
# class, failing on a regression only — one that a second run confirms.
#
# On the shared 2-vCPU VMs these figures come from, a p90 of unchanged code moves by more than the
# ±60 % time band now and then (a whole run in the VM's slower mode): on 2026-12-01 a full check on the
# Zen 5 VM flagged 13 time figures, 7 of them the C baseline's, whose code had not changed, and a
# second run of those and the callouts flagged two, one of them not flagged the first time. So the benchmarks a first run finds worse are run once
# more, alone, and only those worse in both runs count as a regression. A count (instructions,
# allocations, index bytes per pin) does not move between runs of the same code: a real change of
# one is worse in both.
#   bench-check.sh THRESHOLDS_DIR FILTER   (run from Benchmarks/; SWIFT and PETSPOT_TARGET_CPU from
#   the environment)
set -uo pipefail
thresholds="$1"
filter="$2"
swift="${SWIFT:-swift}"

# Runs the check over benchmarks matching $1 (a regular expression over whole names), output to $2;
# returns package-benchmark's status.
check() {
  "$swift" package benchmark thresholds check --path "$thresholds" --filter "$1" --no-progress 2>&1 | tee "$2"
  return "${PIPESTATUS[0]}"
}

# The names (without the suite) of the benchmarks a check's log $1 reports worse, one a line.
worse_in() {
  sed -n 's/.*Deviations worse than threshold for [^:]*:\([^ [:cntrl:]]*\).*/\1/p' "$1" | sort -u
}

first=$(mktemp)
second=$(mktemp)
trap 'rm -f "$first" "$second"' EXIT
rc=0
check "$filter" "$first" || rc=$?
worse=$(worse_in "$first")
if [ -z "$worse" ] && grep -aq "is WORSE than the defined thresholds" "$first"; then
  echo "bench-check: a regression against $thresholds (above; its benchmarks' names were not found in the output)"
  exit 1
elif [ -z "$worse" ]; then
  if [ "$rc" -ne 0 ] && grep -aq "is BETTER than the defined thresholds" "$first"; then
    echo "bench-check: no regression; some figures are better than $thresholds beyond the tolerance (make bench-thresholds records them)"
    exit 0
  elif [ "$rc" -ne 0 ]; then
    echo "bench-check: the run failed (exit $rc)"
    exit 1
  fi
  echo "bench-check: every p90 within its tolerance of $thresholds"
  exit 0
fi

echo
echo "bench-check: $(echo "$worse" | wc -l) benchmark(s) worse than $thresholds in the first run; running them again to confirm:"
echo "$worse" | sed 's/^/  /'
# Whole names, dots escaped, as one alternation.
again=$(echo "$worse" | sed 's/[.[\*^$()+?{}|]/\\&/g' | paste -sd'|')
check "$again" "$second" >/dev/null || true
confirmed=$(comm -12 <(echo "$worse") <(worse_in "$second"))
if [ -n "$confirmed" ]; then
  echo "bench-check: a regression against $thresholds, worse in both runs:"
  echo "$confirmed" | sed 's/^/  /'
  # The second run's tables for those.
  grep -a -A8 "Deviations worse than threshold" "$second"
  if echo "$confirmed" | grep -q '^pins\.cbaseline\.'; then
    echo "bench-check: the C baseline is among them, and its code does not change with ours: this machine runs"
    echo "  slower than the one the thresholds were recorded on, so its times cannot be judged against them (its counts can)"
  fi
  exit 1
fi
echo "bench-check: no regression against $thresholds: none of them was worse again in the second run (noise on this machine)"
