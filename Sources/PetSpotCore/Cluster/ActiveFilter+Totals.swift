/// One pass over a cluster's shown entries for its filtered summary (``ClusterIndex/addShown(_:filter:to:)``).
extension ActiveFilter {
  /// What a cluster's shown entries add up to: how many entries, their leaves (in all and per
  /// status) and id hashes, the last one's split, and what tells whether they go down to one child.
  struct ShownTotals {
    var entries = 0, leaves = 0, idHash: UInt64 = 0, missing = 0, found = 0, closed = 0
    var split = CategoryRuns.oneLeaf
    /// Whether one of them splits at `here` (two or more of the cluster's children hold it).
    var splitsAtHere = false
    /// The entries' holders OR-ed and AND-ed together: equal exactly when every holder is the same.
    var holdersOr: UInt32 = 0, holdersAnd: UInt32 = .max

    /// Whether the shown leaves lie under two or more of the cluster's children (an entry splits
    /// here, or two name different holders).
    var splitsHere: Bool { splitsAtHere || holdersOr != holdersAnd }
    /// The child holding every shown leaf, when ``splitsHere`` is false.
    var holder: UInt32 { holdersOr }

    /// Adds one shown entry: its leaves, their id hashes, where they split and the child holding
    /// them (no branch: the holder of an entry that splits here means nothing, but the split says so).
    @inline(__always)
    mutating func add(leaves count: Int, hash: UInt64, split: UInt8, holder: UInt32, here: Int) {
      splitsAtHere = splitsAtHere || Int(split) == here
      (holdersOr, holdersAnd) = (holdersOr | holder, holdersAnd & holder)
      (entries, self.split) = (entries &+ 1, split)
      leaves &+= count
      idHash &+= hash
    }
  }

  /// The totals of cluster `number`'s shown entries, `here` being its level + 1. A run holding
  /// categories below 63 only is read through its mask: each shown entry's category is its mask
  /// bit and its status one of ``statusMasks`` (no read of the category arrays), and the entry
  /// arrays are read once the run is known to lie within them (one check per run, not one per
  /// array and entry). Other runs are read entry by entry.
  @inline(__always)
  func shownTotals(of number: Int, here: Int) -> ShownTotals {
    let present = masks[number]
    let (start, length) = (Int(starts[number]), Int(lengths[number]))
    guard present & CategoryRuns.overflowBit == 0, length <= entryCount, start <= entryCount &- length else {
      return shownTotalsEntryByEntry(of: number, here: here)
    }
    return keepsStatusCounts
      ? statusCounts.withUnsafeBufferPointer { statusCounts in
        guard statusCounts.count / 3 >= start &+ length else {
          return shownTotalsEntryByEntry(of: number, here: here)
        }
        return shownTotals(of: present, start: start, length: length, here: here, tally: PerEntryTally(statusCounts))
      }
      : shownTotals(of: present, start: start, length: length, here: here, tally: statusMasks)
  }

  /// ``shownTotals(of:here:)`` over a run (`start`, `length`, mask `present`) known to lie within
  /// the entry arrays, its statuses told by `tally` (one loop per way of telling them).
  @inline(__always)
  private func shownTotals<Tally: StatusTally>(
    of present: UInt64, start: Int, length: Int, here: Int, tally: Tally
  ) -> ShownTotals {
    var totals = ShownTotals()
    counts.withUnsafeBufferPointer { counts in
      hashes.withUnsafeBufferPointer { hashes in
        splits.withUnsafeBufferPointer { splits in
          holders.withUnsafeBufferPointer { holders in
            Self.forEachEntry(of: present & shownMask, in: present, start: start) { i, bit in
              guard i &- start < length else { return false }  // (a mask holds one bit per entry)
              let leaves = Int(counts[i])
              totals.add(leaves: leaves, hash: hashes[i], split: splits[i], holder: holders[i], here: here)
              tally.add(entry: i, bit: bit, leaves: leaves, to: &totals)
              return true
            }
          }
        }
      }
    }
    return totals
  }

  /// ``shownTotals(of:here:)`` for a run holding a category from 63 up (or one the mask path
  /// cannot vouch for): each entry's category read and looked up.
  @inline(never)
  func shownTotalsEntryByEntry(of number: Int, here: Int) -> ShownTotals {
    var totals = ShownTotals()
    forEachShownEntry(of: number) { i in
      let leaves = Int(counts[i])
      totals.add(leaves: leaves, hash: hashes[i], split: splits[i], holder: holders[i], here: here)
      if keepsStatusCounts {
        PerEntryTally(statusCounts).add(entry: i, bit: 0, leaves: leaves, to: &totals)
      } else {
        switch categoryStatus[Int(categories[i])] {
        case 1: totals.missing &+= leaves
        case 2: totals.found &+= leaves
        case 3: totals.closed &+= leaves
        default: break
        }
      }
      return true
    }
    return totals
  }

}

/// How a filtered summary tells the statuses of a run's entries.
protocol StatusTally {
  /// Adds entry `entry` (mask bit `bit`, `leaves` leaves) to the per-status counts of `totals`.
  func add(entry: Int, bit: UInt64, leaves: Int, to totals: inout ActiveFilter.ShownTotals)
}

/// Per status (MISSING, FOUND, CLOSED), the mask bits of the shown categories that have it: a
/// category has one status, so an entry's leaves go to the status whose mask holds its bit.
struct StatusMasks: StatusTally {
  var missing: UInt64 = 0, found: UInt64 = 0, closed: UInt64 = 0

  init() {}

  /// The masks of the shown categories below 63 (`shown` and `status` per category number).
  init(shown: [Bool], status: [UInt8]) {
    for c in shown.indices.prefix(63) where shown[c] {
      let bit = CategoryRuns.presenceBit(UInt32(c))
      switch status[c] {
      case 1: missing |= bit
      case 2: found |= bit
      case 3: closed |= bit
      default: break
      }
    }
  }

  @inline(__always)
  func add(entry: Int, bit: UInt64, leaves: Int, to totals: inout ActiveFilter.ShownTotals) {
    // (Branch-free.)
    totals.missing &+= bit & missing != 0 ? leaves : 0
    totals.found &+= bit & found != 0 ? leaves : 0
    totals.closed &+= bit & closed != 0 ? leaves : 0
  }
}

/// Runs whose entries keep their MISSING, FOUND and CLOSED leaves (a marginal over a value): read
/// through a buffer where the run is known to lie within it, else through the checked array.
struct PerEntryTally<Counts: RandomAccessCollection<UInt32>>: StatusTally where Counts.Index == Int {
  let statusCounts: Counts

  init(_ statusCounts: Counts) { self.statusCounts = statusCounts }

  @inline(__always)
  func add(entry: Int, bit: UInt64, leaves: Int, to totals: inout ActiveFilter.ShownTotals) {
    totals.missing &+= Int(statusCounts[entry &* 3])
    totals.found &+= Int(statusCounts[entry &* 3 &+ 1])
    totals.closed &+= Int(statusCounts[entry &* 3 &+ 2])
  }
}
