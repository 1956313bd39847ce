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
    let n = xs.count
    let cx = Lanes(repeating: w.centerX)
    let cy = Lanes(repeating: w.centerY)
    let minY = Lanes(repeating: w.minY)
    let maxY = Lanes(repeating: w.maxY)
    let lo1 = Lanes(repeating: w.lo1)
    let hi1 = Lanes(repeating: w.hi1)
    let k1 = Lanes(repeating: w.k1)
    let lo2 = Lanes(repeating: w.lo2)
    let hi2 = Lanes(repeating: w.hi2)
    let k2 = Lanes(repeating: w.k2)
    let half = Lanes(repeating: 0.5)
    let one = Lanes(repeating: 1)
    let px = UnsafeRawPointer(xs.baseAddress!)
    let py = UnsafeRawPointer(ys.baseAddress!)
    var i = 0
    while i + 8 <= n {
      let x = px.loadUnaligned(fromByteOffset: i * 8, as: Lanes.self)
      let y = py.loadUnaligned(fromByteOffset: i * 8, as: Lanes.self)
      let dy = y - cy
      // max/min by compare-and-select: the generic pointwiseMax/Min are not inlined.
      let a1 = lo1 + k1 * dy
      let a2 = lo2 + k2 * dy
      let b1 = hi1 + k1 * dy
      let b2 = hi2 + k2 * dy
      let lo = a1.replacing(with: a2, where: a1 .< a2)
      let hi = b1.replacing(with: b2, where: b2 .< b1)
      var dx = x - cx
      dx.replace(with: dx - one, where: dx .>= half)
      dx.replace(with: dx + one, where: dx .< -half)
      let up = dx + one
      let down = dx - one
      let inX = ((dx .>= lo) .& (dx .<= hi)) .| ((up .>= lo) .& (up .<= hi)) .| ((down .>= lo) .& (down .<= hi))
      let visible = inX .& (y .>= minY) .& (y .<= maxY)
      if any(visible) {
        for lane in 0..<8 where visible[lane] { emit(i + lane) }
      }
      i += 8
    }
    while i < n {
      if w.narrowContains(x: xs[i], y: ys[i]) { emit(i) }
      i += 1
    }
  }

  /// The same scan for a tilted view's window (three lines a side).
  @inline(__always)
  package static func scanNarrowSIMD(
    _ w: QuadWindow, _ xs: UnsafeBufferPointer<Double>, _ ys: UnsafeBufferPointer<Double>,
    _ emit: (Int) -> Void
  ) {
    let n = xs.count
    let (cx, cy) = (Lanes(repeating: w.centerX), Lanes(repeating: w.centerY))
    let (minY, maxY) = (Lanes(repeating: w.minY), Lanes(repeating: w.maxY))
    let (lo1, k1, lo2, k2) = (
      Lanes(repeating: w.lo1), Lanes(repeating: w.k1), Lanes(repeating: w.lo2), Lanes(repeating: w.k2)
    )
    let (lo3, k3) = (Lanes(repeating: w.lo3), Lanes(repeating: w.k3))
    let (hi1, m1, hi2, m2) = (
      Lanes(repeating: w.hi1), Lanes(repeating: w.m1), Lanes(repeating: w.hi2), Lanes(repeating: w.m2)
    )
    let (hi3, m3) = (Lanes(repeating: w.hi3), Lanes(repeating: w.m3))
    let (half, one) = (Lanes(repeating: 0.5), Lanes(repeating: 1))
    let px = UnsafeRawPointer(xs.baseAddress!)
    let py = UnsafeRawPointer(ys.baseAddress!)
    var i = 0
    while i + 8 <= n {
      let x = px.loadUnaligned(fromByteOffset: i * 8, as: Lanes.self)
      let y = py.loadUnaligned(fromByteOffset: i * 8, as: Lanes.self)
      let dy = y - cy
      var lo = lo1 + k1 * dy
      var hi = hi1 + m1 * dy
      let (a2, b2, a3, b3) = (lo2 + k2 * dy, hi2 + m2 * dy, lo3 + k3 * dy, hi3 + m3 * dy)
      lo.replace(with: a2, where: lo .< a2)
      hi.replace(with: b2, where: b2 .< hi)
      lo.replace(with: a3, where: lo .< a3)
      hi.replace(with: b3, where: b3 .< hi)
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
    while i < n {
      if w.narrowContains(x: xs[i], y: ys[i]) { emit(i) }
      i += 1
    }
  }
}
