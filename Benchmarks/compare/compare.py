#!/usr/bin/env python3
"""petspot-geo against its peers on the same pins and cameras, in one run (`make compare`).

Contenders per operation (all on the same skewed pins: GeoNames places + N(0, 0.02 deg) jitter, seed 1):
  prune          petspot-geo scan (a fresh answer; into a reused array) and index |
                 the C bandwidth baseline (AVX-512, AVX2, plain loop) | numpy masks |
                 shapely 2 contains_xy (vectorised) | shapely STRtree query
  index build    petspot-geo PinIndex | shapely STRtree
  cluster build  petspot-geo ClusterIndex | pysupercluster (C++ supercluster), radius 60, extent 256, maxZoom 16
  cluster query  the same, for 1280 x 800 cameras
  radius         petspot-geo (exact) | pyproj Geod over 256 boundary samples (per camera, independent of N)
Warm-up runs are excluded; medians are quoted; every contender gets the same arrays and cameras.
"""
import argparse
import ctypes
import datetime
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import time

import numpy as np

LIMIT = 85.05112877980659
CAMERAS = [
    {"name": "city", "lat": 48.8566, "lng": 2.3522, "latDelta": 0.3, "lngDelta": 0.5, "width": 1280, "height": 800},
    {"name": "country", "lat": 46.6, "lng": 2.4, "latDelta": 8, "lngDelta": 10, "width": 1280, "height": 800},
    {"name": "world", "lat": 0, "lng": 0, "latDelta": 170, "lngDelta": 360, "width": 1280, "height": 800},
]
MIN_SEPARATION, MAX_ZOOM = 60, 16


def mercator_y(lat):
    lat = np.clip(lat, -LIMIT, LIMIT)
    return np.clip(0.5 - np.arctanh(np.sin(np.radians(lat))) / (2 * math.pi), 0, 1)


def rectangle(cam):
    """The visible rectangle of docs/camera-model.md for a camera with heading 0: centre and half extents."""
    cy = float(mercator_y(np.array(cam["lat"])))
    north, south = min(cam["lat"] + cam["latDelta"] / 2, LIMIT), max(cam["lat"] - cam["latDelta"] / 2, -LIMIT)
    hy = max(cy - float(mercator_y(np.array(north))), float(mercator_y(np.array(south))) - cy)
    hx = cam["lngDelta"] / 720
    if hx * cam["height"] < hy * cam["width"]:
        hx = hy * cam["width"] / cam["height"]
    else:
        hy = hx * cam["height"] / cam["width"]
    return (cam["lng"] + 180) / 360, cy, hx, hy


def zoom(cam):
    _, _, hx, _ = rectangle(cam)
    return math.log2(cam["width"] / (2 * hx) / 256)


def measure(fn, warmup=2, min_reps=5, min_seconds=0.5, max_reps=2000):
    """Median and p90 in ns over repetitions after `warmup` unrecorded runs; the last result.

    Slow runs are repeated less, which keeps `make compare` at 10M pins within minutes: a run of a
    second or more ends the warm-up and is repeated three times; one of ten seconds or more (a peer's
    build at 10M pins) is timed once, its warm-up run being the measurement. Their variation between
    runs (about 10 % for that build) is far below the gaps compared."""
    result = None
    for _ in range(warmup):
        t0 = time.perf_counter_ns()
        result = fn()
        elapsed = time.perf_counter_ns() - t0
        if elapsed >= 10_000_000_000:
            return {"medianNs": elapsed, "p90Ns": elapsed, "repetitions": 1}, result
        if elapsed >= 1_000_000_000:
            min_reps = min(min_reps, 3)
            break
    samples, start = [], time.perf_counter()
    while len(samples) < min_reps or (time.perf_counter() - start < min_seconds and len(samples) < max_reps):
        t0 = time.perf_counter_ns()
        result = fn()
        samples.append(time.perf_counter_ns() - t0)
    samples.sort()
    return {"medianNs": statistics.median(samples), "p90Ns": samples[min(len(samples) - 1, int(0.9 * len(samples)))],
            "repetitions": len(samples)}, result


class BaselineWindow(ctypes.Structure):
    _fields_ = [(n, ctypes.c_double) for n in ("center_x", "center_y", "min_y", "max_y", "lo1", "hi1", "k1", "lo2", "hi2", "k2")]


def baseline_window(cam):
    """VisibilityWindow (Sources/PetSpotCore/Visibility/VisibilityWindow.swift) for heading 0."""
    cx, cy, hx, hy = rectangle(cam)
    return BaselineWindow(cx, cy, cy - hy, cy + hy, -hx, hx, 0.0, -math.inf, math.inf, 0.0)


def ours(cli, pins_file, cameras_file, sizes_label):
    ops = "radius,prune-scan,prune-scan-reused,prune-index,prune-plan-reused,index-build,cluster-build,cluster-query,hit-test"
    out = subprocess.run([cli, "bench", "--pins", pins_file, "--operations", ops, "--cameras", cameras_file,
                          "--min-separation", str(MIN_SEPARATION), "--max-zoom", str(MAX_ZOOM), "--repetitions", "5",
                          "--warmup", "2", "--json"], check=True, capture_output=True, text=True).stdout
    lines = [json.loads(l) for l in out.splitlines() if l.strip()]
    names = {"radius": "radius", "prune-scan": "prune", "prune-scan-reused": "prune", "prune-index": "prune",
             "prune-plan-reused": "prune",
             "index-build": "index build",
             "cluster-build": "cluster build", "cluster-query": "cluster query", "hit-test": "hit-test"}
    # The scan twice: a fresh answer per query, and into one array kept across queries (as the C
    # kernels write into a buffer they reuse: the like-for-like row against them).
    contender = {"prune-scan": "petspot-geo scan", "prune-scan-reused": "petspot-geo scan (reused array)",
                 "prune-index": "petspot-geo index", "prune-plan-reused": "petspot-geo plan (reused array)"}
    rows = []
    for row in lines[1:-1]:
        # "prune-plan-reused:<the plan the view got>" (bench names it; the row keeps one name).
        row["operation"] = row["operation"].split(":")[0]
        if row["operation"] in ("cluster-build", "index-build"):
            row["result"] = lines[0]["pins"]  # pins indexed, as for the peers (not clusters formed)
        rows.append({"operation": names[row["operation"]], "camera": row["camera"], "contender": contender.get(row["operation"], "petspot-geo"),
                     "medianNs": row["medianNs"], "p90Ns": row["p90Ns"], "result": row["result"], "repetitions": row["repetitions"],
                     # The process's CPU time (user, kernel) and minor page faults per repetition (bench's).
                     **{k: row[k] for k in ("cpuUserNs", "cpuSystemNs", "minorFaults") if k in row}})
    return lines[0]["machine"], rows, lines[-1]["peakResidentMB"]


def peers(lat, lng, baseline, n):
    import shapely
    from pyproj import Geod
    rows = []
    x, y = (lng + 180) / 360, mercator_y(lat)
    x, y = np.ascontiguousarray(x), np.ascontiguousarray(y)
    on_map = np.abs(lat) <= LIMIT

    def add(operation, camera, contender, timing, result):
        rows.append(dict(operation=operation, camera=camera, contender=contender, result=int(result), **timing))

    out = np.zeros(len(x), dtype=np.uint32)
    xp, yp = x.ctypes.data_as(ctypes.POINTER(ctypes.c_double)), y.ctypes.data_as(ctypes.POINTER(ctypes.c_double))
    outp = out.ctypes.data_as(ctypes.POINTER(ctypes.c_uint32))
    timing, tree = measure(lambda: shapely.STRtree(shapely.points(x, y)), warmup=1, min_reps=3, min_seconds=0)
    add("index build", "-", "shapely STRtree", timing, len(x))
    for cam in CAMERAS:
        cx, cy, hx, hy = rectangle(cam)
        name = cam["name"]

        def mask():
            dx = (x - cx + 0.5) % 1.0 - 0.5 if hx < 0.5 else np.zeros_like(x)
            return np.flatnonzero((np.abs(dx) <= hx) & (np.abs(y - cy) <= hy) & on_map)

        timing, hits = measure(mask)
        add("prune", name, "numpy mask", timing, len(hits))
        box = shapely.box(cx - hx, cy - hy, cx + hx, cy + hy)
        shapely.prepare(box)
        timing, hits = measure(lambda: np.flatnonzero(shapely.contains_xy(box, x, y) & on_map))
        add("prune", name, "shapely contains_xy", timing, len(hits))
        timing, hits = measure(lambda: tree.query(box, predicate="intersects"))
        add("prune", name, "shapely STRtree", timing, len(hits))
        window = baseline_window(cam)
        kernels = (("C AVX-512", baseline.psg_baseline_filter_avx512, baseline.psg_baseline_has_avx512()),
                   ("C AVX2", baseline.psg_baseline_filter_avx2, baseline.psg_baseline_has_avx2()),
                   ("C plain loop", baseline.psg_baseline_filter_scalar, 1))
        visible = 0
        for kernel, fn, available in kernels:
            if not available:
                continue
            timing, hits = measure(lambda: fn(xp, yp, len(x), ctypes.byref(window), outp))
            add("prune", name, kernel, timing, hits)
            visible = hits
        # The physical reference: read every coordinate once, write the hits' indices (one thread).
        sink = ctypes.c_double()
        timing, hits = measure(lambda: baseline.psg_baseline_limit(xp, yp, len(x), visible, outp, ctypes.byref(sink)))
        add("prune", name, "limit (read coordinates, write hits)", timing, hits)
        if n == 10_000:  # the range does not depend on the pins: measure it once
            geod = Geod(ellps="WGS84")
            t = np.linspace(0, 1, 64, endpoint=False)
            edge_x = np.concatenate([cx - hx + 2 * hx * t, np.full(64, cx + hx), cx + hx - 2 * hx * t, np.full(64, cx - hx)])
            edge_y = np.concatenate([np.full(64, cy - hy), cy - hy + 2 * hy * t, np.full(64, cy + hy), cy + hy - 2 * hy * t])
            edge_y = np.clip(edge_y, 0, 1)
            lats = np.degrees(np.arctan(np.sinh((0.5 - edge_y) * 2 * math.pi)))
            lngs = (edge_x * 360) % 360 - 180  # X·360 − 180, wrapped into [-180, 180)
            clat, clng = np.full(256, cam["lat"]), np.full(256, cam["lng"])
            timing, metres = measure(lambda: math.ceil(float(np.max(geod.inv(clng, clat, lngs, lats)[2]))))
            add("radius", name, "pyproj Geod, 256 samples", timing, metres)
    try:
        import pysupercluster
    except ImportError:
        return rows
    points = np.ascontiguousarray(np.column_stack([lng[on_map], lat[on_map]]))
    timing, index = measure(lambda: pysupercluster.SuperCluster(points, min_zoom=0, max_zoom=MAX_ZOOM, radius=MIN_SEPARATION, extent=256),
                            warmup=1, min_reps=3, min_seconds=0)
    add("cluster build", "-", "pysupercluster", timing, len(points))
    for cam in CAMERAS:
        cx, cy, hx, hy = rectangle(cam)
        west, east = max(-180, (cx - hx) * 360 - 180), min(180, (cx + hx) * 360 - 180)
        north = math.degrees(math.atan(math.sinh((0.5 - max(0, cy - hy)) * 2 * math.pi)))
        south = math.degrees(math.atan(math.sinh((0.5 - min(1, cy + hy)) * 2 * math.pi)))
        z = max(0, min(MAX_ZOOM, int(math.floor(zoom(cam)))))
        timing, items = measure(lambda: index.getClusters(top_left=(west, north), bottom_right=(east, south), zoom=z))
        add("cluster query", cam["name"], "pysupercluster", timing, len(items))
    return rows


def load_csv(path):
    data = np.loadtxt(path, delimiter=",", skiprows=1, usecols=(1, 2), dtype=np.float64)
    return np.ascontiguousarray(data[:, 0]), np.ascontiguousarray(data[:, 1])


def plot(results, sizes, directory):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    charts = []
    for operation in ("prune", "index build", "cluster build", "cluster query"):
        cameras = sorted({r["camera"] for r in results if r["operation"] == operation}, key=lambda c: ["-", "city", "country", "world"].index(c))
        fig, axes = plt.subplots(1, len(cameras), figsize=(5.2 * len(cameras), 4.2), squeeze=False)
        for ax, camera in zip(axes[0], cameras):
            rows = [r for r in results if r["operation"] == operation and r["camera"] == camera]
            unit, per = ("ms", 1e6) if max(r["medianNs"] for r in rows) >= 1e6 else ("µs", 1e3)
            for contender in sorted({r["contender"] for r in rows}, key=lambda c: (not c.startswith("petspot"), c)):
                points = sorted((r["pins"], r["medianNs"] / per) for r in rows if r["contender"] == contender)
                style = dict(linewidth=2.6, marker="o") if contender.startswith("petspot") else dict(linewidth=1.3, marker=".")
                ax.plot([p[0] for p in points], [p[1] for p in points], label=contender, **style)
            ax.set_xscale("log")
            ax.set_yscale("log")
            ax.set_xlabel("pins")
            ax.set_ylabel(f"median time ({unit})")
            ax.set_title(operation if camera == "-" else f"{operation}: {camera}")
            ax.grid(True, which="both", alpha=0.3)
            ax.legend(fontsize=7)
        fig.tight_layout()
        name = operation.replace(" ", "-") + ".svg"
        fig.savefig(os.path.join(directory, name))
        plt.close(fig)
        charts.append(name)
    return charts


def markdown(report):
    lines = [f"# petspot-geo vs peers — {report['date']}", "", f"Machine: {report['machine']['cpu']}, {report['machine']['cores']} cores, "
             f"{report['machine']['memoryGB']} GB; {report['machine']['swift']}; Python {report['machine']['python']}; "
             f"numpy {report['versions'].get('numpy')}, shapely {report['versions'].get('shapely')}, pyproj {report['versions'].get('pyproj')}, "
             f"pysupercluster {report['versions'].get('pysupercluster', 'not built')}.", "", f"Command: `{report['command']}`. Medians (of three runs where one takes a second or more, one run where it takes ten); "
             "ratio = peer time / best petspot-geo time for the same operation, camera and N (above 1: petspot-geo is faster).", ""]
    results = report["results"]
    for operation in ("prune", "index build", "cluster build", "cluster query", "radius"):
        rows = [r for r in results if r["operation"] == operation]
        if not rows:
            continue
        # Prune rows are also divided by the limit row (read every coordinate, write the hits).
        limits = operation == "prune"
        lines += [f"## {operation}", "", "| camera | pins | contender | median | result | ratio |" + (" × limit |" if limits else ""),
                  "|---|---|---|---|---|---|" + ("---|" if limits else "")]
        for camera in ["-", "city", "country", "world"]:
            for n in report["sizes"]:
                group = [r for r in rows if r["camera"] == camera and r["pins"] == n]
                ours = [r["medianNs"] for r in group if r["contender"].startswith("petspot")]
                limit = [r["medianNs"] for r in group if r["contender"].startswith("limit")]
                for r in sorted(group, key=lambda r: r["medianNs"]):
                    ratio = f"{r['medianNs'] / min(ours):.2f}" if ours and not r["contender"].startswith("petspot") else "—"
                    times_limit = f" {r['medianNs'] / limit[0]:.2f} |" if limits and limit else (" — |" if limits else "")
                    lines.append(f"| {camera} | {n:,} | {r['contender']} | {fmt(r['medianNs'])} | {r['result']:,} | {ratio} |{times_limit}")
        if operation in ("index build", "cluster build"):
            # What the process spent per build: the kernel's share is mostly fresh pages faulted in.
            usage = [r for r in rows if r["contender"].startswith("petspot") and "cpuSystemNs" in r]
            if usage:
                lines += ["", "CPU time of the process per petspot-geo build (all cores): " + "; ".join(
                    f"{r['pins']:,} pins {fmt(r['cpuUserNs'] + r['cpuSystemNs'])}, of which the kernel "
                    f"{fmt(r['cpuSystemNs'])} ({r['minorFaults']:,} page faults)" for r in usage) + "."]
        lines.append("")
    return "\n".join(lines)


def fmt(ns):
    return f"{ns:.0f} ns" if ns < 1e3 else f"{ns / 1e3:.1f} µs" if ns < 1e6 else f"{ns / 1e6:.1f} ms" if ns < 1e9 else f"{ns / 1e9:.2f} s"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cli", required=True)
    parser.add_argument("--baseline", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--places", required=True)
    parser.add_argument("--results", required=True)
    parser.add_argument("--sizes", default="10000,100000,1000000,10000000")
    parser.add_argument("--replot", action="store_true", help="redraw the charts and Markdown from compare.json, measuring nothing")
    args = parser.parse_args()
    if args.replot:
        with open(os.path.join(args.results, "compare.json")) as f:
            report = json.load(f)
        report["charts"] = plot(report["results"], report["sizes"], args.results)
        with open(os.path.join(args.results, "compare.md"), "w") as f:
            f.write(markdown(report) + "\n")
        return
    sizes = [int(s) for s in args.sizes.split(",")]
    baseline = ctypes.CDLL(args.baseline)
    for fn in (baseline.psg_baseline_filter_avx512, baseline.psg_baseline_filter_avx2, baseline.psg_baseline_filter_scalar):
        fn.restype = ctypes.c_size_t
        fn.argtypes = [ctypes.POINTER(ctypes.c_double), ctypes.POINTER(ctypes.c_double), ctypes.c_size_t, ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint32)]
    baseline.psg_baseline_limit.restype = ctypes.c_size_t
    baseline.psg_baseline_limit.argtypes = [ctypes.POINTER(ctypes.c_double), ctypes.POINTER(ctypes.c_double), ctypes.c_size_t,
                                            ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint32), ctypes.POINTER(ctypes.c_double)]
    cameras_file = os.path.join(args.work, "cameras.jsonl")
    with open(cameras_file, "w") as f:
        for cam in CAMERAS:
            f.write(json.dumps(cam) + "\n")
    results, machine, memory = [], None, {}
    for n in sizes:
        csv, binary = os.path.join(args.work, f"pins-{n}.csv"), os.path.join(args.work, f"pins-{n}.psgpins")
        for path in (csv, binary):
            if not os.path.exists(path):
                subprocess.run([args.cli, "generate", "--count", str(n), "--seed", "1", "--places", args.places, "--output", path], check=True)
        print(f"{n:,} pins: petspot-geo …", file=sys.stderr, flush=True)
        machine, rows, memory[n] = ours(args.cli, binary, cameras_file, n)
        print(f"{n:,} pins: peers …", file=sys.stderr, flush=True)
        lat, lng = load_csv(csv)
        rows += peers(lat, lng, baseline, n)
        for r in rows:
            r["pins"] = n
        results += rows
        check_agreement(rows)
    versions = {}
    for module in ("numpy", "shapely", "pyproj", "matplotlib", "pysupercluster"):
        try:
            versions[module] = __import__(module).__version__
        except Exception:
            pass
    try:
        import importlib.metadata
        versions.setdefault("pysupercluster", importlib.metadata.version("pysupercluster"))
    except Exception:
        pass
    with open("/proc/meminfo") as f:
        memory_gb = round(int(f.readline().split()[1]) / 1024 / 1024)
    machine = dict(machine, memoryGB=memory_gb, python=platform.python_version(), kernel=platform.release())
    report = {"date": datetime.date.today().isoformat(), "command": "make compare", "machine": machine, "versions": versions,
              "sizes": sizes, "cameras": CAMERAS, "clusterOptions": {"minSeparation": MIN_SEPARATION, "maxZoom": MAX_ZOOM},
              "peakResidentMBOfBench": memory, "results": results}
    os.makedirs(args.results, exist_ok=True)
    with open(os.path.join(args.results, "compare.json"), "w") as f:
        json.dump(report, f, indent=1)
    report["charts"] = plot(results, sizes, args.results)
    with open(os.path.join(args.results, "compare.md"), "w") as f:
        f.write(markdown(report) + "\n")
    print(f"wrote {args.results}/compare.json, compare.md and {', '.join(report['charts'])}", file=sys.stderr)


def check_agreement(rows):
    """Contenders of the same query must find the same pins (within the pins on the rectangle's edge)."""
    for camera in ("city", "country", "world"):
        counts = {r["contender"]: r["result"] for r in rows if r["operation"] == "prune" and r["camera"] == camera}
        if counts and max(counts.values()) - min(counts.values()) > max(2, max(counts.values()) // 10000):
            print(f"warning: prune {camera}: contenders disagree: {counts}", file=sys.stderr)


if __name__ == "__main__":
    main()
