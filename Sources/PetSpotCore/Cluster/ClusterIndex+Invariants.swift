extension ClusterIndex {
  /// The hierarchy described by pin ids, one sorted line per pin and per cluster (top, absorber,
  /// members, aggregates, leaf box) plus the roots: equal for two indexes over the same live
  /// pins exactly when their hierarchies are equal, whatever the positions and record numbers.
  /// Also checks the bookkeeping (heads, chains, id table, Z-ordered list) and reports breaks.
  package func structureDescription() -> [String] {
    func id(_ pin: UInt32) -> String { pins.ids[Int(pin)] }
    func node(_ ref: UInt32) -> String {
      Self.isCluster(ref) ? "c(\(id(cluster(ref).seed))@\(cluster(ref).level))" : id(ref)
    }
    var lines: [String] = []
    for p in 0..<pins.count where !pins.isRetired(p) && tops[p] != Self.notAnItem {
      let pin = UInt32(p)
      lines.append(
        "pin \(id(pin)) top \(tops[p])" + (tops[p] > 0 ? " by \(id(absorbers[p]))" : "") + " head \(node(heads[p]))")
    }
    var live = 0
    for (number, c) in clusters.enumerated() where c.level != Self.notAnItem {
      live += 1
      let ms = memberPins(of: c).map(id)
      lines.append(
        "cluster \(id(c.seed))@\(c.level) up \(node(c.up)) members \(ms) n \(c.count) \(statusCounts(of: c)) hash \(c.idHash) box \(c.extent)"
      )
      if clusterTable.find(c.idHash, in: clusters) != UInt32(number) {
        lines.append("BROKEN: table misses \(id(c.seed))@\(c.level)")
      }
      if c.point != point(c.seed) {
        lines.append("BROKEN: \(id(c.seed))@\(c.level) not drawn at its seed")
      }
    }
    if live != liveClusters { lines.append("BROKEN: \(liveClusters) live clusters counted, \(live) found") }
    lines.sort()
    lines.append("roots \(roots.map(id))")
    let listed = order.chunks.flatMap { $0 }
    if listed.count != order.count || !zip(listed, listed.dropFirst()).allSatisfy({ precedes($0, $1) }) {
      lines.append("BROKEN: Z-ordered list")
    }
    return lines
  }
}

extension ClusterIndex {
  /// The clusters whose category run differs from what filling it from its children's gives (as a
  /// change does, ``CategoryRuns/fill(_:level:from:aggregates:pins:)``), in this hierarchy and
  /// each one on the side, finest first; empty when every run agrees (or none is kept). Checks
  /// the bulk build of the runs, and their upkeep under changes, without changing the index.
  package func categoryRunBreaks() -> [String] {
    var breaks: [String] = []
    for var hierarchy in [self] + sideHierarchies {
      hierarchy.pins = pins
      guard let runs = hierarchy.categoryRuns?.copy() else { continue }
      for number in hierarchy.clustersFinestFirst() {
        let c = hierarchy.clusters[Int(number)]
        let children = hierarchy.runChildren(hierarchy.childNodes(of: c), recordingIn: runs)
        if runs.fill(Int(number), level: Int(c.level), from: children, aggregates: hierarchy.aggregateTable, pins: pins)
        {
          breaks.append("hierarchy \(name(of: hierarchy)): run of \(number) differs")
        }
      }
    }
    return breaks
  }

  /// The hierarchies that keep category runs, named by scope ("all": the one over every pin, "2":
  /// FOUND's, "species=CAT", "2 species=CAT"), sorted.
  package var hierarchiesKeepingCategoryRuns: [String] {
    ([self] + sideHierarchies).filter { $0.categoryRuns != nil }.map(name(of:)).sorted()
  }

  /// Every hierarchy of the index, named as in ``hierarchiesKeepingCategoryRuns``, sorted.
  package var hierarchyNames: [String] {
    ([self] + sideHierarchies).map(name(of:)).sorted()
  }

  private func name(of hierarchy: ClusterIndex) -> String { hierarchy.scope.name(in: pins) }
}
