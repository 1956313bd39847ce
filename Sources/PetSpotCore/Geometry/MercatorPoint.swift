/// A point of the Web Mercator unit square (docs/camera-model.md).
///
/// `x` grows east from 0 at longitude -180 to 1 at +180 and repeats outside [0, 1)
/// (world copies); `y` grows south from 0 at the northern Mercator limit to 1 at the southern one.
public struct MercatorPoint: Hashable, Sendable {
  /// East coordinate in world widths (0…1 is one world).
  public var x: Double
  /// South coordinate in world heights (0 = 85.0511° N, 1 = 85.0511° S).
  public var y: Double

  /// Creates a point from unit-square coordinates, x (east) first.
  @inlinable
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}
