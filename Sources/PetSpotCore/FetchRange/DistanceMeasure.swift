import RealModule

/// A distance from the camera centre measured at a point, with its gradient along the surface.
package struct Measurement {
  /// The distance, metres.
  package let metres: Double
  /// Metres of distance gained per metre moved north from the point.
  package let north: Double
  /// Metres of distance gained per metre moved east from the point.
  package let east: Double
}

/// What the fetch-range search maximises along a region's edges: a smooth function of the point
/// that is the geodesic distance from a fixed centre, or an upper bound of it close enough to
/// stand for it. (An enum, not a generic parameter: the search's code is then compiled once, with
/// no generic metadata to instantiate per camera.)
package enum DistanceMeasure {
  case geodesic(GeodesicMeasure)
  case chord(ChordMeasure)

  /// The measurement at `point` (degrees; longitude unwrapped).
  package func measure(_ point: GeoCoordinate) -> Measurement {
    switch self {
    case .geodesic(let geodesic): geodesic.measure(point)
    case .chord(let chord): chord.measure(point)
    }
  }
}

/// The geodesic distance itself. Its gradient is the unit vector along the geodesic's azimuth at
/// the point (Gauss's lemma), which `geod_inverse` returns with the distance.
package struct GeodesicMeasure {
  let metric: any GeodesicMetric
  let center: GeoCoordinate

  package init(metric: any GeodesicMetric, center: GeoCoordinate) {
    self.metric = metric
    self.center = center
  }

  package func measure(_ point: GeoCoordinate) -> Measurement {
    let (metres, azimuth) = metric.distanceAndAzimuth(center, point)
    let direction = azimuth * .pi / 180
    return Measurement(metres: metres, north: Double.cos(direction), east: Double.sin(direction))
  }
}

/// An upper bound of the geodesic distance computed from the straight chord through the Earth,
/// U(c) = 2ρ·asin(c / 2ρ) (``ChordBound``): a handful of multiplications instead of a geodesic.
/// It exceeds the geodesic by at most U(c) − c ≈ c³/24ρ² (3.5 m at ``largestDistance``, 2.3e-5 of
/// it), so up to that distance its maximum is a fetch range within the allowed excess.
package struct ChordMeasure {
  private let center: ECEF

  /// The largest distance, metres, for which the bound stands for the geodesic.
  package static var largestDistance: Double { 150_000 }

  package init(center: GeoCoordinate) {
    self.center = ECEF(center)
  }

  package func measure(_ point: GeoCoordinate) -> Measurement {
    let phi = point.latitude * .pi / 180
    let lambda = point.longitude * .pi / 180
    let (sinPhi, cosPhi) = (Double.sin(phi), Double.cos(phi))
    let (sinLambda, cosLambda) = (Double.sin(lambda), Double.cos(lambda))
    let p = ECEF(sinLatitude: sinPhi, cosLatitude: cosPhi, sinLongitude: sinLambda, cosLongitude: cosLambda)
    let (dx, dy, dz) = (p.x - center.x, p.y - center.y, p.z - center.z)
    let chord = (dx * dx + dy * dy + dz * dz).squareRoot()
    guard chord > 0 else { return Measurement(metres: ChordBound.geodesicUpperBound(chord: 0), north: 0, east: 0) }
    // dU/dc = 1/√(1 − (c/2ρ)²) (times U's 1 + 1e-12), along the chord's direction, projected on
    // the local north (−sin φ cos λ, −sin φ sin λ, cos φ) and east (−sin λ, cos λ, 0) unit vectors.
    let half = chord / (2 * ChordBound.smallestRadius)
    let scale = (1 + 1e-12) / ((1 - half * half).squareRoot() * chord)
    let north = -sinPhi * (cosLambda * dx + sinLambda * dy) + cosPhi * dz
    let east = -sinLambda * dx + cosLambda * dy
    return Measurement(metres: ChordBound.geodesicUpperBound(chord: chord), north: scale * north, east: scale * east)
  }
}
