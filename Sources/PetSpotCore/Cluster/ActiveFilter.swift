/// A ``ClusterFilter`` resolved against an index's categories: which it shows (redone after every change of the index, which may add codes). A class:
/// queries pass it around without copying its tables.
///
/// It also holds the index's category data as it was when resolved (constant arrays: a query reads
/// them with no copy and no access check); the index drops it before a change and resolves the
/// filter again after, so that changes never copy those arrays.
///
/// Queries read the runs over the coarsest categories that tell the filter's shown pins: a
/// marginal's when it restricts only statuses or only one property (``CategoryRuns/runs(restricting:)``),
/// else the hierarchy's own. Aggregates and transitions read the hierarchy's own (``full``).
final class ActiveFilter: Sendable {
  let filter: ClusterFilter
  /// Per category number of the runs queries read: shown.
  let categoryShown: [Bool]
  /// Whether every category is shown (the filter changes nothing).
  var showsAll: Bool { !full.shown.contains(false) }
  /// Per category number of the runs queries read: its status code (0 in a marginal over a value).
  let categoryStatus: [UInt8]
  /// The key bits of the categories of the runs queries read (``CategoryRuns/projection``).
  let readProjection: UInt64
  /// Whether the runs queries read count each entry's leaves per status (``statusCounts``)
  /// instead of telling them by category.
  let keepsStatusCounts: Bool
  /// The arrays of the runs queries read (``CategoryRuns``' of the same names).
  let starts: [UInt32], lengths: [UInt32], masks: [UInt64]
  /// The shown categories below 63 of the runs queries read, as mask bits
  /// (``CategoryRuns/presenceBit(_:)``).
  let shownMask: UInt64
  /// Per mask bit (a category below 63): its status class (all 0 when the runs keep status counts
  /// per entry, ``keepsStatusCounts``).
  let statusClasses: StatusClasses
  let categories: [UInt32], counts: [UInt32], hashes: [UInt64], representatives: [UInt32]
  let splits: [UInt8], holders: [UInt32], statusCounts: [UInt32]
  /// How many entries ``counts``, ``hashes``, ``splits`` and ``holders`` all hold (the same
  /// number, unless the runs are broken): a run within it is read with no further checks.
  let entryCount: Int
  /// Per pin position: its category in the hierarchy's runs.
  let pinCategories: [UInt32]
  /// The hierarchy's own runs, over every category.
  let full: Full
  let extremeSlots: [Int], columns: [Int]

  /// The hierarchy's own runs as a filter reads them: per category shown, and the arrays
  /// aggregates and transitions read.
  struct Full: Sendable {
    let shown: [Bool]
    let starts: [UInt32], lengths: [UInt32], categories: [UInt32], counts: [UInt32], extremes: [UInt32]

    /// The entries of cluster `number`'s run.
    @inline(__always)
    func run(_ number: Int) -> Range<Int> {
      let start = Int(starts[number])
      return start..<(start + Int(lengths[number]))
    }
  }

  /// - Throws: ``InvalidInput`` (field `filter`) naming a property that is not a counts
  ///   aggregate's.
  init(_ filter: ClusterFilter, pins: PinSet, runs: CategoryRuns) throws(InvalidInput) {
    self.filter = filter
    pinCategories = runs.pinCategories
    (extremeSlots, columns) = (runs.extremeSlots, runs.columns)
    // Per status code: shown.
    let statusShown = (0...255).map { code in
      guard let statuses = filter.statuses else { return true }
      guard code < 4 + pins.otherStatuses.count else { return false }
      return statuses.contains(PinSet.status(code: UInt8(code), others: pins.otherStatuses))
    }
    // Per dimension: shown per value code (index 0: no value), or `nil` when it does not restrict.
    var valueShown = [[Bool]?](repeating: nil, count: runs.columns.count)
    for (name, values) in filter.values.sorted(by: { $0.key < $1.key }) {
      guard let d = runs.columns.firstIndex(where: { pins.properties[$0].name == name }) else {
        let names = runs.columns.map { pins.properties[$0].name }
        throw InvalidInput(
          field: "filter", code: .unsupported,
          message:
            "filter on '\(name)': only status and the properties of counts aggregates can be filtered"
            + (names.isEmpty ? "" : " (\(names.joined(separator: ", ")))") + "; declare \(name):counts")
      }
      valueShown[d] = [values.contains("")] + pins.properties[runs.columns[d]].values.map { values.contains($0) }
    }
    // Whether a category of `runs` is shown (read from the key bits the filter restricts, which
    // a marginal over them keeps).
    func shown(_ category: Int, of runs: CategoryRuns) -> Bool {
      guard statusShown[Int(runs.status(ofCategory: UInt32(category)))] else { return false }
      for (d, table) in valueShown.enumerated() {
        guard let table else { continue }
        let code = Int(runs.code(ofCategory: UInt32(category), dimension: d))
        guard code < table.count, table[code] else { return false }
      }
      return true
    }
    full = Full(
      shown: runs.keys.indices.map { shown($0, of: runs) }, starts: runs.starts, lengths: runs.lengths,
      categories: runs.categories, counts: runs.counts, extremes: runs.extremes)
    var restricted: UInt64 = filter.statuses == nil ? 0 : CategoryRuns.statusBits
    for d in valueShown.indices where valueShown[d] != nil { restricted |= CategoryRuns.valueBits(dimension: d) }
    let read = runs.runs(restricting: restricted)
    categoryShown = read.keys.indices.map { shown($0, of: read) }
    shownMask = categoryShown.prefix(63).enumerated().reduce(0) { $0 | ($1.element ? 1 << UInt64($1.offset) : 0) }
    categoryStatus = read.keys.indices.map { read.status(ofCategory: UInt32($0)) }
    (keepsStatusCounts, readProjection) = (read.keepsStatusCounts, read.projection)
    (starts, lengths, masks, statusCounts) = (read.starts, read.lengths, read.masks, read.statusCounts)
    (categories, counts, hashes) = (read.categories, read.counts, read.hashes)
    (representatives, splits, holders) = (read.representatives, read.splits, read.holders)
    entryCount = min(counts.count, hashes.count, splits.count, holders.count)
    statusClasses = keepsStatusCounts ? StatusClasses() : StatusClasses(status: categoryStatus)
  }

  /// Whether the pin at `position` is shown.
  @inline(__always)
  func shows(_ position: UInt32) -> Bool { full.shown[Int(pinCategories[Int(position)])] }

  /// The entries of cluster `number`'s run.
  @inline(__always)
  func run(_ number: Int) -> Range<Int> {
    let start = Int(starts[number])
    return start..<(start + Int(lengths[number]))
  }

  /// Calls `body` with each entry of cluster `number`'s run whose category is shown, in category
  /// order, until it returns `false`. Only those entries are read, found by the run's mask (the
  /// entries of a run holding a category from 63 up are read one by one).
  @inline(__always)
  func forEachShownEntry(of number: Int, _ body: (Int) -> Bool) {
    let present = masks[number]
    let start = Int(starts[number])
    guard present & CategoryRuns.overflowBit == 0 else {
      for i in start..<(start + Int(lengths[number])) where categoryShown[Int(categories[i])] {
        guard body(i) else { return }
      }
      return
    }
    Self.forEachEntry(of: present & shownMask, in: present, start: start) { i, _ in body(i) }
  }

  /// Calls `body` with the entry (index and mask bit) of each category whose bit `bits` holds, of
  /// a run of mask `present` (no category from 63 up) starting at `start`, in category order,
  /// until it returns `false`. The run's categories below one come first: each entry's place is
  /// counted on from the previous one's, usually past none or one category.
  ///
  /// - Returns: the index after the last entry, or -1 when `body` stopped the walk.
  @inline(__always)
  @discardableResult
  static func forEachEntry(of bits: UInt64, in present: UInt64, start: Int, _ body: (Int, UInt64) -> Bool) -> Int {
    var (bits, unread, i) = (bits, present, start)
    while bits != 0 {
      let lowest = bits & (0 &- bits)
      bits ^= lowest
      i &+= (unread & (lowest &- 1)).sparseNonzeroBitCount
      unread &= ~(lowest | (lowest &- 1))
      guard body(i, lowest) else { return -1 }
      i &+= 1
    }
    return i
  }

  /// A shown leaf of cluster `number` (the representative of its first shown category), or `nil`.
  @inline(__always)
  func shownLeaf(_ number: Int) -> UInt32? {
    var leaf: UInt32?
    forEachShownEntry(of: number) { i in
      leaf = representatives[i]
      return false
    }
    return leaf
  }

  /// A representative of one of cluster `number`'s shown categories that lies in `window`
  /// (`nil`: none does), and whether the cluster holds a shown leaf at all — one walk over its
  /// shown entries.
  @inline(__always)
  func visibleRepresentative(_ number: Int, pins: PinSet, window: VisibilityWindow) -> (
    pin: UInt32?, holdsShown: Bool
  ) {
    var (visible, holdsShown): (UInt32?, Bool) = (nil, false)
    forEachShownEntry(of: number) { i in
      holdsShown = true
      let pin = Int(representatives[i])
      guard window.contains(x: pins.mercatorX[pin], y: pins.mercatorY[pin]) else { return true }
      visible = representatives[i]
      return false
    }
    return (visible, holdsShown)
  }

  /// Whether cluster `number` holds a shown leaf (its mask tells, unless it holds a category
  /// from 63 up).
  @inline(__always)
  func holdsShown(_ number: Int) -> Bool {
    let present = masks[number]
    if present & shownMask != 0 { return true }
    guard present & CategoryRuns.overflowBit != 0 else { return false }
    for i in run(number) where categoryShown[Int(categories[i])] { return true }
    return false
  }

  /// Whether an index node (a pin, or a cluster reference) holds a shown leaf.
  @inline(__always)
  func holdsShown(_ ref: UInt32) -> Bool {
    ClusterIndex.isCluster(ref) ? holdsShown(Int(ref & ~ClusterIndex.clusterFlag)) : shows(ref)
  }

  /// The shown leaves of cluster `number`.
  func shownCount(_ number: Int) -> Int {
    var count = 0
    forEachShownEntry(of: number) { i in
      count += Int(counts[i])
      return true
    }
    return count
  }
}
