/// A position on screen in points: x grows right, y grows down, (0, 0) is the top-left corner.
public struct ScreenPoint: Hashable, Sendable {
  /// Points from the left edge.
  public var x: Double
  /// Points from the top edge.
  public var y: Double

  /// Creates a screen point, x first.
  @inlinable
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}

extension VisibleRectangle {
  /// Where a Mercator point is drawn: x = width/2 + a·s, y = height/2 − b·s, using the world copy
  /// of ``drawnOffset(of:)``.
  @inlinable
  public func screenPoint(of point: MercatorPoint) -> ScreenPoint {
    let dx = drawnOffset(of: point)
    let (a, b) = viewCoordinates(dx: dx, dy: point.y - center.y)
    let s = scale
    return ScreenPoint(x: viewportWidth / 2 + a * s, y: viewportHeight / 2 - b * s)
  }

  /// X − c.X of the world copy a point is drawn in, world widths: the copy nearest the centre
  /// (p.x − c.x wrapped into [−1/2, 1/2)) — unless the rectangle reaches more than half a world
  /// east or west (a rotated view wider than the world) and shows the point only in another copy:
  /// then the visible copy nearest the centre, so that a visible pin is always drawn inside the
  /// viewport.
  @inlinable
  public func drawnOffset(of point: MercatorPoint) -> Double {
    let nearest = WorldCopy.nearestOffset(point.x - center.x)
    guard !showsOneCopy, let xs = xInterval(atY: point.y), !xs.contains(center.x + nearest) else { return nearest }
    return WorldCopy.closestCopy(of: nearest, in: (xs.lowerBound - center.x)...(xs.upperBound - center.x)) ?? nearest
  }

  /// Whether the rectangle lies within half a world of its centre east–west, so that the copy
  /// nearest the centre is the only one it can show.
  @inlinable
  public var showsOneCopy: Bool { boundingHalfExtents.x < 0.5 }

  /// Where a coordinate (degrees) is drawn; latitudes beyond the Mercator limit are clamped to it,
  /// as the map draws them.
  @inlinable
  public func screenPoint(of coordinate: GeoCoordinate) -> ScreenPoint {
    screenPoint(of: WebMercator.project(coordinate))
  }

  /// The Mercator point (unwrapped, in the world copy the screen shows) under a screen point.
  public func mercatorPoint(at screen: ScreenPoint) -> MercatorPoint {
    let s = scale
    let (dx, dy) = offset(a: (screen.x - viewportWidth / 2) / s, b: (viewportHeight / 2 - screen.y) / s)
    return MercatorPoint(x: center.x + dx, y: center.y + dy)
  }

  /// The coordinate under a screen point (the inverse of ``screenPoint(of:)-(GeoCoordinate)``),
  /// longitude wrapped into [-180, 180), or `nil` where the screen shows no map (beyond the
  /// Mercator limit) or the point is not finite.
  public func coordinate(at screen: ScreenPoint) -> GeoCoordinate? {
    WebMercator.unproject(mercatorPoint(at: screen))
  }
}
