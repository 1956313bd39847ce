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
    if clusterTable.count != live {
      lines.append("BROKEN: id table holds \(clusterTable.count) entries, \(live) live clusters")
    }
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

extension ClusterIndex {
  /// The runs this index's filter has its queries read (tests): "categories" (the hierarchy's
  /// own), "status" or a property's name (a marginal's), or `nil` without a filter.
  package var filterReadRuns: String? {
    guard let filter = activeFilter, let runs = categoryRuns else { return nil }
    if filter.readProjection == .max { return "categories" }
    if filter.readProjection == CategoryRuns.statusBits { return "status" }
    let d = runs.columns.indices.first { CategoryRuns.valueBits(dimension: $0) == filter.readProjection }!
    return pins.properties[runs.columns[d]].name
  }

  /// The runs (in every hierarchy: its own and each marginal's) of live clusters whose entries are
  /// not in strictly increasing category order, or whose mask is not their categories' bits
  /// (tests: none after any build or changes), and how many runs were compared.
  package func categoryRunOrderBreaks() -> (breaks: [String], compared: Int) {
    var (breaks, compared): ([String], Int) = ([], 0)
    for hierarchy in [self] + sideHierarchies {
      guard let runs = hierarchy.categoryRuns else { continue }
      for (k, r) in ([runs] + runs.marginals).enumerated() {
        for number in hierarchy.clustersFinestFirst() {
          compared += 1
          let categories = r.run(Int(number)).map { r.categories[$0] }
          let at = "hierarchy \(name(of: hierarchy)), runs \(k), cluster \(number)"
          if zip(categories, categories.dropFirst()).contains(where: { $0 >= $1 }) {
            breaks.append("\(at): categories \(categories) out of order")
          }
          if r.masks[Int(number)] != categories.reduce(0, { $0 | CategoryRuns.presenceBit($1) }) {
            breaks.append("\(at): mask \(r.masks[Int(number)]) for categories \(categories)")
          }
        }
      }
    }
    return (breaks, compared)
  }

  /// Per pin position: its place in depth-first order from the roots, each cluster's seed node
  /// first (the order in which a run's representatives are the first leaves of their
  /// categories); `Int.max` for a pin no root reaches.
  private func depthFirstRanks() -> [Int] {
    var ranks = [Int](repeating: .max, count: pins.count)
    var (stack, next): ([UInt32], Int) = (roots.reversed().map { heads[Int($0)] }, 0)
    while let node = stack.popLast() {
      guard Self.isCluster(node) else {
        ranks[Int(node)] = next
        next += 1
        continue
      }
      forEachChildLastFirst(of: cluster(node)) { stack.append($0) }
    }
    return ranks
  }

  /// The marginal runs' entries (of the hierarchy answering queries) that differ from what its own
  /// runs give when their entries are merged by the marginal's category, and how many clusters
  /// were compared. Per marginal category: the counts, id hashes and per-status counts summed;
  /// the representative that comes first in depth-first order (each entry's is its category's
  /// first leaf); the marginal's categories in increasing order; where it splits: one above the
  /// cluster's level when two of its entries have different holders or one splits there, else the
  /// split of its one holder's entry in the marginal (a pin: one leaf). Empty when every entry
  /// agrees.
  package func marginalRunBreaks() -> (breaks: [String], compared: Int) {
    guard let runs = categoryRuns else { return ([], 0) }
    var (breaks, compared): ([String], Int) = ([], 0)
    let ranks = depthFirstRanks()
    for marginal in runs.marginals {
      for number in clustersFinestFirst() {
        compared += 1
        let here = UInt8(truncatingIfNeeded: Int(clusters[Int(number)].level) + 1)
        var expected: [UInt32: MarginalEntry] = [:]
        var order: [UInt32] = []
        for i in runs.run(Int(number)) {
          let category = marginal.own(runs.categories[i])
          var statuses = [UInt32](repeating: 0, count: 3)
          if let k = CategoryRuns.statusCountSlot(runs.status(ofCategory: runs.categories[i])) {
            statuses[k] = runs.counts[i]
          }
          guard var entry = expected[category] else {
            order.append(category)
            expected[category] = MarginalEntry(
              count: runs.counts[i], hash: runs.hashes[i], statuses: statuses, representative: runs.representatives[i],
              split: runs.splits[i], holder: runs.holders[i])
            continue
          }
          entry.count += runs.counts[i]
          entry.hash &+= runs.hashes[i]
          if ranks[Int(runs.representatives[i])] < ranks[Int(entry.representative)] {
            entry.representative = runs.representatives[i]
          }
          for k in 0..<3 { entry.statuses[k] += statuses[k] }
          if entry.holder != runs.holders[i] || runs.splits[i] == here { entry.split = here }
          expected[category] = entry
        }
        let run = marginal.run(Int(number))
        guard run.map({ marginal.categories[$0] }) == order.sorted() else {
          breaks.append("\(number): categories \(run.map { marginal.categories[$0] }) != \(order.sorted())")
          continue
        }
        for i in run {
          var want = expected[marginal.categories[i]]!
          if want.split != here {
            // One child holds them all: they split where they split in that child.
            want.split =
              Self.isCluster(want.holder)
              ? marginalSplit(of: want.holder, category: marginal.categories[i], in: marginal) : CategoryRuns.oneLeaf
          }
          // (The status marginal keeps no per-status counts: its categories are the statuses.)
          let statusesDiffer =
            marginal.keepsStatusCounts && Array(marginal.statusCounts[(i * 3)..<(i * 3 + 3)]) != want.statuses
          if (marginal.counts[i], marginal.hashes[i], marginal.representatives[i], marginal.splits[i])
            != (want.count, want.hash, want.representative, want.split)
            || statusesDiffer || (want.split != here && marginal.holders[i] != want.holder)
          {
            breaks.append("\(number): entry of category \(marginal.categories[i]) differs")
          }
        }
      }
    }
    return (breaks, compared)
  }

  /// A marginal entry as the full run's entries merged give it (``marginalRunBreaks()``).
  private struct MarginalEntry {
    var count: UInt32, hash: UInt64, statuses: [UInt32], representative: UInt32, split: UInt8, holder: UInt32
  }

  /// The split of `category`'s entry in cluster `ref`'s run of `marginal`.
  private func marginalSplit(of ref: UInt32, category: UInt32, in marginal: CategoryRuns) -> UInt8 {
    let run = marginal.run(Int(ref & ~Self.clusterFlag))
    return run.first { marginal.categories[$0] == category }.map { marginal.splits[$0] } ?? 0
  }
}
