# petspot-geo — the two commands a fresh machine needs:
#   make demo    build and run the engine on real examples
#   make test    every test: Swift unit tests, the C API program, ctypes, CLI, GeographicLib reference, install
# Also: make lint (formatting), make warnings (a release build of our targets with no compiler warning).
# Both install what they need first (Debian packages via apt-get, PyPI packages into .venv).

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c

PREFIX ?= /usr/local
# CPU the benchmarks are tuned for (the C baseline is built with -march=native too).
TARGET_CPU ?= native
SWIFT ?= swift
ifeq ($(origin CC),default)
CC := gcc
endif
APT_PACKAGES := libgeos-dev libproj-dev proj-data pkg-config gcc python3-venv postgresql-15 postgresql-15-postgis-3
PG_BIN := /usr/lib/postgresql/15/bin
VENV := .venv
PYTHON := $(VENV)/bin/python
HEADER := Sources/CPetSpotGeo/include/petspot_geo.h
VERSION := $(shell sed -n 's/^\#define PSG_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\)/\2/p' $(HEADER) | paste -sd.)
SOMAJOR := $(word 1,$(subst ., ,$(VERSION)))
DEBUG_BIN := .build/debug
INSTALL_SCRATCH := .build-install
OUT := out

.PHONY: all deps build release test test-swift test-c test-python test-browser test-install demo demo-db install bench bench-check bench-thresholds compare clean lint warnings engine-only \
  fuzz sanitize sanitize-thread

all: build

## deps: Debian packages (only when missing; the machines run as root) and the Python venv.
deps: .deps.stamp $(VENV)/.stamp

.deps.stamp:
	@if ! pkg-config --exists geos proj 2>/dev/null || [ ! -f /usr/share/proj/proj.db ] || ! command -v $(CC) >/dev/null \
	  || [ ! -x $(PG_BIN)/initdb ] || [ ! -f /usr/share/postgresql/15/extension/postgis.control ]; then \
	  echo "installing Debian packages: $(APT_PACKAGES)"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(APT_PACKAGES) >/dev/null; \
	fi
	@touch $@

$(VENV)/.stamp: requirements-test.txt
	@python3 -m venv $(VENV) || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null && python3 -m venv $(VENV); }
	@$(VENV)/bin/pip install -q --disable-pip-version-check -r requirements-test.txt
	@touch $@

build: .deps.stamp
	$(SWIFT) build

release: .deps.stamp
	$(SWIFT) build -c release

## lint: swift format's strict lint over every Swift file we own (.swift-format holds the rules).
LINT_PATHS := Package.swift Sources Tests Benchmarks/Package.swift Benchmarks/Callouts Benchmarks/Clusters \
  Benchmarks/Pins Benchmarks/Radius Benchmarks/Tolerances
lint:
	$(SWIFT) format lint --strict --recursive --parallel $(LINT_PATHS)

## warnings: our own targets rebuilt in release mode must print no compiler warning (dependencies'
## warnings are theirs). Our modules' objects are removed first, so a cached build hides nothing;
## the release build is the one `make demo` then reuses.
warnings: .deps.stamp
	@mkdir -p $(OUT)
	@for m in $$(ls Sources); do rm -rf .build/release/$$m.build .build/release/$${m//-/_}.build; done
	$(SWIFT) build -c release 2>&1 | tee $(OUT)/warnings.log
	@if grep -E '^$(CURDIR)/(Sources|Tests)/.*: warning:' $(OUT)/warnings.log; then \
	  echo "make warnings: our targets print compiler warnings (above)"; exit 1; fi
	@echo "make warnings: no compiler warning from our targets"

## engine-only: the tool built without the Server trait (no `serve`, no `db`; what `make compare`
## builds in a fresh clone) must build with no compiler warning from our targets, run, and refuse
## `serve` as not in this build (exit 2). Same scratch path as `make compare`.
ENGINE_ONLY_SCRATCH := .build/compare
engine-only: .deps.stamp
	@mkdir -p $(OUT)
	@for m in $$(ls Sources); do rm -rf $(ENGINE_ONLY_SCRATCH)/release/$$m.build $(ENGINE_ONLY_SCRATCH)/release/$${m//-/_}.build; done
	$(SWIFT) build -c release --product petspot-geo --disable-default-traits --scratch-path $(ENGINE_ONLY_SCRATCH) \
	  2>&1 | tee $(OUT)/engine-only.log
	@if grep -E '^$(CURDIR)/(Sources|Tests)/.*: warning:' $(OUT)/engine-only.log; then \
	  echo "make engine-only: our targets print compiler warnings (above)"; exit 1; fi
	$(ENGINE_ONLY_SCRATCH)/release/petspot-geo radius --center 52.2297,21.0122 --span 0.05,0.08 --viewport 390x844
	@status=0; $(ENGINE_ONLY_SCRATCH)/release/petspot-geo serve --pins Data/pins.csv 2>$(OUT)/engine-only-serve.txt \
	  || status=$$?; cat $(OUT)/engine-only-serve.txt; \
	  if [ $$status -ne 2 ] || ! grep -q "built without the Server trait" $(OUT)/engine-only-serve.txt; then \
	    echo "make engine-only: serve should be refused as not in this build (exit 2), got $$status"; exit 1; fi
	@echo "make engine-only: builds without the server, no compiler warning, serve refused"

## test: everything; prints each runner's "N passed, M failed".
test: deps build test-swift test-c test-python test-browser test-install
	@echo "make test: all suites passed"

## test-swift: the Swift tests, with a throwaway PostgreSQL + PostGIS cluster (temporary directory,
## free loopback port) for the database tests, stopped and deleted at the end even when a test fails.
WITH_POSTGRES = pg="$$(bash Tests/Database/postgres.sh start)"; eval "$$pg"; \
  trap 'bash Tests/Database/postgres.sh stop "$$PETSPOT_TEST_PG_DIR"' EXIT;
test-swift: build
	@$(WITH_POSTGRES) PETSPOT_GEO_BIN=$(CURDIR)/$(DEBUG_BIN)/petspot-geo $(SWIFT) test

CAPI_TEST_SOURCES := Tests/CAPI/capi_test.c Tests/CAPI/capi_hardening.c Tests/CAPI/capi_navigation.c \
  Tests/CAPI/capi_tilted.c Tests/CAPI/capi_onscreen.c Tests/CAPI/capi_changes.c \
  Tests/CAPI/capi_aggregates.c Tests/CAPI/capi_display.c Tests/CAPI/capi_filter.c

test-c: build
	@mkdir -p $(OUT)
	$(CC) -std=c99 -pedantic -Wall -Wextra -Werror -fsyntax-only -I$(dir $(HEADER)) Sources/CPetSpotGeo/header_check.c
	$(CC) -std=c99 -Wall -Wextra -Werror -pthread -I$(dir $(HEADER)) $(CAPI_TEST_SOURCES) \
	  -L$(DEBUG_BIN) -lpetspot_geo -Wl,-rpath,$(CURDIR)/$(DEBUG_BIN) -lm -o $(OUT)/capi_test
	$(OUT)/capi_test

test-python: build $(VENV)/.stamp
	$(PYTHON) Tests/CAPI/ctypes_check.py $(DEBUG_BIN)/libpetspot_geo.so $(DEBUG_BIN)/petspot-geo
	$(PYTHON) Tests/CLI/radius_reference.py $(DEBUG_BIN)/petspot-geo
	@$(WITH_POSTGRES) $(PYTHON) Tests/CLI/openapi_check.py $(DEBUG_BIN)/petspot-geo

## test-browser: the playground page in headless Chromium (Debian's chromium and chromium-driver,
## installed here when missing; Selenium from PyPI), against a throwaway `serve`.
BROWSER_PACKAGES := chromium chromium-driver
.browser.stamp:
	@command -v chromium >/dev/null && command -v chromedriver >/dev/null || { \
	  echo "installing Debian packages: $(BROWSER_PACKAGES)"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(BROWSER_PACKAGES) >/dev/null; }
	@touch $@

test-browser: build $(VENV)/.stamp .browser.stamp
	$(PYTHON) Tests/Browser/playground_check.py $(DEBUG_BIN)/petspot-geo

## test-install: install into a scratch prefix, then build the C test against it with pkg-config.
test-install: .deps.stamp
	@rm -rf $(OUT)/prefix && mkdir -p $(OUT)
	$(MAKE) --no-print-directory install PREFIX=$(CURDIR)/$(OUT)/prefix
	PKG_CONFIG_PATH=$(OUT)/prefix/lib/pkgconfig $(CC) -std=c99 -pthread $(CAPI_TEST_SOURCES) \
	  $$(PKG_CONFIG_PATH=$(OUT)/prefix/lib/pkgconfig pkg-config --cflags --libs petspot-geo) -lm -o $(OUT)/capi_test_installed
	LD_LIBRARY_PATH=$(OUT)/prefix/lib $(OUT)/capi_test_installed
	@readelf -d $(OUT)/prefix/lib/libpetspot_geo.so.$(VERSION) | grep -q 'SONAME.*libpetspot_geo.so.$(SOMAJOR)'
	$(OUT)/prefix/bin/petspot-geo radius --center 52.2297,21.0122 --span 0.05,0.08 --viewport 390x844

## install: libpetspot_geo.so (self-contained, with a soname), petspot_geo.h, petspot-geo.pc, the CLI.
install: .deps.stamp
	$(SWIFT) build -c release --scratch-path $(INSTALL_SCRATCH) -Xswiftc -static-stdlib \
	  -Xlinker -soname=libpetspot_geo.so.$(SOMAJOR)
	install -d $(PREFIX)/lib/pkgconfig $(PREFIX)/include $(PREFIX)/bin
	install -m 755 $(INSTALL_SCRATCH)/release/libpetspot_geo.so $(PREFIX)/lib/libpetspot_geo.so.$(VERSION)
	ln -sf libpetspot_geo.so.$(VERSION) $(PREFIX)/lib/libpetspot_geo.so.$(SOMAJOR)
	ln -sf libpetspot_geo.so.$(SOMAJOR) $(PREFIX)/lib/libpetspot_geo.so
	install -m 644 $(HEADER) $(PREFIX)/include/petspot_geo.h
	install -m 755 $(INSTALL_SCRATCH)/release/petspot-geo $(PREFIX)/bin/petspot-geo
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' petspot-geo.pc.in > $(PREFIX)/lib/pkgconfig/petspot-geo.pc

## demo: the main job on real places (GeoNames coordinates): fetch queries for map cameras.
demo: release
	@bash Data/demo.sh "$$($(SWIFT) build -c release --show-bin-path)/petspot-geo"

## demo-db: the database loop on a throwaway PostgreSQL + PostGIS cluster: import Data/pins.csv, two
## servers on one database, a found report POSTed to one and seen in GET on the other.
demo-db: release
	@$(WITH_POSTGRES) bash Data/demo-db.sh "$$($(SWIFT) build -c release --show-bin-path)/petspot-geo"

## bench: package-benchmark suites (nested package in Benchmarks/).
bench: .deps.stamp
	cd Benchmarks && PETSPOT_TARGET_CPU=$(TARGET_CPU) $(SWIFT) package benchmark

## bench-check: every package-benchmark suite (BENCH_FILTER: a regular expression over benchmark
## names) against the committed p90 thresholds of a machine class, Benchmarks/Thresholds/$(BENCH_MACHINE),
## with the tolerances of Benchmarks/Tolerances; fails on a regression only, one that a second run of
## the benchmarks found worse confirms (Benchmarks/bench-check.sh; an improvement beyond the tolerance
## is reported: refresh the thresholds with bench-thresholds). Not part of make test: times on a
## shared machine are no pass/fail test. bench-thresholds: record them on this machine.
BENCH_MACHINE ?= amd-epyc-avx2
BENCH_FILTER ?= .*
BENCH_THRESHOLDS := Thresholds/$(BENCH_MACHINE)
bench-check: .deps.stamp
	@[ -d Benchmarks/$(BENCH_THRESHOLDS) ] || { echo "no thresholds for machine class '$(BENCH_MACHINE)' in Benchmarks/Thresholds: record them with make bench-thresholds BENCH_MACHINE=$(BENCH_MACHINE)"; exit 1; }
	@cd Benchmarks && SWIFT=$(SWIFT) PETSPOT_TARGET_CPU=$(TARGET_CPU) bash bench-check.sh $(BENCH_THRESHOLDS) '$(BENCH_FILTER)'
bench-thresholds: .deps.stamp
	cd Benchmarks && PETSPOT_TARGET_CPU=$(TARGET_CPU) $(SWIFT) package --allow-writing-to-package-directory benchmark \
	  thresholds update --path $(BENCH_THRESHOLDS) --filter '$(BENCH_FILTER)' --no-progress

## compare: petspot-geo against shapely, numpy, pyproj, pysupercluster and the C baseline on the same
## data, in one run (creates Benchmarks/compare/.venv); writes Benchmarks/results/ (JSON, Markdown, SVG charts).
compare: .deps.stamp
	bash Benchmarks/compare/run.sh

## fuzz: every libFuzzer target (Tests/Fuzz, AddressSanitizer on) for FUZZ_SECONDS each, starting
## from the committed seeds in Tests/Fuzz/corpus/<target>; new inputs go to out/fuzz/<target>, a
## finding to out/fuzz/<target>-crash-… and the run fails. Figures: docs/robustness.md.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= json camera csv json-pins geojson psgpins found-report replay callout
FUZZ_BIN := Tests/Fuzz/.build/debug/PetSpotFuzz
fuzz: .deps.stamp
	$(SWIFT) build --package-path Tests/Fuzz -c debug -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(OUT)/fuzz/$$t; \
	  echo "== fuzz $$t for $(FUZZ_SECONDS) s"; \
	  PETSPOT_FUZZ_TARGET=$$t $(FUZZ_BIN) $(OUT)/fuzz/$$t Tests/Fuzz/corpus/$$t -max_total_time=$(FUZZ_SECONDS) \
	    -max_len=65536 -rss_limit_mb=4096 -dict=Tests/Fuzz/json.dict -print_final_stats=1 -artifact_prefix=$(OUT)/fuzz/$$t- 2>&1 \
	    | grep -E '^(#[0-9]+[[:space:]]+DONE|stat::number_of_executed_units|stat::peak_rss|==[0-9]+==ERROR|finding|SUMMARY)' \
	    || { echo "fuzz $$t: a finding (see $(OUT)/fuzz)"; exit 1; }; \
	done

## sanitize: the Swift tests (the CLI tests run the sanitized binary) under AddressSanitizer, and the
## C API program (clang) under AddressSanitizer + UndefinedBehaviorSanitizer, in their own build
## folder. (swiftc has no -sanitize=undefined on Linux: Swift's own checks trap on overflow and
## out-of-bounds access instead, and the fuzzers and property tests look for those traps.) Leak
## detection is off for the Swift tests — XCTest and ArgumentParser's exit paths leave allocations
## behind at exit by design — and on for the C program, which must free every handle it made.
SAN_SCRATCH := .build-sanitize
SAN_CC := $(dir $(shell command -v $(SWIFT)))clang
sanitize: .deps.stamp
	$(SWIFT) build --scratch-path $(SAN_SCRATCH) --sanitize=address
	ASAN_OPTIONS=detect_leaks=0 PETSPOT_GEO_BIN=$(CURDIR)/$(SAN_SCRATCH)/debug/petspot-geo \
	  $(SWIFT) test --scratch-path $(SAN_SCRATCH) --sanitize=address
	@mkdir -p $(OUT)
	$(SAN_CC) -std=c99 -fsanitize=address,undefined -fno-sanitize-recover=all -pthread -I$(dir $(HEADER)) \
	  $(CAPI_TEST_SOURCES) -L$(SAN_SCRATCH)/debug -lpetspot_geo -Wl,-rpath,$(CURDIR)/$(SAN_SCRATCH)/debug -lm \
	  -o $(OUT)/capi_test_sanitized
	$(OUT)/capi_test_sanitized

## sanitize-thread: ThreadSanitizer over the concurrency tests (eight threads, one handle each; the
## server under concurrent requests; the engine's two-thread pairs; cluster builds in two parts).
TSAN_SCRATCH := .build-tsan
sanitize-thread: .deps.stamp
	$(SWIFT) build --scratch-path $(TSAN_SCRATCH) --sanitize=thread
	PETSPOT_GEO_BIN=$(CURDIR)/$(TSAN_SCRATCH)/debug/petspot-geo $(SWIFT) test --scratch-path $(TSAN_SCRATCH) \
	  --sanitize=thread --filter 'Concurrency|ParallelPair|FirstPassCells'

clean:
	rm -rf .build $(INSTALL_SCRATCH) $(OUT) $(VENV) .deps.stamp Benchmarks/.build Benchmarks/compare/.venv \
	  Tests/Fuzz/.build $(SAN_SCRATCH) $(TSAN_SCRATCH)
