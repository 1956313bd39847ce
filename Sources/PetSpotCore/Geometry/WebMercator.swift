import RealModule

/// The closed-form Web Mercator transform onto the unit square (EPSG:3857 scaled to [0, 1]²).
///
/// This is the hot-path form; `PetSpotPROJ` checks it against PROJ's EPSG:4326 → EPSG:3857
/// (they agree within 1e-12 in unit-square coordinates).
public enum WebMercator {
  /// The Mercator limit in degrees: the latitude whose Y is exactly 0 (north) or 1 (south).
  /// Nothing beyond it is on the map.
  public static let latitudeLimit = 85.05112877980659

  /// X(lng) = (lng + 180) / 360. Longitude in degrees; not wrapped.
  @inlinable
  public static func x(longitude: Double) -> Double {
    (longitude + 180) / 360
  }

  /// Y(lat) = 1/2 − ln(tan(π/4 + lat·π/360)) / (2π), with the latitude (degrees) first clamped
  /// to ±``latitudeLimit``, so the result lies in [0, 1].
  @inlinable
  public static func y(latitude: Double) -> Double {
    let clamped = min(max(latitude, -latitudeLimit), latitudeLimit)
    let s = Double.sin(clamped * .pi / 180)
    // ln(tan(π/4 + φ/2)) = atanh(sin φ): the same value, better conditioned near the equator.
    let y = 0.5 - Double.atanh(s) / (2 * .pi)
    return min(max(y, 0), 1)
  }

  /// The point for a coordinate (latitude clamped as in ``y(latitude:)``, longitude not wrapped).
  @inlinable
  public static func project(_ coordinate: GeoCoordinate) -> MercatorPoint {
    MercatorPoint(x: x(longitude: coordinate.longitude), y: y(latitude: coordinate.latitude))
  }

  /// Longitude in degrees for an unwrapped X (X outside [0, 1] gives longitudes outside ±180).
  @inlinable
  public static func longitude(x: Double) -> Double {
    x * 360 - 180
  }

  /// Latitude in degrees for a Y in [0, 1]: the inverse of ``y(latitude:)`` within the limit.
  @inlinable
  public static func latitude(y: Double) -> Double {
    Double.atan(Double.sinh((0.5 - y) * 2 * .pi)) * 180 / .pi
  }

  /// The coordinate of a point, longitude wrapped into [-180, 180), or `nil` when `y` is off the map.
  @inlinable
  public static func unproject(_ point: MercatorPoint) -> GeoCoordinate? {
    guard point.y.isFinite, point.x.isFinite, point.y >= 0, point.y <= 1 else { return nil }
    return GeoCoordinate(latitude: latitude(y: point.y), longitude: Longitude.wrapped(longitude(x: point.x)))
  }
}
