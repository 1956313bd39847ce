/// The visibility test of a tilted or corner-form view (docs/camera-model.md, "Tilted cameras"),
/// prepared once: a pin is visible when some world copy lies in Q, the ground under the padded
/// viewport — a strictly convex quadrilateral entirely in front of the camera, so "in front and
/// drawn inside the padded viewport" is "inside Q".
///
/// As for the flat window, each edge with an X component bounds dx = x − c.x by a line in
/// dy = y − c.y: edges going south bound it from above, edges going north from below, and
/// horizontal edges bound y alone. A convex quadrilateral has at most three of either kind;
/// unused slots hold ±infinity. The pin is visible when some x + k lies in [max lower, min upper].
public struct QuadWindow: Hashable, Sendable {
  /// The screen centre's ground point, Mercator units.
  public let centerX: Double, centerY: Double
  /// The quadrilateral's Y extent (absolute), tightened by horizontal edges.
  public let minY: Double, maxY: Double
  /// Lower bounds on dx: lo + k·dy.
  public let lo1: Double, k1: Double, lo2: Double, k2: Double, lo3: Double, k3: Double
  /// Upper bounds on dx: hi + m·dy.
  public let hi1: Double, m1: Double, hi2: Double, m2: Double, hi3: Double, m3: Double
  /// Half the quadrilateral's X extent about the centre, world widths.
  public let halfExtentX: Double
  /// Vertices as offsets from the centre (for box classification: ``HalfPlaneRegion``), screen order.
  let vx: SIMD4<Double>, vy: SIMD4<Double>

  /// Prepares the test for `quad` about `center` (the screen centre's ground point).
  public init(quad: ConvexQuad, center: MercatorPoint) {
    centerX = center.x
    centerY = center.y
    var lower: [(Double, Double)] = []
    var upper: [(Double, Double)] = []
    var minY = quad.vertices.map(\.y).min()!
    var maxY = quad.vertices.map(\.y).max()!
    var xs = SIMD4<Double>()
    var ys = SIMD4<Double>()
    for i in 0..<4 {
      let p = quad.vertices[i]
      let q = quad.vertices[(i + 1) % 4]
      let (px, py) = (p.x - center.x, p.y - center.y)
      let (ex, ey) = (q.x - p.x, q.y - p.y)
      (xs[i], ys[i]) = (px, py)
      // Inside: ex·(dy − py) − ey·(dx − px) ≥ 0.
      if ey > 0 {
        upper.append((px - ex / ey * py, ex / ey))
      } else if ey < 0 {
        lower.append((px - ex / ey * py, ex / ey))
      } else if ex > 0 {
        minY = max(minY, p.y)
      } else {
        maxY = min(maxY, p.y)
      }
    }
    while lower.count < 3 { lower.append((-.infinity, 0)) }
    while upper.count < 3 { upper.append((.infinity, 0)) }
    (lo1, k1, lo2, k2, lo3, k3) = (lower[0].0, lower[0].1, lower[1].0, lower[1].1, lower[2].0, lower[2].1)
    (hi1, m1, hi2, m2, hi3, m3) = (upper[0].0, upper[0].1, upper[1].0, upper[1].1, upper[2].0, upper[2].1)
    self.minY = minY
    self.maxY = maxY
    halfExtentX = quad.halfExtentX(about: center.x)
    (vx, vy) = (xs, ys)
  }

  /// The dx interval at dy (empty when lo > hi).
  @inlinable @inline(__always)
  func interval(dy: Double) -> (lo: Double, hi: Double) {
    let lo = max(max(lo1 + k1 * dy, lo2 + k2 * dy), lo3 + k3 * dy)
    let hi = min(min(hi1 + m1 * dy, hi2 + m2 * dy), hi3 + m3 * dy)
    return (lo, hi)
  }

  /// The visibility of one pin (x in [0, 1], y in [0, 1] or NaN); any width.
  @inlinable
  public func contains(x: Double, y: Double) -> Bool {
    guard y >= minY && y <= maxY else { return false }  // false for NaN
    let (lo, hi) = interval(dy: y - centerY)
    return WorldCopy.someCopy(of: x - centerX, in: lo, hi)
  }

  /// The same decision for views under two worlds wide: dx wrapped into [−½, ½) and tested at
  /// k = −1, 0, 1, with selects only (for vectorised loops).
  @inlinable @inline(__always)
  public func narrowContains(x: Double, y: Double) -> Bool {
    let (lo, hi) = interval(dy: y - centerY)
    let dx = WorldCopy.nearestOffset(nearby: x - centerX)
    let inY = (y >= minY) && (y <= maxY)
    let inX = WorldCopy.someNearbyCopy(of: dx, in: lo, hi)
    return inY && inX
  }
}

/// A ``QuadWindow`` behind a reference, so that ``VisibilityWindow`` stays small for flat views.
public final class QuadWindowBox: Hashable, Sendable {
  /// The test.
  public let test: QuadWindow

  init(_ test: QuadWindow) {
    self.test = test
  }

  public static func == (a: QuadWindowBox, b: QuadWindowBox) -> Bool { a.test == b.test }

  public func hash(into hasher: inout Hasher) { hasher.combine(test) }
}
