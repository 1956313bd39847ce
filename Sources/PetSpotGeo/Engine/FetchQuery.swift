internal import PetSpotPROJ

/// The server query for a camera, `GET /announcements?lat={lat}&lng={lng}&range={metres}`, with
/// the camera's zoom and visible region (docs/camera-model.md, "Fetch query").
public struct FetchQuery: Hashable, Sendable {
  /// The camera centre in degrees, as given.
  public let center: GeoCoordinate
  /// Metres: the largest WGS84 geodesic distance from the centre to the visible region, rounded
  /// up; never below it, at most 0.01 % + 1 m above it. 20 003 932 when the region holds the
  /// centre's antipode.
  public let range: Int
  /// The camera's fractional zoom (256 points per world at zoom 0).
  public let zoom: Double
  /// The visible region's bounding box in degrees (`west > east` across the antimeridian).
  public let visibleRegion: GeoBoundingBox

  /// The largest range any camera gets, metres: half the WGS84 meridian (20,003,931.46 m), rounded up.
  public static var antipodalRange: Double { 20_003_932 }

  /// `lat=…&lng=…&range=…`, numbers as ``ShortestDecimal`` prints them.
  public var queryString: String {
    "lat=\(ShortestDecimal.string(center.latitude))&lng=\(ShortestDecimal.string(center.longitude))&range=\(range)"
  }
}

extension GeoEngine {
  /// The fetch query for a camera's view.
  ///
  /// - Parameter view: the camera, evaluated once (``CameraView``).
  /// - Returns: the query; see ``FetchQuery/range`` for the guarantee.
  /// - Complexity: two `geod_inverse` calls for a camera turned by a multiple of 90° whose view is
  ///   at most 120° of longitude wide; otherwise a spherical scan of the view's edges, then about
  ///   four `geod_inverse` calls per camera, each peak climbed and refined by the geodesic's slope
  ///   (chord bounds instead within 150 km; docs/fetch-range.md).
  public func fetchQuery(for view: CameraView) -> FetchQuery {
    FetchQuery(view: view, metric: geodesic)
  }

  /// ``fetchQuery(for:)-(CameraView)`` for a camera not yet evaluated (one-off queries).
  public func fetchQuery(for camera: Camera) -> FetchQuery {
    fetchQuery(for: CameraView(camera))
  }
}

extension FetchQuery {
  /// The query for `view`, measuring distances with `metric`.
  public init(view: CameraView, metric: some GeodesicMetric) {
    let farthest = FetchRangeSolver(metric: metric).farthestDistance(from: view.camera.center, in: view)
    self.center = view.camera.center
    // The farthest distance is at most the antipodal one (about 2e7 m); should it ever not be a
    // number, the antipodal range is the answer that never misses a pin.
    self.range =
      Int(clamping: farthest, to: 0...Int(Self.antipodalRange), rounding: .up) ?? Int(Self.antipodalRange)
    self.zoom = view.zoom
    self.visibleRegion = view.regionBoundingBox
  }
}
