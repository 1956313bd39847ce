extension ClusterIndex {
  /// Items at maxZoom and above: every visible pin, at its true position when nothing is within
  /// minSeparation of it on screen, otherwise spiderfied.
  ///
  /// Groups: a greedy pass in Z order at the camera's scale (as the build, in points) puts pins
  /// closer than d into groups; a group of n is laid out around its centroid (``SpiderLayout``),
  /// taking a disk of radius ρ(n). Groups whose disks come closer than d (ρᵢ + ρⱼ + d between
  /// centres) are merged until none do, so every two items stay d apart. A group reaching past the
  /// viewport is slid inside; one the viewport cannot hold becomes stacks
  /// (``SpiderGroups/settle(width:height:)``): clusters of pins within d of a visible seed,
  /// expansion zoom maxZoom.
  func spiderItems(in rectangle: VisibleRectangle, window: VisibilityWindow) -> [ClusterItem] {
    let visible = visiblePins(in: window)
    let anchors = visible.map { rectangle.screenPoint(of: point($0)) }
    var groups = SpiderGroups(anchors: anchors, separation: options.minSeparation)
    groups.settle(width: rectangle.viewportWidth, height: rectangle.viewportHeight)
    var out: [ClusterItem] = []
    out.reserveCapacity(visible.count)
    for group in groups.groups {
      if group.members.count == 1 || group.isStack {
        let seed = pinItem(visible[group.members[0]], rectangle: rectangle)
        out.append(merged(seed, with: group.members.dropFirst().map { summary(visible[$0]) }))
        continue
      }
      let offsets = group.offsets(separation: options.minSeparation)
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

  /// The visible pins (shown by the filter), in Z order.
  private func visiblePins(in window: VisibilityWindow) -> [UInt32] {
    let test = LeafBoxTest(window: window)
    var out: [UInt32] = []
    var stack: [UInt32] = roots.map { heads[Int($0)] }
    while let ref = stack.popLast() {
      guard Self.isCluster(ref) else {
        let p = point(ref)
        if window.contains(x: p.x, y: p.y) && isShown(ref) { out.append(ref) }
        continue
      }
      let c = cluster(ref)
      guard overlap(c, with: test) != .outside, holdsShown(ref) else { continue }
      forEachChild(of: c) { stack.append($0) }
    }
    out.sort { precedes($0, $1) }
    return out
  }
}
