internal import CPROJ
import PetSpotCore

/// Geodesic distances on the WGS84 ellipsoid by Karney's algorithm, PROJ's `geod_inverse`
/// (accurate to about 15 nm).
///
/// Threading: immutable after creation (the `geod_geodesic` parameters are only read), so one
/// instance may be shared by any number of threads.
public final class Geodesic: GeodesicMetric, @unchecked Sendable {
  // @unchecked: the pointee is written once by geod_init in init and only read afterwards.
  private let parameters: UnsafeMutablePointer<geod_geodesic>

  /// WGS84 semi-major axis in metres.
  public static let wgs84EquatorialRadius = WGS84.equatorialRadius
  /// WGS84 flattening.
  public static let wgs84Flattening = WGS84.flattening

  /// The WGS84 ellipsoid. See `geod_init`.
  public init() {
    parameters = .allocate(capacity: 1)
    geod_init(parameters, Self.wgs84EquatorialRadius, Self.wgs84Flattening)
  }

  deinit { parameters.deallocate() }

  /// The geodesic distance in metres between two coordinates in degrees (latitude first;
  /// longitudes need not be wrapped). See `geod_inverse`.
  public func distance(_ from: GeoCoordinate, _ to: GeoCoordinate) -> Double {
    var metres = 0.0
    geod_inverse(parameters, from.latitude, from.longitude, to.latitude, to.longitude, &metres, nil, nil)
    return metres
  }

  /// The geodesic distance in metres from `from` to `to` and the geodesic's azimuth at `to`
  /// (degrees clockwise from north, pointing away from `from`). See `geod_inverse`.
  public func distanceAndAzimuth(_ from: GeoCoordinate, _ to: GeoCoordinate) -> (metres: Double, azimuth: Double) {
    var metres = 0.0
    var azimuth = 0.0
    geod_inverse(parameters, from.latitude, from.longitude, to.latitude, to.longitude, &metres, nil, &azimuth)
    return (metres, azimuth)
  }

  /// The point `metres` away from `from` along the initial azimuth `azimuth` (degrees clockwise
  /// from north), longitude wrapped into [-180, 180). See `geod_direct`.
  public func destination(from: GeoCoordinate, azimuth: Double, metres: Double) -> GeoCoordinate {
    var latitude = 0.0
    var longitude = 0.0
    geod_direct(parameters, from.latitude, from.longitude, azimuth, metres, &latitude, &longitude, nil)
    return GeoCoordinate(latitude: latitude, longitude: Longitude.wrapped(longitude))
  }
}
