import RealModule

/// Earth-centred, earth-fixed coordinates on the WGS84 ellipsoid (metres): the straight line
/// between two surface points is never longer than the geodesic between them.
package struct ECEF {
  package let x: Double, y: Double, z: Double

  package init(_ c: GeoCoordinate) {
    self.init(latitude: c.latitude, longitude: c.longitude)
  }

  /// The point at (latitude, longitude) in degrees.
  package init(latitude: Double, longitude: Double) {
    let phi = latitude * .pi / 180
    let lambda = longitude * .pi / 180
    self.init(
      sinLatitude: Double.sin(phi), cosLatitude: Double.cos(phi), sinLongitude: Double.sin(lambda),
      cosLongitude: Double.cos(lambda))
  }

  /// The point whose geodetic latitude and longitude have these sines and cosines.
  package init(sinLatitude: Double, cosLatitude: Double, sinLongitude: Double, cosLongitude: Double) {
    let n = ChordBound.semiMajorAxis / (1 - ChordBound.eccentricitySquared * sinLatitude * sinLatitude).squareRoot()
    x = n * cosLatitude * cosLongitude
    y = n * cosLatitude * sinLongitude
    z = n * (1 - ChordBound.eccentricitySquared) * sinLatitude
  }

  /// The chord to `o`, metres.
  package func distance(to o: ECEF) -> Double {
    ((x - o.x) * (x - o.x) + (y - o.y) * (y - o.y) + (z - o.z) * (z - o.z)).squareRoot()
  }
}

/// What a chord says about a WGS84 geodesic distance without measuring it: the geodesic s between
/// two surface points with chord c satisfies c ≤ s ≤ ``geodesicUpperBound(chord:)``.
///
/// Why the upper bound holds: a geodesic has no sideways curvature, so its curvature as a space
/// curve is the surface's normal curvature along it, at most 1/ρ with ρ = a(1 − e²) =
/// 6,335,439.3 m, the smallest radius of curvature anywhere on the ellipsoid (the meridian's at the
/// equator). A curve of length s ≤ πρ whose curvature never exceeds 1/ρ has a chord at least that
/// of a circular arc of radius ρ and the same length (Schur's comparison theorem): c ≥ 2ρ sin(s/2ρ),
/// so s ≤ 2ρ asin(c/2ρ). The length condition holds for every chord up to ``largestChord``: the
/// two points' directions from the centre then differ by θ ≤ 2 asin(c/2b) (both lie at least b
/// from the centre) and the central section's arc between them, a path on the surface, is at most
/// θ · a · 1.00001 long — under 2,020 km, far below πρ ≈ 19,903 km.
///
/// The gap between the bounds is about c³/24ρ²: 8 mm at 20 km, 1 m at 100 km, 28 m at 300 km.
package enum ChordBound {
  /// WGS84 semi-major axis, metres.
  package static let semiMajorAxis = WGS84.equatorialRadius
  /// WGS84 first eccentricity squared.
  package static let eccentricitySquared = WGS84.eccentricitySquared
  /// The smallest radius of curvature of the WGS84 ellipsoid, a(1 − e²), metres.
  package static let smallestRadius = semiMajorAxis * (1 - eccentricitySquared)
  /// The longest chord the upper bound is stated for, metres.
  package static let largestChord = 2_000_000.0
  /// Metres of rounding slack in every comparison of a chord or bound with a distance: ECEF
  /// coordinates carry ~1e-9 m of rounding and a measured geodesic ~1e-8 m.
  package static let slack = 1e-6

  /// An upper bound of the geodesic distance between two surface points `chord` metres apart
  /// (slack included); infinity beyond ``largestChord``.
  package static func geodesicUpperBound(chord: Double) -> Double {
    guard chord <= largestChord else { return .infinity }
    return 2 * smallestRadius * Double.asin(chord / (2 * smallestRadius)) * (1 + 1e-12) + slack
  }
}
