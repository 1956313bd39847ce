/// A strictly convex quadrilateral of the Mercator plane (unwrapped X, Y; world widths) with the
/// screen's orientation: its vertices are the ground points under the viewport's top-left,
/// top-right, bottom-right and bottom-left corners, clockwise with X east and Y south.
///
/// This is the region Q a tilted or corner-form camera shows (docs/camera-model.md, "Tilted
/// cameras"); its edges are straight in Mercator, as a rotated camera's are.
public struct ConvexQuad: Hashable, Sendable {
  /// The four vertices, top-left first, clockwise (X east, Y south).
  public let vertices: [MercatorPoint]

  /// A quadrilateral from four vertices in screen order (top-left, top-right, bottom-right,
  /// bottom-left); `nil` unless it is strictly convex with that orientation and finite.
  public init?(_ vertices: [MercatorPoint]) {
    guard vertices.count == 4, vertices.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
    for i in 0..<4 {
      let (p, q, r) = (vertices[i], vertices[(i + 1) % 4], vertices[(i + 2) % 4])
      guard Self.cross(q.x - p.x, q.y - p.y, r.x - q.x, r.y - q.y) > 0 else { return nil }
    }
    self.vertices = vertices
  }

  /// The z component of the cross product (a × b), positive when b turns clockwise from a on
  /// the screen (X east, Y south).
  @inline(__always)
  static func cross(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Double { ax * by - ay * bx }

  /// Half the X extent about `x`: the largest |vertex.x − x|.
  public func halfExtentX(about x: Double) -> Double {
    vertices.map { abs($0.x - x) }.max()!
  }

  /// The X interval where the horizontal line at `y` crosses the quadrilateral, or `nil`.
  /// - Complexity: O(1).
  public func xInterval(atY y: Double) -> ClosedRange<Double>? {
    var lo = Double.infinity
    var hi = -Double.infinity
    for i in 0..<4 {
      let (p, q) = (vertices[i], vertices[(i + 1) % 4])
      if p.y == y {
        lo = min(lo, p.x)
        hi = max(hi, p.x)
      }
      guard (p.y - y) * (q.y - y) < 0 else { continue }
      let x = p.x + (y - p.y) / (q.y - p.y) * (q.x - p.x)
      lo = min(lo, x)
      hi = max(hi, x)
    }
    return lo <= hi ? lo...hi : nil
  }

  /// The quadrilateral clipped to the band 0 ≤ Y ≤ 1 (Sutherland–Hodgman), in the same order;
  /// empty when it misses the band.
  public var clippedToBand: [MercatorPoint] {
    var polygon = vertices
    for (boundary, keepBelow) in [(0.0, false), (1.0, true)] {
      var out: [MercatorPoint] = []
      out.reserveCapacity(polygon.count + 2)
      for (i, current) in polygon.enumerated() {
        let previous = polygon[(i + polygon.count - 1) % polygon.count]
        let currentIn = keepBelow ? current.y <= boundary : current.y >= boundary
        let previousIn = keepBelow ? previous.y <= boundary : previous.y >= boundary
        if currentIn != previousIn {
          let t = (boundary - previous.y) / (current.y - previous.y)
          out.append(MercatorPoint(x: previous.x + t * (current.x - previous.x), y: boundary))
        }
        if currentIn { out.append(current) }
      }
      polygon = out
    }
    return polygon
  }

  /// The latitude/longitude bounds of the quadrilateral within the band, with the flat camera's
  /// conventions (west > east across the antimeridian; −180/180 when 360° wide or more), or `nil`
  /// when it misses the band.
  public var bandBoundingBox: GeoBoundingBox? {
    let polygon = clippedToBand
    guard !polygon.isEmpty else { return nil }
    let xs = polygon.map(\.x)
    let ys = polygon.map(\.y)
    let (minX, maxX) = (xs.min()!, xs.max()!)
    let north = WebMercator.latitude(y: ys.min()!)
    let south = WebMercator.latitude(y: ys.max()!)
    if maxX - minX >= 1 { return GeoBoundingBox(north: north, south: south, west: -180, east: 180) }
    return GeoBoundingBox(
      north: north, south: south, west: Longitude.wrapped(WebMercator.longitude(x: minX)),
      east: Longitude.wrappedEast(WebMercator.longitude(x: maxX)))
  }
}
