/// A cluster's members and aggregates.
public struct ClusterSummary: Hashable, Sendable {
  /// The sum of the members' id hashes: equal members, equal id.
  public var idHash: UInt64
  /// Leaves, visible or not.
  public var count: Int
  /// Leaves with status MISSING, FOUND, CLOSED; ``other`` is the rest (no status or another one).
  public var missing: Int, found: Int, closed: Int
  /// The smallest zoom at which it splits (an integer; maxZoom when only spiderfying separates it).
  public var expansionZoom: Int
  /// The index node whose leaves it covers.
  package var node: UInt32
  /// More such nodes, for clusters a query merged (empty otherwise: no allocation). A slice, so
  /// that the clusters one query merges can share one buffer.
  package var mergedNodes: ArraySlice<UInt32> = []

  /// Whether a query merged it from several index nodes (below zoom 0, near the viewport's edges,
  /// under a tilt, a stack at maxZoom): it is then not in the index (see
  /// ``ClusterResult/cluster(id:)``).
  public var isMerged: Bool { !mergedNodes.isEmpty }

  /// Every index node whose leaves it covers.
  package var nodes: [UInt32] { [node] + mergedNodes }

  /// Adds another summary's counts and id hash, not its nodes (the caller sets ``mergedNodes``).
  mutating func addCounts(_ other: ClusterSummary) {
    idHash &+= other.idHash
    count += other.count
    missing += other.missing
    found += other.found
    closed += other.closed
  }

  /// Leaves with neither MISSING, FOUND nor CLOSED.
  public var other: Int { count - missing - found - closed }

  /// The cluster's id: "cluster:" and 16 hex digits of ``idHash``.
  public var id: String { Self.id(hash: idHash) }

  /// The id text for a hash.
  public static func id(hash: UInt64) -> String {
    let hex = String(hash, radix: 16)
    return "cluster:" + String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// The hash an id text stands for, or `nil` when it is not a cluster id.
  public static func hash(id: some StringProtocol) -> UInt64? {
    guard id.hasPrefix("cluster:"), id.count == 24 else { return nil }
    return UInt64(id.dropFirst(8), radix: 16)
  }

  mutating func add(_ other: ClusterSummary) {
    addCounts(other)
    mergedNodes.append(other.node)
    mergedNodes += other.mergedNodes
  }
}
