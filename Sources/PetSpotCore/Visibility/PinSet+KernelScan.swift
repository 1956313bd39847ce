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
  ///
  /// With a `destination` (room for `range.count` positions, which the kernel may write whatever
  /// it finds), the whole range is one chunk written there: no copy through a chunk buffer.
  package static func scanNarrowKernel(
    _ window: VisibilityWindow, _ xs: UnsafeBufferPointer<Double>, _ ys: UnsafeBufferPointer<Double>,
    range: Range<Int>? = nil, kernel: Int32 = -1, into destination: UnsafeMutablePointer<UInt32>? = nil,
    _ sink: (UnsafeMutableBufferPointer<UInt32>, Int) -> Void
  ) {
    scan(kernelWindow(flat: window), xs, ys, range: range ?? 0..<xs.count, kernel: kernel, into: destination, sink)
  }

  /// A flat window for the kernels: its upper bounds share its lower bounds' slopes; the third line
  /// is unused.
  private static func kernelWindow(flat window: VisibilityWindow) -> psk_window {
    psk_window(
      center_x: window.centerX, center_y: window.centerY, min_y: window.minY, max_y: window.maxY,
      lo: (window.lo1, window.lo2, -.infinity), k: (window.k1, window.k2, 0), hi: (window.hi1, window.hi2, .infinity),
      m: (window.k1, window.k2, 0), lines: 2)
  }

  /// A tilted view's window for the kernels (three lines a side).
  private static func kernelWindow(_ window: QuadWindow) -> psk_window {
    psk_window(
      center_x: window.centerX, center_y: window.centerY, min_y: window.minY, max_y: window.maxY,
      lo: (window.lo1, window.lo2, window.lo3), k: (window.k1, window.k2, window.k3),
      hi: (window.hi1, window.hi2, window.hi3), m: (window.m1, window.m2, window.m3), lines: 3)
  }

  /// How cheaply the scan tests each pin of `window` (see ``ScanCost``).
  public static func scanCost(of window: VisibilityWindow) -> ScanCost {
    var w = window.quad.map(kernelWindow) ?? kernelWindow(flat: window)
    switch psk_window_cost_class(&w) {
    case 2: return .constantBounds
    case 1: return .oneCopy
    default: return .general
    }
  }

  /// The same for a tilted view's narrow window (three lines a side).
  package static func scanNarrowKernel(
    _ window: QuadWindow, _ xs: UnsafeBufferPointer<Double>, _ ys: UnsafeBufferPointer<Double>,
    range: Range<Int>? = nil, kernel: Int32 = -1, into destination: UnsafeMutablePointer<UInt32>? = nil,
    _ sink: (UnsafeMutableBufferPointer<UInt32>, Int) -> Void
  ) {
    scan(kernelWindow(window), xs, ys, range: range ?? 0..<xs.count, kernel: kernel, into: destination, sink)
  }

  /// The chunked kernel calls behind both.
  private static func scan(
    _ window: psk_window, _ xs: UnsafeBufferPointer<Double>, _ ys: UnsafeBufferPointer<Double>, range: Range<Int>,
    kernel: Int32, into destination: UnsafeMutablePointer<UInt32>?,
    _ sink: (UnsafeMutableBufferPointer<UInt32>, Int) -> Void
  ) {
    guard !range.isEmpty else { return }
    // The window's shape worked out once for every chunk.
    var raw = window
    var w = psk_window()
    psk_prepare_window(&raw, &w)
    if let destination {
      let found = psk_scan_prepared(
        kernel, xs.baseAddress!, ys.baseAddress!, range.lowerBound, range.upperBound, &w, destination)
      if found > 0 { sink(UnsafeMutableBufferPointer(start: destination, count: found), range.count) }
      return
    }
    let chunk = min(kernelChunk, range.count)
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: chunk) { buffer in
      var start = range.lowerBound
      while start < range.upperBound {
        let end = min(range.upperBound, start + chunk)
        let found = psk_scan_prepared(kernel, xs.baseAddress!, ys.baseAddress!, start, end, &w, buffer.baseAddress!)
        if found > 0 { sink(UnsafeMutableBufferPointer(rebasing: buffer[0..<found]), end - range.lowerBound) }
        start = end
      }
    }
  }
}

/// How cheaply the scan's kernels test each pin of a window (docs/architecture.md, "The scan's
/// kernels"): the prune plan's estimate of the scan's cost.
public enum ScanCost: Sendable {
  /// Bounds on x the same for every pin, one world copy tried (or none needed): a flat view whose
  /// heading is a multiple of 90°. A few compares a pin.
  case constantBounds
  /// Bounds evaluated at each pin's y, one world copy tried: a rotated or tilted view narrower than
  /// the world.
  case oneCopy
  /// Bounds evaluated per pin and the world copies ±1 tried.
  case general
}
