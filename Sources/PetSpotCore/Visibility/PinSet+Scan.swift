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
    scan(window, statusFilter) { result.append(UInt32(truncatingIfNeeded: $0)) }
    return result
  }

  /// The number of pins visible in `window` (see ``scanVisible(in:statusFilter:)``).
  public func scanCount(in window: VisibilityWindow, statusFilter: StatusFilter? = nil) -> Int {
    var count = 0
    scan(window, statusFilter) { _ in count += 1 }
    return count
  }

  private func scan(_ window: VisibilityWindow, _ statusFilter: StatusFilter?, _ emit: (Int) -> Void) {
    let table = statusFilter?.codeTable(for: self)
    mercatorX.withUnsafeBufferPointer { xs in
      mercatorY.withUnsafeBufferPointer { ys in
        statusCodes.withUnsafeBufferPointer { codes in
          func keep(_ i: Int) {
            if let table, !table[Int(codes[i])] { return }
            emit(i)
          }
          guard !xs.isEmpty else { return }
          if let quad = window.quad {
            Self.scanQuad(quad, narrow: window.isNarrow, xs, ys, keep)
          } else if window.isNarrow {
            Self.scanNarrowSIMD(window, xs, ys, keep)
          } else {
            for i in 0..<xs.count where window.contains(x: xs[i], y: ys[i]) { keep(i) }
          }
        }
      }
    }
  }

  /// The scan of a tilted view's window, kept out of line so that the flat scan above compiles as
  /// it did before tilted views existed (inlining both cost the flat scan 20 %).
  @inline(never)
  private static func scanQuad(
    _ quad: QuadWindow, narrow: Bool, _ xs: UnsafeBufferPointer<Double>, _ ys: UnsafeBufferPointer<Double>,
    _ keep: (Int) -> Void
  ) {
    if narrow {
      scanNarrowSIMD(quad, xs, ys, keep)
    } else {
      for i in 0..<xs.count where quad.contains(x: xs[i], y: ys[i]) { keep(i) }
    }
  }
}
