import RealModule

/// The farthest point from a centre along one meridian edge of an axis-aligned view.
///
/// On the sphere, cos d = A·sin φ + B·cos φ with A = sin φ₁ and B = cos φ₁·cos Δλ, so along a
/// meridian the distance peaks at φ* = atan2(−A, −B), a closed form. The ellipsoid's peak lies
/// within a fraction of a degree of it: a golden-section search on the ellipsoid over φ* ± 1°
/// finds it; if that lands on the bracket's edge the general ``SegmentSearch`` takes over.
struct MeridianSearch {
  let center: GeoCoordinate
  /// The edge's longitude (unwrapped), degrees.
  let longitude: Double
  let south: Double
  let north: Double

  /// Golden-section bracket half-width around the spherical peak, degrees.
  static var bracket: Double { 1 }
  /// Stop when the bracket is shorter than this many degrees of latitude (≈ 1 m).
  static var tolerance: Double { 1e-5 }

  func farthestDistance<Metric: GeodesicMetric>(
    metric: Metric, rectangle: VisibleRectangle, top: Double, bottom: Double
  ) -> Double {
    let lat1 = center.latitude * .pi / 180
    let deltaLongitude = (longitude - center.longitude) * .pi / 180
    let a = Double.sin(lat1)
    let b = Double.cos(lat1) * Double.cos(deltaLongitude)
    let peak = Double.atan2(y: -a, x: -b) * 180 / .pi
    let lower = max(south, peak - Self.bracket)
    let upper = min(north, peak + Self.bracket)
    guard lower < upper else { return 0 }  // the peak is beyond the edge: its ends are candidates
    let along = { (latitude: Double) in metric.distance(center, GeoCoordinate(latitude: latitude, longitude: longitude))
    }
    let (latitude, distance, _) = GoldenSection.maximize(
      of: along, lower: lower, upper: upper, while: { $0 > Self.tolerance })
    let atInnerEdge =
      (latitude - lower < 2 * Self.tolerance && lower > south)
      || (upper - latitude < 2 * Self.tolerance && upper < north)
    if atInnerEdge {
      let x = WebMercator.x(longitude: longitude)
      let edge = SegmentSearch(center: center, from: MercatorPoint(x: x, y: top), to: MercatorPoint(x: x, y: bottom))
      return edge.farthestDistance(measure: .geodesic(GeodesicMeasure(metric: metric, center: center)))
    }
    // Error of a golden search stopped at `tolerance` on a smooth peak: far below a millimetre.
    return distance + FetchRangeSolver<Metric>.searchAllowance
  }
}
