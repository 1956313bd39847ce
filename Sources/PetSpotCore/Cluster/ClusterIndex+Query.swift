extension ClusterIndex {
  /// The display items for a camera's view (see ``items(in:)-(VisibleRectangle)`` for the rules).
  ///
  /// - Complexity: proportional to the items returned and their ancestors, not to the pin count.
  public func items(in view: CameraView) -> ClusterResult {
    view.projection == nil ? items(in: view.rectangle) : perspectiveItems(in: view)
  }

  /// The display items for a visible rectangle (a camera's, or a region's in tests).
  ///
  /// Level L = clamp(floor zoom, 0, maxZoom). Below maxZoom: the items of level L that hold at
  /// least one visible pin (a pin is visible as in docs/camera-model.md, padding 0). At maxZoom and
  /// above: every visible pin, overlapping ones spiderfied (see ``spiderItems(in:window:)``).
  /// Below zoom 0 (a viewport narrower than 256 points per world) level-0 items are closer than
  /// minSeparation on screen, so the query merges them greedily at the camera's own scale.
  ///
  /// - Complexity: proportional to the items returned and their ancestors, not to the pin count.
  package func items(in rectangle: VisibleRectangle) -> ClusterResult {
    let zoom = rectangle.zoom
    let level = Int(clamping: zoom, to: 0...options.maxZoom, rounding: .down) ?? 0
    let window = VisibilityWindow(rectangle: rectangle)
    var result = ClusterResult(zoom: zoom, level: level, minSeparation: options.minSeparation, items: [])
    if level == options.maxZoom {
      result.items = spiderItems(in: rectangle, window: window)
      return result
    }
    result.items = levelItems(level: level, rectangle: rectangle, window: window)
    if rectangle.scale < ClusterOptions.levelScale(0) {
      result.items = mergedBelowZoomZero(result.items, rectangle: rectangle)
    }
    return result
  }

  /// Items of `level` (below maxZoom) holding a visible pin, in depth-first order from the roots.
  /// A subtree whose leaf disk lies wholly inside the view is emitted without further tests.
  private func levelItems(level: Int, rectangle: VisibleRectangle, window: VisibilityWindow) -> [ClusterItem] {
    let drawn = levelNodes(level: level, window: window)
    // The items are made in place, in one pass over the nodes found.
    return [ClusterItem](uninitializedCapacity: drawn.count) { buffer, count in
      for (i, ref) in drawn.enumerated() {
        (buffer.baseAddress! + i).initialize(
          to: Self.isCluster(ref) ? clusterItem(ref, rectangle: rectangle) : pinItem(ref, rectangle: rectangle))
      }
      count = drawn.count
    }
  }

  /// The nodes ``levelItems(level:rectangle:window:)`` draws, in its order.
  private func levelNodes(level: Int, window: VisibilityWindow) -> [UInt32] {
    let test = LeafBoxTest(window: window)
    var drawn: [UInt32] = []
    drawn.reserveCapacity(128)
    var stack: [(ref: UInt32, inside: Bool)] = roots.reversed().map { (heads[Int($0)], false) }
    stack.reserveCapacity(256)
    var scratch: [UInt32] = []
    scratch.reserveCapacity(256)
    while let (ref, inside) = stack.popLast() {
      guard Self.isCluster(ref) else {
        let p = point(ref)
        if inside || window.contains(x: p.x, y: p.y) { drawn.append(ref) }
        continue
      }
      let c = cluster(ref)
      let overlap = inside ? .inside : self.overlap(c, with: test)
      if overlap == .outside { continue }
      if level <= Int(c.level) {
        if overlap == .inside || window.contains(x: c.x, y: c.y)
          || hasVisibleLeaf(ref, in: window, test: test, stack: &scratch)
        {
          drawn.append(ref)
        }
      } else {
        // Children in Z order: pushed last first.
        let start = Int(c.memberStart)
        for k in stride(from: start + Int(c.memberCount) - 1, through: start, by: -1) {
          stack.append((heads[Int(members[k])], overlap == .inside))
        }
        stack.append((c.up, overlap == .inside))
      }
    }
    return drawn
  }

  /// Whether any leaf under `ref` is visible (depth-first, skipping subtrees that cannot be).
  func hasVisibleLeaf<Test: LeafRegionTest>(
    _ ref: UInt32, in window: VisibilityWindow, test: Test, stack: inout [UInt32]
  ) -> Bool {
    stack.removeAll(keepingCapacity: true)
    stack.append(ref)
    while let node = stack.popLast() {
      guard Self.isCluster(node) else {
        let p = point(node)
        if window.contains(x: p.x, y: p.y) { return true }
        continue
      }
      let c = cluster(node)
      switch test.classify(x: c.x, y: c.y, extent: c.extent) {
      case .outside: continue
      case .inside: return true
      case .partial:
        let p = c.point
        if window.contains(x: p.x, y: p.y) { return true }
        forEachChild(of: c) { stack.append($0) }
      }
    }
    return false
  }

  /// How a cluster's leaves meet the view of `test`.
  @inline(__always)
  func overlap(_ cluster: Cluster, with test: LeafBoxTest) -> Overlap {
    test.classify(x: cluster.x, y: cluster.y, extent: cluster.extent)
  }

  func pinItem(_ pin: UInt32, rectangle: VisibleRectangle) -> ClusterItem {
    let screen = rectangle.screenPoint(of: point(pin))
    return ClusterItem(
      kind: .pin, point: screen, coordinate: pins.coordinate(at: Int(pin)), position: Int(pin), anchor: screen,
      cluster: nil, node: pin)
  }

  func clusterItem(_ ref: UInt32, rectangle: VisibleRectangle) -> ClusterItem {
    let c = cluster(ref)
    let screen = rectangle.screenPoint(of: c.point)
    return ClusterItem(
      kind: .cluster, point: screen, coordinate: pins.coordinate(at: Int(c.seed)), position: -1,
      anchor: screen,
      cluster: summary(ref), node: ref)
  }

  /// The summary of an index node (a pin counts as a cluster of one).
  func summary(_ ref: UInt32) -> ClusterSummary {
    guard Self.isCluster(ref) else {
      let position = Int(ref)
      let code = pins.statusCodes[position]
      return ClusterSummary(
        idHash: pins.ids.withUTF8(position) { Self.idHash($0) }, count: 1, missing: code == 1 ? 1 : 0,
        found: code == 2 ? 1 : 0,
        closed: code == 3 ? 1 : 0, expansionZoom: options.maxZoom, node: ref)
    }
    let c = cluster(ref)
    return ClusterSummary(
      idHash: c.idHash, count: Int(c.count), missing: Int(c.missing), found: Int(c.found), closed: Int(c.closed),
      expansionZoom: Int(c.level) + 1, node: ref)
  }

  /// Below zoom 0: greedy merging (Z order of the drawn pins, as in the build) at the camera's
  /// scale. Merged leaves stay within d/s + 2·d₀ < 3 × minSeparation of the seed on screen.
  private func mergedBelowZoomZero(_ items: [ClusterItem], rectangle: VisibleRectangle) -> [ClusterItem] {
    let d = options.minSeparation
    var order = Array(items.indices)
    let seeds = items.map { seedPin(of: $0.node) }
    order.sort { precedes(seeds[$0], seeds[$1]) }
    var taken = [Bool](repeating: false, count: items.count)
    var merged: [ClusterItem] = []
    for (k, i) in order.enumerated() where !taken[i] {
      var seed = items[i]
      var summary: ClusterSummary?
      for j in order[(k + 1)...] where !taken[j] {
        let dx = items[j].point.x - seed.point.x
        let dy = items[j].point.y - seed.point.y
        guard dx * dx + dy * dy < d * d else { continue }
        taken[j] = true
        if summary == nil { summary = seed.cluster ?? self.summary(seed.node) }
        summary!.add(items[j].cluster ?? self.summary(items[j].node))
      }
      if var summary {
        summary.expansionZoom = 0
        seed = ClusterItem(
          kind: .cluster, point: seed.point, coordinate: seed.coordinate, position: -1, anchor: seed.point,
          cluster: summary, node: seed.node)
      }
      merged.append(seed)
    }
    return merged
  }
}
