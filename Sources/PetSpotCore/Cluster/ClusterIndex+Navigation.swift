import RealModule

extension ClusterIndex {
  /// A node of the hierarchy as seen from outside: a pin or a cluster.
  public struct Node: Hashable, Sendable {
    /// A pin's position in ``ClusterIndex/pins`` (-1 for a cluster).
    public var position: Int
    /// Where it is drawn, degrees.
    public var coordinate: GeoCoordinate
    /// The cluster's members and aggregates; `nil` for a pin.
    public var cluster: ClusterSummary?
  }

  /// The index cluster with this id ("cluster:" + 16 hex digits), or `nil`.
  /// - Complexity: O(1) expected.
  public func cluster(id: some StringProtocol) -> ClusterSummary? {
    clusterReference(id: id).map(summary)
  }

  /// The children of a cluster: the items it splits into at its expansion zoom, in Z order.
  public func children(of cluster: ClusterSummary) -> [Node] {
    cluster.nodes.flatMap { ref -> [Node] in
      guard Self.isCluster(ref) else { return [node(ref)] }
      var nodes: [Node] = []
      forEachChild(of: self.cluster(ref)) { nodes.append(node($0)) }
      return nodes
    }
  }

  /// A page of a cluster's leaves: pin positions in ``pins``, depth-first (Z order within each
  /// child), skipping `offset` and returning at most `limit`.
  /// - Complexity: O(limit + the depth of the hierarchy × the children passed over): whole
  ///   subtrees before `offset` are skipped by their counts.
  public func leaves(of cluster: ClusterSummary, offset: Int = 0, limit: Int = .max) -> [Int] {
    var out: [Int] = []
    var skip = max(offset, 0)
    var stack: [UInt32] = cluster.nodes.reversed()
    var children: [UInt32] = []
    while let ref = stack.popLast(), out.count < limit {
      guard Self.isCluster(ref) else {  // a pin is its own leaf
        if skip > 0 { skip -= 1 } else { out.append(Int(ref)) }
        continue
      }
      let c = self.cluster(ref)
      if skip >= Int(c.count) {
        skip -= Int(c.count)
        continue
      }
      children.removeAll(keepingCapacity: true)
      forEachChild(of: c) { children.append($0) }
      stack.append(contentsOf: children.reversed())
    }
    return out
  }

  /// The zoom a tap-to-zoom camera sits above its cluster's expansion zoom E when the leaves fit
  /// at E: far above any rounding of the camera model (≈ 1e-15 in zoom), so every implementation
  /// of it sees floor(zoom) = E and the cluster split.
  public static var tapZoomMargin: Double { 1e-9 }

  /// The camera that shows a cluster's leaves (tap-to-zoom), heading 0, centred on the leaves'
  /// bounds, at zoom E + ``tapZoomMargin`` for the cluster's expansion zoom E — or lower, as far as
  /// needed for the bounds to fit the viewport with an inset of minSeparation / 2 on every side (so
  /// the outermost markers are whole). On an axis no larger than minSeparation there is no room
  /// for the inset: the bounds then fill that axis (the best camera there is).
  /// - Throws: ``InvalidInput`` naming `width` or `height` outside ``CameraLimits/viewportSide``.
  public func camera(showing cluster: ClusterSummary, width: Double, height: Double) throws(InvalidInput) -> Camera {
    try Camera.check("width", width, CameraLimits.viewportRequirement) { CameraLimits.viewportSide.contains($0) }
    try Camera.check("height", height, CameraLimits.viewportRequirement) { CameraLimits.viewportSide.contains($0) }
    // Bounds of the leaves, unwrapped around the drawn position.
    let origin = point(seedPin(of: cluster.node))
    var minX = Double.infinity
    var maxX = -Double.infinity
    var minY = Double.infinity
    var maxY = -Double.infinity
    for position in leaves(of: cluster) {
      let p = MercatorPoint(x: pins.mercatorX[position], y: pins.mercatorY[position])
      let dx = WorldCopy.nearestOffset(p.x - origin.x)
      minX = min(minX, origin.x + dx)
      maxX = max(maxX, origin.x + dx)
      minY = min(minY, p.y)
      maxY = max(maxY, p.y)
    }
    let margin = options.minSeparation
    // Safely above the level's scale, so that floor(zoom) is the expansion zoom despite rounding.
    var scale = ClusterOptions.levelScale(cluster.expansionZoom) * Double.exp2(Self.tapZoomMargin)
    // Fit: (extent · scale + inset) ≤ viewport on both axes; no inset on an axis too small for it.
    let room = (x: width > margin ? width - margin : width, y: height > margin ? height - margin : height)
    if maxX > minX { scale = min(scale, room.x / (maxX - minX)) }
    if maxY > minY { scale = min(scale, room.y / (maxY - minY)) }
    let center = MercatorPoint(x: (minX + maxX) / 2, y: (minY + maxY) / 2)
    let hx = width / (2 * scale)
    let hy = hx * height / width
    let latitude = WebMercator.latitude(y: center.y)
    let north = WebMercator.latitude(y: max(center.y - hy, 0))
    let south = WebMercator.latitude(y: min(center.y + hy, 1))
    // The span whose taller half stays within hy, so the fit keeps hx (and the zoom).
    let latitudeDelta = 2 * min(north - latitude, latitude - south)
    return try Camera(
      center: GeoCoordinate(latitude: latitude, longitude: Longitude.wrapped(WebMercator.longitude(x: center.x))),
      latitudeDelta: max(latitudeDelta, CameraLimits.span.lowerBound), longitudeDelta: 360 * width / scale,
      width: width,
      height: height)
  }

  private func node(_ ref: UInt32) -> Node {
    let position = Int(seedPin(of: ref))
    return Node(
      position: Self.isCluster(ref) ? -1 : position, coordinate: pins.coordinate(at: position),
      cluster: Self.isCluster(ref) ? summary(ref) : nil)
  }

  private func clusterReference(id: some StringProtocol) -> UInt32? {
    guard let hash = ClusterSummary.hash(id: id), let c = clusterTable.find(hash, in: clusters) else { return nil }
    return c | Self.clusterFlag
  }
}
