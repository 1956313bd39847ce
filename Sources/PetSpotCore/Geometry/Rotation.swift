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
      let (c, s) = (Double.cos(radians), Double.sin(radians))
      // Within 1e-100 of an axis (a heading of 1e-320°, say) the rotation is that axis: the
      // difference moves no point by 1e-90 points, while dividing by such a sine overflows the
      // visibility test's slab bounds (they then accepted every pin).
      if abs(s) < 1e-100 {
        (cos, sin) = (c < 0 ? -1 : 1, 0)
      } else if abs(c) < 1e-100 {
        (cos, sin) = (0, s < 0 ? -1 : 1)
      } else {
        (cos, sin) = (c, s)
      }
    }
  }

  /// Whether the rotated axes are parallel to the Mercator axes (a multiple of 90°).
  public var isAxisAligned: Bool { cos == 0 || sin == 0 }
}
