import RealModule

/// Where the members of a spiderfied group go, relative to the group's centre, in screen points:
/// up to ``circleLimit`` on one circle, more on an Archimedean spiral. Any two positions are at
/// least `separation` apart (checked in the tests for every size up to 2,000).
public enum SpiderLayout {
  /// Groups up to this size go on a circle.
  public static let circleLimit = 8

  /// Offsets (dx right, dy down, points) for `count` members kept `separation` apart; the first
  /// member goes straight up and the rest follow clockwise.
  public static func offsets(count: Int, separation d: Double) -> [(dx: Double, dy: Double)] {
    guard count > 1 else { return count == 1 ? [(0, 0)] : [] }
    if count <= circleLimit {
      let r = d / (2 * Double.sin(.pi / Double(count)))
      return (0..<count).map { i in
        let angle = 2 * .pi * Double(i) / Double(count)
        return (r * Double.sin(angle), -r * Double.cos(angle))
      }
    }
    // r(θ) = r₀ + b·θ with turns 1.25·d apart; each step keeps the chord to the previous position
    // at least d (the radius only grows, so the chord exceeds the one on the inner circle).
    let r0 = d
    let b = 1.25 * d / (2 * .pi)
    var result: [(dx: Double, dy: Double)] = []
    result.reserveCapacity(count)
    var angle = 0.0
    for _ in 0..<count {
      let r = r0 + b * angle
      result.append((r * Double.sin(angle), -r * Double.cos(angle)))
      angle += 2 * Double.asin(min(1, d / (2 * r)))
    }
    return result
  }

  /// The largest distance of a layout position from the centre, in points (0 for one member).
  public static func radius(count: Int, separation d: Double) -> Double {
    guard count > 1 else { return 0 }
    if count <= circleLimit { return d / (2 * Double.sin(.pi / Double(count))) }
    let last = offsets(count: count, separation: d).last!
    return (last.dx * last.dx + last.dy * last.dy).squareRoot()
  }

  /// The compact layout, for a spider whose spiral the viewport cannot hold: the `count` points of
  /// a hexagonal lattice of spacing `separation` nearest the centre (centre first, then ring by
  /// ring, clockwise from straight up). Any two are exactly `separation` or more apart, and the
  /// disk they need is about 15 % narrower than the spiral's from 20 members on (45 members at
  /// 44 points: radius 158 instead of 191).
  public static func compactOffsets(count: Int, separation d: Double) -> [(dx: Double, dy: Double)] {
    guard count > 1 else { return count == 1 ? [(0, 0)] : [] }
    // Lattice points (i + j/2, j·√3/2)·d within ring k = ⌈√(count)⌉ + 1 hold more than `count`.
    let rings = Int((Double(count).squareRoot()).rounded(.up)) + 1
    let h = 3.0.squareRoot() / 2
    var points: [(dx: Double, dy: Double, r2: Double, angle: Double)] = []
    points.reserveCapacity((2 * rings + 1) * (2 * rings + 1))
    for j in -rings...rings {
      for i in -rings...rings {
        let dx = (Double(i) + Double(j) / 2) * d
        let dy = -Double(j) * h * d
        // Clockwise from straight up (screen y grows down).
        var angle = Double.atan2(y: dx, x: -dy)
        if angle < 0 { angle += 2 * .pi }
        points.append((dx, dy, ((dx * dx + dy * dy) / (d * d)).rounded(), angle))
      }
    }
    points.sort { $0.r2 != $1.r2 ? $0.r2 < $1.r2 : $0.angle < $1.angle }
    return points.prefix(count).map { ($0.dx, $0.dy) }
  }

  /// The largest distance of a compact layout position from the centre, in points.
  public static func compactRadius(count: Int, separation d: Double) -> Double {
    compactOffsets(count: count, separation: d).reduce(0) { max($0, ($1.dx * $1.dx + $1.dy * $1.dy).squareRoot()) }
  }
}
