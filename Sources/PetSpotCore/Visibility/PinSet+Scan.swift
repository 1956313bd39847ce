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
  ///
  /// The kernel writes straight over the elements `result` holds (the previous answer's), for as many
  /// pins as there are elements; the pins past them go through a chunk buffer and are appended. A
  /// view shown frame after frame is thus written once, not copied from a buffer (at 10M pins all
  /// in view, 40 MB a frame).
  public func scanVisible(in window: VisibilityWindow, statusFilter: StatusFilter? = nil, into result: inout [UInt32]) {
    var written = 0
    let inPlace = window.isNarrow ? min(count, result.count) : 0
    if inPlace > 0 {
      result.withUnsafeMutableBufferPointer { kept in
        scan(window, statusFilter, range: 0..<inPlace, into: kept.baseAddress!) { found, _ in written = found.count }
      }
    }
    result.removeLast(result.count - written)
    guard inPlace < count else { return }
    var reserved = false
    scan(window, statusFilter, range: inPlace..<count) { found, scanned in
      if !reserved && scanned < count - inPlace {
        // The first chunk is a sample of the rest (pins in input order): room for the hits it
        // predicts, plus a quarter, so that a view showing most pins is not copied while it grows.
        let predicted = Double(written) + Double(found.count) / Double(scanned) * Double(count - inPlace) * 1.25
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

  /// Hands the visible positions among pins `range` (all by default) to `sink` in ascending runs,
  /// each with the number of pins scanned so far. A narrow window (every camera less than two
  /// worlds wide, flat or tilted) goes through the run-time-chosen C kernel (``scanNarrowKernel``),
  /// which writes to `destination` when there is one (room for `range.count` positions: then one
  /// run, there); a wider one is tested pin by pin, its run handed over at the end.
  private func scan(
    _ window: VisibilityWindow, _ statusFilter: StatusFilter?, range: Range<Int>? = nil,
    into destination: UnsafeMutablePointer<UInt32>? = nil, _ sink: (UnsafeBufferPointer<UInt32>, Int) -> Void
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
              Self.scanNarrowKernel(quad, xs, ys, range: range, into: destination, filtered)
            } else {
              Self.scanNarrowKernel(window, xs, ys, range: range, into: destination, filtered)
            }
            return
          }
          var found: [UInt32] = []
          func keep(_ i: Int) {
            if let table, !table[Int(codes[i])] { return }
            found.append(UInt32(truncatingIfNeeded: i))
          }
          let pins = range ?? 0..<xs.count
          if let quad = window.quad {
            Self.scanQuad(quad, xs, ys, pins, keep)
          } else {
            for i in pins where window.contains(x: xs[i], y: ys[i]) { keep(i) }
          }
          found.withUnsafeBufferPointer { sink($0, pins.count) }
        }
      }
    }
  }

  /// The scan of a tilted view's window wider than two worlds, kept out of line.
  @inline(never)
  private static func scanQuad(
    _ quad: QuadWindow, _ xs: UnsafeBufferPointer<Double>, _ ys: UnsafeBufferPointer<Double>, _ pins: Range<Int>,
    _ keep: (Int) -> Void
  ) {
    for i in pins where quad.contains(x: xs[i], y: ys[i]) { keep(i) }
  }
}
