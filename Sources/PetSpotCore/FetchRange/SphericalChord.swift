import RealModule

/// Great-circle angles from a fixed centre on the unit sphere (haversine form, well conditioned
/// for tiny and near-antipodal distances). Used only to locate maxima, never as a result.
struct SphericalDistance {
  private let sinLat: Double, cosLat: Double, lat: Double, lng: Double

  init(center: GeoCoordinate) {
    lat = center.latitude * .pi / 180
    lng = center.longitude * .pi / 180
    sinLat = Double.sin(lat)
    cosLat = Double.cos(lat)
  }

  /// The central angle in radians to `point`.
  func angle(to point: GeoCoordinate) -> Double {
    let lat2 = point.latitude * .pi / 180
    let lng2 = point.longitude * .pi / 180
    let sdLat = Double.sin((lat2 - lat) / 2)
    let sdLng = Double.sin((lng2 - lng) / 2)
    let h = sdLat * sdLat + cosLat * Double.cos(lat2) * sdLng * sdLng
    return 2 * Double.asin(min(1, h.squareRoot()))
  }
}

/// Squared chord lengths on the unit sphere from a fixed centre to Mercator points, without
/// inverse trigonometry: with u = π(1 − 2Y), cos φ = 1/cosh u and sin φ = tanh u. Monotone in the
/// central angle, so it locates maxima as the angle does, at a fraction of the cost.
struct SphericalChord {
  private let cx: Double, cy: Double, cz: Double

  init(center: GeoCoordinate) {
    let lat = center.latitude * .pi / 180
    let lng = center.longitude * .pi / 180
    (cx, cy, cz) = (Double.cos(lat) * Double.cos(lng), Double.cos(lat) * Double.sin(lng), Double.sin(lat))
  }

  /// |p − c|² for the point with longitude cosine and sine given and e = exp(π(1 − 2Y)).
  @inline(__always)
  private func squaredChord(cosLongitude: Double, sinLongitude: Double, e: Double) -> Double {
    let inverse = 1 / e
    let cosLat = 2 / (e + inverse)
    let sinLat = (e - inverse) / (e + inverse)
    let (px, py, pz) = (cosLat * cosLongitude, cosLat * sinLongitude, sinLat)
    return (px - cx) * (px - cx) + (py - cy) * (py - cy) + (pz - cz) * (pz - cz)
  }

  /// Points between exact re-seeds in ``squaredChords(from:to:into:)``.
  static var reseedInterval: Int { 64 }

  /// |p − c|² at the `scores.count` evenly spaced points from `start` to `end` (both included; x
  /// unwrapped), written to `scores`. Along a straight Mercator segment the longitude advances by a
  /// fixed angle and exp(π(1 − 2Y)) by a fixed factor, so each point costs one rotation and one
  /// product instead of a cosine, a sine and an exponential; the recurrences are re-seeded exactly
  /// every ``reseedInterval`` points, which keeps their drift near 1e-14 (the scores only locate
  /// maxima).
  func squaredChords(from start: MercatorPoint, to end: MercatorPoint, into scores: UnsafeMutableBufferPointer<Double>)
  {
    guard let n = scores.indices.last else { return }
    // Parameter step between points (a lone point: the start).
    let dt = n > 0 ? 1 / Double(n) : 0
    let stepAngle = 2 * .pi * (end.x - start.x) * dt
    let (stepCos, stepSin) = (Double.cos(stepAngle), Double.sin(stepAngle))
    let stepFactor = Double.exp(-2 * .pi * (end.y - start.y) * dt)
    var (cosLongitude, sinLongitude, e) = (1.0, 0.0, 1.0)
    for i in 0...n {
      if i % Self.reseedInterval == 0 {
        let t = n > 0 ? Double(i) / Double(n) : 0
        let longitude = (2 * (start.x + t * (end.x - start.x)) - 1) * .pi
        (cosLongitude, sinLongitude) = (Double.cos(longitude), Double.sin(longitude))
        e = Double.exp(.pi * (1 - 2 * (start.y + t * (end.y - start.y))))
      } else {
        (cosLongitude, sinLongitude) = (
          cosLongitude * stepCos - sinLongitude * stepSin, sinLongitude * stepCos + cosLongitude * stepSin
        )
        e *= stepFactor
      }
      scores[i] = squaredChord(cosLongitude: cosLongitude, sinLongitude: sinLongitude, e: e)
    }
  }

  /// The central angle (radians) of a squared chord.
  static func angle(squaredChord c2: Double) -> Double { 2 * Double.asin(min(1, c2.squareRoot() / 2)) }

  /// The squared chord of a central angle (radians).
  static func squaredChord(angle: Double) -> Double {
    let chord = 2 * Double.sin(angle / 2)
    return chord * chord
  }
}
