/// How a visibility query is answered best, chosen per query from the index's own pin counts.
public enum PrunePlan: String, Sendable, CaseIterable {
  /// Every indexed pin is visible: the answer is all of them, written at memory speed.
  case all
  /// A large share of the pins is visible: one streaming pass over the coordinates (the scan
  /// kernel) beats walking the tree and ordering its runs.
  case scan
  /// A part of the pins: walk the quadtree (O(log n + k)).
  case index
}

extension PinIndex {
  /// The share of the indexed pins from which a scan answers faster than the tree walk. Measured
  /// on 1M and 10M skewed pins (docs/benchmarks.md, "Prune plans", medians): the walk costs about
  /// 3 ns per hit at 1M and 4–6 ns at 10M, the AVX2 scan about 2–2.5 ns per pin, hit or not; at
  /// 48–51 % of the pins in view the walk took 58–94 % of the scan's time, at 75 % the scan won.
  public static var scanShare: Double { 0.7 }

  /// The share from which a scan wins for a flat view whose heading is a multiple of 90°, on a CPU
  /// with a vector scan kernel: its x bounds are the same for every pin, the kernels' cheapest test
  /// (a few compares a pin). Measured on 1M and 10M skewed pins (docs/benchmarks.md, "The scan's window
  /// shapes"): the walk costs about 1.3–1.7 ns per hit there, the AVX-512 scan 0.35–0.5 ns per pin;
  /// at 19 % of the pins in view the walk won, at 36 % the scan. (Rotated and tilted views keep
  /// ``scanShare``: their scan evaluates its lines per pin, and their crossing was not measured.)
  public static var axisAlignedScanShare: Double { 0.3 }

  /// The share ``plan(for:)`` compares with for `window`: by how cheaply the scan tests its pins
  /// (``PinSet/scanCost(of:)``), on a CPU with a vector kernel; ``scanShare`` otherwise.
  public static func scanShare(for window: VisibilityWindow) -> Double {
    guard PinSet.hasVectorScanKernel else { return scanShare }
    switch PinSet.scanCost(of: window) {
    case .constantBounds: return axisAlignedScanShare
    case .oneCopy: return oneCopyScanShare
    case .general: return scanShare
    }
  }

  /// The share from which a scan wins for a rotated or tilted view narrower than the world, on a
  /// CPU with a vector scan kernel (``ScanCost/oneCopy``). Measured on the same pins, rotated 30°
  /// and tilted 45° (docs/benchmarks.md, "The scan's window shapes"): at 16–24 % of the pins in view
  /// the walk won, at 34–38 % the scan.
  public static var oneCopyScanShare: Double { 0.35 }

  /// The levels ``plan(for:)`` reads at most.
  static var planDepth: Int { 8 }

  /// The plan for `window`: ``PrunePlan/all`` when every indexed pin lies in a node inside the
  /// view (in some world copy), ``PrunePlan/scan`` when at least ``scanShare(for:)`` of the pins
  /// are visible,
  /// ``PrunePlan/index`` otherwise; a view so wide that the index itself would read every pin
  /// (more than ``maxTraversedCopies`` worlds) is a scan.
  ///
  /// Reads the tree level by level, each node against every world copy the view shows: pins of
  /// nodes inside the view are certainly visible (a lower bound), pins of nodes on its edge
  /// perhaps (the rest of the upper bound); it stops as soon as the bounds fall on one side of
  /// the share (reading on while every pin may still be visible), or after ``planDepth`` levels
  /// (then the midpoint decides); when every pin may be in view and at most 1/64 of them are
  /// undecided, it tests those pins. - Complexity: O(levels × nodes on the view's edge + n / 64),
  /// against answers of most of the pins whenever it reads that far.
  public func plan(for window: VisibilityWindow) -> PrunePlan {
    guard !positions.isEmpty else { return .index }
    let ext = window.halfExtentX
    guard 2 * ext < Double(Self.maxTraversedCopies),
      let firstCopy = Int(checked: window.centerX - ext - 1, rounding: .up),
      let lastCopy = Int(checked: window.centerX + ext, rounding: .down)
    else { return .scan }
    return plan(
      regions: (firstCopy...lastCopy).map { Self.region(of: window, shift: Double($0)) },
      share: Self.scanShare(for: window))
  }

  /// The plan for `window` when the answer is wanted in `order`. In ``PruneOrder/any`` order the
  /// walk writes the nodes inside the view as runs of positions without reading their pins and
  /// sorts nothing, so it beats the scan at every share (docs/benchmarks.md, "Prune in any
  /// order"): ``PrunePlan/scan`` becomes ``PrunePlan/index`` — except for a view at least a world
  /// wide, whose walk still sorts its hits to drop the pins two world copies repeat.
  public func plan(for window: VisibilityWindow, order: PruneOrder) -> PrunePlan {
    let planned = plan(for: window)
    guard order == .any, planned == .scan, 2 * window.halfExtentX < 1 else { return planned }
    return .index
  }

  private func plan(regions: [HalfPlaneRegion], share: Double) -> PrunePlan {
    // A node against the view in every world copy at once: inside one copy is inside.
    func classify(_ x0: Double, _ y0: Double, _ size: Double) -> Overlap {
      var overlap = Overlap.outside
      for region in regions {
        switch region.classify(x0, y0, x0 + size, y0 + size).overlap {
        case .inside: return .inside
        case .partial: overlap = .partial
        case .outside: continue
        }
      }
      return overlap
    }
    let threshold = Double(count) * share
    var certain = 0
    // Nodes on the view's edge: (node, level, ix, iy).
    var edge: [(node: Int32, level: Int32, ix: UInt32, iy: UInt32)] = []
    switch classify(0, 0, 1) {
    case .inside: return .all
    case .partial: edge.append((0, 0, 0, 0))
    case .outside: return .index
    }
    for _ in 0..<Self.planDepth {
      let possible = certain + edge.reduce(0) { $0 + Int(nodes[Int($1.node)].count) }
      if certain == count { return .all }
      if Double(possible) < threshold { return .index }
      // Enough for a scan, and some pins certainly not in view (else read on: it may be all).
      if Double(certain) >= threshold && possible < count { return .scan }
      // Every pin may be in view and few are undecided: test those (pins on the view's very edge,
      // e.g. along the antimeridian of a view exactly one world wide).
      if possible == count && possible - certain <= count / 64 {
        return edgePinsVisible(edge, regions: regions) ? .all : .scan
      }
      var next: [(node: Int32, level: Int32, ix: UInt32, iy: UInt32)] = []
      for entry in edge {
        let child = nodes[Int(entry.node)].firstChild
        guard child >= 0 else {
          next.append(entry)  // a leaf: its pins stay possible
          continue
        }
        let size = 1.0 / Double(UInt64(1) << UInt64(entry.level + 1))
        for q in 0..<4 {
          let node = child + Int32(q)
          guard nodes[Int(node)].count > 0 else { continue }
          let ix = 2 * entry.ix + UInt32(q & 1)
          let iy = 2 * entry.iy + UInt32(q >> 1)
          switch classify(Double(ix) * size, Double(iy) * size, size) {
          case .inside: certain += Int(nodes[Int(node)].count)
          case .partial: next.append((node, entry.level + 1, ix, iy))
          case .outside: continue
          }
        }
      }
      edge = next
    }
    if certain == count { return .all }
    let possible = certain + edge.reduce(0) { $0 + Int(nodes[Int($1.node)].count) }
    return Double(certain + possible) / 2 >= threshold ? .scan : .index
  }

  /// Whether every pin of the `edge` nodes lies in the view in some world copy.
  private func edgePinsVisible(
    _ edge: [(node: Int32, level: Int32, ix: UInt32, iy: UInt32)], regions: [HalfPlaneRegion]
  ) -> Bool {
    edge.allSatisfy { entry in
      let node = nodes[Int(entry.node)]
      let start = Int(node.start)
      return (start..<(start + Int(node.count))).allSatisfy { j in
        regions.contains { $0.contains(points[j].x, points[j].y) }
      }
    }
  }
}
