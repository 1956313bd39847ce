extension PinIndex {
  /// Positions (into the indexed pin set, ascending = input order) of the pins visible in `window`.
  ///
  /// The same decision as ``PinSet/scanVisible(in:statusFilter:)``, up to floating-point rounding
  /// for pins within about 1e-9 points of an edge.
  ///
  /// - Parameters:
  ///   - window: the camera's prepared visibility test (padding included).
  ///   - statusCodes: the pin set's ``PinSet/statusCodes`` when filtering, with `allowed[code]`
  ///     from ``StatusFilter/codeTable(for:)``; `nil` keeps every pin.
  /// - Complexity: O(log n + k) for a camera showing k pins, plus O(k) to restore input order.
  public func visible(in window: VisibilityWindow, statusCodes: [UInt8]? = nil, allowed: [Bool]? = nil) -> [UInt32] {
    var result: [UInt32] = []
    guard !positions.isEmpty else { return result }
    result.reserveCapacity(256)
    let ext = window.halfExtentX
    // Copy k (the pin drawn at x + k) can be visible when [c.x − ext − k, c.x + ext − k] meets [0, 1].
    // A pin can show in two world copies only if the grown rectangle spans a world somewhere.
    let mayRepeat = 2 * ext >= 1
    // ext < maxTraversedCopies / 2 keeps both copy numbers small (the centre lies in [0, 1]).
    if 2 * ext < Double(Self.maxTraversedCopies),
      let firstCopy = Int(checked: window.centerX - ext - 1, rounding: .up),
      let lastCopy = Int(checked: window.centerX + ext, rounding: .down)
    {
      // World copy k holds the pin at x + k: traverse with the rectangle shifted by −k instead.
      for copy in firstCopy...lastCopy {
        collect(window: window, shift: Double(copy), into: &result)
      }
    } else {
      // A view many worlds wide: one pass over the pins, each tested against every copy at once,
      // so the work never grows with the number of copies the camera shows.
      collectWide(window: window, into: &result)
    }
    if let statusCodes, let allowed {
      result.removeAll { !allowed[Int(statusCodes[Int($0)])] }
    }
    // Many hits: a bitmap over all positions orders (and de-duplicates) them in O(n / 64 + k).
    if result.count > positions.count / 32 { return Self.ordered(result, universe: pinSetCount) }
    RadixSort.sort(&result)
    if mayRepeat { result = Self.unique(result) }
    return result
  }

  private static func unique(_ sorted: [UInt32]) -> [UInt32] {
    var out: [UInt32] = []
    out.reserveCapacity(sorted.count)
    for value in sorted where out.last != value { out.append(value) }
    return out
  }

  /// Distinct values in ascending order via a bitmap of `universe` bits.
  private static func ordered(_ values: [UInt32], universe: Int) -> [UInt32] {
    var bits = [UInt64](repeating: 0, count: (universe + 63) / 64)
    bits.withUnsafeMutableBufferPointer { b in
      for v in values { b[Int(v >> 6)] |= 1 << UInt64(v & 63) }
    }
    var out = [UInt32]()
    out.reserveCapacity(values.count)
    for (w, word) in bits.enumerated() where word != 0 {
      var rest = word
      while rest != 0 {
        out.append(UInt32(w * 64 + rest.trailingZeroBitCount))
        rest &= rest - 1
      }
    }
    return out
  }

  /// Views showing more world copies than this are answered by ``collectWide(window:into:)``.
  static var maxTraversedCopies: Int { 4 }

  private func collectWide(window: VisibilityWindow, into result: inout [UInt32]) {
    points.withUnsafeBufferPointer { points in
      positions.withUnsafeBufferPointer { pos in
        for j in points.indices where window.contains(x: points[j].x, y: points[j].y) { result.append(pos[j]) }
      }
    }
  }

  private func collect(window: VisibilityWindow, shift: Double, into result: inout [UInt32]) {
    if let quad = window.quad {
      collect(QuadNodeTest(quad: quad, shift: shift), into: &result)
    } else {
      collect(RectangleNodeTest(window: window, shift: shift), into: &result)
    }
  }

  private func collect<Test: NodeRegionTest>(_ test: Test, into result: inout [UInt32]) {
    points.withUnsafeBufferPointer { points in
      positions.withUnsafeBufferPointer { pos in
        // Depth-first: at most three siblings wait per level, so 4 · depth + 4 entries suffice.
        var pending = [(node: Int32, level: Int32, ix: UInt32, iy: UInt32)](
          repeating: (0, 0, 0, 0), count: 4 * Self.maxDepth + 8)
        pending.withUnsafeMutableBufferPointer { stack in
          var top = 1
          while top > 0 {
            top -= 1
            let (node, level, ix, iy) = stack[top]
            let current = nodes[Int(node)]
            let n = Int(current.count)
            if n == 0 { continue }
            let size = 1.0 / Double(UInt64(1) << UInt64(level))
            let x0 = Double(ix) * size
            let y0 = Double(iy) * size
            switch test.classify(x0, y0, x0 + size, y0 + size) {
            case .outside:
              continue
            case .inside:
              let start = Int(current.start)
              result.append(contentsOf: pos[start..<(start + n)])
            case .partial:
              let child = current.firstChild
              if child >= 0 {
                for q in 0..<4 {
                  stack[top] = (child + Int32(q), level + 1, 2 * ix + UInt32(q & 1), 2 * iy + UInt32(q >> 1))
                  top += 1
                }
              } else {
                let start = Int(current.start)
                for j in start..<(start + n) where test.contains(points[j].x, points[j].y) { result.append(pos[j]) }
              }
            }
          }
        }
      }
    }
  }
}
