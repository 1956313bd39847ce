/// Filters at query time (docs/clustering.md, "Filters"): a filtered index answers every query —
/// items, transitions, reveal, children, leaves, aggregates — as if it held only the pins the filter
/// shows, from the same hierarchy. A node of the query's level holding no shown pin is left out; one
/// whose drawn pin is hidden is treated like one drawn out of view (invariant 6): drawn at a shown
/// visible leaf when its leaves are close enough, else split into its children, and fitted in among
/// the others on screen. Counts, id hashes and aggregates come from the clusters' category runs.
extension ClusterIndex {
  /// The filter this index's queries apply, or `nil` when they show every pin.
  public var filter: ClusterFilter? { requestedFilter }

  /// This index with its queries showing only the pins `filter` admits (`nil`, or a filter that
  /// admits everything: all pins). No rebuild: a filter on exactly one of MISSING, FOUND and
  /// CLOSED, on exactly one of the most common values of a counts property, or on both, is
  /// answered by that scope's own hierarchy (built with the index, ``HierarchyScope``), any other
  /// from the smallest hierarchy holding all it shows; O(categories + hierarchies) to resolve the
  /// filter; the storage is shared (copy-on-write) with this index.
  /// - Throws: ``InvalidInput`` (field `filter`) when the index was not built
  ///   ``ClusterOptions/filterable`` or the filter names a property that is not a counts
  ///   aggregate's.
  public func filtered(by filter: ClusterFilter?) throws(InvalidInput) -> ClusterIndex {
    guard let filter, !filter.showsEverything else {
      var out = answeredBy(.all)
      (out.requestedFilter, out.activeFilter) = (nil, nil)
      return out
    }
    guard options.filterable else {
      throw InvalidInput(
        field: "filter", code: .unsupported,
        message: "filters need an index built filterable (ClusterOptions.filterable, CLI --filterable)")
    }
    var out = answeredBy(scope(for: filter))
    (out.requestedFilter, out.activeFilter) = (filter, try out.resolved(filter))
    return out
  }

  /// Makes an index built without ``ClusterOptions/filterable`` filterable: one pass over its
  /// clusters, finest first (as the build would have made), and the filter hierarchies (about
  /// three more builds with a counts aggregate, one without; ``ClusterOptions/filterValueHierarchies``
  /// of ``options`` says how many values get theirs), after which ``filtered(by:)`` works. Does
  /// nothing on a filterable index.
  /// - Throws: ``InvalidInput`` (field `aggregate`) with more than
  ///   ``ClusterOptions/maxFilterDimensions`` counts aggregates; nothing changes.
  public mutating func makeFilterable() throws(InvalidInput) {
    guard !options.filterable else { return }
    var options = self.options
    options.filterable = true
    try options.validate()
    self.options = options
    computeAllCategoryRuns(order: clustersFinestFirst())
    sideHierarchies = Self.filterHierarchies(pins: pins, options: options)
    // Built over the same places, retired ones included: the same count of them.
    for k in sideHierarchies.indices { sideHierarchies[k].retiredCount = retiredCount }
  }

  /// Drops the resolved filter before a change (so that the change does not copy the arrays it
  /// holds) and returns it, for ``resumeFilter(_:)``.
  mutating func suspendFilter() -> ClusterFilter? {
    activeFilter = nil
    return requestedFilter
  }

  /// Resolves a suspended filter again after a change (new statuses, values or categories).
  mutating func resumeFilter(_ filter: ClusterFilter?) {
    requestedFilter = filter
    guard let filter else { return }
    activeFilter = try? resolved(filter)  // accepted before
  }

  /// `filter` as this hierarchy applies it to its categories (``withinHierarchy(_:)``), or `nil`
  /// when it shows every pin here. A hierarchy without category runs (a status's, with no counts
  /// aggregate over another property) holds one category as far as filters go: a filter can only
  /// name what its scope fixes there.
  /// - Throws: ``InvalidInput`` (field `filter`) naming a property that is not a counts
  ///   aggregate's.
  private func resolved(_ filter: ClusterFilter) throws(InvalidInput) -> ActiveFilter? {
    let runs = categoryRuns ?? CategoryRuns(aggregates: aggregateTable, withMarginals: false)
    let resolved = try ActiveFilter(withinHierarchy(filter), pins: pins, runs: runs)
    return resolved.showsAll ? nil : resolved
  }

  /// Whether a pin of this hierarchy (an item at some level: in a filter hierarchy, one of its
  /// scope) is shown (always without a filter): its category's flag.
  @inline(__always)
  func isShown(_ pin: UInt32) -> Bool {
    activeFilter?.shows(pin) ?? true
  }

  /// Whether a node holds a shown pin (always without a filter).
  @inline(__always)
  func holdsShown(_ ref: UInt32) -> Bool {
    activeFilter?.holdsShown(ref) ?? true
  }

  /// Under a filter, a shown leaf of a cluster whose leaves all lie in view (the caller knows),
  /// read from its category run (no search): of its shown categories' representatives, the one
  /// nearest the middle of its leaf box (its farthest corner the nearest). Otherwise `nil`.
  func shownLeafInside(_ ref: UInt32) -> UInt32? {
    guard let activeFilter else { return nil }
    let c = cluster(ref)
    var best: (pin: UInt32, reach: Double)?
    activeFilter.forEachShownEntry(of: Int(ref & ~Self.clusterFlag)) { i in
      let pin = activeFilter.representatives[i]
      let reach = farthestLeafSquared(of: c, from: pin)
      if best.map({ reach < $0.reach }) ?? true { best = (pin, reach) }
      return true
    }
    return best?.pin
  }

  /// The shown leaves of a node.
  func shownCount(_ ref: UInt32) -> Int {
    guard let activeFilter else { return Self.isCluster(ref) ? Int(cluster(ref).count) : 1 }
    return Self.isCluster(ref)
      ? activeFilter.shownCount(Int(ref & ~Self.clusterFlag)) : activeFilter.shows(ref) ? 1 : 0
  }

  /// A cluster's summary over its shown leaves. Its expansion zoom is where they split: one above
  /// the level of the finest node holding them all that has two children holding some — read from
  /// the run when one category is shown, else followed down the runs' holders.
  func filteredSummary(_ ref: UInt32, filter: ActiveFilter) -> ClusterSummary {
    var summary = ClusterSummary(
      idHash: 0, count: 0, missing: 0, found: 0, closed: 0, expansionZoom: options.maxZoom, node: ref)
    addShown(ref, filter: filter, to: &summary)
    return summary
  }

  /// Adds a cluster's shown leaves (counts, id hash) to `summary` and lowers its expansion zoom to
  /// where they split — worked out only when that could lower it: a cluster's leaves split one
  /// above its level or deeper, so a summary already at that zoom keeps it (a query merging a
  /// node into an item of its level skips the holders' walk). One pass over the run tells the
  /// split too, unless one child holds every shown category (then the walk goes on from it).
  @inline(__always)
  func addShown(_ ref: UInt32, filter: ActiveFilter, to summary: inout ClusterSummary) {
    let here = Int(cluster(ref).level) + 1
    let shown = filter.shownTotals(of: Int(ref & ~Self.clusterFlag), here: here)
    summary.count &+= shown.leaves
    summary.idHash &+= shown.idHash
    summary.missing &+= shown.byStatus.missing
    summary.found &+= shown.byStatus.found
    summary.closed &+= shown.byStatus.closed
    guard summary.expansionZoom > here else { return }
    let zoom: Int
    if shown.single >= 0 {
      let split = filter.splits[shown.single]
      zoom = split == CategoryRuns.oneLeaf ? options.maxZoom : Int(split)
    } else {
      zoom = shown.splitsHere ? here : expansionZoomFollowingHolders(from: shown.holder, filter: filter)
    }
    summary.expansionZoom = min(summary.expansionZoom, zoom)
  }

  /// Where a cluster's shown leaves split, from the category runs: while every shown entry of the
  /// node's run is held by one child, and the same one, go down to it; the node reached splits
  /// (one above its level), or is a pin (maxZoom). A few reads per level, no look at the children.
  func expansionZoomFollowingHolders(from ref: UInt32, filter: ActiveFilter) -> Int {
    var node = ref
    while Self.isCluster(node) {
      let here = Int(cluster(node).level) + 1
      var (next, splitsHere): (UInt32?, Bool) = (nil, false)
      filter.forEachShownEntry(of: Int(node & ~Self.clusterFlag)) { i in
        // (A split at the node's own level + 1: two children hold the category.)
        guard Int(filter.splits[i]) != here, next == nil || next == filter.holders[i] else {
          splitsHere = true
          return false
        }
        next = filter.holders[i]
        return true
      }
      guard !splitsHere, let next else { return here }
      node = next
    }
    return options.maxZoom
  }

  /// Under the filter, the clusters holding shown leaves whose expansion zoom as a query reports it
  /// differs from the one found by walking down their children (tests: none, whatever the filter
  /// and after any changes), and how many were compared.
  package func filteredExpansionZoomMismatches() -> (mismatches: [UInt32], compared: Int) {
    guard let filter = activeFilter else { return ([], 0) }
    var (mismatches, compared): ([UInt32], Int) = ([], 0)
    for number in clusters.indices where clusters[number].level != Self.notAnItem && filter.holdsShown(number) {
      let ref = UInt32(truncatingIfNeeded: number) | Self.clusterFlag  // below clusters.count
      compared += 1
      if filteredSummary(ref, filter: filter).expansionZoom != expansionZoomByWalking(from: ref, filter: filter) {
        mismatches.append(ref)
      }
    }
    return (mismatches, compared)
  }

  /// The clusters of `result` (a flat query of this index at zoom 0 or more) whose summary differs
  /// from their nodes' own summaries merged — counts, id hash, the smallest expansion zoom — and
  /// how many were compared (tests: none; a query merging a node into an item skips the node's
  /// expansion zoom when it cannot lower the item's).
  package func mergedSummaryMismatches(in result: ClusterResult) -> (mismatches: [Int], compared: Int) {
    var (mismatches, compared): ([Int], Int) = ([], 0)
    for (k, item) in result.items.enumerated() {
      guard let reported = item.cluster, reported.isMerged else { continue }
      compared += 1
      var expected = summary(reported.node)
      for node in reported.mergedNodes {
        let part = summary(node)
        expected.expansionZoom = min(expected.expansionZoom, part.expansionZoom)
        expected.addCounts(part)
      }
      if (expected.count, expected.missing, expected.found, expected.closed, expected.idHash, expected.expansionZoom)
        != (reported.count, reported.missing, reported.found, reported.closed, reported.idHash, reported.expansionZoom)
      {
        mismatches.append(k)
      }
    }
    return (mismatches, compared)
  }

  /// Where a cluster's shown leaves split, found by walking down while one child holds them all:
  /// one above the level of the cluster reached, or maxZoom when that is a pin. (The reference the
  /// tests hold ``filteredSummary(_:filter:)`` to: it looks at every child's run on the way.)
  func expansionZoomByWalking(from ref: UInt32, filter: ActiveFilter) -> Int {
    var node = ref
    while Self.isCluster(node), let only = onlyChildHoldingShown(of: cluster(node), filter: filter) {
      node = only
    }
    return Self.isCluster(node) ? Int(cluster(node).level) + 1 : options.maxZoom
  }

  /// The one child of `c` holding shown leaves, or `nil` when two or more do (it splits there). The
  /// seed's node and the members' heads are looked at in Z order until a second is found.
  private func onlyChildHoldingShown(of c: Cluster, filter: ActiveFilter) -> UInt32? {
    var only: UInt32? = filter.holdsShown(c.up) ? c.up : nil
    for k in memberSlots(of: c) {
      let child = heads[Int(members[k] & ~Self.lastMemberFlag)]
      guard filter.holdsShown(child) else { continue }
      if only != nil { return nil }
      only = child
    }
    return only
  }

  /// The pin a node is drawn at under the filter: its drawn pin when shown, else the
  /// representative of its first shown category, or `nil` when it holds none.
  func shownDrawnPin(of ref: UInt32) -> UInt32? {
    guard Self.isCluster(ref) else { return isShown(ref) ? ref : nil }
    let seed = cluster(ref).seed
    guard let activeFilter, !activeFilter.shows(seed) else { return seed }
    return activeFilter.shownLeaf(Int(ref & ~Self.clusterFlag))
  }

  /// The cluster numbers' runs after a build (finest level first, so children come first).
  mutating func computeAllCategoryRuns(order: [UInt32]) {
    let runs = CategoryRuns(aggregates: aggregateTable, withMarginals: scope == .all)
    runs.assignCategories(in: pins)
    bulkCategoryRuns(order: order, into: runs)
    categoryRuns = runs
  }

  /// The category runs, unshared (copied first when another index value holds them too), or `nil`
  /// for an index that is not filterable.
  private mutating func uniqueCategoryRuns() -> CategoryRuns? {
    guard categoryRuns != nil else { return nil }
    if !isKnownUniquelyReferenced(&categoryRuns) { categoryRuns = categoryRuns!.copy() }
    return categoryRuns
  }

  /// Records a pin's category after its status or a property changed, or it was added.
  mutating func updateCategory(ofPin pin: UInt32) {
    uniqueCategoryRuns()?.updateCategory(ofPin: Int(pin), in: pins)
  }

  /// `children` (nodes) as a run is filled from them, each pin's category worked out again and
  /// recorded in `runs`.
  func runChildren(_ children: [UInt32], recordingIn runs: CategoryRuns) -> [CategoryRuns.Child] {
    children.map { child in
      Self.isCluster(child)
        ? .cluster(Int(child & ~Self.clusterFlag))
        : .pin(
          category: runs.updateCategory(ofPin: Int(child), in: pins),
          hash: pins.ids.withUTF8(Int(child)) { Self.idHash($0) }, position: Int(child))
    }
  }

  /// Sets one cluster's run from its children (nodes one level up); returns whether it changed.
  mutating func updateCategoryRun(of number: UInt32, children: [UInt32]) -> Bool {
    guard let runs = uniqueCategoryRuns() else { return false }
    let changed = runs.fill(
      Int(number), level: Int(clusters[Int(number)].level), from: runChildren(children, recordingIn: runs),
      aggregates: aggregateTable, pins: pins)
    let clusters = clusters
    runs.compactIfSparse { $0 < clusters.count && clusters[$0].level != Self.notAnItem }
    return changed
  }
}
