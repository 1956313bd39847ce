/// A WGS84 position in degrees, always written latitude first.
///
/// `GeoCoordinate` does not validate: use ``GeoCoordinate/isValid`` or the camera
/// validation to reject NaN, infinities and out-of-range values.
public struct GeoCoordinate: Hashable, Sendable {
  /// Latitude in degrees, positive north, valid in [-90, 90].
  public var latitude: Double
  /// Longitude in degrees, positive east, valid in [-180, 180].
  public var longitude: Double

  /// Creates a coordinate from latitude and longitude in degrees (in that order).
  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }

  /// Whether both values are finite and within [-90, 90] × [-180, 180].
  public var isValid: Bool {
    latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
  }

  /// The diametrically opposite point: (-latitude, longitude ± 180), longitude kept in [-180, 180).
  public var antipode: GeoCoordinate {
    GeoCoordinate(latitude: -latitude, longitude: Longitude.wrapped(longitude + 180))
  }
}

/// Longitude helpers (degrees).
public enum Longitude {
  /// `degrees` wrapped into [-180, 180).
  @inlinable
  public static func wrapped(_ degrees: Double) -> Double {
    let r = (degrees + 180).truncatingRemainder(dividingBy: 360)
    return (r < 0 ? r + 360 : r) - 180
  }

  /// `degrees` wrapped into (-180, 180]: the right form for an eastern bound.
  @inlinable
  public static func wrappedEast(_ degrees: Double) -> Double {
    let w = wrapped(degrees)
    return w == -180 ? 180 : w
  }
}
