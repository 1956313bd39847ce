import RealModule

/// Clustering under perspective (docs/clustering.md, "Tilted cameras"): the far part of a tilted
/// view shows more ground per point, so no single hierarchy level keeps the separation everywhere.
extension ClusterIndex {
  /// The display items of a tilted or corner-form view.
  ///
  /// 1. **Cut.** From the roots down, a cluster is drawn when the level its drawn point asks for
  ///    (``LocalLevels``: floor of log2(σ/256), σ the smaller singular value of H's Jacobian there,
  ///    and in the near half of the screen at least the flat camera's level) is not above its own
  ///    level and its leaf box spans at most 3 × minSeparation on screen around its drawn point;
  ///    otherwise its children are looked at. One drawn out of view (invariant 6) is drawn at a
  ///    visible leaf when its leaf box spans at most minSeparation, else its children are looked
  ///    at. Pins whose local level reaches maxZoom are "fine".
  /// 2. **Repair.** The other items are merged greedily on screen (Z order of their drawn pins: a
  ///    seed takes every later item closer than minSeparation), so every two are minSeparation
  ///    apart and a merged cluster's leaves stay within d + 3d = 4 × minSeparation of it.
  /// 3. **Fine pins** within minSeparation of a cluster join it; the rest are spiderfied on screen
  ///    as at maxZoom (``SpiderGroups/settle(width:height:)``: groups merged until their layouts
  ///    keep the separation, slid inside the viewport, stacked when they cannot be), and a spider
  ///    group whose layout comes closer than minSeparation to a cluster joins that cluster.
  func perspectiveItems(in view: CameraView) -> ClusterResult {
    let zoom = view.zoom
    let level = Int(clamping: zoom, to: 0...options.maxZoom, rounding: .down) ?? 0
    var result = ClusterResult(zoom: zoom, level: level, minSeparation: options.minSeparation, items: [])
    let window = VisibilityWindow(view: view)
    guard let quad = window.quad, let projection = view.projection else { return result }
    let cut = perspectiveCut(view: view, projection: projection, window: window, test: QuadLeafTest(quad: quad))
    result.items = repaired(cut, view: view)
    return result
  }

  /// A node of the cut: what it is, where it is drawn (at `pin`: its drawn pin, or a visible leaf
  /// when its drawn pin is out of view) and whether it is a fine pin.
  private struct CutNode {
    var ref: UInt32
    var point: ScreenPoint
    var isFine: Bool
    var pin: UInt32
  }

  /// Step 1: the nodes to draw, each holding at least one visible pin.
  private func perspectiveCut(
    view: CameraView, projection: ViewProjection, window: VisibilityWindow, test: QuadLeafTest
  ) -> [CutNode] {
    let maxRadius = 3 * options.minSeparation
    let levels = LocalLevels(view: view, maxZoom: options.maxZoom)
    var out: [CutNode] = []
    out.reserveCapacity(256)
    var stack: [(ref: UInt32, inside: Bool)] = roots.reversed().map { (heads[Int($0)], false) }
    var scratch: [UInt32] = []
    while let (ref, inside) = stack.popLast() {
      guard Self.isCluster(ref) else {
        let p = point(ref)
        guard inside || window.contains(x: p.x, y: p.y), isShown(ref) else { continue }
        let (dx, dy) = offset(of: p, in: view, projection: projection)
        let screen = projection.screenPoint(dx: dx, dy: dy)
        let isFine = levels.reachesMaxZoom(projection.localScales(dx: dx, dy: dy).smallest, screenY: screen.y)
        out.append(CutNode(ref: ref, point: screen, isFine: isFine, pin: ref))
        continue
      }
      let c = cluster(ref)
      let overlap = inside ? .inside : test.classify(x: c.x, y: c.y, extent: c.extent)
      if overlap == .outside || !holdsShown(ref) { continue }
      let (dx, dy) = offset(of: c.point, in: view, projection: projection)
      if projection.depth(dx: dx, dy: dy) > 0 {
        let screen = projection.screenPoint(dx: dx, dy: dy)
        if levels.isFineEnough(
          level: Int(c.level), scale: projection.localScales(dx: dx, dy: dy).smallest, screenY: screen.y),
          let radius = screenRadius(of: c, dx: dx, dy: dy, projection: projection), radius <= maxRadius
        {
          if (overlap == .inside || window.contains(x: c.x, y: c.y)) && isShown(c.seed) {
            out.append(CutNode(ref: ref, point: screen, isFine: false, pin: c.seed))
            continue
          }
          // Drawn out of view (invariant 6) or at a pin the filter hides: at a shown visible leaf
          // when its leaves lie within 1.5 × minSeparation (then within 3 × minSeparation of that
          // leaf) and its level is fine enough there too, else its children.
          // Under a filter, a node wholly in view may also be drawn at its category run's shown
          // leaf when every corner of its leaf box lies within 3 × minSeparation of it.
          let representative = overlap == .inside ? shownLeafInside(ref, test: nil) : nil
          let compact = radius <= 1.5 * options.minSeparation
          if compact || representative != nil {
            guard let pin = representative ?? visibleLeaf(of: ref, in: window, test: test, stack: &scratch)
            else { continue }
            let (px, py) = offset(of: point(pin), in: view, projection: projection)
            let leafScreen = projection.screenPoint(dx: px, dy: py)
            if levels.isFineEnough(
              level: Int(c.level), scale: projection.localScales(dx: px, dy: py).smallest, screenY: leafScreen.y),
              compact
                || (screenRadius(of: c, dx: dx, dy: dy, projection: projection, around: leafScreen) ?? .infinity)
                  <= 3 * options.minSeparation
            {
              out.append(CutNode(ref: ref, point: leafScreen, isFine: false, pin: pin))
              continue
            }
          }
        }
      }
      // Too coarse here, too wide on screen, or drawn out of view: its children.
      let start = Int(c.memberStart)
      for k in stride(from: start + Int(c.memberCount) - 1, through: start, by: -1) {
        stack.append((heads[Int(members[k])], overlap == .inside))
      }
      stack.append((c.up, overlap == .inside))
    }
    return out
  }

  /// The offset of a Mercator point from the view's origin in the world copy it is drawn in.
  private func offset(of p: MercatorPoint, in view: CameraView, projection: ViewProjection) -> (Double, Double) {
    (view.drawnOffset(of: p), p.y - projection.origin.y)
  }

  /// The largest screen distance from a cluster's drawn point (or from `around`) to a corner of
  /// its leaf box (the image of the box is the convex hull of its corners' images), or `nil` when
  /// part of the box is not in front of the camera.
  private func screenRadius(
    of c: Cluster, dx: Double, dy: Double, projection: ViewProjection, around: ScreenPoint? = nil
  ) -> Double? {
    let centre = around ?? projection.screenPoint(dx: dx, dy: dy)
    var radius = 0.0
    let e = c.extent
    for (ex, ey) in [(e.minX, e.minY), (e.maxX, e.minY), (e.maxX, e.maxY), (e.minX, e.maxY)] {
      let (cx, cy) = (dx + ex, dy + ey)
      guard projection.depth(dx: cx, dy: cy) > 0 else { return nil }
      let corner = projection.screenPoint(dx: cx, dy: cy)
      radius = max(
        radius,
        ((corner.x - centre.x) * (corner.x - centre.x) + (corner.y - centre.y) * (corner.y - centre.y)).squareRoot())
    }
    return radius.isFinite ? radius : nil
  }

  /// Steps 2 and 3: the separation repaired on screen.
  private func repaired(_ cut: [CutNode], view: CameraView) -> [ClusterItem] {
    let d = options.minSeparation
    // Z order of the drawn pins (Morton key, then position), as the build's greedy pass.
    let keys = self.keys
    let zKeys = cut.map { node in
      let pin = node.pin
      return (key: keys[Int(pin)], pin: pin)
    }
    let order = cut.indices.sorted { zKeys[$0] < zKeys[$1] }
    let coarse = order.filter { !cut[$0].isFine }
    let fine = order.filter { cut[$0].isFine }
    let points = cut.map(\.point)
    // Step 2: greedy merge of the coarse items.
    let grid = ScreenGrid(points, indices: coarse)
    var taken = [Bool](repeating: false, count: cut.count)
    var seeds: [Int] = []
    var parts = [[Int]](repeating: [], count: cut.count)
    for i in coarse where !taken[i] {
      taken[i] = true
      seeds.append(i)
      grid.forEachNeighbour(of: points[i], within: d) { j in
        guard !taken[j] else { return }
        taken[j] = true
        parts[i].append(j)
      }
    }
    let seedGrid = ScreenGrid(points, indices: seeds)
    // Step 3: fine pins near a cluster join it; the rest are spiderfied.
    var loose: [Int] = []
    for i in fine {
      if let seed = seedGrid.nearest(to: points[i], within: d) {
        parts[seed].append(i)
      } else {
        loose.append(i)
      }
    }
    var spiderItems: [ClusterItem] = []
    if !loose.isEmpty {
      var spiders = SpiderGroups(anchors: loose.map { points[$0] }, separation: d)
      spiders.settle(width: view.camera.width, height: view.camera.height)
      for group in spiders.groups {
        if let seed = seedGrid.nearest(to: group.center, within: group.radius + d) {
          parts[seed] += group.members.map { loose[$0] }
          continue
        }
        spiderItems += spiderLegs(group, pins: group.members.map { cut[loose[$0]] }, view: view)
      }
    }
    var items: [ClusterItem] = []
    items.reserveCapacity(seeds.count + spiderItems.count)
    for i in seeds {
      items.append(item(cut[i], merging: parts[i].map { cut[$0] }, view: view))
    }
    return items + spiderItems
  }

  /// The item of a coarse seed, merged with `parts` when there are any (under a filter, a cluster
  /// holding one shown pin is that pin).
  private func item(_ node: CutNode, merging parts: [CutNode], view: CameraView) -> ClusterItem {
    let isPin = !Self.isCluster(node.ref) || (activeFilter != nil && shownCount(node.ref) == 1)
    let base =
      !isPin
      ? ClusterItem(
        kind: .cluster, point: node.point, coordinate: pins.coordinate(at: Int(node.pin)),
        position: -1, anchor: node.point, cluster: summary(node.ref), node: node.ref)
      : ClusterItem(
        kind: .pin, point: node.point, coordinate: pins.coordinate(at: Int(node.pin)), position: Int(node.pin),
        anchor: node.point, cluster: nil, node: node.pin)
    return merged(base, with: parts.map { summary($0.ref) })
  }

  /// A spider group's items (a lone pin stays a pin; a stack is one cluster at its seed).
  private func spiderLegs(_ group: SpiderGroups.Group, pins nodes: [CutNode], view: CameraView) -> [ClusterItem] {
    guard nodes.count > 1, !group.isStack else {
      return [item(nodes[0], merging: Array(nodes.dropFirst()), view: view)]
    }
    let offsets = group.offsets(separation: options.minSeparation)
    return zip(nodes, offsets).map { node, offset in
      let point = ScreenPoint(x: group.center.x + offset.dx, y: group.center.y + offset.dy)
      let coordinate =
        view.mercatorPoint(at: point).flatMap { m in
          GeoCoordinate(
            latitude: WebMercator.latitude(y: m.y), longitude: Longitude.wrapped(WebMercator.longitude(x: m.x)))
        } ?? pins.coordinate(at: Int(node.ref))
      return ClusterItem(
        kind: .spider, point: point, coordinate: coordinate, position: Int(node.ref), anchor: node.point,
        cluster: nil, node: node.ref)
    }
  }
}

/// The level a tilted view asks for at a point: the level whose separation holds in every
/// direction there (⌊log2(σ/256)⌋, σ the smaller local scale), and in the near half of the screen
/// (y ≥ height/2) at least the flat camera's level, so that near the camera items are never
/// coarser than a flat camera of the same zoom would show them. Compared by scale, no logarithms.
struct LocalLevels {
  let flatLevel: Int
  let halfHeight: Double
  let maxZoom: Int

  init(view: CameraView, maxZoom: Int) {
    flatLevel = Int(clamping: view.zoom, to: 0...maxZoom, rounding: .down) ?? 0
    halfHeight = view.camera.height / 2
    self.maxZoom = maxZoom
  }

  /// Whether a cluster of `level` is fine enough where the smaller local scale is `scale`.
  @inline(__always)
  func isFineEnough(level: Int, scale: Double, screenY: Double) -> Bool {
    if screenY >= halfHeight && level < flatLevel { return false }
    return level >= maxZoom || scale < ClusterOptions.levelScale(level + 1)
  }

  /// Whether a pin there is shown at maxZoom or beyond (spiderfied, never clustered).
  @inline(__always)
  func reachesMaxZoom(_ scale: Double, screenY: Double) -> Bool {
    (screenY >= halfHeight && flatLevel >= maxZoom) || scale >= ClusterOptions.levelScale(maxZoom)
  }
}
