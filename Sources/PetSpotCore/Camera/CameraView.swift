/// One camera, evaluated once: the camera as given (its centre is what the fetch query sends) and
/// the rectangle of the Mercator plane it shows (docs/camera-model.md). Every operation that turns
/// a camera into something takes this value — the fetch query, pruning, clustering, callout
/// placement and pictures — so the camera model runs once per camera, in one place.
///
///     let view = CameraView(camera)
///     let query = engine.fetchQuery(for: view)
///     let visible = try layer.visible(in: view, padding: 22)
///     let items = index.items(in: view)
///
/// A value type (`Sendable`): build it once per camera and share it.
public struct CameraView: Hashable, Sendable {
  /// The camera, as validated.
  public let camera: Camera
  /// What it shows: centre, half extents fitted to the viewport, rotation.
  public let rectangle: VisibleRectangle

  /// Evaluates the camera model for `camera`.
  /// - Complexity: O(1).
  public init(_ camera: Camera) {
    self.camera = camera
    self.rectangle = VisibleRectangle(camera: camera)
  }

  /// Fractional zoom: log2(points per world width / 256).
  public var zoom: Double { rectangle.zoom }

  /// Where a coordinate (degrees) is drawn, in points from the viewport's top-left corner, y down.
  public func screenPoint(of coordinate: GeoCoordinate) -> ScreenPoint {
    rectangle.screenPoint(of: coordinate)
  }

  /// The coordinate under a screen point, or `nil` where the screen shows no map.
  public func coordinate(at screen: ScreenPoint) -> GeoCoordinate? {
    rectangle.coordinate(at: screen)
  }
}

extension VisibilityWindow {
  /// The visibility test of a view grown by `padding` points on every side.
  /// - Throws: ``InvalidInput`` (field `padding`) unless padding is finite and ≥ 0.
  public init(view: CameraView, padding: Double) throws(InvalidInput) {
    try Self.validatePadding(padding)
    self.init(rectangle: view.rectangle, padding: padding)
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
