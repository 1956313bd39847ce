#!/usr/bin/env python3
"""`petspot-geo radius --batch` against an independent reference: docs/camera-model.md re-implemented
in Python, with distances from GeographicLib (Karney's own implementation, not PROJ's copy).

For hundreds of cameras of every kind (fixed seed) the reference samples the visible region densely
and refines around the best sample; every sample is a point of the region, so the CLI's range must
never be below it, and must be within 0.01 % + 1 m above it.

Usage: radius_reference.py CLI [COUNT]      Prints "N passed, M failed"; exits 1 on any failure.
"""
import json
import math
import random
import subprocess
import sys

from geographiclib.geodesic import Geodesic

LIMIT = 85.05112877980659
WGS84 = Geodesic.WGS84


def mercator_y(lat):
    lat = max(min(lat, LIMIT), -LIMIT)
    return 0.5 - math.log(math.tan(math.pi / 4 + lat * math.pi / 360)) / (2 * math.pi)


def latitude(y):
    return math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * y))))


def reference_range(cam, samples=160, grid=10):
    lat, lng = cam["lat"], cam["lng"]
    cx, cy = (lng + 180) / 360, mercator_y(lat)
    north, south = min(lat + cam["latDelta"] / 2, LIMIT), max(lat - cam["latDelta"] / 2, -LIMIT)
    hy = max(cy - mercator_y(north), mercator_y(south) - cy)
    hx = cam["lngDelta"] / 720
    w, h = cam["width"], cam["height"]
    if hx * h < hy * w:
        hx = hy * w / h
    else:
        hy = hx * h / w
    t = math.radians(cam.get("heading", 0) or 0)
    c, s = math.cos(t), math.sin(t)
    best = [-1.0, 0.0, 0.0]

    def visit(a, b):
        x, y = cx + a * c + b * s, cy + a * s - b * c
        if 0 <= y <= 1:
            d = WGS84.Inverse(lat, lng, latitude(y), x * 360 - 180, Geodesic.DISTANCE)["s12"]
            if d > best[0]:
                best[:] = [d, a, b]

    for i in range(samples + 1):
        u = -1 + 2 * i / samples
        visit(u * hx, hy); visit(u * hx, -hy); visit(hx, u * hy); visit(-hx, u * hy)
    for i in range(grid + 1):
        for j in range(grid + 1):
            visit((-1 + 2 * i / grid) * hx, (-1 + 2 * j / grid) * hy)
    ext = hx * abs(c) + hy * abs(s)
    for band in (0.0, 1.0):
        for i in range(samples + 1):
            dx, dy = -ext + 2 * ext * i / samples, band - cy
            a, b = dx * c + dy * s, dx * s - dy * c
            if abs(a) <= hx and abs(b) <= hy:
                visit(a, b)
    if abs(lat) <= LIMIT:  # the antipode
        dy = mercator_y(-lat) - cy
        k = math.floor(-ext - 0.5)
        while k <= ext + 0.5 and k < 2000:
            a, b = (0.5 + k) * c + dy * s, (0.5 + k) * s - dy * c
            if abs(a) <= hx and abs(b) <= hy:
                visit(a, b)
            k += 1
    for step in (2 / samples, 2 / samples / 12):
        _, a0, b0 = best
        for i in range(-12, 13):
            for j in range(-12, 13):
                visit(min(max(a0 + i * step * hx / 12, -hx), hx), min(max(b0 + j * step * hy / 12, -hy), hy))
    return best[0]


def cameras(count, seed=777):
    rng = random.Random(seed)
    kinds = ["city", "country", "continent", "antimeridian", "polar", "rotated", "tiny", "world"]
    for i in range(count):
        kind = kinds[i % len(kinds)]
        cam = {"lat": rng.uniform(-80, 80), "lng": rng.uniform(-180, 180), "width": rng.uniform(200, 1400),
               "height": rng.uniform(200, 1400), "heading": 0}
        lo, hi = {"city": (-2, -0.7), "country": (0, 1), "continent": (1, 2.3), "antimeridian": (-2, 1.7),
                  "polar": (-2, 1.7), "rotated": (-3, 2.5), "tiny": (-6, -3), "world": (1, 2.2)}[kind]
        cam["latDelta"], cam["lngDelta"] = 10 ** rng.uniform(lo, hi), 10 ** rng.uniform(lo, hi)
        if kind == "antimeridian":
            cam["lng"] = rng.choice([1, -1]) * rng.uniform(178, 180)
        if kind == "polar":
            cam["lat"] = rng.choice([1, -1]) * rng.uniform(80, 90)
        if kind in ("rotated", "polar", "tiny"):
            cam["heading"] = rng.uniform(-720, 720)
        if kind == "world":
            cam["lngDelta"] = rng.uniform(300, 1000)
            cam["heading"] = rng.choice([0, rng.uniform(0, 360)])
        yield kind, cam


def main():
    cli = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 240
    cams = list(cameras(count))
    out = subprocess.run([cli, "radius", "--batch"], input="\n".join(json.dumps(c) for _, c in cams),
                         capture_output=True, text=True, check=True)
    passed = failed = 0
    for (kind, cam), line in zip(cams, out.stdout.splitlines()):
        got = json.loads(line)["range"]
        ref = reference_range(cam)
        if ref <= got <= ref * 1.0001 + 1:
            passed += 1
        else:
            failed += 1
            print(f"FAIL {kind} {json.dumps(cam)}: range {got}, GeographicLib reference {ref:.3f}", file=sys.stderr)
    print(f"radius vs GeographicLib: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
