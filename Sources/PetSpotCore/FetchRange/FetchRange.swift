import RealModule

/// The fetch range of a camera: the largest geodesic distance from the camera centre to any point
/// of its visible region (docs/camera-model.md, "Fetch query").
///
/// Where the farthest point can be:
/// - the distance from a point has no local maximum except the antipode, so when the region
///   holds the antipode the answer is the antipodal distance (half a meridian), and otherwise the
///   maximum lies on the region's boundary;
/// - along a parallel the distance grows with |Δλ| up to 180°, so a parallel edge peaks at its
///   end farthest in longitude, or at Δλ = 180° when it reaches it;
/// - along a meridian at |Δλ| ≤ 90° the distance falls to a minimum and grows again, so it peaks at
///   an end; farther out (|Δλ| > 90°) it can peak inside the edge;
/// - other edges (rotated and tilted cameras) are straight lines in Mercator: they are scanned on
///   the sphere and every near-best hump is climbed and refined on the ellipsoid, led by the
///   distance's slope along the edge (``SegmentSearch``, ``EdgeSampler``). Within 150 km of the
///   centre the measure is the chord bound of the geodesic (``ChordMeasure``), which needs no
///   geodesic at all; beyond, the geodesic itself.
///
/// An unrotated camera (or one turned by a multiple of 90°) is an axis-aligned box: the answer is
/// the farther of its two eastern corners (two `geod_inverse` calls), plus a meridian search for
/// views wider than 120° of longitude (``MeridianSearch``).
public struct FetchRangeSolver<Metric: GeodesicMetric> {
  /// The ellipsoidal metric used for every reported distance.
  public let metric: Metric

  /// Metres added to a maximum found by search (not at a closed-form candidate) to cover the
  /// search's residual, so the range is never below the true maximum.
  public static var searchAllowance: Double { SegmentSearch.searchAllowance }

  /// Creates a solver measuring with `metric`.
  public init(metric: Metric) {
    self.metric = metric
  }

  /// The largest distance in metres (not rounded) from `center` to the region `rectangle` shows.
  ///
  /// - Parameters:
  ///   - center: the camera centre in degrees, as given (it may lie beyond the Mercator limit).
  ///   - rectangle: the camera's visible rectangle.
  /// - Returns: metres; at least the true maximum and at most ``searchAllowance`` above it, within
  ///   the stated precision of the metric.
  public func farthestDistance(from center: GeoCoordinate, in rectangle: VisibleRectangle) -> Double {
    if let antipodal = antipodalDistanceIfVisible(from: center, in: rectangle) {
      return antipodal
    }
    if rectangle.rotation.isAxisAligned {
      return farthestInAxisAlignedBox(from: center, rectangle: rectangle)
    }
    return farthestOnEdges(of: rectangle.regionPolygon, from: center)
  }

  /// The largest distance along the straight (in Mercator) edges of a polygon: bounded by chords
  /// when the polygon lies within ``ChordMeasure/largestDistance`` of the centre, measured by
  /// geodesics otherwise.
  private func farthestOnEdges(of polygon: [MercatorPoint], from center: GeoCoordinate) -> Double {
    let sphere = SphericalDistance(center: center)
    let farthestVertex =
      polygon.lazy.map { vertex in
        sphere.angle(
          to: GeoCoordinate(latitude: WebMercator.latitude(y: vertex.y), longitude: WebMercator.longitude(x: vertex.x)))
          * 6_371_009
      }.max() ?? 0
    // Vertices well inside the chords' reach (on the sphere, within 1 % of the ellipsoid): try the
    // chord bound, and keep it when the maximum it finds is within its reach too.
    if farthestVertex < 0.9 * ChordMeasure.largestDistance {
      let bounded = farthestOnEdges(of: polygon, measure: .chord(ChordMeasure(center: center)), center: center)
      if bounded <= ChordMeasure.largestDistance { return bounded }
    }
    return farthestOnEdges(
      of: polygon, measure: .geodesic(GeodesicMeasure(metric: metric, center: center)), center: center)
  }

  /// The largest value of `measure` along the edges of a polygon.
  private func farthestOnEdges(
    of polygon: [MercatorPoint], measure: DistanceMeasure, center: GeoCoordinate
  ) -> Double {
    var best = 0.0
    let vertices = VertexDistances()
    for i in polygon.indices {
      let edge = SegmentSearch(
        center: center, from: polygon[i], to: polygon[(i + 1) % polygon.count], vertices: vertices)
      best = max(best, edge.farthestDistance(measure: measure))
    }
    return best
  }

  /// The largest distance in metres (not rounded) from `center` to the region a view shows
  /// (within the Mercator band), for every form of camera.
  public func farthestDistance(from center: GeoCoordinate, in view: CameraView) -> Double {
    guard let region = view.region else { return farthestDistance(from: center, in: view.rectangle) }
    return farthestDistance(from: center, in: region)
  }

  /// The largest distance in metres (not rounded) from `center` to the part of a tilted view's
  /// quadrilateral within the Mercator band: the antipodal distance when that part holds the
  /// antipode, else the largest over its straight edges (``SegmentSearch``). 0 when the
  /// quadrilateral misses the band.
  public func farthestDistance(from center: GeoCoordinate, in region: ConvexQuad) -> Double {
    if abs(center.latitude) <= WebMercator.latitudeLimit,
      let xs = region.xInterval(atY: WebMercator.y(latitude: -center.latitude))
    {
      let antipodeX = WebMercator.x(longitude: center.longitude) + 0.5
      if antipodeX + (xs.lowerBound - antipodeX).rounded(.up) <= xs.upperBound {
        return metric.distance(center, center.antipode)
      }
    }
    return farthestOnEdges(of: region.clippedToBand, from: center)
  }

  /// The antipodal distance when some world copy of the antipode lies in the region, else `nil`.
  func antipodalDistanceIfVisible(from center: GeoCoordinate, in rectangle: VisibleRectangle) -> Double? {
    guard abs(center.latitude) <= WebMercator.latitudeLimit else { return nil }
    let antipodeY = WebMercator.y(latitude: -center.latitude)
    guard let xs = rectangle.xInterval(atY: antipodeY) else { return nil }
    // Antipode copies sit at c.x + 1/2 + k for integer k.
    let first = (xs.lowerBound - rectangle.center.x - 0.5).rounded(.up)
    guard rectangle.center.x + 0.5 + first <= xs.upperBound else { return nil }
    return metric.distance(center, center.antipode)
  }

  private func farthestInAxisAlignedBox(from center: GeoCoordinate, rectangle: VisibleRectangle) -> Double {
    let extents = rectangle.boundingHalfExtents
    let top = max(0, rectangle.center.y - extents.y)
    let bottom = min(1, rectangle.center.y + extents.y)
    let north = WebMercator.latitude(y: top)
    let south = WebMercator.latitude(y: bottom)
    // The box is symmetric in longitude about the centre: the eastern edge stands for both.
    let deltaLongitude = min(extents.x * 360, 180)
    let eastLongitude = center.longitude + deltaLongitude
    var best = max(
      metric.distance(center, GeoCoordinate(latitude: north, longitude: eastLongitude)),
      metric.distance(center, GeoCoordinate(latitude: south, longitude: eastLongitude)))
    if deltaLongitude > 60 {  // a meridian edge may peak inside (|Δλ| > 90°; 60° keeps a margin)
      best = max(
        best,
        MeridianSearch(center: center, longitude: eastLongitude, south: south, north: north)
          .farthestDistance(metric: metric, rectangle: rectangle, top: top, bottom: bottom))
    }
    return best
  }
}
