#!/usr/bin/env python3
"""The C library through Python ctypes, against the CLI: the same ranges for the same cameras.

Usage: ctypes_check.py LIBRARY CLI
Prints "N passed, M failed"; exits 1 on any failure.
"""
import csv
import ctypes
import json
import os
import random
import subprocess
import sys


class Camera(ctypes.Structure):
    _fields_ = [(name, ctypes.c_double) for name in
                ("lat", "lng", "lat_delta", "lng_delta", "width", "height", "heading", "pitch")]


class BBox(ctypes.Structure):
    _fields_ = [(name, ctypes.c_double) for name in ("north", "south", "west", "east")]


class Query(ctypes.Structure):
    _fields_ = [("lat", ctypes.c_double), ("lng", ctypes.c_double), ("range", ctypes.c_int64),
                ("zoom", ctypes.c_double), ("visible_region", BBox)]


def load(path):
    lib = ctypes.CDLL(path)
    lib.psg_engine_create.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p)]
    lib.psg_engine_query_radius.argtypes = [ctypes.c_void_p, ctypes.POINTER(Camera), ctypes.POINTER(Query)]
    lib.psg_engine_last_error.argtypes = [ctypes.c_void_p]
    lib.psg_engine_last_error.restype = ctypes.c_char_p
    lib.psg_engine_last_error_field.argtypes = [ctypes.c_void_p]
    lib.psg_engine_last_error_field.restype = ctypes.c_char_p
    lib.psg_engine_destroy.argtypes = [ctypes.c_void_p]
    return lib


class ClusterItem(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_int32), ("pin", ctypes.c_uint32), ("cluster_id", ctypes.c_uint64)] + \
        [(name, ctypes.c_double) for name in ("lat", "lng", "x", "y", "anchor_x", "anchor_y")] + \
        [(name, ctypes.c_uint32) for name in ("count", "missing", "found", "closed")] + \
        [("expansion_zoom", ctypes.c_int32)]


def check_cluster_ids(lib, cli):
    """psg_pins_create_with_ids names clusters exactly as `petspot-geo cluster` does for the same
    pins file, at every zoom (below 0 included); returns (passed, failed)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../Data/pins.csv")
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    n = len(rows)
    lat = (ctypes.c_double * n)(*[float(r["lat"]) for r in rows])
    lng = (ctypes.c_double * n)(*[float(r["lng"]) for r in rows])
    ids = (ctypes.c_char_p * n)(*[r["id"].encode() for r in rows])
    statuses = (ctypes.c_char_p * n)(*[(r.get("status") or "").encode() or None for r in rows])
    lib.psg_pins_create_with_ids.argtypes = [ctypes.c_void_p] * 4 + [ctypes.c_size_t, ctypes.c_void_p,
                                                                     ctypes.POINTER(ctypes.c_void_p)]
    lib.psg_cluster_index_create.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p)]
    lib.psg_cluster_index_query.argtypes = [ctypes.c_void_p, ctypes.POINTER(Camera), ctypes.POINTER(ctypes.c_void_p)]
    lib.psg_cluster_result_count.argtypes = [ctypes.c_void_p]
    lib.psg_cluster_result_count.restype = ctypes.c_size_t
    lib.psg_cluster_result_item.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.POINTER(ClusterItem)]
    lib.psg_cluster_index_expansion_zoom.argtypes = [ctypes.c_void_p, ctypes.c_uint64, ctypes.POINTER(ctypes.c_int32)]
    pins, index = ctypes.c_void_p(), ctypes.c_void_p()
    assert lib.psg_pins_create_with_ids(lat, lng, statuses, ids, n, None, ctypes.byref(pins)) == 0
    assert lib.psg_cluster_index_create(pins, None, ctypes.byref(index)) == 0
    passed = failed = 0
    views = [(48.8566, 2.3522, 0.4, 0.4, 390, 844), (52.23, 21.01, 8, 8, 1280, 800), (0, 0, 170, 360, 200, 200),
             (0, 0, 80, 360, 100, 100), (20, 100, 60, 90, 390, 844)]
    for v in views:
        out = subprocess.run([cli, "cluster", "--pins", path, "--center", f"{v[0]},{v[1]}", "--span", f"{v[2]},{v[3]}",
                              "--viewport", f"{v[4]}x{v[5]}"], capture_output=True, text=True)
        expected = sorted(i["id"] for i in json.loads(out.stdout)["items"] if i["kind"] == "cluster")
        result = ctypes.c_void_p()
        assert lib.psg_cluster_index_query(index, ctypes.byref(Camera(*v, 0, 0)), ctypes.byref(result)) == 0
        got, resolvable = [], True
        for i in range(lib.psg_cluster_result_count(result)):
            item = ClusterItem()
            lib.psg_cluster_result_item(result, i, ctypes.byref(item))
            if item.kind == 1:
                got.append(f"cluster:{item.cluster_id:016x}")
                zoom = ctypes.c_int32()
                resolvable &= lib.psg_cluster_index_expansion_zoom(index, item.cluster_id, ctypes.byref(zoom)) == 0
        lib.psg_cluster_result_destroy(ctypes.c_void_p(result.value))
        if sorted(got) == expected and resolvable and expected:
            passed += 1
        else:
            failed += 1
            print(f"FAIL cluster ids {v}: C {sorted(got)[:3]}… vs CLI {expected[:3]}…, by-id {resolvable}",
                  file=sys.stderr)
    return passed, failed


def cameras(seed=20261122, count=400):
    rng = random.Random(seed)
    fixed = [(52.2297, 21.0122, 0.05, 0.08, 390, 844, 0), (-33.86, 151.21, 0.05, 0.08, 390, 844, 30),
             (0, 179.9, 2, 3, 800, 600, 0), (30, 10, 170, 720, 400, 400, 0), (89.5, 0, 5, 5, 400, 400, 0),
             (10, 20, 0.000001, 0.000001, 390, 844, 0)]
    for c in fixed:
        yield dict(zip(("lat", "lng", "latDelta", "lngDelta", "width", "height", "heading"), c))
    for _ in range(count):
        span = 10 ** rng.uniform(-6, 2.5)
        yield {"lat": rng.uniform(-90, 90), "lng": rng.uniform(-180, 180), "latDelta": span,
               "lngDelta": span * 10 ** rng.uniform(-1, 1), "width": rng.uniform(100, 1500),
               "height": rng.uniform(100, 1500), "heading": rng.choice([0, 0, 90, rng.uniform(-400, 400)])}
    # Tilted cameras (psg_camera's pitch, default fov) and unwrapped centre longitudes.
    for _ in range(count // 2):
        span = 10 ** rng.uniform(-4, 1.5)
        yield {"lat": rng.uniform(-80, 80), "lng": rng.uniform(-720, 720), "latDelta": span, "lngDelta": span,
               "width": rng.uniform(100, 1500), "height": rng.uniform(100, 1500), "heading": rng.uniform(-400, 400),
               "pitch": rng.uniform(0, 71.5)}
    yield {"lat": 0, "lng": 0, "latDelta": 1, "lngDelta": 1, "width": 10, "height": 10, "pitch": 72}


def main():
    lib_path, cli = sys.argv[1], sys.argv[2]
    lib = load(lib_path)
    engine = ctypes.c_void_p()
    assert lib.psg_engine_create(None, ctypes.byref(engine)) == 0
    cams = list(cameras())
    cams.append({"lat": 91, "lng": 0, "latDelta": 1, "lngDelta": 1, "width": 10, "height": 10})
    out = subprocess.run([cli, "radius", "--batch"], input="\n".join(json.dumps(c) for c in cams),
                         capture_output=True, text=True)
    lines = out.stdout.splitlines()
    passed = failed = 0
    for cam, line in zip(cams, lines):
        expected = json.loads(line)
        c = Camera(cam["lat"], cam["lng"], cam["latDelta"], cam["lngDelta"], cam["width"], cam["height"],
                   cam.get("heading", 0), cam.get("pitch", 0))
        q = Query()
        status = lib.psg_engine_query_radius(engine, ctypes.byref(c), ctypes.byref(q))
        if "error" in expected:
            ok = status == 100 and lib.psg_engine_last_error_field(engine).decode() == expected["field"]
        else:
            box = q.visible_region
            ok = (status == 0 and q.range == expected["range"] and q.zoom == expected["zoom"]
                  and q.lng == expected["lng"]
                  and [box.north, box.south, box.west, box.east] == [expected["visibleRegion"][k] for k in
                                                                     ("north", "south", "west", "east")])
        if ok:
            passed += 1
        else:
            failed += 1
            print(f"FAIL {cam}: C status {status} range {q.range}, CLI {line}", file=sys.stderr)
    cluster_passed, cluster_failed = check_cluster_ids(lib, cli)
    passed += cluster_passed
    failed += cluster_failed
    if len(lines) != len(cams):
        failed += 1
        print(f"FAIL: CLI printed {len(lines)} lines for {len(cams)} cameras", file=sys.stderr)
    lib.psg_engine_destroy(engine)
    print(f"ctypes vs CLI: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
