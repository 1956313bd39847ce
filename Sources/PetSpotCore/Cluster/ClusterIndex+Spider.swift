extension ClusterIndex {
  /// Items at maxZoom and above: every visible pin, at its true position when nothing is within
  /// minSeparation of it on screen, otherwise spiderfied.
  ///
  /// Groups: a greedy pass in Z order at the camera's scale (as the build, in points) puts pins
  /// closer than d into groups; a group of n is laid out around its centroid (``SpiderLayout``),
  /// taking a disk of radius ρ(n). Groups whose disks come closer than d (ρᵢ + ρⱼ + d between
  /// centres) are merged until none do, so every two items stay d apart. A group reaching past the
  /// viewport is slid inside when the viewport has room and the slide keeps that rule.
  func spiderItems(in rectangle: VisibleRectangle, window: VisibilityWindow) -> [ClusterItem] {
    let visible = visiblePins(in: window)
    let anchors = visible.map { rectangle.screenPoint(of: point($0)) }
    var groups = SpiderGroups(anchors: anchors, separation: options.minSeparation)
    groups.mergeOverlapping()
    groups.slideInside(width: rectangle.viewportWidth, height: rectangle.viewportHeight)
    var out: [ClusterItem] = []
    out.reserveCapacity(visible.count)
    for group in groups.groups {
      if group.members.count == 1 {
        out.append(pinItem(visible[group.members[0]], rectangle: rectangle))
        continue
      }
      let offsets = SpiderLayout.offsets(count: group.members.count, separation: options.minSeparation)
      for (member, offset) in zip(group.members, offsets) {
        let pin = visible[member]
        let point = ScreenPoint(x: group.center.x + offset.dx, y: group.center.y + offset.dy)
        let m = rectangle.mercatorPoint(at: point)
        let coordinate = GeoCoordinate(
          latitude: WebMercator.latitude(y: m.y), longitude: Longitude.wrapped(WebMercator.longitude(x: m.x)))
        out.append(
          ClusterItem(
            kind: .spider, point: point, coordinate: coordinate, position: Int(pin), anchor: anchors[member],
            cluster: nil, node: pin))
      }
    }
    return out
  }

  /// The visible pins, in Z order.
  private func visiblePins(in window: VisibilityWindow) -> [UInt32] {
    let test = LeafBoxTest(window: window)
    var out: [UInt32] = []
    var stack: [UInt32] = roots.map { heads[Int($0)] }
    while let ref = stack.popLast() {
      guard Self.isCluster(ref) else {
        let p = point(ref)
        if window.contains(x: p.x, y: p.y) { out.append(ref) }
        continue
      }
      let c = cluster(ref)
      guard overlap(c, with: test) != .outside else { continue }
      forEachChild(of: c) { stack.append($0) }
    }
    out.sort { precedes($0, $1) }
    return out
  }
}

/// Spider groups on screen, merged until their layouts keep the separation.
struct SpiderGroups {
  struct Group {
    /// Indices into the anchors, ascending (Z order).
    var members: [Int]
    /// Where the layout is centred, points.
    var center: ScreenPoint
    /// The layout's radius, points.
    var radius: Double
  }

  let anchors: [ScreenPoint]
  let separation: Double
  private(set) var groups: [Group] = []

  /// Greedy grouping in Z order (the order of `anchors`): a seed takes every later untaken anchor
  /// closer than `separation`.
  init(anchors: [ScreenPoint], separation d: Double) {
    self.anchors = anchors
    self.separation = d
    let byX = anchors.indices.sorted { anchors[$0].x < anchors[$1].x }
    var taken = [Bool](repeating: false, count: anchors.count)
    for i in anchors.indices where !taken[i] {
      taken[i] = true
      var members = [i]
      let p = anchors[i]
      var lo = 0
      var hi = byX.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if anchors[byX[mid]].x <= p.x - d { lo = mid + 1 } else { hi = mid }
      }
      var k = lo
      while k < byX.count, anchors[byX[k]].x < p.x + d {
        let j = byX[k]
        k += 1
        guard !taken[j] else { continue }
        let dx = anchors[j].x - p.x
        let dy = anchors[j].y - p.y
        if dx * dx + dy * dy < d * d {
          taken[j] = true
          members.append(j)
        }
      }
      groups.append(makeGroup(members.sorted()))
    }
  }

  private func makeGroup(_ members: [Int]) -> Group {
    guard members.count > 1 else { return Group(members: members, center: anchors[members[0]], radius: 0) }
    var x = 0.0
    var y = 0.0
    for m in members {
      x += anchors[m].x
      y += anchors[m].y
    }
    let n = Double(members.count)
    return Group(
      members: members, center: ScreenPoint(x: x / n, y: y / n),
      radius: SpiderLayout.radius(count: members.count, separation: separation))
  }

  /// Whether two groups' layouts keep the separation between every pair of their items.
  private func apart(_ a: Group, _ b: Group) -> Bool {
    // Two lone seeds are d apart already.
    if a.radius == 0 && b.radius == 0 && a.members.count == 1 && b.members.count == 1 { return true }
    let dx = a.center.x - b.center.x
    let dy = a.center.y - b.center.y
    let need = a.radius + b.radius + separation
    return dx * dx + dy * dy >= need * need
  }

  /// Merges groups whose layouts come too close, until none do.
  mutating func mergeOverlapping() {
    var changed = true
    while changed {
      changed = false
      let largest = groups.map(\.radius).max() ?? 0
      let byX = groups.indices.sorted { groups[$0].center.x < groups[$1].center.x }
      var absorbed = [Bool](repeating: false, count: groups.count)
      var next: [Group] = []
      for (k, i) in byX.enumerated() where !absorbed[i] {
        var group = groups[i]
        var members = group.members
        for j in byX[(k + 1)...] {
          if groups[j].center.x - group.center.x >= group.radius + largest + separation { break }
          guard !absorbed[j], !apart(group, groups[j]) else { continue }
          absorbed[j] = true
          members += groups[j].members
          changed = true
        }
        if members.count != group.members.count { group = makeGroup(members.sorted()) }
        next.append(group)
      }
      groups = next.sorted { $0.members[0] < $1.members[0] }
    }
  }

  /// Slides each spider reaching past the viewport inside it, when it fits and the slide keeps it
  /// apart from every other group.
  mutating func slideInside(width: Double, height: Double) {
    let margin = separation / 2
    for i in groups.indices where groups[i].members.count > 1 {
      let g = groups[i]
      let reach = g.radius + margin
      guard 2 * reach <= width, 2 * reach <= height else { continue }
      let x = min(max(g.center.x, reach), width - reach)
      let y = min(max(g.center.y, reach), height - reach)
      guard x != g.center.x || y != g.center.y else { continue }
      var moved = g
      moved.center = ScreenPoint(x: x, y: y)
      if groups.indices.allSatisfy({ $0 == i || apart(moved, groups[$0]) }) { groups[i] = moved }
    }
  }
}
