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
}
