/// Cluster numbers by id hash: open addressing with linear probing over a power-of-two table
/// kept at most half full (the hashes are mixed already, so their low bits pick the slot).
/// Removal shifts later entries back, so lookups never meet tombstones.
struct ClusterTable: Sendable {
  /// Cluster numbers + 1; 0 is empty.
  private var slots: [UInt32]
  private var used = 0

  /// A table of every cluster in `clusters`.
  init(_ clusters: [ClusterIndex.Cluster]) {
    var size = 16
    while size < 2 * clusters.count { size *= 2 }
    slots = [UInt32](repeating: 0, count: size)
    for (c, cluster) in clusters.enumerated() { place(UInt32(c), hash: cluster.idHash) }
  }

  var memoryBytes: Int { slots.capacity * 4 }

  /// The cluster with this id hash, or `nil`.
  func find(_ hash: UInt64, in clusters: [ClusterIndex.Cluster]) -> UInt32? {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      let c = slots[slot] - 1
      if clusters[Int(c)].idHash == hash { return c }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Adds cluster `c` under `hash`, growing the table when it would be more than half full.
  mutating func insert(_ c: UInt32, hash: UInt64, clusters: [ClusterIndex.Cluster]) {
    if 2 * (used + 1) > slots.count {
      let entries = slots.filter { $0 != 0 }
      slots = [UInt32](repeating: 0, count: slots.count * 2)
      used = 0
      for entry in entries { place(entry - 1, hash: clusters[Int(entry - 1)].idHash) }
    }
    place(c, hash: hash)
  }

  /// Removes cluster `c`, stored under `hash`; entries after it move back into the gap.
  mutating func remove(_ c: UInt32, hash: UInt64, clusters: [ClusterIndex.Cluster]) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 && slots[slot] != c + 1 { slot = (slot + 1) & mask }
    guard slots[slot] == c + 1 else { return }
    used -= 1
    var gap = slot
    var next = (slot + 1) & mask
    while slots[next] != 0 {
      let home = Int(truncatingIfNeeded: clusters[Int(slots[next] - 1)].idHash) & mask
      // The entry may fill the gap when its home is not cyclically within (gap, next].
      let distanceToGap = (next - home) & mask
      let distanceToNext = (next - gap) & mask
      if distanceToGap >= distanceToNext {
        slots[gap] = slots[next]
        gap = next
      }
      next = (next + 1) & mask
    }
    slots[gap] = 0
  }

  private mutating func place(_ c: UInt32, hash: UInt64) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 { slot = (slot + 1) & mask }
    slots[slot] = c + 1
    used += 1
  }
}
