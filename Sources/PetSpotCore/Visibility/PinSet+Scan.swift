/// The streaming scan: every pin tested once, in input order, with no allocation per pin.
extension PinSet {
  /// Positions (into this set, ascending = input order) of the pins visible in `window`.
  ///
  /// - Parameters:
  ///   - window: the camera's prepared visibility test (padding included).
  ///   - statusFilter: keep only these statuses; `nil` keeps every pin.
  /// - Complexity: O(n), one sequential pass over ``mercatorX`` and ``mercatorY``.
  public func scanVisible(in window: VisibilityWindow, statusFilter: StatusFilter? = nil) -> [UInt32] {
    var result: [UInt32] = []
    scanVisible(in: window, statusFilter: statusFilter, into: &result)
    return result
  }

  /// ``scanVisible(in:statusFilter:)`` written into `result`, whose elements are replaced and whose
  /// capacity is kept: a caller pruning every frame passes the same array each time and pays for
  /// its memory once, instead of the operating system handing over fresh pages for every answer
  /// (4 MB per million visible pins).
  public func scanVisible(in window: VisibilityWindow, statusFilter: StatusFilter? = nil, into result: inout [UInt32]) {
    result.removeAll(keepingCapacity: true)
    var reserved = false
    scan(window, statusFilter) { found, scanned in
      if !reserved && scanned < count {
        // The first chunk is a sample of the whole (pins in input order): room for the hits it
        // predicts, plus a quarter, so that a view showing most pins is not copied while it grows.
        let predicted = Double(found.count) / Double(scanned) * Double(count) * 1.25
        result.reserveCapacity(Int(min(predicted, Double(count))) + 64)
      }
      reserved = true
      result.append(contentsOf: found)
    }
  }

  /// The number of pins visible in `window` (see ``scanVisible(in:statusFilter:)``).
  public func scanCount(in window: VisibilityWindow, statusFilter: StatusFilter? = nil) -> Int {
    var count = 0
    scan(window, statusFilter) { found, _ in count += found.count }
    return count
  }

  /// Hands the visible positions to `sink` in ascending runs, each with the number of pins scanned
  /// so far. A narrow window (every camera less than two worlds wide, flat or tilted) goes through
  /// the run-time-chosen C kernel (``scanNarrowKernel``).
  private func scan(
    _ window: VisibilityWindow, _ statusFilter: StatusFilter?, _ sink: (UnsafeBufferPointer<UInt32>, Int) -> Void
  ) {
    let table = statusFilter?.codeTable(for: self)
    mercatorX.withUnsafeBufferPointer { xs in
      mercatorY.withUnsafeBufferPointer { ys in
        statusCodes.withUnsafeBufferPointer { codes in
          guard !xs.isEmpty else { return }
          func filtered(_ chunk: UnsafeMutableBufferPointer<UInt32>, _ scanned: Int) {
            guard let table else { return sink(UnsafeBufferPointer(chunk), scanned) }
            var kept = 0
            for position in chunk where table[Int(codes[Int(position)])] {
              chunk[kept] = position
              kept += 1
            }
            sink(UnsafeBufferPointer(rebasing: chunk[0..<kept]), scanned)
          }
          if window.isNarrow {
            if let quad = window.quad {
              Self.scanNarrowKernel(quad, xs, ys, filtered)
            } else {
              Self.scanNarrowKernel(window, xs, ys, filtered)
            }
            return
          }
          var found: [UInt32] = []
          func keep(_ i: Int) {
            if let table, !table[Int(codes[i])] { return }
            found.append(UInt32(truncatingIfNeeded: i))
          }
          if let quad = window.quad {
            Self.scanQuad(quad, xs, ys, keep)
          } else {
            for i in 0..<xs.count where window.contains(x: xs[i], y: ys[i]) { keep(i) }
          }
          found.withUnsafeBufferPointer { sink($0, xs.count) }
        }
      }
    }
  }

  /// The scan of a tilted view's window wider than two worlds, kept out of line.
  @inline(never)
  private static func scanQuad(
    _ quad: QuadWindow, _ xs: UnsafeBufferPointer<Double>, _ ys: UnsafeBufferPointer<Double>, _ keep: (Int) -> Void
  ) {
    for i in 0..<xs.count where quad.contains(x: xs[i], y: ys[i]) { keep(i) }
  }
}
