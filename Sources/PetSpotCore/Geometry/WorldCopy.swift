/// The world repeats east–west: Mercator X (``MercatorPoint/x``, world widths) is periodic with
/// period 1 (360° of longitude). These helpers move an X offset by whole worlds, with the one
/// convention used everywhere in petspot-geo: the offset to the nearest copy lies in **[−½, ½)**,
/// so a point exactly half a world away is taken to the west.
///
/// Every result is exact: moving by one world is an exact subtraction for |dx| < 1.5 (Sterbenz),
/// and farther offsets go through the exact remainder first.
public enum WorldCopy {
  /// `dx` (world widths) moved by whole worlds into [−½, ½). NaN and infinities come back as NaN.
  ///
  /// - Complexity: O(1); no division unless |dx| ≥ 1.5.
  @inlinable @inline(__always)
  public static func nearestOffset(_ dx: Double) -> Double {
    if dx > -1.5 && dx < 1.5 { return nearestOffset(nearby: dx) }
    let r = dx.truncatingRemainder(dividingBy: 1)
    return nearestOffset(nearby: r)
  }

  /// ``nearestOffset(_:)`` for |dx| < 1.5 only (both points on the unit square, say), written
  /// with selects and no branches, so that vectorised loops can use it.
  @inlinable @inline(__always)
  public static func nearestOffset(nearby dx: Double) -> Double {
    let once = dx >= 0.5 ? dx - 1 : dx
    return once < -0.5 ? once + 1 : once
  }

  /// The east–west distance to the nearest copy, |nearestOffset(dx)|, in [0, ½], for |dx| ≤ 1.
  @inlinable @inline(__always)
  public static func distance(nearby dx: Double) -> Double {
    let a = abs(dx)
    return min(a, 1 - a)
  }

  /// Whether some copy dx + k (k integer) lies in [lo, hi], for any width: the world-copy test of
  /// the visibility windows once their dx interval at a pin's row is known.
  @inlinable @inline(__always)
  public static func someCopy(of dx: Double, in lo: Double, _ hi: Double) -> Bool {
    guard lo <= hi else { return false }
    if hi - lo >= 1 { return true }
    let t = dx - lo
    return t - t.rounded(.down) <= hi - lo
  }

  /// ``someCopy(of:in:_:)`` for dx already wrapped into [−½, ½) and an interval under two worlds
  /// wide: k ∈ {−1, 0, 1}, with compares and selects only (for vectorised loops).
  @inlinable @inline(__always)
  public static func someNearbyCopy(of dx: Double, in lo: Double, _ hi: Double) -> Bool {
    (dx >= lo && dx <= hi) || (dx + 1 >= lo && dx + 1 <= hi) || (dx - 1 >= lo && dx - 1 <= hi)
  }

  /// The copy `nearest + k` (k integer) that lies in `range` and is closest to 0, or `nil` when
  /// no copy does. `nearest` must be the copy closest to 0 (``nearestOffset(_:)``): the candidates
  /// then grow away from it on one side, so the first one inside the range is the answer.
  ///
  /// - Complexity: O(1), for ranges of any width.
  @inlinable
  public static func closestCopy(of nearest: Double, in range: ClosedRange<Double>) -> Double? {
    if range.contains(nearest) { return nearest }
    let copy =
      nearest < range.lowerBound
      ? nearest + (range.lowerBound - nearest).rounded(.up) : nearest + (range.upperBound - nearest).rounded(.down)
    return range.contains(copy) ? copy : nil
  }
}
