import PetSpotGeo

extension SeededRandom {
  /// A random pin set mixing the awkward cases: uniform pins (some beyond the Mercator limit and
  /// at the poles), tight clusters, exact duplicates, the antimeridian, and pins placed on the
  /// edges of `edgesOf` (a camera) when given.
  public mutating func pinSet(count: Int, edgesOf camera: Camera? = nil) -> PinSet {
    var pins = PinSet()
    var n = 0
    func add(_ lat: Double, _ lng: Double, status: PinStatus? = nil) {
      defer { n += 1 }
      guard PinSet.isValidCoordinate(latitude: lat, longitude: lng) else {
        pins.countInvalidRow()
        return
      }
      try! pins.append(id: "p\(n)", latitude: lat, longitude: lng, status: status, sourceRow: n)
    }
    let statuses: [PinStatus?] = [.missing, .found, .closed, nil, .other("ADOPTED")]
    let clusterCenter = (uniform(-70...70), uniform(-180...180))
    var edgePoints: [MercatorPoint] = []
    if let camera {
      let corners = VisibleRectangle(camera: camera).corners
      for i in 0..<4 {
        let p = corners[i]
        let q = corners[(i + 1) % 4]
        for _ in 0..<8 {
          let t = uniform(0...1)
          edgePoints.append(MercatorPoint(x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y)))
        }
        edgePoints.append(p)
      }
    }
    for i in 0..<count {
      let status = statuses[Int(next() % UInt64(statuses.count))]
      switch i % 10 {
      case 0...3: add(uniform(-90...90), uniform(-180...180), status: status)
      case 4, 5: add(clusterCenter.0 + uniform(-0.01...0.01), clusterCenter.1 + uniform(-0.01...0.01), status: status)
      case 6: add(clusterCenter.0, clusterCenter.1, status: status)  // coincident pins
      case 7:
        add(
          uniform(-60...60), Bool.random(using: &self) ? uniform(179.99...180) : uniform(-180...(-179.99)),
          status: status)
      case 8 where !edgePoints.isEmpty:
        let p = edgePoints[Int(next() % UInt64(edgePoints.count))]
        if let c = WebMercator.unproject(p) { add(c.latitude, c.longitude, status: status) } else { add(.nan, 0) }
      default:
        let special: [(Double, Double)] = [
          (90, 0), (-90, 10), (85.06, 1), (-85.0511287798, 2), (0, 180), (0, -180),
          (.nan, 1), (91, 0), (0, 181), (.infinity, 0),
        ]
        let (lat, lng) = special[Int(next() % UInt64(special.count))]
        add(lat, lng, status: status)
      }
    }
    return pins
  }
}

extension SeededRandom {
  /// `count` MISSING pins uniformly within ±`radius` (degrees, latitude then longitude) of
  /// `center`, ids `prefix` + number: a dense town for clustering tests.
  public mutating func town(
    count: Int, center: (lat: Double, lng: Double), radius: (lat: Double, lng: Double), prefix: String
  ) throws -> PinSet {
    var pins = PinSet()
    for n in 0..<count {
      try pins.append(
        id: "\(prefix)\(n)", latitude: center.lat + uniform(-radius.lat...radius.lat),
        longitude: center.lng + uniform(-radius.lng...radius.lng), status: .missing, sourceRow: n)
    }
    return pins
  }
}
