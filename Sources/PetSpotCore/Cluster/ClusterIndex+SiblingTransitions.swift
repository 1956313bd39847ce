/// Transitions between results of two hierarchies of one index (a filter answered by a filter
/// hierarchy — one status, one value or both —, and a query of the hierarchy over every pin or of
/// another scope's):
/// their nodes do not nest, so a drawn pin is no evidence of every shared pin. They share the pin
/// set, though (the same positions), so the items sharing pins are found exactly by looking for the
/// old items' shown leaves among the new items — only where a new item not yet in the same group
/// could hold one (leaf boxes).
extension ClusterIndex {
  /// Whether `oldIndex` and this index are two hierarchies of one index over the same pins (the
  /// relation is then found from the leaves).
  func isSiblingHierarchy(of oldIndex: ClusterIndex, sharingIds: Bool) -> Bool {
    sharingIds && scope != oldIndex.scope && pins.count == oldIndex.pins.count
  }

  /// Pairs (old item, new item) sharing a pin both results show, enough that with the `known` ones
  /// (pairs found from drawn pins) they make the groups of "shares a shown pin" — transitions are
  /// those groups. Per old item, its nodes are walked down (in `oldIndex`) while the leaf box of the
  /// node at hand meets the leaf box of a node of a new item not yet in its group; each shown leaf
  /// reached is looked up among the new items (``holder(of:among:)``). A subtree whose box meets
  /// only boxes of items in its group is skipped: its leaves could join nothing new.
  /// - Complexity: the nodes of the old items near the boundaries of the new items of other groups
  ///   they meet, each tested against those items' node boxes; O(depth) per leaf looked up.
  func siblingEdges(
    from old: ClusterResult, of oldIndex: ClusterIndex, to new: ClusterResult, oldNodes: ItemNodes,
    newNodes: ItemNodes, known: [(old: Int, new: Int)]
  ) -> [(old: Int, new: Int)] {
    var groups = ItemGroups(oldCount: old.items.count, newCount: new.items.count)
    groups.join(known)
    let newBoxes = newNodes.entries.map { (item: Int($0.item), box: box(of: $0.node)) }
    let oldEntries = oldNodes.entries
    var e = oldEntries.startIndex  // the first entry of the old item at hand
    var edges: [(old: Int, new: Int)] = []
    // Candidate new-node boxes per stacked node: ranges of `pool`.
    var pool: [Int32] = []
    var stack: [(node: UInt32, candidates: Range<Int>)] = []
    for i in old.items.indices {
      pool.removeAll(keepingCapacity: true)
      for k in newBoxes.indices { pool.append(Int32(truncatingIfNeeded: k)) }  // the item's nodes': every one
      let every = 0..<pool.count
      while e < oldEntries.endIndex && Int(oldEntries[e].item) == i {
        stack.append((oldEntries[e].node, every))
        e += 1
      }
      while let (node, candidates) = stack.popLast() {
        // The candidates meeting this node's box and not in its group yet, from its parent's.
        let box = oldIndex.box(of: node)
        let start = pool.count
        for k in candidates {
          let candidate = Int(pool[k])
          if !groups.together(old: i, new: newBoxes[candidate].item) && box.meets(newBoxes[candidate].box) {
            pool.append(pool[k])
          }
        }
        guard pool.count > start else { continue }
        let mine = start..<pool.count
        guard Self.isCluster(node) else {
          guard oldIndex.isShown(node), tops[Int(node)] != Self.notAnItem, isShown(node),
            let (j, _) = holder(of: node, among: newNodes), !groups.together(old: i, new: j)
          else { continue }
          groups.join(old: i, new: j)
          edges.append((i, j))
          continue
        }
        oldIndex.forEachChild(of: oldIndex.cluster(node)) { child in
          if oldIndex.holdsShown(child) { stack.append((child, mine)) }
        }
      }
    }
    return edges
  }

  /// The box (Mercator, world widths; x unwrapped around the drawn pin) holding a node's leaves.
  func box(of node: UInt32) -> WorldBox {
    guard Self.isCluster(node) else {
      let p = point(node)
      return WorldBox(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y)
    }
    let c = cluster(node)
    let e = c.extent
    return WorldBox(minX: c.x + e.minX, minY: c.y + e.minY, maxX: c.x + e.maxX, maxY: c.y + e.maxY)
  }
}

/// A box of Mercator coordinates (world widths), x possibly beyond [0, 1) (unwrapped).
struct WorldBox {
  var minX: Double, minY: Double, maxX: Double, maxY: Double

  /// Whether the two boxes meet on the world, which repeats east–west.
  func meets(_ other: WorldBox) -> Bool {
    guard minY <= other.maxY && other.minY <= maxY else { return false }
    for shift in [-1.0, 0, 1] where minX <= other.maxX + shift && other.minX + shift <= maxX { return true }
    return false
  }
}
