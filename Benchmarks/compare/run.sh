#!/usr/bin/env bash
# `make compare`: petspot-geo against the peers available here, on the same data and cameras, in one
# run; writes Benchmarks/results/compare.json, compare.md and one SVG chart per operation.
#   COMPARE_SIZES=10000,100000,1000000,10000000 (default) picks the pin counts;
#   COMPARE_RESULTS=DIR writes the results elsewhere (default Benchmarks/results: one folder per
#   machine class keeps one machine's figures from overwriting another's).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
venv="$here/.venv"
work="${COMPARE_WORK:-$root/out/compare}"
mkdir -p "$work"

# 1. The virtual environment with the peers (PyPI only).
if [ ! -x "$venv/bin/python" ]; then python3 -m venv "$venv"; fi
"$venv/bin/pip" install -q -r "$here/requirements.txt"
# pysupercluster 0.7.7: its setup.py sets __builtins__.__NUMPY_SETUP__, which modern setuptools
# breaks (__builtins__ is a dict there); the one-line fix sets it on the builtins module instead.
if ! "$venv/bin/python" -c "import pysupercluster" 2>/dev/null; then
  rm -rf "$work/pysupercluster" && mkdir -p "$work/pysupercluster"
  # The sdist through pip, so the package index this machine is configured with is used. pip must
  # read its metadata, which the unfixed setup.py only yields when run the legacy way (as a script,
  # with the venv's setuptools, wheel and numpy from requirements.txt), hence the flags.
  if "$venv/bin/pip" download -q --no-deps --no-binary pysupercluster --no-build-isolation --no-use-pep517 \
    -d "$work/pysupercluster" pysupercluster==0.7.7 \
    && tar xzf "$work/pysupercluster/pysupercluster-0.7.7.tar.gz" -C "$work/pysupercluster"; then
    src="$work/pysupercluster/pysupercluster-0.7.7"
    sed -i 's/        __builtins__.__NUMPY_SETUP__ = False/        import builtins; builtins.__NUMPY_SETUP__ = False/' "$src/setup.py"
    "$venv/bin/pip" install -q --no-build-isolation "$src" || echo "pysupercluster did not build; comparing without it" >&2
  else
    echo "pysupercluster sdist not available from the package index; comparing without it" >&2
  fi
fi

# 2. petspot-geo as users get it (the default release build: its scan picks the CPU's kernel at run
#    time) and the C baseline as a library (built for this CPU: the strongest reference).
#    The tool built in .build/release (`make demo`) is used when there is one (the build is then a
#    no-op or a relink); otherwise the tool is built without the Server trait (no `serve` or `db`,
#    which `compare` does not use: the engine code is the same) in a scratch path of its own, so that
#    a later full build does not recompile everything.
if [ -x "$root/.build/release/petspot-geo" ]; then
  (cd "$root" && swift build -c release --product petspot-geo >&2)
  cli="$root/.build/release/petspot-geo"
else
  (cd "$root" && swift build -c release --product petspot-geo --disable-default-traits \
    --scratch-path .build/compare >&2)
  cli="$root/.build/compare/release/petspot-geo"
fi
cc -O3 -march=native -shared -fPIC -I"$root/Benchmarks/CBaseline/include" "$root/Benchmarks/CBaseline/c_baseline.c" \
  -o "$work/libcbaseline.so"

# 3. The comparison.
"$venv/bin/python" "$here/compare.py" --cli "$cli" --baseline "$work/libcbaseline.so" --work "$work" \
  --places "$root/Data/geonames-places.csv" --results "${COMPARE_RESULTS:-$root/Benchmarks/results}" \
  --sizes "${COMPARE_SIZES:-10000,100000,1000000,10000000}"
