/// A node standing in for part of a node of the query's level that is drawn out of view
/// (docs/clustering.md, invariant 6), and the visible pin it is drawn at.
struct Fragment {
  /// The index node.
  var node: UInt32
  /// Its drawn pin, or — for a node whose leaves lie within 1.5 × minSeparation of its drawn pin
  /// (minSeparation below zoom 0) but which is drawn out of view — a visible leaf of it.
  var pin: UInt32
  /// Where `pin` is drawn, screen points.
  var point: ScreenPoint
}

/// Every pin in view reachable on screen (docs/clustering.md, invariant 6): a node of the query's
/// level drawn out of view gives way to *fragments* — drawn at a visible leaf when its leaves lie
/// within 1.5 × minSeparation of its drawn pin, else its children, and so on down (at most two
/// levels: a level-(L + 2) node's leaves lie within d_L / 2 world widths, under minSeparation on
/// screen) — and the fragments are fitted in among the other items here.
extension ClusterIndex {
  /// `items` (pairwise minSeparation apart, drawn in view) with `fragments` fitted in, in the
  /// order the walk found them: a fragment closer than minSeparation to an item or to an earlier
  /// fragment drawn on its own joins the nearest of them (a merged cluster, drawn where that one
  /// is); otherwise it is drawn on its own. The separation therefore holds. A fragment's leaves
  /// lie within 3 × minSeparation of where it is drawn — a node one level finer drawn at its own
  /// pin: d_L world widths, under 2 × minSeparation; one drawn at a visible leaf: twice its leaf
  /// radius — so within 4 × minSeparation of the item they join (3 × below zoom 0, where the
  /// merge adds one more).
  ///
  /// - Complexity: O(n + f·c) for n items in a viewport of `width` × `height` points, f
  ///   fragments (a few dozen along the edges; more under a filter), c items or fragments drawn
  ///   on their own in the 3 × 3 grid cells around one (cells minSeparation wide or more).
  func fitIn(
    _ fragments: [Fragment], among items: inout [ClusterItem], viewport: (width: Double, height: Double),
    item: (Fragment) -> ClusterItem
  ) {
    let d = options.minSeparation
    let n = items.count
    // One grid: the items (indices 0 ..< n), then the fragments drawn on their own (n + k), so
    // that the nearest within d, the lower index on a tie, prefers an item.
    var grid = ScreenCellGrid(viewport: viewport, reach: d, capacity: n + fragments.count)
    for item in items { grid.add(item.point) }
    // Per fragment, in the order the walk found them: the item it joins (an index into `items`,
    // or n + k for the k-th fragment drawn on its own), or -1 when it is drawn on its own.
    var targets = [Int](repeating: -1, count: fragments.count)
    for f in fragments.indices {
      let p = fragments[f].point
      if let (target, _) = grid.nearest(to: p, within: d) {
        targets[f] = target
      } else {
        grid.add(p)
      }
    }
    let aloneCount = grid.points.count - n
    items.reserveCapacity(n + aloneCount)
    for f in fragments.indices where targets[f] < 0 { items.append(item(fragments[f])) }
    // Each item that fragments joined becomes a merged cluster of them all; their nodes share
    // one buffer, grouped by item (in the order of each item's first join).
    guard aloneCount < fragments.count else { return }
    var nodes: [UInt32] = []
    nodes.reserveCapacity(fragments.count - aloneCount)
    var groups: [(target: Int, range: Range<Int>)] = []
    groups.reserveCapacity(fragments.count - aloneCount)
    for f in targets.indices where targets[f] >= 0 {
      let (target, start) = (targets[f], nodes.count)
      for g in f..<targets.count where targets[g] == target {
        nodes.append(fragments[g].node)
        targets[g] = -1  // grouped
      }
      groups.append((target, start..<nodes.count))
    }
    for (target, range) in groups {
      var summary = items[target].cluster ?? self.summary(items[target].node)
      for node in nodes[range] {
        let part = self.summary(node)
        summary.expansionZoom = min(summary.expansionZoom, part.expansionZoom)
        summary.addCounts(part)
      }
      summary.mergedNodes = nodes[range]
      let drawn = items[target]
      items[target] = ClusterItem(
        kind: .cluster, point: drawn.point, coordinate: drawn.coordinate, position: -1, anchor: drawn.point,
        cluster: summary, node: drawn.node)
    }
  }

  /// `item` with the nodes of `parts` added: a merged cluster drawn where `item` is (itself when
  /// `parts` is empty). Its expansion zoom is `expansionZoom`, or the smallest of its parts'.
  func merged(_ item: ClusterItem, with parts: some Sequence<ClusterSummary>, expansionZoom: Int? = nil)
    -> ClusterItem
  {
    var out = item
    var any = false
    for part in parts {
      merge(part, into: &out)
      any = true
    }
    if any, let expansionZoom { out.cluster!.expansionZoom = expansionZoom }
    return out
  }

  /// Adds a node's summary to `item` in place: it becomes (or stays) a merged cluster drawn where
  /// it is, whose expansion zoom is the smallest of its parts'.
  func merge(_ part: ClusterSummary, into item: inout ClusterItem) {
    if item.cluster == nil {
      item.cluster = summary(item.node)
      (item.kind, item.position, item.anchor) = (.cluster, -1, item.point)
    }
    item.cluster!.expansionZoom = min(item.cluster!.expansionZoom, part.expansionZoom)
    item.cluster!.add(part)
  }

  @inline(__always)
  static func squaredDistance(_ a: ScreenPoint, _ b: ScreenPoint) -> Double {
    (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)
  }
}
