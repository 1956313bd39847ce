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

extension ClusterResult {
  /// The cluster this result shows under `id`, or `nil`. Unlike ``ClusterIndex/cluster(id:)`` it
  /// also finds the clusters a query below zoom 0 merges at the camera's own scale, which exist
  /// only in the result that drew them; every by-summary call (`leaves(of:)`, `children(of:)`,
  /// `camera(showing:width:height:)`) then works on them.
  /// - Complexity: O(items).
  public func cluster(id: some StringProtocol) -> ClusterSummary? {
    guard let hash = ClusterSummary.hash(id: id) else { return nil }
    return items.lazy.compactMap(\.cluster).first { $0.idHash == hash }
  }

  /// The clusters a query below zoom 0 merged (not in the index), for registries such as the C
  /// index handle's.
  public var mergedClusters: [ClusterSummary] {
    items.compactMap { $0.cluster }.filter(\.isMerged)
  }
}
