/// A node standing in for part of a node of the query's level that is drawn out of view
/// (docs/clustering.md, invariant 6), and the visible pin it is drawn at — or such a node joining
/// an item whole.
struct Fragment {
  /// The index node.
  var node: UInt32
  /// Its drawn pin, or — for a node whose leaves lie within 1.5 × minSeparation of its drawn pin
  /// (minSeparation below zoom 0) but which is drawn out of view — a visible leaf of it.
  var pin: UInt32
  /// Where `pin` is drawn, screen points (where the item is, for a node joining one whole).
  var point: ScreenPoint
  /// The item it joins once fitted in (see ``ClusterIndex/place(offScreen:among:rectangle:window:)``),
  /// or -1: drawn on its own.
  var target: Int32 = -1
}

/// A node of the query's level not drawn where it is — out of view (invariant 6) or, under a
/// filter, at a hidden pin — and whether all its leaves lie in view (`inView`).
struct OffScreenNode {
  var ref: UInt32
  var inView: Bool
}

/// Every pin in view reachable on screen (docs/clustering.md, invariant 6): a node of the query's
/// level drawn out of view joins an item drawn in view that lies near every one of its leaves;
/// failing that, it gives way to *fragments* — drawn at a visible leaf when its leaves lie
/// within 1.5 × minSeparation of its drawn pin, else its children, and so on down (at most two
/// levels: a level-(L + 2) node's leaves lie within d_L / 2 world widths, under minSeparation on
/// screen) — which are fitted in among the other items.
extension ClusterIndex {
  /// `items` (pairwise minSeparation apart, drawn in view) with the level's nodes drawn out of view
  /// placed among them, in the order the walk found them:
  /// 1. a node joins the item nearest the middle of its leaf box on screen (within
  ///    2 × minSeparation of it) when every corner of the box lies within 4 × minSeparation of the
  ///    item (3 × below zoom 0, where the merge adds one more) — so do all its leaves (not a
  ///    node drawn in view at a pin a filter hides: it keeps an item of its own where it can);
  /// 2. otherwise its fragments are fitted in: a fragment closer than minSeparation to an item or
  ///    to an earlier fragment drawn on its own joins the nearest of them; otherwise it is drawn
  ///    on its own. A fragment's leaves lie within 3 × minSeparation of where it is drawn — a node
  ///    one level finer drawn at its own pin: d_L world widths, under 2 × minSeparation; one drawn
  ///    at a visible leaf: twice its leaf radius — so within 4 × minSeparation of the item they
  ///    join (3 × below zoom 0).
  /// An item joined becomes a merged cluster drawn where it is. No item is added closer than
  /// minSeparation to another, so the separation holds.
  ///
  /// - Complexity: O(n + m + f·c) for n items, m nodes out of view, f fragments (a few dozen
  ///   along the edges; more under a filter), c items or fragments drawn on their own in the
  ///   grid cells a search meets (cells 2 × minSeparation wide or more: 2 × 2 for a fragment's
  ///   search within minSeparation, 3 × 3 for a node joining whole).
  func place(
    offScreen: [OffScreenNode], among items: inout [ClusterItem], rectangle: VisibleRectangle, window: VisibilityWindow
  ) {
    let d = options.minSeparation
    // One grid: the n items (indices 0 ..< n), then the fragments drawn on their own (n + k), so
    // that the nearest within d, the lower index on a tie, prefers an item.
    let (fragments, joined) = ScreenCellGrid.withGrid(
      viewport: (rectangle.viewportWidth, rectangle.viewportHeight), reach: 2 * d,
      capacity: items.count + 2 * offScreen.count
    ) { grid in
      items.withUnsafeBufferPointer { drawn in grid.add(drawn.count) { drawn[$0].point } }
      return fittedFragments(of: offScreen, among: items, grid: &grid, rectangle: rectangle, window: window)
    }
    for f in fragments.indices where fragments[f].target < 0 {
      items.append(fragmentItem(fragments[f]))
    }
    guard joined > 0 else { return }
    joinFragments(fragments, into: &items)
  }

  /// The fragments of the nodes `offScreen` (and nodes joining an item whole), each with what it
  /// joins — an index into `items` (whose points `grid` holds), or n + k for the k-th fragment
  /// drawn on its own (which `grid` receives after them) — or -1 when drawn on its own; and how
  /// many join one.
  private func fittedFragments(
    of offScreen: [OffScreenNode], among items: [ClusterItem], grid: inout ScreenCellGrid,
    rectangle: VisibleRectangle, window: VisibilityWindow
  ) -> (fragments: [Fragment], joined: Int) {
    let (d, n) = (options.minSeparation, items.count)
    var fragments: [Fragment] = []
    fragments.reserveCapacity(2 * offScreen.count)
    let reach = (rectangle.scale < ClusterOptions.levelScale(0) ? 3 : 4) * d
    let test = LeafBoxTest(window: window)
    var scratch: (stack: [UInt32], leaves: [UInt32]) = ([], [])
    var joined = 0
    for node in offScreen {
      let ref = node.ref
      let start = fragments.count
      if node.inView, let fragment = representativeFragment(of: ref, rectangle: rectangle) {
        fragments.append(fragment)  // (a node wholly in view joins no item whole: its drawn pin is in view)
      } else if let item = item(near: ref, within: reach, among: n, grid: grid, rectangle: rectangle, window: window) {
        // (Below n, an array count.)
        fragments.append(
          Fragment(node: ref, pin: seedPin(of: ref), point: items[item].point, target: Int32(truncatingIfNeeded: item)))
        joined += 1
        continue
      } else {
        collectFragments(of: ref, window: window, test: test, rectangle: rectangle, into: &fragments, scratch: &scratch)
      }
      for f in start..<fragments.count {
        if let (target, _) = grid.nearest(to: fragments[f].point, within: d) {
          fragments[f].target = Int32(truncatingIfNeeded: target)  // below grid.count, an array count
          joined += 1
        } else {
          grid.add(fragments[f].point)
        }
      }
    }
    return (fragments, joined)
  }

  /// The item (of the first `count`, in `grid`) that a node drawn out of view joins whole: the
  /// nearest to the middle of its leaf box on screen within 2 × minSeparation, when every corner
  /// of the box (so every leaf) lies within `reach` of it; `nil` when there is none, when the
  /// node's drawn pin is in view (hidden by a filter: it keeps its own item, drawn at a shown
  /// leaf, where it can), or when the rectangle shows more than one world copy or the box reaches
  /// half a world from the centre (its leaves might be drawn in several copies).
  private func item(
    near ref: UInt32, within reach: Double, among count: Int, grid: borrowing ScreenCellGrid,
    rectangle: VisibleRectangle, window: VisibilityWindow
  ) -> Int? {
    guard Self.isCluster(ref), rectangle.showsOneCopy else { return nil }
    let c = cluster(ref)
    // Drawn in view but at a pin the filter hides: drawn at a shown leaf instead, as itself.
    if window.contains(x: c.x, y: c.y) { return nil }
    let dx = WorldCopy.nearestOffset(c.x - rectangle.center.x)
    let e = c.extent
    let (x0, x1) = (dx + e.minX, dx + e.maxX)
    guard x0 > -0.5 && x1 < 0.5 else { return nil }
    let dy = c.y - rectangle.center.y
    let (y0, y1) = (dy + e.minY, dy + e.maxY)
    // The box's corners on screen (a rectangle, rotated with the view).
    let (w, h, s) = (rectangle.viewportWidth / 2, rectangle.viewportHeight / 2, rectangle.scale)
    func screen(_ x: Double, _ y: Double) -> ScreenPoint {
      let (a, b) = rectangle.viewCoordinates(dx: x, dy: y)
      return ScreenPoint(x: w + a * s, y: h - b * s)
    }
    let corners = (screen(x0, y0), screen(x1, y0), screen(x1, y1), screen(x0, y1))
    let middle = ScreenPoint(x: (corners.0.x + corners.2.x) / 2, y: (corners.0.y + corners.2.y) / 2)
    guard let (index, _) = grid.nearest(to: middle, within: min(reach, 2 * options.minSeparation)), index < count
    else { return nil }
    let p = grid.point(index)
    let r2 = reach * reach
    guard
      Self.squaredDistance(p, corners.0) <= r2 && Self.squaredDistance(p, corners.1) <= r2
        && Self.squaredDistance(p, corners.2) <= r2 && Self.squaredDistance(p, corners.3) <= r2
    else { return nil }
    return index
  }

  /// Makes each item that fragments joined (their `target`s, indices into `items`) a merged
  /// cluster of them all, in the order of each item's first join; their nodes share one buffer,
  /// grouped by item.
  ///
  /// - Complexity: O(items + fragments).
  private func joinFragments(_ fragments: [Fragment], into items: inout [ClusterItem]) {
    let (n, m) = (items.count, fragments.count)
    var nodes: [UInt32] = []
    nodes.reserveCapacity(m)
    // Per item, the last fragment joining it so far; per fragment, the next one joining its item;
    // per group (item joined), its first fragment, then where its nodes end. All nodes are written
    // before any slice of them is taken: a slice kept by a summary would make an append copy.
    withUnsafeTemporaryAllocation(of: Int32.self, capacity: n + 3 * m) { scratch in
      let (last, next) = (scratch.extracting(0..<n), scratch.extracting(n..<(n + m)))
      let (firsts, ends) = (scratch.extracting((n + m)..<(n + 2 * m)), scratch.extracting((n + 2 * m)..<(n + 3 * m)))
      last.initialize(repeating: -1)
      next.initialize(repeating: -1)
      var groups = 0
      for f in 0..<m where fragments[f].target >= 0 {
        let target = Int(fragments[f].target)
        if last[target] < 0 {
          firsts[groups] = Int32(truncatingIfNeeded: f)  // below m, an array count
          groups += 1
        } else {
          next[Int(last[target])] = Int32(truncatingIfNeeded: f)
        }
        last[target] = Int32(truncatingIfNeeded: f)
      }
      for group in 0..<groups {
        var f = Int(firsts[group])
        while f >= 0 {
          nodes.append(fragments[f].node)
          f = Int(next[f])
        }
        ends[group] = Int32(truncatingIfNeeded: nodes.count)
      }
      var start = 0
      for group in 0..<groups {
        let end = Int(ends[group])
        merge(nodes[start..<end], into: &items[Int(fragments[Int(firsts[group])].target)])
        start = end
      }
    }
  }

  /// `item` (drawn in view) becoming a merged cluster with `nodes`, drawn where it is.
  private func merge(_ nodes: ArraySlice<UInt32>, into item: inout ClusterItem) {
    // (Not `??`: through its generic autoclosure each summary was copied by value witnesses.)
    var summary: ClusterSummary
    if let cluster = item.cluster { summary = cluster } else { summary = self.summary(item.node) }
    for node in nodes { add(node, to: &summary) }
    summary.mergedNodes = nodes
    (item.kind, item.position, item.anchor, item.cluster) = (.cluster, -1, item.point, summary)
  }

  /// The item of a fragment drawn on its own: its node's item, drawn at the fragment's pin, whose
  /// screen point the fragment holds (under a filter, a node holding one shown pin is that pin).
  private func fragmentItem(_ fragment: Fragment) -> ClusterItem {
    guard Self.isCluster(fragment.node) else { return pinItem(fragment.node, at: fragment.point) }
    let summary = summary(fragment.node)
    if summary.count == 1 && activeFilter != nil { return pinItem(fragment.pin, at: fragment.point) }
    return ClusterItem(
      kind: .cluster, point: fragment.point, coordinate: pins.coordinate(at: Int(fragment.pin)), position: -1,
      anchor: fragment.point, cluster: summary, node: fragment.node)
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
