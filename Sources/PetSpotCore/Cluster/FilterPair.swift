/// The filters of the two indexes a transition relates (docs/clustering.md, "Filters"): two items
/// are related only when they share a pin both filters show.
struct FilterPair {
  let old: ClusterIndex
  let new: ClusterIndex
  /// Neither index filters: every pair of nodes found sharing a pin shares a shown one.
  let isTrivial: Bool
  /// Whether both are views of one hierarchy (the same cluster storage): their nodes then nest.
  let sameHierarchy: Bool

  init(old: ClusterIndex, new: ClusterIndex) {
    self.old = old
    self.new = new
    isTrivial = old.activeFilter == nil && new.activeFilter == nil
    sameHierarchy =
      !isTrivial && old.clusters.count == new.clusters.count && old.members.count == new.members.count
      && old.clusters.withUnsafeBufferPointer { a in
        new.clusters.withUnsafeBufferPointer { a.baseAddress == $0.baseAddress }
      }
      && old.members.withUnsafeBufferPointer { a in
        new.members.withUnsafeBufferPointer { a.baseAddress == $0.baseAddress }
      }
      && old.categoryRuns != nil && old.categoryRuns === new.categoryRuns
  }

  /// Whether node `oldNode` (of the old index) and `newNode` (of the new), found to hold the pin
  /// `evidence` (its position in each), share a pin both filters show. In one hierarchy the two
  /// nodes nest, so that is a shown pin of the smaller, found in its category run; across
  /// hierarchies (pins changed in between) only the evidence itself is looked at (sound, not
  /// complete, like the relation there).
  func shareShownPin(old oldNode: UInt32, new newNode: UInt32, evidence: (old: UInt32, new: UInt32)) -> Bool {
    if isTrivial { return true }
    guard sameHierarchy, let runs = old.activeFilter ?? new.activeFilter else {
      return old.isShown(evidence.old) && new.isShown(evidence.new)
    }
    let isCluster = ClusterIndex.isCluster
    let smaller =
      !isCluster(oldNode)
      ? oldNode
      : !isCluster(newNode)
        ? newNode
        : old.cluster(oldNode).level >= old.cluster(newNode).level ? oldNode : newNode
    guard isCluster(smaller) else { return old.isShown(smaller) && new.isShown(smaller) }
    let (a, b) = (old.activeFilter?.categoryShown, new.activeFilter?.categoryShown)
    for i in runs.run(Int(smaller & ~ClusterIndex.clusterFlag)) {
      let category = Int(runs.categories[i])
      if a?[category] ?? true, b?[category] ?? true { return true }
    }
    return false
  }
}
