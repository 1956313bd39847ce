extension ClusterIndex {
  /// The display items for a camera's visible rectangle.
  ///
  /// Level L = clamp(floor zoom, 0, maxZoom). Below maxZoom: the items of level L that hold at
  /// least one visible pin (a pin is visible as in shared/spec/camera.md, padding 0). At maxZoom and
  /// above: every visible pin, overlapping ones spiderfied (see ``spiderItems(in:window:)``).
  /// Below zoom 0 (a viewport narrower than 256 points per world) level-0 items are closer than
  /// minSeparation on screen, so the query merges them greedily at the camera's own scale.
  ///
  /// - Complexity: proportional to the items returned and their ancestors, not to the pin count.
  public func items(in rectangle: VisibleRectangle) -> ClusterResult {
    let zoom = rectangle.zoom
    let level = zoom.isFinite ? min(max(Int(zoom.rounded(.down)), 0), options.maxZoom) : 0
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
    var out: [ClusterItem] = []
    out.reserveCapacity(128)
    var stack: [(ref: UInt32, inside: Bool)] = roots.reversed().map { (heads[Int($0)], false) }
    stack.reserveCapacity(256)
    var scratch: [UInt32] = []
    scratch.reserveCapacity(256)
    while let (ref, inside) = stack.popLast() {
      guard Self.isCluster(ref) else {
        let p = point(ref)
        if inside || window.contains(x: p.x, y: p.y) { out.append(pinItem(ref, rectangle: rectangle)) }
        continue
      }
      let c = cluster(ref)
      let overlap = inside ? .inside : self.overlap(c, with: window)
      if overlap == .outside { continue }
      if level <= Int(c.level) {
        let p = point(c.representative)
        if overlap == .inside || window.contains(x: p.x, y: p.y) || hasVisibleLeaf(ref, in: window, stack: &scratch) {
          out.append(clusterItem(ref, rectangle: rectangle))
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
    return out
  }

  /// Whether any leaf under `ref` is visible (depth-first, skipping subtrees that cannot be).
  private func hasVisibleLeaf(_ ref: UInt32, in window: VisibilityWindow, stack: inout [UInt32]) -> Bool {
    stack.removeAll(keepingCapacity: true)
    stack.append(ref)
    while let node = stack.popLast() {
      guard Self.isCluster(node) else {
        let p = point(node)
        if window.contains(x: p.x, y: p.y) { return true }
        continue
      }
      let c = cluster(node)
      switch overlap(c, with: window) {
      case .outside: continue
      case .inside: return true
      case .partial:
        let p = point(c.representative)
        if window.contains(x: p.x, y: p.y) { return true }
        forEachChild(of: c) { stack.append($0) }
      }
    }
    return false
  }

  /// How a cluster's leaves meet the view.
  enum Overlap { case outside, inside, partial }

  /// Classifies a cluster's leaf box (``LeafExtent``) against the window's rectangle, by separating
  /// axes (the Mercator axes, then screen right and up) in the world copies near the centre:
  /// outside (no leaf can be visible), inside (every leaf is) or partial. Views wider than a
  /// world are partial unless inside.
  func overlap(_ cluster: Cluster, with window: VisibilityWindow) -> Overlap {
    let p = point(cluster.representative), e = cluster.extent
    let c = window.rotation.cos, s = window.rotation.sin
    let h1 = window.halfWidth, h2 = window.halfHeight
    let extX = window.halfExtentX, extY = h1 * abs(s) + h2 * abs(c)
    let y0 = p.y + Double(e.minY) - window.centerY, y1 = p.y + Double(e.maxY) - window.centerY
    if y1 < -extY || y0 > extY { return .outside }
    var dx = p.x - window.centerX
    if dx >= 0.5 { dx -= 1 } else if dx < -0.5 { dx += 1 }
    let ay0 = y0 * s, ay1 = y1 * s, by0 = -y0 * c, by1 = -y1 * c
    let minAY = min(ay0, ay1), maxAY = max(ay0, ay1), minBY = min(by0, by1), maxBY = max(by0, by1)
    var result = Overlap.outside
    // The copy one world east (shift +1) or west (−1) can only matter near the seam.
    let east = dx + Double(e.minX) + 1 <= extX, west = dx + Double(e.maxX) - 1 >= -extX
    for shift in (west ? -1 : 0)...(east ? 1 : 0) {
      let x0 = dx + Double(shift) + Double(e.minX), x1 = dx + Double(shift) + Double(e.maxX)
      if x1 < -extX || x0 > extX { continue }
      let ax0 = x0 * c, ax1 = x1 * c, bx0 = x0 * s, bx1 = x1 * s
      let minA = min(ax0, ax1) + minAY, maxA = max(ax0, ax1) + maxAY
      let minB = min(bx0, bx1) + minBY, maxB = max(bx0, bx1) + maxBY
      if maxA < -h1 || minA > h1 || maxB < -h2 || minB > h2 { continue }
      if minA >= -h1 && maxA <= h1 && minB >= -h2 && maxB <= h2 { return .inside }
      result = .partial
    }
    // Beyond three copies (a view over a world wide) stay conservative.
    return extX + Double(e.maxX - e.minX) >= 1 ? .partial : result
  }

  func pinItem(_ pin: UInt32, rectangle: VisibleRectangle) -> ClusterItem {
    let screen = rectangle.screenPoint(of: point(pin))
    return ClusterItem(kind: .pin, point: screen, coordinate: pins.coordinate(at: Int(pin)), position: Int(pin), anchor: screen, cluster: nil, node: pin)
  }

  func clusterItem(_ ref: UInt32, rectangle: VisibleRectangle) -> ClusterItem {
    let c = cluster(ref)
    let screen = rectangle.screenPoint(of: point(c.representative))
    return ClusterItem(
      kind: .cluster, point: screen, coordinate: pins.coordinate(at: Int(c.representative)), position: -1, anchor: screen,
      cluster: summary(ref), node: ref)
  }

  /// The summary of an index node (a pin counts as a cluster of one).
  func summary(_ ref: UInt32) -> ClusterSummary {
    guard Self.isCluster(ref) else {
      let position = Int(ref)
      let code = pins.statusCodes[position]
      return ClusterSummary(
        idHash: pins.ids.withUTF8(position) { Self.idHash($0) }, count: 1, missing: code == 1 ? 1 : 0, found: code == 2 ? 1 : 0,
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
    let seeds = items.map { representative(of: $0.node) }
    order.sort { precedes(seeds[$0], seeds[$1]) }
    var taken = [Bool](repeating: false, count: items.count)
    var merged: [ClusterItem] = []
    for (k, i) in order.enumerated() where !taken[i] {
      var seed = items[i]
      var summary: ClusterSummary?
      for j in order[(k + 1)...] where !taken[j] {
        let dx = items[j].point.x - seed.point.x, dy = items[j].point.y - seed.point.y
        guard dx * dx + dy * dy < d * d else { continue }
        taken[j] = true
        if summary == nil { summary = seed.cluster ?? self.summary(seed.node) }
        summary!.add(items[j].cluster ?? self.summary(items[j].node))
      }
      if var summary {
        summary.expansionZoom = 0
        seed = ClusterItem(kind: .cluster, point: seed.point, coordinate: seed.coordinate, position: -1, anchor: seed.point, cluster: summary, node: seed.node)
      }
      merged.append(seed)
    }
    return merged
  }
}
