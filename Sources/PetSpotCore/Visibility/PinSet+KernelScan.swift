internal import CPetSpotKernels

/// The narrow flat scan through the C kernels of `CPetSpotKernels`: the best one this CPU runs
/// (AVX-512, AVX2, NEON or portable C), chosen at run time, so the default build is fast on every
/// machine without a `-target-cpu` flag. ``scanNarrowSIMD(_:_:_:_:)`` stays the Swift reference
/// the kernels are tested against.
extension PinSet {
  /// Pins per kernel call: the positions buffer is 64 KB.
  static var kernelChunk: Int { 16_384 }

  /// The kernel ``scanVisible(in:statusFilter:)`` uses on this CPU ("avx512", "avx2", "neon",
  /// "portable").
  public static var scanKernelName: String { String(cString: psk_kernel_name(psk_best_kernel())) }

  /// Whether the scan runs a vector kernel on this CPU (AVX-512, AVX2 or NEON; not plain C).
  public static var hasVectorScanKernel: Bool { psk_best_kernel() != PSK_KERNEL_PORTABLE }

  /// The kernels this CPU runs, by name (the portable one always).
  package static var availableScanKernels: [(id: Int32, name: String)] {
    let mask = psk_available_kernels()
    return (0..<32).filter { mask & (1 << $0) != 0 }.map { (Int32($0), String(cString: psk_kernel_name(Int32($0)))) }
  }

  /// Scans pins `range` of `xs`/`ys` for a flat narrow `window` with `kernel` (−1: the best),
  /// handing each chunk's visible positions, ascending, to `sink` with the number of pins scanned
  /// so far (from the range's start); the sink may rewrite or shorten the chunk in place (the
  /// buffer is reused for the next one).
  package static func scanNarrowKernel(
    _ window: VisibilityWindow, _ xs: UnsafeBufferPointer<Double>, _ ys: UnsafeBufferPointer<Double>,
    range: Range<Int>? = nil, kernel: Int32 = -1, _ sink: (UnsafeMutableBufferPointer<UInt32>, Int) -> Void
  ) {
    // A flat window's upper bounds share its lower bounds' slopes; the third line is unused.
    let w = psk_window(
      center_x: window.centerX, center_y: window.centerY, min_y: window.minY, max_y: window.maxY,
      lo: (window.lo1, window.lo2, -.infinity), k: (window.k1, window.k2, 0), hi: (window.hi1, window.hi2, .infinity),
      m: (window.k1, window.k2, 0), lines: 2)
    scan(w, xs, ys, range: range ?? 0..<xs.count, kernel: kernel, sink)
  }

  /// The same for a tilted view's narrow window (three lines a side).
  package static func scanNarrowKernel(
    _ window: QuadWindow, _ xs: UnsafeBufferPointer<Double>, _ ys: UnsafeBufferPointer<Double>,
    range: Range<Int>? = nil, kernel: Int32 = -1, _ sink: (UnsafeMutableBufferPointer<UInt32>, Int) -> Void
  ) {
    let w = psk_window(
      center_x: window.centerX, center_y: window.centerY, min_y: window.minY, max_y: window.maxY,
      lo: (window.lo1, window.lo2, window.lo3), k: (window.k1, window.k2, window.k3),
      hi: (window.hi1, window.hi2, window.hi3), m: (window.m1, window.m2, window.m3), lines: 3)
    scan(w, xs, ys, range: range ?? 0..<xs.count, kernel: kernel, sink)
  }

  /// The chunked kernel calls behind both.
  private static func scan(
    _ window: psk_window, _ xs: UnsafeBufferPointer<Double>, _ ys: UnsafeBufferPointer<Double>, range: Range<Int>,
    kernel: Int32, _ sink: (UnsafeMutableBufferPointer<UInt32>, Int) -> Void
  ) {
    guard !range.isEmpty else { return }
    var w = window
    let chunk = min(kernelChunk, range.count)
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: chunk) { buffer in
      var start = range.lowerBound
      while start < range.upperBound {
        let end = min(range.upperBound, start + chunk)
        let found = psk_scan_narrow(kernel, xs.baseAddress!, ys.baseAddress!, start, end, &w, buffer.baseAddress!)
        if found > 0 { sink(UnsafeMutableBufferPointer(rebasing: buffer[0..<found]), end - range.lowerBound) }
        start = end
      }
    }
  }
}

extension VisibilityWindow {
  /// Whether the scan tests this window with bounds on x that are the same for every pin (a flat
  /// view with a heading that is a multiple of 90°, or a region), the kernels' cheapest shapes.
  public var hasConstantScanBounds: Bool {
    quad == nil && k1 == 0 && k2 == 0 && minY.isFinite && maxY.isFinite && centerY.isFinite
  }
}
