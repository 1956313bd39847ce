/// Cluster numbers by id hash: open addressing with linear probing over a table kept at most
/// four fifths full (three quarters after a build, three fifths after a growth). The hashes are mixed already, so
/// a hash picks its home slot by scaling it to the table's size (any size, not only powers of two:
/// 5.3 bytes per cluster after a build instead of up to 16). Removal shifts later entries back, so
/// lookups never meet tombstones.
package struct ClusterTable: Sendable {
  /// Cluster numbers + 1; 0 is empty.
  private var slots: [UInt32]
  private var used = 0

  /// A table of every cluster in `clusters`.
  init(_ clusters: [ClusterIndex.Cluster]) {
    self.init(count: clusters.count, bucketedFrom: Self.bucketedMinimum) { clusters[$0].idHash }
  }

  /// A table of entries 0..<`idHashes.count` under those hashes, filled range by range
  /// (``placeByBucket(count:hash:)``) from `bucketedFrom` entries up (a cluster index's build
  /// does so from ``bucketedMinimum``; tests compare both ways on small tables).
  package init(idHashes: [UInt64], bucketedFrom minimum: Int) {
    self.init(count: idHashes.count, bucketedFrom: minimum) { idHashes[$0] }
  }

  /// Below this many entries the table is filled entry by entry: it then fits in the caches.
  static var bucketedMinimum: Int { 1 << 17 }

  @inline(__always)
  private init(count: Int, bucketedFrom minimum: Int, hash: (Int) -> UInt64) {
    // Filled at scattered places: in huge pages.
    slots = [UInt32](hugePagesRepeating: 0, count: Self.size(for: count))
    guard count >= minimum, slots.count <= Int(UInt32.max) else {
      for c in 0..<count { place(UInt32(c), hash: hash(c)) }
      return
    }
    placeByBucket(count: count, hash: hash)
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
    find(hash) { clusters[Int($0)].idHash }
  }

  /// The entry with this hash (`idHashes`: the hashes the table was made from), or `nil`.
  package func find(_ hash: UInt64, idHashes: [UInt64]) -> UInt32? {
    find(hash) { idHashes[Int($0)] }
  }

  @inline(__always)
  private func find(_ hash: UInt64, hashOf: (UInt32) -> UInt64) -> UInt32? {
    var slot = home(hash)
    while slots[slot] != 0 {
      let c = slots[slot] - 1
      if hashOf(c) == hash { return c }
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

  /// Fills the empty table with entries 0..<`count` in order of the range of 32,768 slots
  /// (128 KiB, within a core's L2 cache) their home slot falls in, entries ascending within a
  /// range: a counting sort by range, then each range's entries placed while its slots are in the
  /// cache. Placed entry by entry in number order, a large table (millions of clusters) takes a
  /// cache miss per entry; the sort reads and writes in a few hundred sequential streams instead.
  /// Lookups answer as in a table filled in number order: entries of one home are placed in
  /// number order, so of equal hashes the lowest number is still found first.
  private mutating func placeByBucket(count: Int, hash: (Int) -> UInt64) {
    let rangeShift = 15
    let ranges = (slots.count >> rangeShift) + 1
    // Each entry's home, worked out once (the hashes are read once, in order), and the ranges'
    // sizes.
    var starts = [Int](repeating: 0, count: ranges + 1)
    let homes = [UInt32](hugePagesCapacity: count) { buffer, initialized in
      for c in 0..<count {
        let slot = home(hash(c))
        buffer[c] = UInt32(truncatingIfNeeded: slot)
        starts[(slot >> rangeShift) + 1] += 1
      }
      initialized = count
    }
    for r in 1...ranges { starts[r] += starts[r - 1] }
    // Entry numbers with their homes (home in the high half), grouped by range, ascending in each.
    let grouped = [UInt64](hugePagesCapacity: count) { buffer, initialized in
      var next = starts
      for c in 0..<count {
        let slot = Int(homes[c])
        let r = slot >> rangeShift
        buffer[next[r]] = UInt64(slot) << 32 | UInt64(c)
        next[r] += 1
      }
      initialized = count
    }
    slots.withUnsafeMutableBufferPointer { slots in
      for entry in grouped {
        var slot = Int(entry >> 32)
        while slots[slot] != 0 { slot = slot + 1 == slots.count ? 0 : slot + 1 }
        slots[slot] = UInt32(truncatingIfNeeded: entry) + 1
      }
    }
    used = count
  }
}
