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
  /// - Complexity: O(n + f·(b + f)) for n items, f fragments (a few dozen, along the edges)
  ///   and b items in an edge's band (within minSeparation of the farthest fragment's distance to
  ///   its nearest edge).
  func fitIn(
    _ fragments: [Fragment], among items: inout [ClusterItem], viewport: (width: Double, height: Double),
    item: (Fragment) -> ClusterItem
  ) {
    let d = options.minSeparation
    let n = items.count
    // An item within d of a fragment lies within d of the fragment's distance to its nearest
    // edge from that edge: the items of that edge's band are the only candidates. The four
    // bands in one array: band e is band[start[e]..<start[e + 1]].
    let edges = EdgeBands(viewport: viewport)
    var reach = 0.0
    for fragment in fragments { reach = max(reach, edges.nearest(fragment.point).distance) }
    reach += d
    var start = (0, 0, 0, 0, 0)
    var band: [Int32] = []
    band.reserveCapacity(4 * n)
    for edge in 0..<4 {
      for i in items.indices where edges.distance(items[i].point, to: edge) < reach { band.append(Int32(i)) }
      switch edge {
      case 0: start.1 = band.count
      case 1: start.2 = band.count
      case 2: start.3 = band.count
      default: start.4 = band.count
      }
    }
    // Per fragment, in the order the walk found them: the item it joins (an index into `items`,
    // or n + k for the k-th fragment drawn on its own), or -1 when it is drawn on its own.
    var targets = [Int](repeating: -1, count: fragments.count)
    var aloneCount = 0
    for f in fragments.indices {
      let p = fragments[f].point
      var best = (target: -1, d2: d * d)
      let edge = edges.nearest(p).edge
      let range =
        switch edge {
        case 0: start.0..<start.1
        case 1: start.1..<start.2
        case 2: start.2..<start.3
        default: start.3..<start.4
        }
      for i in band[range].lazy.map(Int.init) {
        let d2 = Self.squaredDistance(items[i].point, p)
        if d2 < best.d2 || (d2 == best.d2 && i < best.target) { best = (i, d2) }
      }
      var k = 0
      for other in 0..<f where targets[other] < 0 {
        let d2 = Self.squaredDistance(fragments[other].point, p)
        if d2 < best.d2 { best = (n + k, d2) }
        k += 1
      }
      targets[f] = best.target
      if best.target < 0 { aloneCount += 1 }
    }
    items.reserveCapacity(n + aloneCount)
    for f in fragments.indices where targets[f] < 0 { items.append(item(fragments[f])) }
    // Each item that fragments joined becomes a merged cluster of them all; their nodes share
    // one buffer, grouped by item (in the order of each item's first join).
    guard aloneCount < fragments.count else { return }
    var nodes: [UInt32] = []
    nodes.reserveCapacity(fragments.count - aloneCount)
    var groups: [(target: Int, range: Range<Int>)] = []
    for f in fragments.indices where targets[f] >= 0 && !groups.contains(where: { $0.target == targets[f] }) {
      let start = nodes.count
      for g in f..<fragments.count where targets[g] == targets[f] { nodes.append(fragments[g].node) }
      groups.append((targets[f], start..<nodes.count))
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

/// The viewport's four edges (left, right, top, bottom).
struct EdgeBands {
  let width: Double
  let height: Double

  init(viewport: (width: Double, height: Double)) {
    (width, height) = viewport
  }

  /// The edge nearest to `p` (0 left, 1 right, 2 top, 3 bottom; the first on a tie) and the
  /// distance to it, points.
  @inline(__always)
  func nearest(_ p: ScreenPoint) -> (edge: Int, distance: Double) {
    var best = (edge: 0, distance: p.x)
    if width - p.x < best.distance { best = (1, width - p.x) }
    if p.y < best.distance { best = (2, p.y) }
    if height - p.y < best.distance { best = (3, height - p.y) }
    return best
  }

  /// The distance from `p` to an edge (0 left, 1 right, 2 top, 3 bottom), points.
  @inline(__always)
  func distance(_ p: ScreenPoint, to edge: Int) -> Double {
    switch edge {
    case 0: p.x
    case 1: width - p.x
    case 2: p.y
    default: height - p.y
    }
  }
}
