extension PinIndex {
  /// Positions (into the indexed pin set; ascending = input order unless `order` is
  /// ``PruneOrder/any``) of the pins visible in `window`.
  ///
  /// The same decision as ``PinSet/scanVisible(in:statusFilter:)``, up to floating-point rounding
  /// for pins within about 1e-9 points of an edge.
  ///
  /// - Parameters:
  ///   - window: the camera's prepared visibility test (padding included).
  ///   - statusCodes: the pin set's ``PinSet/statusCodes`` when filtering, with `allowed[code]`
  ///     from ``StatusFilter/codeTable(for:)``; `nil` keeps every pin.
  ///   - order: ``PruneOrder/input`` (ascending positions) or ``PruneOrder/any`` (the walk's
  ///     spatial order, no sort; a view wider than the world, whose copies may repeat a pin, is
  ///     still sorted to drop the repeats).
  /// - Complexity: O(log n + k) for a camera showing k pins, plus O(k) to restore input order
  ///   (a radix sort: at 10M pins most of a small view's time).
  public func visible(
    in window: VisibilityWindow, statusCodes: [UInt8]? = nil, allowed: [Bool]? = nil, order: PruneOrder = .input
  ) -> [UInt32] {
    var result: [UInt32] = []
    visible(in: window, statusCodes: statusCodes, allowed: allowed, order: order, into: &result)
    return result
  }

  /// ``visible(in:statusCodes:allowed:order:)`` written into `result`, whose elements are replaced:
  /// when its capacity holds the walk's runs they are written there, so a caller pruning every
  /// frame with the same array takes no fresh pages for an answer of millions of pins.
  public func visible(
    in window: VisibilityWindow, statusCodes: [UInt8]? = nil, allowed: [Bool]? = nil, order: PruneOrder = .input,
    into result: inout [UInt32]
  ) {
    result.removeAll(keepingCapacity: true)
    guard !positions.isEmpty else { return }
    let ext = window.halfExtentX
    // Copy k (the pin drawn at x + k) can be visible when [c.x − ext − k, c.x + ext − k] meets [0, 1].
    // A pin can show in two world copies only if the grown rectangle spans a world somewhere.
    let mayRepeat = 2 * ext >= 1
    // ext < maxTraversedCopies / 2 keeps both copy numbers small (the centre lies in [0, 1]).
    if 2 * ext < Double(Self.maxTraversedCopies),
      let firstCopy = Int(checked: window.centerX - ext - 1, rounding: .up),
      let lastCopy = Int(checked: window.centerX + ext, rounding: .down)
    {
      // World copy k holds the pin at x + k: traverse with the region shifted by −k instead.
      let regions = (firstCopy...lastCopy).map { Self.region(of: window, shift: Double($0)) }
      collect(in: regions, into: &result)
    } else {
      // A view many worlds wide: one pass over the pins, each tested against every copy at once,
      // so the work never grows with the number of copies the camera shows.
      collectWide(window: window, into: &result)
    }
    if let statusCodes, let allowed {
      result.removeAll { !allowed[Int(statusCodes[Int($0)])] }
    }
    if order == .any && !mayRepeat { return }
    // Many hits: a bitmap over all positions orders (and de-duplicates) them in O(n / 64 + k).
    if result.count > positions.count / 32 {
      result = Self.ordered(result, universe: pinSetCount)
      return
    }
    RadixSort.sort(&result)
    if mayRepeat { result = Self.unique(result) }
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

  /// A node on the view's edge holding at most this many pins is not split: its pins are tested
  /// against the edges crossing it instead (branch-free, about a nanosecond a pin) — cheaper than
  /// classifying four children and writing their runs. 0 and 64 were slower on tilted views
  /// (docs/benchmarks.md, "Tilted views at the bar").
  static var splitPartialAbove: UInt32 { 128 }

  /// Views showing more world copies than this are answered by ``collectWide(window:into:)``.
  static var maxTraversedCopies: Int { 4 }

  private func collectWide(window: VisibilityWindow, into result: inout [UInt32]) {
    points.withUnsafeBufferPointer { points in
      positions.withUnsafeBufferPointer { pos in
        for j in points.indices where window.contains(x: points[j].x, y: points[j].y) { result.append(pos[j]) }
      }
    }
  }

  /// The view's region in one world copy (the pins drawn at x + shift).
  static func region(of window: VisibilityWindow, shift: Double) -> HalfPlaneRegion {
    if let quad = window.quad { return HalfPlaneRegion(quad: quad, shift: shift) }
    return HalfPlaneRegion(window: window, shift: shift)
  }

  /// A run of sorted slots the walk found: a node wholly in view (`crossing` 0), or a small node on
  /// the view's edge with the edges crossing it, in world copy `copy` (an index into the regions).
  private struct SlotRun {
    var start: UInt32
    var count: UInt32
    var crossing: UInt8
    var copy: UInt8
  }

  /// The positions of the pins in `regions` (one per world copy, at most ``maxTraversedCopies`` + 1),
  /// in the walk's order: first the runs are found (the tree walk), then written into one array
  /// of the runs' total size, edge nodes tested without a branch per pin.
  private func collect(in regions: [HalfPlaneRegion], into result: inout [UInt32]) {
    var runs: [SlotRun] = []
    runs.reserveCapacity(256)
    var total = 0
    for (copy, region) in regions.enumerated() {
      walk(region, copy: UInt8(truncatingIfNeeded: copy), into: &runs, total: &total)
    }
    guard total > 0 else { return }
    if result.capacity < total {
      // Fresh memory: written without zeroing it first.
      result = [UInt32](uninitializedCapacity: total) { out, count in
        count = write(runs, of: regions, to: out.baseAddress!)
      }
    } else {
      // The caller's memory: zeroed in place (no fresh pages), then written.
      result.append(contentsOf: repeatElement(0, count: total))
      let count = result.withUnsafeMutableBufferPointer { write(runs, of: regions, to: $0.baseAddress!) }
      result.removeLast(total - count)
    }
  }

  /// Writes the positions of `runs` to `base` (room for their total size): runs inside the view
  /// copied, edge runs tested against the edges crossing them. Returns how many were written.
  private func write(_ runs: [SlotRun], of regions: [HalfPlaneRegion], to base: UnsafeMutablePointer<UInt32>) -> Int {
    points.withUnsafeBufferPointer { points in
      positions.withUnsafeBufferPointer { pos in
        var n = 0
        for run in runs {
          let (start, length) = (Int(run.start), Int(run.count))
          if run.crossing == 0 {
            (base + n).initialize(from: pos.baseAddress! + start, count: length)
            n += length
          } else {
            regions[Int(run.copy)].select(
              start..<(start + length), crossing: run.crossing, points: points, positions: pos, into: base, count: &n)
          }
        }
        return n
      }
    }
  }

  /// The tree walk in one world copy: appends the runs of nodes inside `region` and of leaves (or
  /// nodes of at most ``splitPartialAbove`` pins) on its edge, adding their sizes to `total`.
  private func walk(_ region: HalfPlaneRegion, copy: UInt8, into runs: inout [SlotRun], total: inout Int) {
    // Depth-first: at most three siblings wait per level, so 4 · depth + 4 entries suffice.
    withUnsafeTemporaryAllocation(
      of: (node: Int32, level: Int32, ix: UInt32, iy: UInt32).self, capacity: 4 * Self.maxDepth + 8
    ) {
      stack in
      nodes.withUnsafeBufferPointer { nodes in
        stack[0] = (0, 0, 0, 0)
        var top = 1
        while top > 0 {
          top -= 1
          let (node, level, ix, iy) = stack[top]
          let current = nodes[Int(node)]
          if current.count == 0 { continue }
          let size = 1.0 / Double(UInt64(1) << UInt64(level))
          let x0 = Double(ix) * size
          let y0 = Double(iy) * size
          let (overlap, crossing) = region.classify(x0, y0, x0 + size, y0 + size)
          switch overlap {
          case .outside:
            continue
          case .inside:
            runs.append(SlotRun(start: current.start, count: current.count, crossing: 0, copy: copy))
            total += Int(current.count)
          case .partial:
            let child = current.firstChild
            if child >= 0 && current.count > Self.splitPartialAbove {
              for q in 0..<4 {
                stack[top] = (child + Int32(q), level + 1, 2 * ix + UInt32(q & 1), 2 * iy + UInt32(q >> 1))
                top += 1
              }
            } else {
              runs.append(SlotRun(start: current.start, count: current.count, crossing: crossing, copy: copy))
              total += Int(current.count)
            }
          }
        }
      }
    }
  }
}
