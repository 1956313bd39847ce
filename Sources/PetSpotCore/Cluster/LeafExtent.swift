/// The box holding a cluster's leaves, as offsets (world widths) from its drawn pin's position:
/// x unwrapped around that pin (leaves across the antimeridian get offsets beyond ±½ − never more
/// than 2·d_L), y as is. Stored as Float, rounded outwards: 16 bytes per cluster.
package struct LeafExtent: Sendable, Equatable {
  package var minX: Float, minY: Float, maxX: Float, maxY: Float

  package init(minX: Float, minY: Float, maxX: Float, maxY: Float) {
    self.minX = minX
    self.minY = minY
    self.maxX = maxX
    self.maxY = maxY
  }

  static let zero = LeafExtent(minX: 0, minY: 0, maxX: 0, maxY: 0)

  /// The distance from the drawn pin to the box's farthest corner, world widths: every leaf lies
  /// within it.
  var radius: Double {
    let x = max(abs(Double(minX)), abs(Double(maxX)))
    let y = max(abs(Double(minY)), abs(Double(maxY)))
    return (x * x + y * y).squareRoot()
  }

  /// Grows the box to hold `other` moved by (dx, dy).
  mutating func formUnion(_ other: LeafExtent, shiftedBy dx: Double, _ dy: Double) {
    minX = min(minX, Self.down(Double(other.minX) + dx))
    minY = min(minY, Self.down(Double(other.minY) + dy))
    maxX = max(maxX, Self.up(Double(other.maxX) + dx))
    maxY = max(maxY, Self.up(Double(other.maxY) + dy))
  }

  /// The largest Float ≤ v, and the smallest ≥ v.
  private static func down(_ v: Double) -> Float {
    let f = Float(v)
    return Double(f) > v ? f.nextDown : f
  }

  private static func up(_ v: Double) -> Float {
    let f = Float(v)
    return Double(f) < v ? f.nextUp : f
  }
}
