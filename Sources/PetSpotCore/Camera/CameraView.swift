import RealModule

/// One camera, evaluated once: the camera as given (its centre is what the fetch query sends)
/// and what it shows (docs/camera-model.md). Every operation that turns a camera into something
/// takes this value — the fetch query, pruning, clustering, callout placement and pictures — so
/// the camera model runs once per camera, in one place.
///
/// A flat camera shows a rotated rectangle of the Mercator plane (``rectangle``); a tilted or
/// corner-form camera is a projective map H (``projection``) and shows the convex quadrilateral
/// ``region``. Screen points, the inverse, the zoom and the visibility test are defined on
/// whichever the camera has, so callers need not care.
///
///     let view = try CameraView(camera)
///     let query = engine.fetchQuery(for: view)
///     let visible = try layer.visible(in: view, padding: 22)
///     let items = index.items(in: view)
///
/// A value type (`Sendable`): build it once per camera and share it.
public struct CameraView: Hashable, Sendable {
  /// The camera, as validated.
  public let camera: Camera
  /// Flat cameras: what they show (centre, half extents fitted to the viewport, rotation). Pitch
  /// form: the flat camera with the same fields (its centre and scale are the tilted view's at the
  /// screen centre). Corner form: the axis-aligned bounds of ``region`` about the screen centre.
  public let rectangle: VisibleRectangle
  /// Tilted and corner-form cameras: the projective map H; `nil` for flat cameras.
  public let projection: ViewProjection?
  /// Tilted and corner-form cameras: Q, the ground under the viewport; `nil` for flat cameras.
  public let region: ConvexQuad?
  /// Whether Q lies within half a world of the screen centre on both sides, so that the copy
  /// nearest the centre is the only one it can show (no search for the drawn copy).
  let showsOneCopy: Bool

  /// Evaluates the camera model for `camera`.
  /// - Complexity: O(1).
  public init(_ camera: Camera) {
    self.camera = camera
    if let corners = camera.corners {
      // Validated when the camera was made: the quad exists.
      let quad = try! Camera.cornerQuad(corners)
      let projection = ViewProjection(corners: quad, width: camera.width, height: camera.height)
      self.projection = projection
      self.region = quad
      self.rectangle = Self.boundingRectangle(of: quad, projection: projection)
      self.showsOneCopy = Self.showsOneCopy(quad, about: projection.origin)
      return
    }
    let rectangle = VisibleRectangle(camera: camera)
    self.rectangle = rectangle
    guard camera.pitch > 0 else {
      (projection, region, showsOneCopy) = (nil, nil, true)
      return
    }
    let projection = ViewProjection(rectangle: rectangle, pitch: camera.pitch, fieldOfView: camera.fieldOfView)
    self.projection = projection
    // pitch + fov/2 < 90 keeps the viewport below the horizon: Q is a convex quadrilateral.
    let quad = projection.groundQuad(padding: 0)!
    self.region = quad
    self.showsOneCopy = Self.showsOneCopy(quad, about: projection.origin)
  }

  private static func showsOneCopy(_ quad: ConvexQuad, about origin: MercatorPoint) -> Bool {
    quad.vertices.allSatisfy { $0.x - origin.x > -0.5 && $0.x - origin.x < 0.5 }
  }

  /// Fractional zoom: log2(σ / 256), σ the larger local scale (points per world width) at the
  /// ground point under the screen centre; for flat and pitch-form cameras σ is the flat scale.
  public var zoom: Double {
    guard let projection, camera.corners != nil else { return rectangle.zoom }
    return Double.log2(projection.localScales(dx: 0, dy: 0).largest / 256)
  }

  /// The map's rotation at the screen centre, degrees clockwise from north in [0, 360): the
  /// heading for flat and pitch-form cameras, the direction of screen-up on the ground for the
  /// corner form.
  public var screenHeading: Double {
    guard camera.corners != nil, let projection else {
      let d = camera.heading.truncatingRemainder(dividingBy: 360)
      return d < 0 ? d + 360 : d
    }
    let (w, h) = (camera.width / 2, camera.height / 2)
    guard let up = projection.offset(at: ScreenPoint(x: w, y: h - 1)) else { return 0 }
    // Screen-up u = (sin θ, −cos θ) in (X, Y).
    let degrees = Double.atan2(y: up.dx, x: -up.dy) * 180 / .pi
    return degrees < 0 ? degrees + 360 : degrees
  }

  /// The Mercator point under the screen centre (for flat cameras, the camera centre).
  public var screenCenter: MercatorPoint { projection?.origin ?? rectangle.center }

  /// Where a coordinate (degrees) is drawn, in points from the viewport's top-left corner, y down:
  /// the world copy that makes it visible (the one nearest the screen centre in X of those), else
  /// the copy whose X lies within half a world of the screen centre's. Latitudes beyond the
  /// Mercator limit are clamped to it.
  public func screenPoint(of coordinate: GeoCoordinate) -> ScreenPoint {
    screenPoint(of: WebMercator.project(coordinate))
  }

  /// Where a Mercator point is drawn (see ``screenPoint(of:)-(GeoCoordinate)``).
  public func screenPoint(of point: MercatorPoint) -> ScreenPoint {
    guard let projection else { return rectangle.screenPoint(of: point) }
    return projection.screenPoint(dx: drawnOffset(of: point), dy: point.y - projection.origin.y)
  }

  /// Whether a coordinate's drawn copy is in front of the camera (always for flat cameras): only
  /// then is its screen point where the user sees it.
  public func isInFront(_ coordinate: GeoCoordinate) -> Bool {
    guard let projection else { return true }
    let p = WebMercator.project(coordinate)
    return projection.depth(dx: drawnOffset(of: p), dy: p.y - projection.origin.y) > 0
  }

  /// X − (screen centre's X) of the world copy a point is drawn in (the rule of
  /// ``screenPoint(of:)-(GeoCoordinate)``), world widths.
  public func drawnOffset(of point: MercatorPoint) -> Double {
    guard projection != nil else { return rectangle.drawnOffset(of: point) }
    let centre = screenCenter
    let nearest = WorldCopy.nearestOffset(point.x - centre.x)
    // A region wider than a world may show the point only in a farther copy.
    guard !showsOneCopy, let region, let xs = region.xInterval(atY: point.y), !xs.contains(centre.x + nearest) else {
      return nearest
    }
    let relative = (xs.lowerBound - centre.x)...(xs.upperBound - centre.x)
    return WorldCopy.closestCopy(of: nearest, in: relative) ?? nearest
  }

  /// The unwrapped Mercator point under a screen point, or `nil` where the screen shows no ground
  /// (above a tilted view's horizon). Flat cameras always answer (possibly off the map).
  public func mercatorPoint(at screen: ScreenPoint) -> MercatorPoint? {
    guard let projection else { return rectangle.mercatorPoint(at: screen) }
    return projection.mercatorPoint(at: screen)
  }

  /// The coordinate under a screen point, or `nil` where the screen shows no map.
  public func coordinate(at screen: ScreenPoint) -> GeoCoordinate? {
    guard let point = mercatorPoint(at: screen) else { return nil }
    return WebMercator.unproject(point)
  }

  /// The latitude/longitude bounds of the visible region (the region within the Mercator band):
  /// west > east across the antimeridian; −180/180 when 360° wide or more.
  public var regionBoundingBox: GeoBoundingBox {
    guard let region else { return rectangle.regionBoundingBox }
    // The screen centre's ground point may lie beyond the band; then nothing of the map shows.
    return region.bandBoundingBox
      ?? GeoBoundingBox(north: WebMercator.latitude(y: 0), south: WebMercator.latitude(y: 0), west: 0, east: 0)
  }

  /// The axis-aligned rectangle (1×1 "viewport") holding a quadrilateral, centred on the origin.
  private static func boundingRectangle(of quad: ConvexQuad, projection: ViewProjection) -> VisibleRectangle {
    let o = projection.origin
    let hx = quad.halfExtentX(about: o.x)
    let hy = quad.vertices.map { abs($0.y - o.y) }.max()!
    return VisibleRectangle(center: o, halfWidth: hx, halfHeight: hy)
  }
}

extension ViewProjection {
  /// The ground under the viewport grown by `padding` points on every side, or `nil` when that
  /// padded viewport touches or crosses the horizon.
  public func groundQuad(padding: Double) -> ConvexQuad? {
    let (x0, y0) = (-padding, -padding)
    let (x1, y1) = (viewportWidth + padding, viewportHeight + padding)
    var vertices: [MercatorPoint] = []
    for (x, y) in [(x0, y0), (x1, y0), (x1, y1), (x0, y1)] {
      guard let p = mercatorPoint(at: ScreenPoint(x: x, y: y)) else { return nil }
      vertices.append(p)
    }
    return ConvexQuad(vertices)
  }
}

extension VisibilityWindow {
  /// The visibility test of a view grown by `padding` points on every side (on the screen,
  /// through H, for tilted and corner-form cameras).
  /// - Throws: ``InvalidInput`` (field `padding`) unless padding is finite, in
  ///   ``CameraLimits/padding``, and (projective views) the padded viewport stays below the horizon.
  public init(view: CameraView, padding: Double) throws(InvalidInput) {
    try Self.validatePadding(padding)
    guard let projection = view.projection else {
      self.init(rectangle: view.rectangle, padding: padding)
      return
    }
    guard padding > 0 else {
      self.init(view: view)
      return
    }
    guard let quad = projection.groundQuad(padding: padding) else {
      throw InvalidInput(
        field: "padding", code: .outOfRange,
        message: "padding must keep the padded viewport below the horizon (\(padding) points reaches it)")
    }
    self.init(quad: quad, center: projection.origin)
  }

  /// The visibility test of a view without padding (never an error: the viewport itself is
  /// always below a tilted view's horizon).
  public init(view: CameraView) {
    guard let projection = view.projection, let region = view.region else {
      self.init(rectangle: view.rectangle)
      return
    }
    self.init(quad: region, center: projection.origin)
  }

  /// Whether a pin at `coordinate` (degrees) is visible: a valid coordinate (finite, |lat| ≤ 90,
  /// |lng| ≤ 180) within the Mercator limit, decided on the latitude, with some world copy inside
  /// the window. The per-pin rule of docs/camera-model.md, "Visibility".
  public func contains(_ coordinate: GeoCoordinate) -> Bool {
    let (lat, lng) = (coordinate.latitude, coordinate.longitude)
    guard lat.isFinite, lng.isFinite, abs(lat) <= WebMercator.latitudeLimit, abs(lng) <= 180 else { return false }
    let p = WebMercator.project(coordinate)
    return contains(x: p.x, y: p.y)
  }
}
