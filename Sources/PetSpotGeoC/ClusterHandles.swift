import CPetSpotGeo
import PetSpotGeo

/// What a `psg_cluster_index *` points to: the pins with their cluster index, and the last error.
final class ClusterIndexHandle: ErrorReportingHandle {
  var clustered: ClusteredPins
  var lastError = LastError()
  let gate = EntryGate()

  init(clustered: ClusteredPins) {
    self.clustered = clustered
  }

  /// The index cluster with a numeric id, or `nil` (after recording the error).
  func cluster(_ id: UInt64) -> ClusterSummary? {
    let summary = clustered.index.cluster(id: ClusterSummary.id(hash: id))
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
