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

  /// The index cluster with this id ("cluster:" + 16 hex digits), or `nil`. Under a filter, only
  /// clusters whose leaves are all shown keep their index id: find the others in the result that
  /// drew them (``ClusterResult/cluster(id:)``).
  /// - Complexity: O(1) expected.
  public func cluster(id: some StringProtocol) -> ClusterSummary? {
    guard let summary = clusterReference(id: id).map(summary) else { return nil }
    return summary.id == id ? summary : nil
  }

  /// The children of a cluster: the nodes one level finer holding its (shown) leaves, in Z order.
  /// Under a filter a child holding one shown pin is that pin.
  public func children(of cluster: ClusterSummary) -> [Node] {
    cluster.nodes.flatMap { ref -> [Node] in
      guard Self.isCluster(ref) else { return [node(ref)] }
      var nodes: [Node] = []
      forEachChild(of: self.cluster(ref)) { if holdsShown($0) { nodes.append(node($0)) } }
      return nodes
    }
  }

  /// A page of a cluster's leaves (under a filter, its shown leaves): pin positions in ``pins``,
  /// depth-first (Z order within each child), skipping `offset` and returning at most `limit`.
  /// - Complexity: O(limit + the depth of the hierarchy × the children passed over): whole
  ///   subtrees before `offset` are skipped by their counts.
  public func leaves(of cluster: ClusterSummary, offset: Int = 0, limit: Int = .max) -> [Int] {
    var out: [Int] = []
    var skip = max(offset, 0)
    var stack: [UInt32] = cluster.nodes.reversed()
    var children: [UInt32] = []
    while let ref = stack.popLast(), out.count < limit {
      guard Self.isCluster(ref) else {  // a pin is its own leaf
        guard isShown(ref) else { continue }
        if skip > 0 { skip -= 1 } else { out.append(Int(ref)) }
        continue
      }
      let c = self.cluster(ref)
      let count = activeFilter == nil ? Int(c.count) : shownCount(ref)
      if skip >= count {
        skip -= count
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

  /// The camera that shows a cluster's leaves (tap-to-zoom), with the given heading, pitch and
  /// field of view (those of the camera the tap came from), centred on the leaves' bounds (in the
  /// rotated frame), at zoom E + ``tapZoomMargin`` for the cluster's expansion zoom E — or lower,
  /// as far as needed for the bounds to fit the viewport with an inset of minSeparation / 2 on
  /// every side (so the outermost markers are whole; under a pitch the bounds' corners are fitted
  /// through the tilted view). On an axis no larger than minSeparation there is no room for the
  /// inset: the bounds then fill that axis (the best camera there is).
  /// - Throws: ``InvalidInput`` naming `width`, `height`, `heading`, `pitch` or `fov`.
  public func camera(
    showing cluster: ClusterSummary, width: Double, height: Double, heading: Double = 0, pitch: Double = 0,
    fieldOfView: Double = Camera.defaultFieldOfView
  ) throws(InvalidInput) -> Camera {
    try Camera.validateViewport(width: width, height: height)
    try Camera.check("heading", heading, "a finite number") { _ in true }
    try Camera.validateTilt(pitch: pitch, fieldOfView: fieldOfView)
    let rotation = Rotation(degrees: heading)
    // Bounds of the leaves in view coordinates (a right, b up), unwrapped around the drawn position.
    let origin = point(seedPin(of: cluster.node))
    var (minA, maxA, minB, maxB) = (Double.infinity, -Double.infinity, Double.infinity, -Double.infinity)
    for position in leaves(of: cluster) {
      let dx = WorldCopy.nearestOffset(pins.mercatorX[position] - origin.x)
      let dy = pins.mercatorY[position] - origin.y
      let a = dx * rotation.cos + dy * rotation.sin
      let b = dx * rotation.sin - dy * rotation.cos
      (minA, maxA, minB, maxB) = (min(minA, a), max(maxA, a), min(minB, b), max(maxB, b))
    }
    let margin = options.minSeparation
    // Safely above the level's scale, so that floor(zoom) is the expansion zoom despite rounding.
    var scale = ClusterOptions.levelScale(cluster.expansionZoom) * Double.exp2(Self.tapZoomMargin)
    // Fit: (extent · scale + inset) ≤ viewport on both axes; no inset on an axis too small for it.
    let room = (x: width > margin ? width - margin : width, y: height > margin ? height - margin : height)
    if maxA > minA { scale = min(scale, room.x / (maxA - minA)) }
    if maxB > minB { scale = min(scale, room.y / (maxB - minB)) }
    let (midA, midB) = ((minA + maxA) / 2, (minB + maxB) / 2)
    let center = MercatorPoint(
      x: origin.x + midA * rotation.cos + midB * rotation.sin, y: origin.y + midA * rotation.sin - midB * rotation.cos)
    func make(_ scale: Double) throws(InvalidInput) -> Camera {
      try Self.camera(
        centeredOn: center, scale: scale, width: width, height: height, heading: heading, pitch: pitch,
        fieldOfView: fieldOfView)
    }
    var camera = try make(scale)
    // Under a pitch the near side is magnified: shrink until the bounds' corners fit (bounded).
    for _ in 0..<64 where pitch > 0 {
      let view = CameraView(camera)
      let fits = [(minA, minB), (maxA, minB), (maxA, maxB), (minA, maxB)].allSatisfy { a, b in
        let p = MercatorPoint(
          x: origin.x + a * rotation.cos + b * rotation.sin, y: origin.y + a * rotation.sin - b * rotation.cos)
        let dx = p.x - view.screenCenter.x
        guard let projection = view.projection, projection.depth(dx: dx, dy: p.y - view.screenCenter.y) > 0 else {
          return false
        }
        let s = projection.screenPoint(dx: dx, dy: p.y - view.screenCenter.y)
        return s.x >= -1e-9 && s.x <= width + 1e-9 && s.y >= -1e-9 && s.y <= height + 1e-9
      }
      if fits { break }
      scale *= 0.8
      camera = try make(scale)
    }
    return camera
  }

  /// A node as seen from outside (under a filter: drawn at a shown pin; one shown pin is a pin).
  private func node(_ ref: UInt32) -> Node {
    let position = Int(activeFilter == nil ? seedPin(of: ref) : shownDrawnPin(of: ref) ?? seedPin(of: ref))
    let isPin = !Self.isCluster(ref) || (activeFilter != nil && shownCount(ref) == 1)
    return Node(
      position: isPin ? position : -1, coordinate: pins.coordinate(at: position),
      cluster: isPin ? nil : summary(ref))
  }

  /// A camera centred on a Mercator point (y clamped to the map) at `scale` points per world
  /// width, with the given viewport and orientation; its latitude span is the one whose taller half
  /// stays on the map, so the zoom is the scale's.
  /// - Throws: ``InvalidInput`` for an invalid viewport or orientation.
  static func camera(
    centeredOn center: MercatorPoint, scale: Double, width: Double, height: Double, heading: Double,
    pitch: Double, fieldOfView: Double
  ) throws(InvalidInput) -> Camera {
    let hx = width / (2 * scale)
    let hy = hx * height / width
    let latitude = WebMercator.latitude(y: min(max(center.y, 0), 1))
    let north = WebMercator.latitude(y: max(center.y - hy, 0))
    let south = WebMercator.latitude(y: min(center.y + hy, 1))
    // The span whose taller half stays within hy, so the fit keeps hx (and the zoom).
    let latitudeDelta = 2 * min(north - latitude, latitude - south)
    return try Camera(
      center: GeoCoordinate(latitude: latitude, longitude: Longitude.wrapped(WebMercator.longitude(x: center.x))),
      latitudeDelta: max(latitudeDelta, CameraLimits.span.lowerBound), longitudeDelta: 360 * width / scale,
      width: width, height: height, heading: heading, pitch: pitch, fieldOfView: fieldOfView)
  }

  /// ``camera(centeredOn:scale:width:height:heading:pitch:fieldOfView:)`` with `camera`'s viewport
  /// and orientation.
  static func camera(centeredOn center: MercatorPoint, scale: Double, like camera: Camera) throws(InvalidInput)
    -> Camera
  {
    try Self.camera(
      centeredOn: center, scale: scale, width: camera.width, height: camera.height, heading: camera.heading,
      pitch: camera.pitch, fieldOfView: camera.fieldOfView)
  }

  private func clusterReference(id: some StringProtocol) -> UInt32? {
    guard let hash = ClusterSummary.hash(id: id), let c = clusterTable.find(hash, in: clusters) else { return nil }
    return c | Self.clusterFlag
  }
}
