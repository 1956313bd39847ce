/// One pass over a cluster's shown entries for its filtered summary (``ClusterIndex/addShown(_:filter:to:)``).
extension ActiveFilter {
  /// What a cluster's shown entries add up to: their leaves per status and id hashes, the only one
  /// (when one is shown), and what tells whether they go down to one child.
  struct ShownTotals {
    /// Leaves per status class (``StatusClasses``): other statuses, MISSING, FOUND, CLOSED.
    var byStatus: (other: Int, missing: Int, found: Int, closed: Int) = (0, 0, 0, 0)
    var idHash: UInt64 = 0
    /// The only entry added (-1: none, or more than one).
    var single = -1
    /// The entries' holders OR-ed and AND-ed together, an entry that splits at `here` (two or
    /// more of the cluster's children hold it) counting as all ones and all zeros: equal exactly
    /// when no entry splits here and every holder is the same — and not when no entry was added.
    var holdersOr: UInt32 = 0, holdersAnd: UInt32 = .max

    var leaves: Int { byStatus.other &+ byStatus.missing &+ byStatus.found &+ byStatus.closed }
    /// Whether the shown leaves lie under two or more of the cluster's children (an entry splits
    /// here, or two name different holders), or there are none.
    var splitsHere: Bool { holdersOr != holdersAnd }
    /// The child holding every shown leaf, when ``splitsHere`` is false.
    var holder: UInt32 { holdersOr }

    /// Adds an entry's id hashes, where its leaves split and the child holding them (no branch).
    @inline(__always)
    mutating func add(hash: UInt64, split: UInt8, holder: UInt32, here: Int) {
      let splitsAtHere = Int(split) == here
      (holdersOr, holdersAnd) = (holdersOr | (splitsAtHere ? .max : holder), holdersAnd & (splitsAtHere ? 0 : holder))
      idHash &+= hash
    }
  }

  /// The totals of cluster `number`'s shown entries, `here` being its level + 1. A run holding
  /// categories below 63 only is read through its mask: each shown entry's category is its mask
  /// bit, which tells its status (``statusClasses``; no read of the category arrays), and the
  /// entry arrays are read once the run is known to lie within them (one check per run, not one
  /// per array and entry). Other runs are read entry by entry.
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
      : statusClasses.withBuffer { classes in
        shownTotals(of: present, start: start, length: length, here: here, tally: classes)
      }
  }

  /// ``shownTotals(of:here:)`` over a run (`start`, `length`, mask `present`) known to lie within
  /// the entry arrays, its statuses told by `tally` (one loop per way of telling them). The leaves
  /// per status are added up in memory of their own (four more registers would not fit the loop).
  @inline(__always)
  private func shownTotals<Tally: StatusTally>(
    of present: UInt64, start: Int, length: Int, here: Int, tally: Tally
  ) -> ShownTotals {
    var totals = ShownTotals()
    let shown = present & shownMask
    let end = start &+ length
    var next = start
    var byStatusCounts = totals.byStatus
    withUnsafeMutableBytes(of: &byStatusCounts) { bytes in
      let byStatus = bytes.baseAddress!.assumingMemoryBound(to: Int.self)
      counts.withUnsafeBufferPointer { counts in
        hashes.withUnsafeBufferPointer { hashes in
          splits.withUnsafeBufferPointer { splits in
            holders.withUnsafeBufferPointer { holders in
              next = Self.forEachEntry(of: shown, in: present, start: start) { i, bit in
                guard i < end else { return false }  // (a mask holds one bit per entry)
                totals.add(hash: hashes[i], split: splits[i], holder: holders[i], here: here)
                tally.add(entry: i, bit: bit, leaves: Int(counts[i]), to: byStatus)
                return true
              }
            }
          }
        }
      }
    }
    totals.byStatus = byStatusCounts
    // One bit: one entry, the one before where the walk ended (-1: stopped at a broken run).
    if shown != 0 && shown & (shown &- 1) == 0 && next > start { totals.single = next &- 1 }
    return totals
  }

  /// ``shownTotals(of:here:)`` for a run holding a category from 63 up (or one the mask path
  /// cannot vouch for): each entry's category read and looked up.
  @inline(never)
  func shownTotalsEntryByEntry(of number: Int, here: Int) -> ShownTotals {
    var totals = ShownTotals()
    var (entries, last) = (0, -1)
    var byStatusCounts = totals.byStatus
    withUnsafeMutableBytes(of: &byStatusCounts) { bytes in
      let byStatus = bytes.baseAddress!.assumingMemoryBound(to: Int.self)
      forEachShownEntry(of: number) { i in
        (entries, last) = (entries + 1, i)
        totals.add(hash: hashes[i], split: splits[i], holder: holders[i], here: here)
        let leaves = Int(counts[i])
        if keepsStatusCounts {
          PerEntryTally(statusCounts).add(entry: i, bit: 0, leaves: leaves, to: byStatus)
        } else {
          byStatus[StatusClasses.statusClass(code: categoryStatus[Int(categories[i])])] &+= leaves
        }
        return true
      }
    }
    totals.byStatus = byStatusCounts
    if entries == 1 { totals.single = last }
    return totals
  }
}

/// How a filtered summary tells the statuses of a run's entries.
protocol StatusTally {
  /// Adds the `leaves` leaves of entry `entry` (mask bit `bit`) to `byStatus` (four counts, as
  /// ``ActiveFilter/ShownTotals/byStatus``).
  func add(entry: Int, bit: UInt64, leaves: Int, to byStatus: UnsafeMutablePointer<Int>)
}

/// Per mask bit (a category below 63), the status class of the category: 0 for a status other
/// than MISSING, FOUND and CLOSED (and for bits of no category), else 1, 2, 3. A category has one
/// status, so an entry's leaves go to its bit's class: one read, no branch.
struct StatusClasses {
  private var classes = [UInt8](repeating: 0, count: 64)

  init() {}

  /// The classes of the categories below 63 (`status` per category number).
  init(status: [UInt8]) {
    for c in status.indices.prefix(63) {
      classes[CategoryRuns.presenceBit(UInt32(c)).trailingZeroBitCount] = UInt8(Self.statusClass(code: status[c]))
    }
  }

  /// The class of status code `code` (1 MISSING, 2 FOUND, 3 CLOSED; 0 any other).
  @inline(__always)
  static func statusClass(code: UInt8) -> Int { code <= 3 ? Int(code) : 0 }

  /// Calls `body` with the classes, read by mask bit with no check (64 of them: one per bit).
  @inline(__always)
  func withBuffer<R>(_ body: (Tally) -> R) -> R {
    classes.withUnsafeBufferPointer { buffer in
      precondition(buffer.count == 64)
      return body(Tally(classes: buffer.baseAddress!))
    }
  }

  /// The classes as a loop reads them.
  struct Tally: StatusTally {
    let classes: UnsafePointer<UInt8>

    @inline(__always)
    func add(entry: Int, bit: UInt64, leaves: Int, to byStatus: UnsafeMutablePointer<Int>) {
      byStatus[Int(classes[bit.trailingZeroBitCount])] &+= leaves  // (a class is below 4)
    }
  }
}

/// Runs whose entries keep their MISSING, FOUND and CLOSED leaves (a marginal over a value): read
/// through a buffer where the run is known to lie within it, else through the checked array.
struct PerEntryTally<Counts: RandomAccessCollection<UInt32>>: StatusTally where Counts.Index == Int {
  let statusCounts: Counts

  init(_ statusCounts: Counts) { self.statusCounts = statusCounts }

  @inline(__always)
  func add(entry: Int, bit: UInt64, leaves: Int, to byStatus: UnsafeMutablePointer<Int>) {
    let (missing, found) = (Int(statusCounts[entry &* 3]), Int(statusCounts[entry &* 3 &+ 1]))
    let closed = Int(statusCounts[entry &* 3 &+ 2])
    byStatus[1] &+= missing
    byStatus[2] &+= found
    byStatus[3] &+= closed
    byStatus[0] &+= leaves &- missing &- found &- closed
  }
}
