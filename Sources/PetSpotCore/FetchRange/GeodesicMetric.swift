/// Distances on the WGS84 ellipsoid, supplied by the caller (PetSpotPROJ wraps PROJ's `geod_inverse`).
///
/// Keeping the metric abstract keeps `PetSpotCore` free of C; tests substitute a counting or
/// reference metric.
public protocol GeodesicMetric {
  /// The geodesic distance in metres between two coordinates in degrees. Longitudes need not be
  /// wrapped into [-180, 180]; latitudes are within [-90, 90].
  func distance(_ from: GeoCoordinate, _ to: GeoCoordinate) -> Double

  /// The geodesic distance in metres from `from` to `to` and the geodesic's azimuth at `to` in
  /// degrees clockwise from north, pointing away from `from`: the direction in which the distance
  /// grows fastest at `to` (its gradient there), so moving `to` by a small displacement changes the
  /// distance by the displacement's component along that azimuth.
  func distanceAndAzimuth(_ from: GeoCoordinate, _ to: GeoCoordinate) -> (metres: Double, azimuth: Double)
}
