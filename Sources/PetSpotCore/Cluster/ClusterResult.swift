/// The display items for one camera.
public struct ClusterResult: Hashable, Sendable {
  /// The camera's fractional zoom.
  public var zoom: Double
  /// The hierarchy level used: clamp(floor zoom, 0, maxZoom).
  public var level: Int
  /// The separation the items keep, in points.
  public var minSeparation: Double
  /// The items, pairwise at least ``minSeparation`` apart on screen.
  public var items: [ClusterItem]

  /// The item under a tap at `point` (screen points): the nearest whose position lies within
  /// minSeparation / 2, or `nil`. At most one item can be that close, because items are
  /// minSeparation apart.
  /// - Complexity: O(items).
  public func hitTest(_ point: ScreenPoint) -> Int? {
    let limit = minSeparation / 2
    var best: Int?
    var bestDistance = limit * limit
    for (i, item) in items.enumerated() {
      let dx = item.point.x - point.x
      let dy = item.point.y - point.y
      let d2 = dx * dx + dy * dy
      if d2 <= bestDistance {
        best = i
        bestDistance = d2
      }
    }
    return best
  }
}
