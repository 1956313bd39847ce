import RealModule

/// The WGS84 ellipsoid: its defining constants and the radii of curvature that turn angles of
/// latitude and longitude into metres.
public enum WGS84 {
  /// Semi-major (equatorial) axis, metres.
  public static let equatorialRadius = 6_378_137.0
  /// Flattening.
  public static let flattening = 1 / 298.257223563
  /// First eccentricity squared, f(2 − f).
  public static let eccentricitySquared = flattening * (2 - flattening)

  /// Metres per radian of latitude and per radian of longitude at geodetic latitude `latitude`
  /// (radians): the meridian's radius of curvature M and the parallel's radius N·cos φ.
  static func metresPerRadian(latitude: Double) -> (north: Double, east: Double) {
    let sine = Double.sin(latitude)
    let w2 = 1 - eccentricitySquared * sine * sine
    let w = w2.squareRoot()
    let primeVertical = equatorialRadius / w
    return (primeVertical * (1 - eccentricitySquared) / w2, primeVertical * Double.cos(latitude))
  }
}
