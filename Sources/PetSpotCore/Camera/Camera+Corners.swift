/// The corner form (docs/camera-model.md, "Tilted cameras"): a camera given by the ground
/// points under the viewport's corners, as MapKit's `convert(_:toCoordinateFrom:)` or the
/// `VisibleRegion` of Google Maps and MapLibre report them.
extension Camera {
  /// Validates and creates a corner-form camera.
  ///
  /// - Parameters:
  ///   - corners: four coordinates in degrees — the ground points under the top-left, top-right,
  ///     bottom-right and bottom-left corners (Google's farLeft, farRight, nearRight, nearLeft).
  ///     Latitudes finite within the Mercator limit (inclusive), longitudes any finite value.
  ///     Their X are unwrapped by whole worlds so that X − X(top-left) lies in [−½, ½); they must
  ///     then form a strictly convex quadrilateral turning clockwise on screen.
  ///   - width: viewport width in points, in ``CameraLimits/viewportSide``.
  ///   - height: viewport height in points, in ``CameraLimits/viewportSide``.
  ///   - center: the centre the fetch range is measured from (latitude in [-90, 90], longitude
  ///     any finite value, wrapped); `nil` takes the ground point under the screen centre.
  /// - Throws: ``InvalidInput`` naming `lat`, `lng`, `width`, `height` or `corners`.
  public init(corners: [GeoCoordinate], width: Double, height: Double, center: GeoCoordinate? = nil)
    throws(InvalidInput)
  {
    let given = try center.map { (c) throws(InvalidInput) in try Self.validatedCenter(c) }
    try Self.validateViewport(width: width, height: height)
    let quad = try Self.cornerQuad(corners)
    let projection = ViewProjection(corners: quad, width: width, height: height)
    let ground = WebMercator.unproject(projection.origin)
    // The diagonals cross inside the quad, whose latitudes are within the limit: always on the map.
    let centre = given ?? GeoCoordinate(latitude: ground?.latitude ?? 0, longitude: ground?.longitude ?? 0)
    self.init(cornerForm: corners, center: centre, width: width, height: height)
  }

  /// The corners as a Mercator quadrilateral, validated.
  static func cornerQuad(_ corners: [GeoCoordinate]) throws(InvalidInput) -> ConvexQuad {
    let requirement = "four [lat, lng] pairs (top-left, top-right, bottom-right, bottom-left)"
    guard corners.count == 4 else {
      throw InvalidInput(
        field: "corners", code: .invalidType, message: "corners must be \(requirement), not \(corners.count)")
    }
    var points: [MercatorPoint] = []
    for (i, corner) in corners.enumerated() {
      let limit = WebMercator.latitudeLimit
      guard corner.latitude.isFinite, corner.longitude.isFinite else {
        throw InvalidInput(
          field: "corners", code: .notFinite, message: "corners must be \(requirement): corner \(i + 1) is not finite")
      }
      guard abs(corner.latitude) <= limit else {
        throw InvalidInput(
          field: "corners", code: .outOfRange,
          message:
            "corners must be within the Mercator limit (|lat| ≤ \(limit)): corner \(i + 1) has lat \(corner.latitude)")
      }
      var point = WebMercator.project(
        GeoCoordinate(latitude: corner.latitude, longitude: Longitude.wrapped(corner.longitude)))
      if let first = points.first { point.x = first.x + WorldCopy.nearestOffset(point.x - first.x) }
      points.append(point)
    }
    guard let quad = ConvexQuad(points) else {
      throw InvalidInput(
        field: "corners", code: .outOfRange,
        message:
          "corners must be a strictly convex quadrilateral in screen order (top-left, top-right, bottom-right, bottom-left; clockwise on the map with north up)"
      )
    }
    return quad
  }
}

extension ViewProjection {
  /// The unique projective map sending the screen corners (0,0), (width,0), (width,height),
  /// (0,height) to the quadrilateral's vertices (Heckbert's square-to-quad construction), with
  /// its origin at the ground point under the screen centre (where the diagonals cross).
  public init(corners quad: ConvexQuad, width: Double, height: Double) {
    let base = quad.vertices[0]
    let x = quad.vertices.map { $0.x - base.x }
    let y = quad.vertices.map { $0.y - base.y }
    // Unit square (u, v) → quad, relative to the first vertex.
    let (dx1, dx2, dx3) = (x[1] - x[2], x[3] - x[2], x[0] - x[1] + x[2] - x[3])
    let (dy1, dy2, dy3) = (y[1] - y[2], y[3] - y[2], y[0] - y[1] + y[2] - y[3])
    var (g, h) = (0.0, 0.0)
    if dx3 != 0 || dy3 != 0 {
      let det = dx1 * dy2 - dx2 * dy1
      g = (dx3 * dy2 - dx2 * dy3) / det
      h = (dx1 * dy3 - dx3 * dy1) / det
    }
    let (a, b) = (x[1] + g * x[1], x[3] + h * x[3])
    let (d, e) = (y[1] + g * y[1], y[3] + h * y[3])
    // Screen (sx, sy) → homogeneous ground offset from the first vertex: u = sx / width, v = sy / height.
    let toGround = [a / width, b / height, 0, d / width, e / height, 0, g / width, h / height, 1]
    let w = (g + h) / 2 + 1
    let origin = MercatorPoint(x: base.x + (a + b) / 2 / w, y: base.y + (d + e) / 2 / w)
    let (ox, oy) = (origin.x - base.x, origin.y - base.y)
    // Offsets from the origin: translate, then invert (adjugate) to get ground → screen.
    let t = [
      toGround[0] - ox * toGround[6], toGround[1] - ox * toGround[7], -ox,
      toGround[3] - oy * toGround[6], toGround[4] - oy * toGround[7], -oy,
      toGround[6], toGround[7], 1,
    ]
    var m = [
      t[4] * t[8] - t[5] * t[7], t[2] * t[7] - t[1] * t[8], t[1] * t[5] - t[2] * t[4],
      t[5] * t[6] - t[3] * t[8], t[0] * t[8] - t[2] * t[6], t[2] * t[3] - t[0] * t[5],
      t[3] * t[7] - t[4] * t[6], t[1] * t[6] - t[0] * t[7], t[0] * t[4] - t[1] * t[3],
    ]
    m = m.map { $0 / m[8] }
    self.init(origin: origin, width: width, height: height, matrix: Array(m[0..<8]))
  }
}

extension Camera {
  /// The same camera in a viewport of another size: centre, span, heading, pitch and field of
  /// view kept (MapKit keeps the centre and scale on a resize); a corner-form camera keeps its
  /// corners and centre (the ground under the corners stays where it was).
  /// - Throws: ``InvalidInput`` naming `width` or `height`.
  public func resized(width: Double, height: Double) throws(InvalidInput) -> Camera {
    if let corners {
      return try Camera(corners: corners, width: width, height: height, center: center)
    }
    return try Camera(
      center: center, latitudeDelta: latitudeDelta, longitudeDelta: longitudeDelta, width: width, height: height,
      heading: heading, pitch: pitch, fieldOfView: fieldOfView)
  }
}
