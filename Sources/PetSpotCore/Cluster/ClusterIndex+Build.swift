extension ClusterIndex {
  /// Builds the hierarchy over `pins`.
  ///
  /// - Parameters:
  ///   - pins: the pins; those beyond the Mercator limit are left out (never visible).
  ///   - options: validated with ``ClusterOptions/validate()``.
  /// - Complexity: O(n) for the Morton sort, then O(items) per level.
  public init(pins: PinSet, options: ClusterOptions) throws(InvalidInput) {
    try self.init(pins: pins, options: options, parts: pins.count >= 50_000 ? 2 : 1)
  }

  /// Builds the hierarchy, in two parts of the Z order on two cores when `parts` is 2.
  ///
  /// The greedy pass only looks forward from a seed, so the first part (Z order) is built exactly
  /// on its own. The second part is built as if the first did not exist, which is exact except
  /// near the first part's boundary seeds (seeds whose disk reaches a cell of the second part):
  /// the pins there are then decided again, in Z order, with the same machinery as an
  /// incremental change (``propagate(_:)``), so the result equals the one-part build.
  ///
  /// Large working arrays hand their pages back as they are consumed (``ConsumedPages``), from
  /// `releasingPagesFrom` bytes up; tests pass less than the default to exercise that on small sets.
  ///
  /// With a `scope` other than ``HierarchyScope/all``, the hierarchy holds only the pins of that
  /// scope (one of a filterable index's filter hierarchies); with `all`, a filterable index builds
  /// those too.
  ///
  /// `firstPassCellItems` sets how coarse the first greedy pass's cells may be (`nil`: the
  /// builder's own choice, ``HierarchyBuilder/firstPassCellItems``): tests vary it, the hierarchy
  /// never depends on it.
  package init(
    pins: PinSet, options: ClusterOptions, parts: Int,
    releasingPagesFrom releaseBytes: Int = ConsumedPages.minimumBytes,
    scope: HierarchyScope = .all, firstPassCellItems: Int? = nil
  ) throws(InvalidInput) {
    try options.validate()
    let aggregates = try AggregateTable(aggregates: options.aggregates, pins: pins)
    self.options = options
    self.pins = pins
    self.scope = scope
    // Moved out of the parts, not shared with them: the repair of the cut then writes the arrays
    // in place (a shared array would be copied whole by its first write).
    let built = Self.buildParts(
      pins: pins, options: options, parts: parts, releaseBytes: releaseBytes, scope: scope,
      firstPassCellItems: firstPassCellItems ?? HierarchyBuilder.firstPassCellItems)
    (clusters, members) = (built.clusters, built.members)
    (tops, absorbers, heads, roots, order) = (built.tops, built.absorbers, built.heads, built.roots, built.order)
    liveClusters = clusters.count
    let (boundarySeeds, tableFill) = (built.boundarySeeds, built.tableFill)
    _ = consume built
    if let boundarySeeds {
      // The id table is filled on the other core while the cut is repaired (from the homes worked
      // out once the records were joined: the repair changes the records); the repair's inserts
      // and removals are noted meanwhile, and made afterwards.
      clusterTable = .recordingChanges(since: clusters.count)
      var table = ClusterTable([])
      ParallelPair.run({ repairAfterSplit(boundarySeeds: boundarySeeds) }, { table = ClusterTable(filling: tableFill) })
      table.apply(changesOf: clusterTable, clusters: clusters)
      clusterTable = table
    } else {
      clusterTable = ClusterTable(filling: tableFill)
    }
    // The records' arrays keep their room (never written: address space, not memory; see
    // ``memoryBytes``): a copy trimmed to size would fault in and write every record again.
    aggregateTable = aggregates  // empty until now: the repair of the cut had nothing to update
    guard options.filterable && scope == .all else {
      computeAllAggregates()
      return
    }
    // A filterable index's filter hierarchies are built beside its aggregates and category runs
    // (a serial pass over the clusters).
    var sides: [ClusterIndex] = []
    ParallelPair.run({ computeAllAggregates() }, { sides = Self.filterHierarchies(pins: pins, options: options) })
    sideHierarchies = sides
  }

  /// What the parts' builders leave: the index's arrays (but the id table), and the first part's
  /// boundary seeds when the Z order was cut (the cut still to repair).
  private struct BuiltParts {
    var clusters: [Cluster] = [], members: [UInt32] = []
    /// The id table's fill, worked out from the joined records (made once the cut is repaired).
    var tableFill = ClusterTable.Fill(count: 0) { _ in 0 }
    var tops: [UInt8] = [], absorbers: [UInt32] = [], heads: [UInt32] = [], roots: [UInt32] = []
    var order = MortonList(sorted: [], keys: MortonKeys(PinSet()), sortedTops: [])
    var boundarySeeds: [[UInt32]]?
  }

  /// Sorts, builds the parts (on two cores) and lays them side by side — the second's cluster
  /// numbers and member runs move up, appended to the first's arrays. The second builder's
  /// clusters and members are released as they are appended, the builders' per-slot outputs as
  /// they are scattered.
  private static func buildParts(
    pins: PinSet, options: ClusterOptions, parts: Int, releaseBytes: Int, scope: HierarchyScope,
    firstPassCellItems: Int
  ) -> BuiltParts {
    // The Morton keys and the id hashes are independent: one core each, then the keys are sorted
    // on both (the hashes take less time than the sort: one core would wait for the other) — or,
    // for a scope, the hashes of its pins alone after the sort (the builders read no other).
    var keys: [UInt64] = []
    var order: [UInt32] = []
    var hashes: [UInt64] = []
    if scope == .all {
      ParallelPair.run(
        { (keys, order) = MortonKey.unsorted(pins) },
        {
          hashes = [UInt64](hugePagesCapacity: pins.count) { buffer, count in
            for i in 0..<pins.count { buffer[i] = pins.ids.withUTF8(i) { Self.idHash($0) } }
            count = pins.count
          }
        })
      RadixSort.sort(keys: &keys, values: &order, twoCores: true)
    } else {
      (keys, order) = MortonKey.sorted(pins, scope: scope)
      hashes = [UInt64](hugePagesRepeating: 0, count: pins.count)
      hashes.withUnsafeMutableBufferPointer { buffer in
        for pin in order { buffer[Int(pin)] = pins.ids.withUTF8(Int(pin)) { Self.idHash($0) } }
      }
    }
    let count = keys.count
    let split = parts > 1 ? Self.splitPoint(keys) : count
    let cut = split > 0 && split < count
    let boundaryKey = split < count ? keys[split] : .max
    // The depth of each part's first-pass cells, chosen from how its pins fill them (a part per
    // core). The keys are computed again from the pins where needed (the list's chunk bounds):
    // not kept through the build.
    let firstPassDepth = { (range: Range<Int>) in
      HierarchyBuilder.firstPassDepth(sortedKeys: keys[range], options: options, cellItems: firstPassCellItems)
    }
    var firstPassDepths = (0, 0)
    ParallelPair.run(
      { firstPassDepths.0 = firstPassDepth(0..<split) }, { firstPassDepths.1 = firstPassDepth(split..<count) })
    keys = []
    // Each builder is made (copying its slots' data) on its own core; then the hashes go, and
    // each part is built on its own core.
    let builder = { (range: Range<Int>, boundaryKey: UInt64, firstPassDepth: Int, recordCapacity: Int) in
      HierarchyBuilder(
        pins: pins, options: options, boundaryKey: boundaryKey, order: order, range: range,
        firstPassDepth: firstPassDepth, hashes: hashes, releaseBytes: releaseBytes, recordCapacity: recordCapacity)
    }
    // The whole build's records go in the first part's arrays (the second part's are appended
    // there), with room for those the repair of the cut may add, so that appending does not
    // double the arrays (on the skewed sets it adds 32 / 115 clusters and 7,171 / 22,720 member
    // slots at 1M / 10M pins). Address space only: pages are touched as records are written.
    let wholeRoom = cut ? count + count / 64 + 16_384 : count
    var first = builder(0..<0, .max, 0, 0)
    var second = first
    ParallelPair.run(
      { first = builder(0..<split, boundaryKey, firstPassDepths.0, wholeRoom) },
      { second = builder(split..<count, .max, firstPassDepths.1, 0) })
    hashes = []
    ParallelPair.run({ first.build() }, { second.build() })
    var out = BuiltParts(boundarySeeds: cut ? first.boundarySeeds : nil)
    out.roots = first.roots + second.roots
    let sortedTops = first.tops + second.tops
    // A constant for the closures below: a captured `var` is checked for exclusive access on every
    // read (a million checks in the scatter of a 1M build).
    let zOrder = order
    let clusterOffset = UInt32(first.clusters.count)
    let memberOffset = UInt32(first.members.count)
    let moved = { (ref: UInt32) in Self.isCluster(ref) ? ref + clusterOffset : ref }
    // Written by pin, in Z order: at scattered places (huge pages).
    var tops = [UInt8](hugePagesRepeating: Self.notAnItem, count: pins.count)
    var absorbers = [UInt32](hugePagesRepeating: 0, count: pins.count)
    var heads = [UInt32](hugePagesCapacity: pins.count) { buffer, count in
      for pin in 0..<pins.count { buffer[pin] = UInt32(truncatingIfNeeded: pin) }
      count = pins.count
    }
    var list = MortonList(sorted: [], keys: MortonKeys(PinSet()), sortedTops: [])
    // The parts' member runs and per-slot outputs, moved out of the builders (the first side
    // empties them of their records) and handed back as they are copied and scattered: the parts'
    // and the whole's are never all resident.
    var partMembers = (first.members, second.members)
    var firstSlots = SlotOutputs(absorbers: first.absorbers, heads: first.heads)
    var secondSlots = SlotOutputs(absorbers: second.absorbers, heads: second.heads)
    (first.tops, first.absorbers, first.heads, first.members) = ([], [], [], [])
    (second.tops, second.absorbers, second.heads, second.members) = ([], [], [], [])
    var members: [UInt32] = []
    tops.withUnsafeMutableBufferPointer { topsBuffer in
      absorbers.withUnsafeMutableBufferPointer { absorbersBuffer in
        heads.withUnsafeMutableBufferPointer { headsBuffer in
          let (topsByPin, absorbersByPin, headsByPin) = (topsBuffer, absorbersBuffer, headsBuffer)
          // A part's per-slot outputs written by pin (from slot `base` of the Z order on; `move`
          // renumbers its heads): the two parts write disjoint pins.
          let scatter = { (slots: inout SlotOutputs, base: Int, move: (UInt32) -> UInt32) in
            slots.absorbers.withUnsafeMutableBufferPointer { slotAbsorbers in
              slots.heads.withUnsafeMutableBufferPointer { slotHeads in
                var absorberPages = ConsumedPages(slotAbsorbers, minimumBytes: releaseBytes)
                var headPages = ConsumedPages(slotHeads, minimumBytes: releaseBytes)
                for slot in slotAbsorbers.indices {
                  let pin = Int(zOrder[base + slot])
                  topsByPin[pin] = sortedTops[base + slot]
                  absorbersByPin[pin] = slotAbsorbers[slot]
                  headsByPin[pin] = move(slotHeads[slot])
                  absorberPages.consumed(before: slot + 1)
                  headPages.consumed(before: slot + 1)
                }
              }
            }
            slots = SlotOutputs(absorbers: [], heads: [])
          }
          // Each side writes only its own variables (`out` belongs to the first, `list` and
          // `members` to the second); then the two scatters, each taken by whichever side is free
          // first (they write the per-pin arrays at disjoint pins, and their parts' outputs only),
          // so that the sides end about together. (Which piece is the longer depends on the pins:
          // with the scatters after the list on the second side, that side took 254–290 ms of a
          // 255–331 ms join at 10M pins, while the records' side was the longer at 1M.)
          ParallelPair.run(
            {
              // The second part's records appended to the first's, in place (its room), the
              // second's pages handed back as they are copied: the first's are neither copied nor
              // faulted in again.
              var clusters: [Cluster] = []
              swap(&clusters, &first.clusters)
              clusters.appendReleasing(&second.clusters, minimumBytes: releaseBytes) { c in
                var c = c
                c.up = moved(c.up)
                c.memberStart += memberOffset
                return c
              }
              out.tableFill = ClusterTable.Fill(count: clusters.count) { clusters[$0].idHash }
              out.clusters = clusters
            },
            {
              list = MortonList(sorted: zOrder, keys: MortonKeys(pins), sortedTops: sortedTops)
              swap(&members, &partMembers.0)
              members.appendReleasing(&partMembers.1, minimumBytes: releaseBytes) { $0 }
            },
            sharing: 2,
            { part in
              if part == 0 {
                scatter(&firstSlots, 0) { $0 }
              } else {
                scatter(&secondSlots, split, moved)
              }
            })
        }
      }
    }
    out.members = members
    out.order = list
    out.tops = tops
    out.absorbers = absorbers
    out.heads = heads
    return out
  }

  /// A part's per-slot outputs (see ``HierarchyBuilder``): absorbing seeds and head nodes.
  private struct SlotOutputs {
    var absorbers: [UInt32]
    var heads: [UInt32]
  }

  /// Where to cut the Z order (`keys`: ascending 62-bit Morton keys) in two: at the quadtree-cell
  /// boundary nearest its middle at the coarsest depth, from 6 on, that has one within 1/32 of the
  /// keys of the middle (else at the finest depth's nearest); `keys.count` when every key is the same.
  ///
  /// A coarse cut is a short one (fewer boundary seeds to decide again); going deeper when the
  /// coarse boundaries are far from the middle keeps a regional set — all its pins in one cell of
  /// depth 6, 5.6° of longitude wide — on two cores with halves of about the same size.
  package static func splitPoint(_ keys: [UInt64]) -> Int {
    let middle = keys.count / 2
    guard middle > 0 else { return keys.count }
    var cut = keys.count
    for depth in 6...MortonKey.bitsPerAxis {
      // The middle key's cell at this depth is keys[start ..< end]; either end is a cut.
      let shift = UInt64(2 * (MortonKey.bitsPerAxis - depth))
      let cell = keys[middle] >> shift
      let end = partitionPoint(in: keys.indices) { keys[$0] < (cell + 1) << shift }
      let start = partitionPoint(in: keys.indices) { keys[$0] < cell << shift }
      for candidate in [end, start] where candidate > 0 && candidate < keys.count {
        if abs(candidate - middle) < abs(cut - middle) { cut = candidate }
      }
      if abs(cut - middle) <= keys.count / 32 { break }
    }
    return cut
  }

  /// A 64-bit hash of a pin id (FNV-1a, then a SplitMix64 finaliser); cluster ids add these.
  package static func idHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var h: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    h = (h ^ (h >> 30)) &* 0xBF58_476D_1CE4_E5B9
    h = (h ^ (h >> 27)) &* 0x94D0_49BB_1331_11EB
    return h ^ (h >> 31)
  }
}
