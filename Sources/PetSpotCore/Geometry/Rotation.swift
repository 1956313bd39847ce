import RealModule

/// A rotation given in degrees clockwise from north, stored as its cosine and sine.
///
/// Multiples of 90° are exact (cos 90° is 0, not 6e-17), so an unrotated or quarter-turned
/// camera takes the axis-aligned fast paths and keeps boundaries exact.
public struct Rotation: Hashable, Sendable {
  /// cos θ.
  public let cos: Double
  /// sin θ.
  public let sin: Double

  /// The rotation for `degrees` (any finite value, taken modulo 360).
  public init(degrees: Double) {
    var d = degrees.truncatingRemainder(dividingBy: 360)
    if d < 0 { d += 360 }
    switch d {
    case 0: (cos, sin) = (1, 0)
    case 90: (cos, sin) = (0, 1)
    case 180: (cos, sin) = (-1, 0)
    case 270: (cos, sin) = (0, -1)
    default:
      let radians = d * .pi / 180
      (cos, sin) = (Double.cos(radians), Double.sin(radians))
    }
  }

  /// Whether the rotated axes are parallel to the Mercator axes (a multiple of 90°).
  public var isAxisAligned: Bool { cos == 0 || sin == 0 }
}
