/// Cluster numbers by id hash: open addressing with linear probing over a table kept at most
/// four fifths full (three quarters after a build, three fifths after a growth). The hashes are mixed already, so
/// a hash picks its home slot by scaling it to the table's size (any size, not only powers of two:
/// 5.3 bytes per cluster after a build instead of up to 16). Removal shifts later entries back, so
/// lookups never meet tombstones.
package struct ClusterTable: Sendable {
  /// Cluster numbers + 1; 0 is empty.
  private var slots: [UInt32]
  private var used = 0
  /// A stand-in's notes (``recordingChanges(since:)``); `nil` for a table.
  private var recorded: RecordedChanges?

  /// A table of every cluster in `clusters`.
  init(_ clusters: [ClusterIndex.Cluster]) {
    self.init(filling: Fill(count: clusters.count) { clusters[$0].idHash })
  }

  /// A table of entries 0..<`idHashes.count` under those hashes, filled range by range
  /// (``placeByBucket(_:)``) from `bucketedFrom` entries up (a cluster index's build does so from
  /// ``bucketedMinimum``; tests compare both ways on small tables).
  package init(idHashes: [UInt64], bucketedFrom minimum: Int) {
    self.init(filling: Fill(count: idHashes.count) { idHashes[$0] }, bucketedFrom: minimum)
  }

  /// Below this many entries the table is filled entry by entry: it then fits in the caches.
  package static var bucketedMinimum: Int { 1 << 17 }

  /// The table ``Fill`` was worked out for, filled from its homes alone (no hash is read again).
  package init(filling fill: Fill, bucketedFrom minimum: Int = ClusterTable.bucketedMinimum) {
    // Filled at scattered places: in huge pages.
    slots = [UInt32](hugePagesRepeating: 0, count: fill.slotCount)
    guard fill.homes.count >= minimum, slots.count <= Int(UInt32.max) else {
      for (c, home) in fill.homes.enumerated() { place(UInt32(c), home: Int(home)) }
      return
    }
    placeByBucket(fill)
  }

  /// What a table's fill needs from the entries' hashes, worked out in one pass over them: each
  /// entry's home slot (and how many fall in each range of slots). The hashes are read here only,
  /// so a cluster build works this out once it has joined the records and fills the table from it
  /// while the records change (the repair of a cut, ``ClusterTable/recordingChanges(since:)``).
  package struct Fill: Sendable {
    /// The table's size, and each entry's home slot in it.
    let slotCount: Int
    let homes: [UInt32]
    /// How many homes fall in each range of ``rangeShift`` slots.
    let rangeCounts: [Int]

    /// The homes of entries 0..<`count`, their hashes given by `hash`.
    @inline(__always)
    package init(count: Int, hash: (Int) -> UInt64) {
      let slotCount = ClusterTable.size(for: count)
      var rangeCounts = [Int](repeating: 0, count: (slotCount >> ClusterTable.rangeShift) + 1)
      homes = [UInt32](hugePagesCapacity: count) { buffer, initialized in
        for c in 0..<count {
          let slot = ClusterTable.home(hash(c), slotCount: slotCount)
          buffer[c] = UInt32(truncatingIfNeeded: slot)
          rangeCounts[slot >> ClusterTable.rangeShift] += 1
        }
        initialized = count
      }
      self.slotCount = slotCount
      self.rangeCounts = rangeCounts
    }
  }

  var memoryBytes: Int { slots.capacity * 4 }

  /// The number of slots for `count` entries: a load of three quarters.
  private static func size(for count: Int) -> Int { max(16, count + count / 3 + 1) }

  /// The slot a hash starts its probe at.
  @inline(__always)
  private func home(_ hash: UInt64) -> Int { Self.home(hash, slotCount: slots.count) }

  /// The slot a hash starts its probe at in a table of `slotCount` slots: the hash scaled to it.
  @inline(__always)
  private static func home(_ hash: UInt64, slotCount: Int) -> Int {
    Int(truncatingIfNeeded: hash.multipliedFullWidth(by: UInt64(slotCount)).high)
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
    insert(c, hash: hash) { clusters[Int($0)].idHash }
  }

  /// Adds entry `c` under `hash` (`idHashes`: the entries' hashes, as in ``find(_:idHashes:)``).
  package mutating func insert(_ c: UInt32, hash: UInt64, idHashes: [UInt64]) {
    insert(c, hash: hash) { idHashes[Int($0)] }
  }

  /// Entries in the table.
  package var count: Int { used }

  /// Adds entry `c` under `hash`, the other entries' hashes given by `hashOf` (for a growth).
  private mutating func insert(_ c: UInt32, hash: UInt64, hashOf: (UInt32) -> UInt64) {
    guard recorded == nil else { return recorded!.note(c, live: true, filledUnder: nil) }
    if 5 * (used + 1) > 4 * slots.count {
      let entries = slots.filter { $0 != 0 }
      // Room for a quarter more entries beyond a load of three quarters: growths come every
      // 5/12 · n inserts, so each insert rehashes about two entries on average.
      slots = [UInt32](repeating: 0, count: Self.size(for: (used + 1) * 5 / 4))
      used = 0
      for entry in entries { place(entry - 1, hash: hashOf(entry - 1)) }
    }
    place(c, hash: hash)
  }

  /// Removes cluster `c`, stored under `hash`; entries after it move back into the gap.
  mutating func remove(_ c: UInt32, hash: UInt64, clusters: [ClusterIndex.Cluster]) {
    remove(c, hash: hash) { clusters[Int($0)].idHash }
  }

  /// Removes entry `c`, stored under `hash` (`idHashes`: as in ``insert(_:hash:idHashes:)``).
  package mutating func remove(_ c: UInt32, hash: UInt64, idHashes: [UInt64]) {
    remove(c, hash: hash) { idHashes[Int($0)] }
  }

  /// Removes entry `c`, stored under `hash`, the other entries' hashes given by `hashOf` (those
  /// they are stored under).
  private mutating func remove(_ c: UInt32, hash: UInt64, hashOf: (UInt32) -> UInt64) {
    guard recorded == nil else { return recorded!.note(c, live: false, filledUnder: hash) }
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
      let home = home(hashOf(slots[probe] - 1))
      // The entry may fill the gap when its home is not cyclically within (gap, probe].
      if distance(home, probe) >= distance(gap, probe) {
        slots[gap] = slots[probe]
        gap = probe
      }
      probe = next(probe)
    }
    slots[gap] = 0
  }

  private mutating func place(_ c: UInt32, hash: UInt64) { place(c, home: home(hash)) }

  private mutating func place(_ c: UInt32, home: Int) {
    var slot = home
    while slots[slot] != 0 { slot = next(slot) }
    slots[slot] = c + 1
    used += 1
  }

  /// A stand-in for a table being filled elsewhere (from a ``Fill`` of the first `count`
  /// clusters) while the clusters change: it holds no slots and finds nothing; it notes which
  /// clusters its inserts and removals touch, and the hash each filled one was stored under, for
  /// ``apply(changesOf:clusters:)``.
  package static func recordingChanges(since count: Int) -> ClusterTable {
    var table = ClusterTable(filling: Fill(count: 0) { _ in 0 })
    table.recorded = RecordedChanges(filledCount: count)
    return table
  }

  /// Makes the changes `recorder` (``recordingChanges(since:)``, started from the clusters this
  /// table was filled from) noted: each touched cluster that was filled goes (under the hash it
  /// was filled under), then each one live now comes back under its hash in `clusters`, in
  /// number order. The result is a table of the live clusters as the inserts and removals would
  /// have left it, up to the order of equal hashes (ids of distinct clusters).
  mutating func apply(changesOf recorder: ClusterTable, clusters: [ClusterIndex.Cluster]) {
    apply(changesOf: recorder) { clusters[Int($0)].idHash }
  }

  /// ``apply(changesOf:clusters:)`` with the entries' hashes now given by `idHashes`.
  package mutating func apply(changesOf recorder: ClusterTable, idHashes: [UInt64]) {
    apply(changesOf: recorder) { idHashes[Int($0)] }
  }

  private mutating func apply(changesOf recorder: ClusterTable, hashNow: (UInt32) -> UInt64) {
    guard let changes = recorder.recorded else { return }
    let touched = changes.liveness.keys.sorted()
    // An entry still in the table is stored under the hash it was filled under.
    let storedHash = { (c: UInt32) in changes.filledHashes[c] ?? hashNow(c) }
    for c in touched {
      if let hash = changes.filledHashes[c] { remove(c, hash: hash, hashOf: storedHash) }
    }
    for c in touched where changes.liveness[c] == true { insert(c, hash: hashNow(c), hashOf: hashNow) }
  }

  /// Slots per range of a bucketed fill: 32,768 (128 KiB, within a core's L2 cache).
  private static var rangeShift: Int { 15 }

  /// Fills the empty table with the entries of `fill` in order of the range of slots their home
  /// falls in (``rangeShift``), entries ascending within a range: a counting sort by range, then
  /// each range's entries placed while its slots are in the cache. Placed entry by entry in number
  /// order, a large table (millions of clusters) takes a cache miss per entry; the sort reads and
  /// writes in a few hundred sequential streams instead. Lookups answer as in a table filled in
  /// number order: entries of one home are placed in number order, so of equal hashes the lowest
  /// number is still found first.
  private mutating func placeByBucket(_ fill: Fill) {
    let (homes, count) = (fill.homes, fill.homes.count)
    var starts = [0] + fill.rangeCounts
    for r in 1..<starts.count { starts[r] += starts[r - 1] }
    // Entry numbers with their homes (home in the high half), grouped by range, ascending in each.
    let grouped = [UInt64](hugePagesCapacity: count) { buffer, initialized in
      var next = starts
      for c in 0..<count {
        let slot = Int(homes[c])
        let r = slot >> Self.rangeShift
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

/// What a stand-in table (``ClusterTable/recordingChanges(since:)``) notes of the changes.
private struct RecordedChanges {
  /// Clusters below this number were filled (under their hashes then).
  let filledCount: Int
  /// Per touched cluster: whether its last change left it in the table.
  var liveness: [UInt32: Bool] = [:]
  /// Per touched cluster that was filled: the hash it was filled under (that of its first removal:
  /// a filled cluster changes nothing before it leaves the table).
  var filledHashes: [UInt32: UInt64] = [:]

  mutating func note(_ c: UInt32, live: Bool, filledUnder hash: UInt64?) {
    if liveness[c] == nil, Int(c) < filledCount, let hash { filledHashes[c] = hash }
    liveness[c] = live
  }
}
