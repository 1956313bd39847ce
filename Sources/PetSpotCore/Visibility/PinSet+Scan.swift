/// The streaming scan: every pin tested once, in input order, with no allocation per pin.
extension PinSet {
  /// Pins tested per block: the flags of one block fit in L1.
  static var scanBlock: Int { 4096 }

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
    let n = count, block = Self.scanBlock
    mercatorX.withUnsafeBufferPointer { xs in
      mercatorY.withUnsafeBufferPointer { ys in
        statusCodes.withUnsafeBufferPointer { codes in
          withUnsafeTemporaryAllocation(of: UInt8.self, capacity: block) { flags in
            var start = 0
            while start < n {
              let end = min(start + block, n)
              if window.isNarrow {
                Self.flagNarrow(window, xs, ys, start, end, flags)
              } else {
                for i in start..<end { flags[i - start] = window.contains(x: xs[i], y: ys[i]) ? 1 : 0 }
              }
              Self.collect(flags, start, end) { i in
                if let table, !table[Int(codes[i])] { return }
                emit(i)
              }
              start = end
            }
          }
        }
      }
    }
  }

  /// The vectorisable loop: one flag byte per pin, selects and compares only.
  @inline(__always)
  private static func flagNarrow(
    _ window: VisibilityWindow, _ xs: UnsafeBufferPointer<Double>, _ ys: UnsafeBufferPointer<Double>,
    _ start: Int, _ end: Int, _ flags: UnsafeMutableBufferPointer<UInt8>
  ) {
    let x = xs.baseAddress! + start, y = ys.baseAddress! + start, f = flags.baseAddress!
    for i in 0..<(end - start) {
      f[i] = window.narrowContains(x: x[i], y: y[i]) ? 1 : 0
    }
  }

  /// Calls `emit` with the position of every set flag, skipping eight clear flags at a time.
  @inline(__always)
  private static func collect(
    _ flags: UnsafeMutableBufferPointer<UInt8>, _ start: Int, _ end: Int, _ emit: (Int) -> Void
  ) {
    let count = end - start
    var i = 0
    let raw = UnsafeRawPointer(flags.baseAddress!)
    while i + 8 <= count {
      let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      if word != 0 {
        for j in i..<(i + 8) where flags[j] != 0 { emit(start + j) }
      }
      i += 8
    }
    while i < count {
      if flags[i] != 0 { emit(start + i) }
      i += 1
    }
  }
}
