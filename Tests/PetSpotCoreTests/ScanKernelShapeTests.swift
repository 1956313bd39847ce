import CPetSpotKernels
import PetSpotCore
import PetSpotTestSupport
import Testing

/// The kernels' shapes for windows whose lines have slope 0 (constant bounds; one world copy; no
/// wrap; every x), called directly with hand-made windows at each shape's boundary and compared with
/// the general test written out here from the kernels' header: lines evaluated at dy, x wrapped into
/// [−½, ½) and its three world copies tried. Pins x in [0, 1] or NaN, as a pin set holds.
@Suite("Scan kernel shapes decide as the general test")
struct ScanKernelShapeTests {
  /// The header's test, line by line.
  static func general(_ x: Double, _ y: Double, _ w: psk_window) -> Bool {
    let lines = Int(w.lines)
    let (los, ks, his, ms) = (
      [w.lo.0, w.lo.1, w.lo.2], [w.k.0, w.k.1, w.k.2], [w.hi.0, w.hi.1, w.hi.2], [w.m.0, w.m.1, w.m.2]
    )
    let dy = y - w.center_y
    var lo = los[0] + ks[0] * dy
    var hi = his[0] + ms[0] * dy
    for i in 1..<lines {
      let a = los[i] + ks[i] * dy
      let b = his[i] + ms[i] * dy
      lo = lo < a ? a : lo
      hi = b < hi ? b : hi
    }
    var dx = x - w.center_x
    if dx >= 0.5 { dx -= 1 }
    if dx < -0.5 { dx += 1 }
    let inX = [dx, dx + 1, dx - 1].contains { $0 >= lo && $0 <= hi }
    return inX && y >= w.min_y && y <= w.max_y
  }

  /// Pins at and around (by a few ulps) every place a decision changes: the bounds, their world
  /// copies, the wrap at ±½ from the centre, the ends of [0, 1]; and NaN.
  static func xs(around w: psk_window, lo: Double, hi: Double) -> [Double] {
    var anchors = [0, 1, 0.5, w.center_x, w.center_x + 0.5, w.center_x - 0.5]
    for bound in [lo, hi] { anchors += [w.center_x + bound, w.center_x + bound + 1, w.center_x + bound - 1] }
    var out: [Double] = [.nan]
    for anchor in anchors where anchor.isFinite {
      var below = anchor
      var above = anchor
      for _ in 0..<4 {
        out += [below, above]
        (below, above) = (below.nextDown, above.nextUp)
      }
    }
    return out.filter { $0.isNaN || (0...1).contains($0) }
  }

  /// A window with constant bounds: `lo` and `hi` as the first line, the second one wide (or the
  /// given one), both slopes 0.
  static func window(centerX: Double, lo: Double, hi: Double, second: (Double, Double) = (-.infinity, .infinity))
    -> psk_window
  {
    psk_window(
      center_x: centerX, center_y: 0.5, min_y: 0.25, max_y: 0.75, lo: (lo, second.0, 0), k: (0, -0.0, 0),
      hi: (hi, second.1, 0), m: (-0.0, 0, 0), lines: 2)
  }

  @Test("every kernel, windows at the boundaries of each shape")
  func shapesAtTheirBoundaries() {
    let half = 0.5
    let centres = [0, 0x1p-40, 0.25, 0.5, 0.75, 1 - 0x1p-40, 1.0.nextDown, 1]
    // Half widths on both sides of ½ (one copy / every x), and asymmetric bounds (the three copies).
    let bounds: [(Double, Double)] = [
      (-0.25, 0.25), (-0x1p-20, 0x1p-20), (-half.nextDown, half.nextDown), (-half, half), (-half.nextUp, half.nextUp),
      (-0.75, 0.75), (-0.25, 0.5), (-0.5, 0.25), (-0.75, 0.25), (0.1, 0.4), (-0.4, -0.1), (-0.75, 0.4999),
    ]
    var compared = 0
    for cx in centres {
      for (lo, hi) in bounds {
        for second in [(-Double.infinity, Double.infinity), (lo + 0x1p-30, hi - 0x1p-30)] {
          var w = Self.window(centerX: cx, lo: lo, hi: hi, second: second)
          let xs = Self.xs(around: w, lo: lo, hi: hi)
          let ys = xs.indices.map { [0.5, 0.25, 0.75, 0.25.nextDown, .nan, 0.6][$0 % 6] }
          let expected = xs.indices.filter { Self.general(xs[$0], ys[$0], w) }.map(UInt32.init)
          for (id, name) in PinSet.availableScanKernels {
            var out = [UInt32](repeating: 0, count: xs.count)
            let found = psk_scan_narrow(id, xs, ys, 0, xs.count, &w, &out)
            #expect(Array(out[0..<found]) == expected, "\(name): centre \(cx), bounds \(lo)…\(hi), \(second)")
            // Prepared once and scanned in two calls, or not prepared at all (the general test).
            var prepared = psk_window()
            psk_prepare_window(&w, &prepared)
            let half = xs.count / 2
            let first = psk_scan_prepared(id, xs, ys, 0, half, &prepared, &out)
            var chunks = Array(out[0..<first])
            let rest = psk_scan_prepared(id, xs, ys, half, xs.count, &prepared, &out)
            chunks += out[0..<rest]
            #expect(chunks == expected, "\(name), prepared, in two chunks")
            let unprepared = psk_scan_prepared(id, xs, ys, 0, xs.count, &w, &out)
            #expect(Array(out[0..<unprepared]) == expected, "\(name), not prepared")
          }
          compared += 1
        }
      }
    }
    #expect(compared == centres.count * bounds.count * 2)
  }

  @Test("every kernel, sloped windows whose bounds reach each shape's boundary at the top or bottom row")
  func slopedAtTheirBoundaries() {
    // The first line's bounds equal (lo, hi) at dy = d (the window's top or bottom row, y = 0.25 or
    // 0.75) and move away from or towards ½ with the slope elsewhere, so that the bounds over the
    // rows, which the one-copy and no-wrap shapes rely on, fall a few ulps either side of ±½ and of
    // the wrap's limits.
    let half = 0.5
    let centres = [0, 0x1p-40, 0.25, 0.5, 1.0.nextDown, 1]
    let bounds: [(Double, Double)] = [
      (-0.25, 0.25), (-half.nextDown, half.nextDown), (-half, half), (-half.nextUp, half.nextUp), (-0.75, 0.25),
      (0.1, 0.4), (-0.4, -0.1),
    ]
    var compared = 0
    for cx in centres {
      for (lo, hi) in bounds {
        for (slope, d) in [(0.5, -0.25), (-0.5, -0.25), (0.5, 0.25), (-0.5, 0.25), (1e-12, -0.25)] {
          var w = Self.window(centerX: cx, lo: lo, hi: hi)
          // lo.0 + slope · d == lo exactly: every term is a small multiple of a power of two.
          (w.lo.0, w.hi.0, w.k.0, w.m.0) = (lo - slope * d, hi - slope * d, slope, slope)
          let row = 0.5 + d
          var xs = Self.xs(around: w, lo: lo, hi: hi)
          xs += Self.xs(around: w, lo: w.lo.0 + slope * -d, hi: w.hi.0 + slope * -d)  // the other row's bounds
          let ys = xs.indices.map { [row, row, 1 - row, 0.5, row.nextUp, .nan][$0 % 6] }
          let expected = xs.indices.filter { Self.general(xs[$0], ys[$0], w) }.map(UInt32.init)
          for (id, name) in PinSet.availableScanKernels {
            var out = [UInt32](repeating: 0, count: xs.count)
            let found = psk_scan_narrow(id, xs, ys, 0, xs.count, &w, &out)
            #expect(
              Array(out[0..<found]) == expected, "\(name): centre \(cx), bounds \(lo)…\(hi), slope \(slope) at \(d)")
          }
          compared += 1
        }
      }
    }
    #expect(compared == centres.count * bounds.count * 5)
  }

  @Test("a window with slopes, or with an infinite y bound, keeps the general test")
  func notConstant() {
    var random = SeededRandom(seed: 0x5AFE)
    for trial in 0..<200 {
      var w = Self.window(centerX: random.uniform(0...1), lo: -0.2, hi: 0.2)
      if trial % 2 == 0 { w.k.0 = random.uniform(-2...2) } else { w.min_y = -.infinity }
      let xs = (0..<101).map { _ in random.next() % 10 == 0 ? .nan : random.uniform(0...1) }
      let ys = (0..<101).map { k in k % 7 == 0 ? -Double.infinity : random.uniform(0...1) }
      let expected = xs.indices.filter { Self.general(xs[$0], ys[$0], w) }.map(UInt32.init)
      for (id, name) in PinSet.availableScanKernels {
        var out = [UInt32](repeating: 0, count: xs.count)
        let found = psk_scan_narrow(id, xs, ys, 0, xs.count, &w, &out)
        #expect(Array(out[0..<found]) == expected, "\(name): trial \(trial)")
      }
    }
  }

  @Test("the scan's cost class of a view: constant bounds, one copy, general")
  func costClasses() throws {
    func cost(lngDelta: Double, heading: Double = 0, pitch: Double = 0, lng: Double = 2.35) throws -> ScanCost {
      let camera = try Camera(
        center: GeoCoordinate(latitude: 48.85, longitude: lng), latitudeDelta: lngDelta / 2, longitudeDelta: lngDelta,
        width: 800, height: 600, heading: heading, pitch: pitch)
      return PinSet.scanCost(of: VisibilityWindow(view: CameraView(camera)))
    }
    #expect(try cost(lngDelta: 0.3) == .constantBounds)
    #expect(try cost(lngDelta: 0.3, heading: 90) == .constantBounds)
    #expect(try cost(lngDelta: 0.3, lng: 179.99) == .constantBounds, "across the antimeridian: one copy, wrapped")
    #expect(try cost(lngDelta: 360) == .constantBounds, "as wide as the world: y alone")
    #expect(try cost(lngDelta: 0.3, heading: 30) == .oneCopy)
    #expect(try cost(lngDelta: 0.3, pitch: 50) == .oneCopy)
    #expect(try cost(lngDelta: 300, heading: 30) == .general, "wider than half the world: the copies may be in view")
  }
}
