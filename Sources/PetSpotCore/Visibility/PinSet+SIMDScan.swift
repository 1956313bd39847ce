/// The narrow-window scan written with explicit SIMD: eight pins per step, one vector compare
/// chain, and a scalar look at the eight lanes only when one of them is visible (rare for a city
/// camera over millions of pins). Built with `-target-cpu` for AVX-512 the chain maps onto zmm
/// registers; without it LLVM splits it into SSE2 pairs. It is the portable reference the C
/// kernels (``scanNarrowKernel``) are tested against, flat and tilted.
extension PinSet {
  typealias Lanes = SIMD8<Double>

  @inline(__always)
  package static func scanNarrowSIMD(
    _ w: VisibilityWindow, _ xs: UnsafeBufferPointer<Double>, _ ys: UnsafeBufferPointer<Double>,
    _ emit: (Int) -> Void
  ) {
    let (lo1, hi1, k1) = (Lanes(repeating: w.lo1), Lanes(repeating: w.hi1), Lanes(repeating: w.k1))
    let (lo2, hi2, k2) = (Lanes(repeating: w.lo2), Lanes(repeating: w.hi2), Lanes(repeating: w.k2))
    scanLanes(
      center: (w.centerX, w.centerY), rows: (w.minY, w.maxY), xs, ys,
      bounds: { dy in
        // max/min by compare-and-select: the generic pointwiseMax/Min are not inlined.
        let (a1, a2, b1, b2) = (lo1 + k1 * dy, lo2 + k2 * dy, hi1 + k1 * dy, hi2 + k2 * dy)
        return (a1.replacing(with: a2, where: a1 .< a2), b1.replacing(with: b2, where: b2 .< b1))
      },
      contains: { w.narrowContains(x: $0, y: $1) }, emit)
  }

  /// The same scan for a tilted view's window (three lines a side).
  @inline(__always)
  package static func scanNarrowSIMD(
    _ w: QuadWindow, _ xs: UnsafeBufferPointer<Double>, _ ys: UnsafeBufferPointer<Double>,
    _ emit: (Int) -> Void
  ) {
    let (lo1, k1, hi1, m1) = (
      Lanes(repeating: w.lo1), Lanes(repeating: w.k1), Lanes(repeating: w.hi1), Lanes(repeating: w.m1)
    )
    let (lo2, k2, hi2, m2) = (
      Lanes(repeating: w.lo2), Lanes(repeating: w.k2), Lanes(repeating: w.hi2), Lanes(repeating: w.m2)
    )
    let (lo3, k3, hi3, m3) = (
      Lanes(repeating: w.lo3), Lanes(repeating: w.k3), Lanes(repeating: w.hi3), Lanes(repeating: w.m3)
    )
    scanLanes(
      center: (w.centerX, w.centerY), rows: (w.minY, w.maxY), xs, ys,
      bounds: { dy in
        var (lo, hi) = (lo1 + k1 * dy, hi1 + m1 * dy)
        let (a2, b2, a3, b3) = (lo2 + k2 * dy, hi2 + m2 * dy, lo3 + k3 * dy, hi3 + m3 * dy)
        lo.replace(with: a2, where: lo .< a2)
        hi.replace(with: b2, where: b2 .< hi)
        lo.replace(with: a3, where: lo .< a3)
        hi.replace(with: b3, where: b3 .< hi)
        return (lo, hi)
      },
      contains: { w.narrowContains(x: $0, y: $1) }, emit)
  }

  /// Eight pins per step: a pin is visible when its y lies between `rows.min` and `rows.max` and its x offset from the
  /// centre (wrapped to the nearest world copy, then tried one world east and west) lies between
  /// the `bounds` of its row (offsets from the centre, by the row's offset `dy`); the pins past
  /// the last full step go through `contains`.
  @inline(__always)
  private static func scanLanes(
    center: (x: Double, y: Double), rows: (min: Double, max: Double), _ xs: UnsafeBufferPointer<Double>,
    _ ys: UnsafeBufferPointer<Double>, bounds: (_ dy: Lanes) -> (lo: Lanes, hi: Lanes),
    contains: (_ x: Double, _ y: Double) -> Bool, _ emit: (Int) -> Void
  ) {
    let n = xs.count
    let (cx, cy) = (Lanes(repeating: center.x), Lanes(repeating: center.y))
    let (minY, maxY) = (Lanes(repeating: rows.min), Lanes(repeating: rows.max))
    let (half, one) = (Lanes(repeating: 0.5), Lanes(repeating: 1))
    var i = 0
    if n >= 8, let xBase = xs.baseAddress, let yBase = ys.baseAddress {
      let (px, py) = (UnsafeRawPointer(xBase), UnsafeRawPointer(yBase))
      while i + 8 <= n {
        let x = px.loadUnaligned(fromByteOffset: i * 8, as: Lanes.self)
        let y = py.loadUnaligned(fromByteOffset: i * 8, as: Lanes.self)
        let (lo, hi) = bounds(y - cy)
        var dx = x - cx
        dx.replace(with: dx - one, where: dx .>= half)
        dx.replace(with: dx + one, where: dx .< -half)
        let (up, down) = (dx + one, dx - one)
        let inX = ((dx .>= lo) .& (dx .<= hi)) .| ((up .>= lo) .& (up .<= hi)) .| ((down .>= lo) .& (down .<= hi))
        let visible = inX .& (y .>= minY) .& (y .<= maxY)
        if any(visible) {
          for lane in 0..<8 where visible[lane] { emit(i + lane) }
        }
        i += 8
      }
    }
    while i < n {
      if contains(xs[i], ys[i]) { emit(i) }
      i += 1
    }
  }
}
