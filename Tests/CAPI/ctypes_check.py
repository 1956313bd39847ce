#!/usr/bin/env python3
"""The C library through Python ctypes, against the CLI: the same ranges for the same cameras.

Usage: ctypes_check.py LIBRARY CLI
Prints "N passed, M failed"; exits 1 on any failure.
"""
import ctypes
import json
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
                   cam.get("heading", 0), 0)
        q = Query()
        status = lib.psg_engine_query_radius(engine, ctypes.byref(c), ctypes.byref(q))
        if "error" in expected:
            ok = status == 100 and lib.psg_engine_last_error_field(engine).decode() == expected["field"]
        else:
            box = q.visible_region
            ok = (status == 0 and q.range == expected["range"] and q.zoom == expected["zoom"]
                  and [box.north, box.south, box.west, box.east] == [expected["visibleRegion"][k] for k in
                                                                     ("north", "south", "west", "east")])
        if ok:
            passed += 1
        else:
            failed += 1
            print(f"FAIL {cam}: C status {status} range {q.range}, CLI {line}", file=sys.stderr)
    if len(lines) != len(cams):
        failed += 1
        print(f"FAIL: CLI printed {len(lines)} lines for {len(cams)} cameras", file=sys.stderr)
    lib.psg_engine_destroy(engine)
    print(f"ctypes vs CLI: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
