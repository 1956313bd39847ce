import CPetSpotGeo
import PetSpotGeo

/// What a `psg_cluster_index *` points to: the pins with their cluster index, and the last error.
final class ClusterIndexHandle: ErrorReportingHandle {
  var clustered: ClusteredPins
  var lastError = LastError()
  let gate = EntryGate()

  /// Clusters this handle's queries merged (not in the index: below zoom 0, near the edges, under a
  /// tilt, stacks; under a filter, all), by id: the by-id calls
  /// find them too, until the index changes (their members may then differ). At most
  /// ``mergedCapacity``; beyond it the oldest queries' entries are forgotten.
  private var merged: [UInt64: ClusterSummary] = [:]
  private var mergedOrder: [UInt64] = []
  static var mergedCapacity: Int { 4_096 }

  init(clustered: ClusteredPins) {
    self.clustered = clustered
  }

  /// Remembers the merged clusters of a query's result — under a filter every cluster, since a
  /// cluster with hidden leaves has an id the index does not know.
  func remember(_ result: ClusterResult) {
    let unknown = clustered.index.filter == nil ? result.mergedClusters : result.items.compactMap(\.cluster)
    for summary in unknown where merged.updateValue(summary, forKey: summary.idHash) == nil {
      mergedOrder.append(summary.idHash)
    }
    if mergedOrder.count > Self.mergedCapacity {
      let forgotten = mergedOrder.count - Self.mergedCapacity
      for hash in mergedOrder[..<forgotten] { merged[hash] = nil }
      mergedOrder.removeFirst(forgotten)
    }
  }

  /// Applies changes to the pins; merged clusters from earlier queries are forgotten.
  func apply(_ changes: [ClusteredPins.Change]) throws(ClusteredPins.ChangeError) {
    merged = [:]
    mergedOrder = []
    try clustered.apply(changes)
  }

  /// Sets the filter of later queries; merged clusters from earlier queries are forgotten (their
  /// counts were those of the old filter).
  func setFilter(_ filter: ClusterFilter?) throws(InvalidInput) {
    try clustered.setFilter(filter)
    merged = [:]
    mergedOrder = []
  }

  /// The id of the pin with this number (see ``pinPosition(number:in:)``), or `nil`.
  func id(ofNumber pin: UInt32) -> String? {
    pinPosition(number: pin, in: clustered.pins).map { clustered.pins.ids[$0] }
  }

  /// The cluster with a numeric id — in the index, or merged by one of this handle's queries since
  /// the index last changed — or `nil` (after recording the error).
  func cluster(_ id: UInt64) -> ClusterSummary? {
    let summary = clustered.index.cluster(id: ClusterSummary.id(hash: id)) ?? merged[id]
    if summary == nil { _ = fail("no cluster with id \(ClusterSummary.id(hash: id))") }
    return summary
  }
}

/// What a `psg_cluster_result *` points to: a snapshot of the index and the items for one camera.
final class ClusterResultHandle: CHandle {
  let index: ClusterIndex
  let result: ClusterResult

  init(index: ClusterIndex, result: ClusterResult) {
    self.index = index
    self.result = result
  }
}

/// Writes a page of leaves (as pin numbers) with the two-call convention's count.
func writeLeaves(
  _ leaves: [Int], pins: PinSet, to out: UnsafeMutablePointer<UInt32>?, capacity: Int, count: UnsafeMutablePointer<Int>
) {
  let n = min(leaves.count, capacity)
  for k in 0..<n { out![k] = pins.sourceRows[leaves[k]] }
  count.pointee = n
}

/// The position of the live pin with this number (its row in the arrays it was created from, or
/// the number it was inserted with), or `nil`: O(1) when its id is the number in decimal (pins made
/// by `psg_pins_create`, inserted pins), else a scan of the pins.
func pinPosition(number pin: UInt32, in pins: PinSet) -> Int? {
  if let at = pins.ids.position(of: String(pin)), pins.sourceRows[at] == pin { return at }
  for at in pins.sourceRows.indices where pins.sourceRows[at] == pin {
    if pins.ids.position(of: pins.ids[at]) == at { return at }  // a live pin (a retired one has no id)
  }
  return nil
}
