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
  /// least one visible pin (a pin is visible as in docs/camera-model.md, padding 0), each drawn
  /// inside the viewport: a cluster whose drawn pin is out of view gives way to its descendants
  /// drawn in view (``fitIn(_:among:viewport:)``). At maxZoom and above: every visible
  /// pin, overlapping ones spiderfied (see ``spiderItems(in:window:)``). Below zoom 0 (a viewport
  /// narrower than 256 points per world) level-0 items are closer than minSeparation on screen, so
  /// the query merges them greedily at the camera's own scale.
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
    let nodes = levelNodes(level: level, window: window)
    result.items = items(nodes.drawn, rectangle: rectangle, capacity: nodes.drawn.count + 2 * nodes.offScreen.count)
    if !nodes.offScreen.isEmpty {
      place(offScreen: nodes.offScreen, among: &result.items, rectangle: rectangle, window: window)
    }
    if rectangle.scale < ClusterOptions.levelScale(0) {
      result.items = mergedBelowZoomZero(result.items, rectangle: rectangle)
    }
    return result
  }

  /// The items of index nodes, made in place in one pass.
  private func items(_ nodes: [UInt32], rectangle: VisibleRectangle, capacity: Int) -> [ClusterItem] {
    [ClusterItem](uninitializedCapacity: capacity) { buffer, count in
      for (i, ref) in nodes.enumerated() {
        (buffer.baseAddress! + i).initialize(
          to: Self.isCluster(ref) ? clusterItem(ref, rectangle: rectangle) : pinItem(ref, rectangle: rectangle))
      }
      count = nodes.count
    }
  }

  /// The nodes of `level` (below maxZoom) holding a visible pin, in depth-first order from the
  /// roots: those whose drawn pin is in view (`drawn`), and those drawn out of view or, under a
  /// filter, at a hidden pin (`offScreen`; invariant 6, ``place(offScreen:among:rectangle:window:)``).
  /// A subtree whose leaf box lies wholly inside the view is emitted without further tests.
  private func levelNodes(level: Int, window: VisibilityWindow) -> (drawn: [UInt32], offScreen: [OffScreenNode]) {
    let test = LeafBoxTest(window: window)
    var drawn: [UInt32] = []
    drawn.reserveCapacity(128)
    var offScreen: [OffScreenNode] = []
    var stack: [(ref: UInt32, inside: Bool)] = roots.reversed().map { (heads[Int($0)], false) }
    stack.reserveCapacity(256)
    while let (ref, inside) = stack.popLast() {
      guard Self.isCluster(ref) else {
        let p = point(ref)
        if (inside || window.contains(x: p.x, y: p.y)) && isShown(ref) { drawn.append(ref) }
        continue
      }
      let c = cluster(ref)
      let overlap = inside ? .inside : self.overlap(c, with: test)
      if overlap == .outside { continue }
      if level <= Int(c.level) {
        if !holdsShown(ref) { continue }  // (ancestors are not asked: nearly all hold one)
        if (overlap == .inside || window.contains(x: c.x, y: c.y)) && isShown(c.seed) {
          drawn.append(ref)
        } else {
          if offScreen.isEmpty { offScreen.reserveCapacity(64) }
          offScreen.append(OffScreenNode(ref: ref, inView: overlap == .inside))
        }
        continue
      }
      // Children in Z order: pushed last first.
      forEachChildLastFirst(of: c) { stack.append(($0, overlap == .inside)) }
    }
    return (drawn, offScreen)
  }

  /// The fragments of a node of the query's level drawn out of view (invariant 6) or, under a
  /// filter, at a hidden pin, depth first: a node whose drawn pin is in view (and shown) is one;
  /// a node whose leaves lie within 1.5 × minSeparation of its drawn pin (minSeparation below
  /// zoom 0: leaves within r of it lie within 2r of any leaf, and 2r + minSeparation — a join —
  /// must stay within 4 × minSeparation, or 3 × where the merge below zoom 0 adds one more) is
  /// one drawn at a (shown) visible leaf, and so is one wholly in view whose leaves lie within
  /// twice that of its category run's shown leaf; otherwise its children are looked at. Nodes
  /// holding no (shown) visible pin give none.
  @inline(never)
  func collectFragments(
    of ref: UInt32, window: VisibilityWindow, test: LeafBoxTest, rectangle: VisibleRectangle,
    into fragments: inout [Fragment], scratch: inout (stack: [UInt32], leaves: [UInt32])
  ) {
    let scale = rectangle.scale
    let reseedRadius = self.reseedRadius(scale: scale)
    if fragments.isEmpty { fragments.reserveCapacity(64) }
    if scratch.stack.capacity == 0 { scratch.stack.reserveCapacity(64) }
    scratch.stack.append(ref)
    var first = true
    while let node = scratch.stack.popLast() {
      guard Self.isCluster(node) else {
        let p = point(node)
        if window.contains(x: p.x, y: p.y) && isShown(node) {
          fragments.append(Fragment(node: node, pin: node, point: rectangle.screenPoint(of: p)))
        }
        continue
      }
      let c = cluster(node)
      // The node itself is known to be drawn out of view, with leaves in view or near it (its
      // overlap matters only for a filter's representative).
      let overlap = first && activeFilter == nil ? .partial : self.overlap(c, with: test)
      if !first {
        if overlap == .outside || !holdsShown(node) { continue }
        if (overlap == .inside || window.contains(x: c.x, y: c.y)) && isShown(c.seed) {
          fragments.append(Fragment(node: node, pin: c.seed, point: rectangle.screenPoint(of: c.point)))
          continue
        }
      }
      first = false
      if overlap == .inside {
        // Only under a filter (a node wholly in view is otherwise drawn at its seed): drawn at its
        // category run's shown leaf when its leaves lie close enough to it, else split.
        if let fragment = representativeFragment(of: node, rectangle: rectangle) {
          fragments.append(fragment)
          continue
        }
      } else if c.extent.radius * scale <= reseedRadius {
        if let pin = visibleLeaf(of: node, in: window, test: test, stack: &scratch.leaves) {
          fragments.append(Fragment(node: node, pin: pin, point: rectangle.screenPoint(of: point(pin))))
        }
        continue
      }
      forEachChild(of: c) { scratch.stack.append($0) }
    }
  }

  /// How far (screen points) a node's leaves may lie from the visible leaf it is drawn at in
  /// place of its drawn pin: 1.5 × minSeparation (minSeparation below zoom 0; see
  /// ``collectFragments(of:window:test:rectangle:into:scratch:)``).
  func reseedRadius(scale: Double) -> Double {
    options.minSeparation * (scale < ClusterOptions.levelScale(0) ? 1 : 1.5)
  }

  /// Under a filter, the fragment of a node wholly in view whose drawn pin is hidden, when it is
  /// drawn whole at its category run's shown leaf: when its leaves lie within reseedRadius of its
  /// drawn pin (so within twice that of the leaf), or every corner of its leaf box within twice
  /// reseedRadius of the leaf — compact or not. `nil` when it is split (or holds no shown leaf).
  func representativeFragment(of ref: UInt32, rectangle: VisibleRectangle) -> Fragment? {
    guard let pin = shownLeafInside(ref) else { return nil }
    let c = cluster(ref)
    let (scale, reseedRadius) = (rectangle.scale, reseedRadius(scale: rectangle.scale))
    guard c.extent.radius * scale <= reseedRadius || leavesLie(within: 2 * reseedRadius / scale, of: pin, in: c)
    else { return nil }
    return Fragment(node: ref, pin: pin, point: rectangle.screenPoint(of: point(pin)))
  }

  /// For a flat query of `rectangle` (below maxZoom) under the filter: per node of its level wholly
  /// in view whose drawn pin is hidden and which ``representativeFragment(of:rectangle:)`` draws
  /// whole, the farthest of its shown leaves from that pin (on screen, through the nearest world
  /// copy), in units of the reseed radius (tests: never beyond 2, so that joining an item keeps
  /// every leaf within 4 × minSeparation).
  package func wholeFragmentReaches(in rectangle: VisibleRectangle) -> [Double] {
    let level = Int(clamping: rectangle.zoom, to: 0...options.maxZoom, rounding: .down) ?? 0
    guard activeFilter != nil, level < options.maxZoom else { return [] }
    let radius = reseedRadius(scale: rectangle.scale)
    var reaches: [Double] = []
    for node in levelNodes(level: level, window: VisibilityWindow(rectangle: rectangle)).offScreen where node.inView {
      guard let fragment = representativeFragment(of: node.ref, rectangle: rectangle) else { continue }
      let drawn = point(fragment.pin)
      let farthest = leaves(of: summary(node.ref)).reduce(0.0) { farthest, leaf in
        let p = point(UInt32(truncatingIfNeeded: leaf))  // (a pin position)
        let (dx, dy) = (WorldCopy.nearestOffset(p.x - drawn.x), p.y - drawn.y)
        return max(farthest, (dx * dx + dy * dy).squareRoot() * rectangle.scale)
      }
      reaches.append(farthest / radius)
    }
    return reaches
  }

  /// A visible leaf under `ref` (a cluster drawn out of view), or `nil`. A child's drawn pin is
  /// a leaf — the seed's node is drawn at the parent's own pin, a member's head at that member —
  /// so each node's members are first looked at for one in view (a few reads of the pin
  /// positions, which is where the search usually ends), and only then are its children searched
  /// depth first, skipping subtrees that cannot hold one (tested when they are reached: the
  /// search usually ends before most are).
  func visibleLeaf<Test: LeafRegionTest>(
    of ref: UInt32, in window: VisibilityWindow, test: Test, stack: inout [UInt32]
  ) -> UInt32? {
    if !stack.isEmpty { stack.removeAll(keepingCapacity: true) }
    if stack.capacity == 0 { stack.reserveCapacity(64) }
    let filter = activeFilter
    stack.append(ref)
    var isRef = true
    // Every node on the stack is drawn at a pin that is out of view or hidden by the filter (its
    // parent's members are looked at before it is pushed, and its seed's node is drawn where
    // its parent is).
    while !stack.isEmpty {
      let node = stack.removeLast()
      let c = cluster(node)
      if !isRef && test.classify(x: c.x, y: c.y, extent: c.extent) == .outside { continue }
      // Under a filter, the shown categories' representatives first (a few reads; the same walk
      // over the run tells whether the node holds a shown leaf at all).
      if let filter {
        let (pin, holdsShown) = filter.visibleRepresentative(Int(node & ~Self.clusterFlag), pins: pins, window: window)
        if let pin { return pin }
        if !holdsShown && !isRef { continue }
      }
      isRef = false
      var k = Int(c.memberStart)
      while true {
        // (Shown first: cheaper than the window test, and under a sparse filter usually false.)
        let slot = members[k]
        let member = slot & ~Self.lastMemberFlag
        if isShown(member) && window.contains(x: pins.mercatorX[Int(member)], y: pins.mercatorY[Int(member)]) {
          return member
        }
        if slot & Self.lastMemberFlag != 0 { break }
        k += 1
      }
      // Depth first, the seed's node first: pushed last. A pin drawn out of view holds no
      // visible leaf.
      forEachChildLastFirst(of: c) { if Self.isCluster($0) { stack.append($0) } }
    }
    return nil
  }

  /// Whether every leaf of `c` lies within `distance` world widths of `pin` (one of its leaves).
  @inline(__always)
  func leavesLie(within distance: Double, of pin: UInt32, in c: Cluster) -> Bool {
    farthestLeafSquared(of: c, from: pin) <= distance * distance
  }

  /// The squared distance (world widths) from `pin` to the farthest corner of `c`'s leaf box: no
  /// leaf is farther.
  @inline(__always)
  func farthestLeafSquared(of c: Cluster, from pin: UInt32) -> Double {
    let (dx, dy) = Cluster.offset(of: point(pin), from: c.point)
    let e = c.extent
    let x = max(abs(e.minX - dx), abs(e.maxX - dx))
    let y = max(abs(e.minY - dy), abs(e.maxY - dy))
    return x * x + y * y
  }

  /// How a cluster's leaves meet the view of `test`.
  @inline(__always)
  func overlap(_ cluster: Cluster, with test: LeafBoxTest) -> Overlap {
    test.classify(x: cluster.x, y: cluster.y, extent: cluster.extent)
  }

  func pinItem(_ pin: UInt32, rectangle: VisibleRectangle) -> ClusterItem {
    pinItem(pin, at: rectangle.screenPoint(of: point(pin)))
  }

  /// The item of a pin drawn at `screen` (its screen point, worked out already).
  @inline(__always)
  func pinItem(_ pin: UInt32, at screen: ScreenPoint) -> ClusterItem {
    ClusterItem(
      kind: .pin, point: screen, coordinate: pins.coordinate(at: Int(pin)), position: Int(pin), anchor: screen,
      cluster: nil, node: pin)
  }

  /// The item of a cluster drawn at its seed (under a filter, a pin when it holds one shown pin:
  /// its seed, since a drawn node's seed is shown).
  func clusterItem(_ ref: UInt32, rectangle: VisibleRectangle) -> ClusterItem {
    clusterItem(ref, summary: summary(ref), rectangle: rectangle)
  }

  /// ``clusterItem(_:rectangle:)`` with the node's ``summary(_:)`` at hand.
  func clusterItem(_ ref: UInt32, summary: ClusterSummary, rectangle: VisibleRectangle) -> ClusterItem {
    let c = cluster(ref)
    if summary.count == 1 && activeFilter != nil { return pinItem(c.seed, rectangle: rectangle) }
    let screen = rectangle.screenPoint(of: c.point)
    return ClusterItem(
      kind: .cluster, point: screen, coordinate: pins.coordinate(at: Int(c.seed)), position: -1,
      anchor: screen,
      cluster: summary, node: ref)
  }

  /// The summary of an index node (a pin counts as a cluster of one); under a filter, of its shown
  /// leaves.
  func summary(_ ref: UInt32) -> ClusterSummary {
    if Self.isCluster(ref), let activeFilter {
      return filteredSummary(ref, filter: activeFilter)
    }
    guard Self.isCluster(ref) else {
      let position = Int(ref)
      let code = pins.statusCodes[position]
      return ClusterSummary(
        idHash: pins.ids.withUTF8(position) { Self.idHash($0) }, count: 1, missing: code == 1 ? 1 : 0,
        found: code == 2 ? 1 : 0,
        closed: code == 3 ? 1 : 0, expansionZoom: options.maxZoom, node: ref)
    }
    // Field by field (a copy of the whole record would go through the stack).
    let number = Int(ref & ~Self.clusterFlag)
    let statuses = statusCounts(ofCluster: number)
    return ClusterSummary(
      idHash: clusters[number].idHash, count: Int(clusters[number].count), missing: statuses.missing,
      found: statuses.found, closed: statuses.closed, expansionZoom: Int(clusters[number].level) + 1, node: ref)
  }

  /// Adds a node's counts and id hash to `summary` and lowers its expansion zoom to the node's:
  /// what merging the node's ``summary(_:)`` in would do, without making that summary (under a
  /// filter, without working out an expansion zoom that cannot lower the summary's).
  @inline(__always)
  func add(_ ref: UInt32, to summary: inout ClusterSummary) {
    guard Self.isCluster(ref) else {
      let part = self.summary(ref)
      summary.expansionZoom = min(summary.expansionZoom, part.expansionZoom)
      summary.addCounts(part)
      return
    }
    if let activeFilter {
      addShown(ref, filter: activeFilter, to: &summary)
      return
    }
    let number = Int(ref & ~Self.clusterFlag)
    summary.expansionZoom = min(summary.expansionZoom, Int(clusters[number].level) + 1)
    summary.idHash &+= clusters[number].idHash
    summary.count += Int(clusters[number].count)
    let statuses = statusCounts(ofCluster: number)
    summary.missing += statuses.missing
    summary.found += statuses.found
    summary.closed += statuses.closed
  }

  /// Below zoom 0: greedy merging (Z order of the drawn pins, as in the build) at the camera's
  /// scale. Each item's leaves lie within 2 × minSeparation of it on screen (2·d₀ world widths
  /// at a scale under level 0's, or a fragment's d₀ plus the minSeparation it joined across), so
  /// merged leaves stay within 3 × minSeparation of the seed.
  private func mergedBelowZoomZero(_ items: [ClusterItem], rectangle: VisibleRectangle) -> [ClusterItem] {
    let d = options.minSeparation
    var order = Array(items.indices)
    let seeds = items.map { seedPin(of: $0.node) }
    order.sort { precedes(seeds[$0], seeds[$1]) }
    var taken = [Bool](repeating: false, count: items.count)
    var out: [ClusterItem] = []
    for (k, i) in order.enumerated() where !taken[i] {
      var parts: [ClusterSummary] = []
      for j in order[(k + 1)...] where !taken[j] && Self.squaredDistance(items[j].point, items[i].point) < d * d {
        taken[j] = true
        parts.append(items[j].cluster ?? summary(items[j].node))
      }
      out.append(merged(items[i], with: parts, expansionZoom: 0))
    }
    return out
  }
}
