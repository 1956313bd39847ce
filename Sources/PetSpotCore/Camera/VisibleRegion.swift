/// A latitude/longitude bounding box in degrees. `west > east` means it crosses the antimeridian;
/// a box 360° wide or more is reported as west = −180, east = 180.
public struct GeoBoundingBox: Hashable, Sendable {
  /// Northern bound, degrees.
  public var north: Double
  /// Southern bound, degrees.
  public var south: Double
  /// Western bound, degrees in [-180, 180).
  public var west: Double
  /// Eastern bound, degrees in (-180, 180].
  public var east: Double

  /// Creates a box from its bounds in degrees.
  public init(north: Double, south: Double, west: Double, east: Double) {
    self.north = north
    self.south = south
    self.west = west
    self.east = east
  }
}

extension VisibleRectangle {
  /// The visible region as a polygon in unwrapped Mercator coordinates: the rectangle clipped to
  /// the band 0 ≤ Y ≤ 1 (Sutherland–Hodgman), counter-clockwise on screen. Never empty: the
  /// centre is always inside the band.
  public var regionPolygon: [MercatorPoint] {
    var polygon = corners
    polygon = Self.clip(polygon, keep: { $0.y >= 0 }, boundaryY: 0)
    polygon = Self.clip(polygon, keep: { $0.y <= 1 }, boundaryY: 1)
    return polygon
  }

  /// The bounding box of the visible region in degrees.
  ///
  /// - Complexity: O(1), no allocation: the region's extreme X lie at rectangle corners inside the
  ///   band or where rectangle edges cross Y = 0 or Y = 1.
  public var regionBoundingBox: GeoBoundingBox {
    var minX = Double.infinity
    var maxX = -Double.infinity
    var minY = Double.infinity
    var maxY = -Double.infinity
    func include(_ x: Double, _ y: Double) {
      minX = min(minX, x)
      maxX = max(maxX, x)
      minY = min(minY, y)
      maxY = max(maxY, y)
    }
    let signs: [(Double, Double)] = [(-1, -1), (1, -1), (1, 1), (-1, 1)]
    for i in 0..<4 {
      let (sa, sb) = signs[i]
      let (ta, tb) = signs[(i + 1) % 4]
      let p = offset(a: sa * halfWidth, b: sb * halfHeight)
      let q = offset(a: ta * halfWidth, b: tb * halfHeight)
      let (px, py) = (center.x + p.dx, center.y + p.dy)
      let (qx, qy) = (center.x + q.dx, center.y + q.dy)
      if py >= 0 && py <= 1 { include(px, py) }
      for bandY in [0.0, 1.0] where (py - bandY) * (qy - bandY) < 0 {
        include(px + (bandY - py) / (qy - py) * (qx - px), bandY)
      }
    }
    let north = WebMercator.latitude(y: minY)
    let south = WebMercator.latitude(y: maxY)
    if maxX - minX >= 1 {
      return GeoBoundingBox(north: north, south: south, west: -180, east: 180)
    }
    return GeoBoundingBox(
      north: north, south: south,
      west: Longitude.wrapped(WebMercator.longitude(x: minX)),
      east: Longitude.wrappedEast(WebMercator.longitude(x: maxX)))
  }

  private static func clip(
    _ polygon: [MercatorPoint], keep: (MercatorPoint) -> Bool, boundaryY: Double
  ) -> [MercatorPoint] {
    var out: [MercatorPoint] = []
    out.reserveCapacity(polygon.count + 2)
    for (i, current) in polygon.enumerated() {
      let previous = polygon[(i + polygon.count - 1) % polygon.count]
      let currentIn = keep(current)
      let previousIn = keep(previous)
      if currentIn != previousIn {
        let t = (boundaryY - previous.y) / (current.y - previous.y)
        out.append(MercatorPoint(x: previous.x + t * (current.x - previous.x), y: boundaryY))
      }
      if currentIn { out.append(current) }
    }
    return out
  }
}
