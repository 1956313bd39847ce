/// Cluster numbers by id hash: open addressing with linear probing over a table kept at most
/// four fifths full (three quarters after a build, three fifths after a growth). The hashes are mixed already, so
/// a hash picks its home slot by scaling it to the table's size (any size, not only powers of two:
/// 5.3 bytes per cluster after a build instead of up to 16). Removal shifts later entries back, so
/// lookups never meet tombstones.
struct ClusterTable: Sendable {
  /// Cluster numbers + 1; 0 is empty.
  private var slots: [UInt32]
  private var used = 0

  /// A table of every cluster in `clusters`.
  init(_ clusters: [ClusterIndex.Cluster]) {
    // Filled at scattered places: in huge pages.
    slots = [UInt32](hugePagesRepeating: 0, count: Self.size(for: clusters.count))
    for (c, cluster) in clusters.enumerated() { place(UInt32(c), hash: cluster.idHash) }
  }

  var memoryBytes: Int { slots.capacity * 4 }

  /// The number of slots for `count` entries: a load of three quarters.
  private static func size(for count: Int) -> Int { max(16, count + count / 3 + 1) }

  /// The slot a hash starts its probe at.
  @inline(__always)
  private func home(_ hash: UInt64) -> Int {
    Int(truncatingIfNeeded: hash.multipliedFullWidth(by: UInt64(slots.count)).high)
  }

  /// The slot after `slot`, wrapping.
  @inline(__always)
  private func next(_ slot: Int) -> Int { slot + 1 == slots.count ? 0 : slot + 1 }

  /// The cluster with this id hash, or `nil`.
  func find(_ hash: UInt64, in clusters: [ClusterIndex.Cluster]) -> UInt32? {
    var slot = home(hash)
    while slots[slot] != 0 {
      let c = slots[slot] - 1
      if clusters[Int(c)].idHash == hash { return c }
      slot = next(slot)
    }
    return nil
  }

  /// Adds cluster `c` under `hash`, growing the table when it would be more than four fifths full.
  mutating func insert(_ c: UInt32, hash: UInt64, clusters: [ClusterIndex.Cluster]) {
    if 5 * (used + 1) > 4 * slots.count {
      let entries = slots.filter { $0 != 0 }
      // Room for a quarter more entries beyond a load of three quarters: growths come every
      // 5/12 · n inserts, so each insert rehashes about two entries on average.
      slots = [UInt32](repeating: 0, count: Self.size(for: (used + 1) * 5 / 4))
      used = 0
      for entry in entries { place(entry - 1, hash: clusters[Int(entry - 1)].idHash) }
    }
    place(c, hash: hash)
  }

  /// Removes cluster `c`, stored under `hash`; entries after it move back into the gap.
  mutating func remove(_ c: UInt32, hash: UInt64, clusters: [ClusterIndex.Cluster]) {
    var slot = home(hash)
    while slots[slot] != 0 && slots[slot] != c + 1 { slot = next(slot) }
    guard slots[slot] == c + 1 else { return }
    used -= 1
    let size = slots.count
    // Cyclic distance from slot a forward to slot b.
    let distance = { (a: Int, b: Int) in b >= a ? b - a : b + size - a }
    var gap = slot
    var probe = next(slot)
    while slots[probe] != 0 {
      let home = home(clusters[Int(slots[probe] - 1)].idHash)
      // The entry may fill the gap when its home is not cyclically within (gap, probe].
      if distance(home, probe) >= distance(gap, probe) {
        slots[gap] = slots[probe]
        gap = probe
      }
      probe = next(probe)
    }
    slots[gap] = 0
  }

  private mutating func place(_ c: UInt32, hash: UInt64) {
    var slot = home(hash)
    while slots[slot] != 0 { slot = next(slot) }
    slots[slot] = c + 1
    used += 1
  }
}
