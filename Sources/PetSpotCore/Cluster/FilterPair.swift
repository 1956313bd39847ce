/// The filters of the two indexes a transition relates (docs/clustering.md, "Filters"): two items
/// are related only when they share a pin both filters show.
struct FilterPair {
  /// The two indexes' filters (`nil`: shows every pin). Only these are held, not the indexes:
  /// a copy of an index retains each of its arrays.
  let oldFilter: ActiveFilter?
  let newFilter: ActiveFilter?
  /// Neither index filters: every pair of nodes found sharing a pin shares a shown one.
  let isTrivial: Bool
  /// Whether both are views of one hierarchy (the same cluster storage): their nodes then nest.
  let sameHierarchy: Bool

  /// (The indexes are borrowed: an owned argument would be a copy of each, retaining its arrays.)
  init(old: borrowing ClusterIndex, new: borrowing ClusterIndex) {
    (oldFilter, newFilter) = (old.activeFilter, new.activeFilter)
    isTrivial = old.activeFilter == nil && new.activeFilter == nil
    sameHierarchy =
      !isTrivial && old.sharesNodes(with: new) && old.categoryRuns != nil && old.categoryRuns === new.categoryRuns
  }

  /// Whether node `oldNode` (of `oldIndex`, the old index) and `newNode` (of the new), found to
  /// hold the pin `evidence` (its position in each), share a pin both filters show. In one
  /// hierarchy the two nodes nest, so that is a shown pin of the smaller, found in its category
  /// run; across hierarchies (pins changed in between) only the evidence itself is looked at
  /// (sound, not complete, like the relation there).
  @inline(__always)
  func shareShownPin(
    old oldNode: UInt32, new newNode: UInt32, evidence: (old: UInt32, new: UInt32), in oldIndex: ClusterIndex
  ) -> Bool {
    if isTrivial { return true }
    guard sameHierarchy, let runs = (oldFilter ?? newFilter)?.full else {
      return Self.shows(oldFilter, evidence.old) && Self.shows(newFilter, evidence.new)
    }
    let isCluster = ClusterIndex.isCluster
    let smaller =
      !isCluster(oldNode)
      ? oldNode
      : !isCluster(newNode)
        ? newNode
        : oldIndex.cluster(oldNode).level >= oldIndex.cluster(newNode).level ? oldNode : newNode
    guard isCluster(smaller) else { return Self.shows(oldFilter, smaller) && Self.shows(newFilter, smaller) }
    let (a, b) = (oldFilter?.full.shown, newFilter?.full.shown)
    for i in runs.run(Int(smaller & ~ClusterIndex.clusterFlag)) {
      let category = Int(runs.categories[i])
      if a?[category] ?? true, b?[category] ?? true { return true }
    }
    return false
  }

  /// Whether `filter` shows the pin at `position` (every pin without a filter), as
  /// ``ClusterIndex/isShown(_:)`` of its index.
  @inline(__always)
  private static func shows(_ filter: ActiveFilter?, _ position: UInt32) -> Bool {
    filter?.shows(position) ?? true
  }
}
