/// What a filterable ``ClusterIndex`` keeps per cluster so that a query can show only some
/// pins without a rebuild: its leaves by *category* — a pin's status and its value of each counts
/// aggregate's property — as a run of entries (category, leaves, the sum of their id hashes, where
/// they split and, per min/max aggregate, the winning value code). A cluster holds as many entries as categories
/// occur among its leaves; runs are rebuilt from the children's, like the aggregates. Also each
/// pin's category, so that a query tells a shown pin with two reads.
///
/// The hierarchy over every pin also keeps *marginal* runs (``marginals``): the same runs over a
/// coarser category — the status alone, or one property's value alone — read by a filter that
/// restricts only that (fewer entries per cluster: a few statuses, or a property's values,
/// instead of every combination).
///
/// A class, so that queries read it without copying its arrays; the index copies it before a
/// change when another index value shares it (copy-on-write by hand: `@unchecked Sendable` holds
/// because it is never changed while shared).
final class CategoryRuns: @unchecked Sendable {
  /// The columns (in ``PinSet/properties``) of the counts aggregates, in declaration order.
  let columns: [Int]
  /// The min/max aggregates' slots (indices into ``AggregateTable/slots``), kept per entry (none
  /// in a marginal: aggregates are read from the hierarchy's own runs).
  let extremeSlots: [Int]
  /// The key bits its categories keep: every bit, or a marginal's (``statusBits``, or one
  /// column's ``valueBits(dimension:)``).
  let projection: UInt64
  /// Whether each entry counts its leaves per status (MISSING, FOUND, CLOSED, in
  /// ``statusCounts``): a marginal over a value, whose categories no longer tell the status.
  let keepsStatusCounts: Bool
  /// The marginal runs (empty in a marginal, and in every hierarchy but the one over every pin).
  private(set) var marginals: [CategoryRuns] = []
  /// In a marginal, per category of the runs it belongs to: its own category, and that
  /// category's status code.
  @exclusivity(unchecked) private(set) var fromFull: [UInt32] = []
  @exclusivity(unchecked) private(set) var fullStatus: [UInt8] = []
  /// Per category number: the status code in bits 0–7, then 9 bits per column's value code.
  @exclusivity(unchecked) private(set) var keys: [UInt64] = []
  private var numbers: [UInt64: UInt32] = [:]
  /// Per pin position: its category (kept by the index's changes).
  @exclusivity(unchecked) private(set) var pinCategories: [UInt32] = []
  /// Per cluster number: its run in the entry arrays.
  @exclusivity(unchecked) private(set) var starts: [UInt32] = []
  @exclusivity(unchecked) private(set) var lengths: [UInt32] = []
  /// Per cluster number: the categories its run holds (``presenceBit(_:)`` of each). A run lists
  /// its entries in category order, so a category below 63 is the entry
  /// `(mask & (bit - 1)).nonzeroBitCount` of the run: a filter reaches the shown ones without
  /// reading the others.
  @exclusivity(unchecked) private(set) var masks: [UInt64] = []
  /// The entries, side by side; `extremes` holds `extremeSlots.count` codes per entry (0: none).
  @exclusivity(unchecked) private(set) var categories: [UInt32] = []
  @exclusivity(unchecked) private(set) var counts: [UInt32] = []
  @exclusivity(unchecked) private(set) var hashes: [UInt64] = []
  /// Per entry: a leaf of its category (the first in depth-first order, seeds first), where a
  /// filtered query may draw a cluster whose drawn pin is hidden.
  @exclusivity(unchecked) private(set) var representatives: [UInt32] = []
  /// Per entry: where its category's leaves under the cluster split when zooming in — one above
  /// the level of the finest cluster holding them all that has two children holding some — or
  /// ``oneLeaf`` when they are one pin. A filtered query showing one category of a cluster reads
  /// the cluster's expansion zoom here instead of walking down its children.
  @exclusivity(unchecked) private(set) var splits: [UInt8] = []
  /// Per entry whose category's leaves one child holds (its split is not the cluster's level + 1):
  /// that child (a pin position, or a cluster reference). With several categories shown, the
  /// cluster's shown leaves go down to one child exactly when every shown entry names the same.
  @exclusivity(unchecked) private(set) var holders: [UInt32] = []
  @exclusivity(unchecked) private(set) var extremes: [UInt32] = []
  /// With ``keepsStatusCounts``: per entry, its MISSING, FOUND and CLOSED leaves (3 counts).
  @exclusivity(unchecked) private(set) var statusCounts: [UInt32] = []
  /// ``splits``' value for a category that is one pin under the cluster (the expansion zoom is
  /// then the index's maxZoom).
  static let oneLeaf: UInt8 = .max
  /// Entries no run uses any more.
  private var unused = 0
  /// Combines children's entries: per category its place in the scratch run, or -1.
  @exclusivity(unchecked) private var scratch = Scratch()

  /// A hierarchy's runs, with the marginals when `withMarginals` and a counts aggregate exists.
  init(aggregates: AggregateTable, withMarginals: Bool) {
    columns = aggregates.slots.filter { $0.aggregate.kind == .counts }.map(\.column)
    extremeSlots = aggregates.slots.indices.filter { aggregates.slots[$0].aggregate.kind != .counts }
    (projection, keepsStatusCounts) = (.max, false)
    if withMarginals && !columns.isEmpty {
      marginals = Self.marginalProjections(dimensions: columns.count).map {
        CategoryRuns(columns: columns, extremeSlots: [], projection: $0)
      }
    }
  }

  private init(columns: [Int], extremeSlots: [Int], projection: UInt64) {
    (self.columns, self.extremeSlots, self.projection) = (columns, extremeSlots, projection)
    keepsStatusCounts = projection & Self.statusBits == 0
  }

  /// Whether this is a marginal (its categories are coarser than its pins').
  @inline(__always)
  var isMarginal: Bool { projection != .max }

  /// An unshared copy (before a change of a shared one).
  func copy() -> CategoryRuns {
    let out = CategoryRuns(columns: columns, extremeSlots: extremeSlots, projection: projection)
    (out.keys, out.numbers, out.pinCategories) = (keys, numbers, pinCategories)
    (out.marginals, out.fromFull, out.fullStatus) = (marginals.map { $0.copy() }, fromFull, fullStatus)
    (out.starts, out.lengths, out.masks, out.unused) = (starts, lengths, masks, unused)
    (out.categories, out.counts, out.hashes, out.extremes) = (categories, counts, hashes, extremes)
    (out.representatives, out.splits, out.holders, out.statusCounts) = (representatives, splits, holders, statusCounts)
    return out
  }

  var memoryBytes: Int {
    keys.capacity * 8 + numbers.capacity * 12 + pinCategories.capacity * 4 + starts.capacity * 4 + lengths.capacity * 4
      + masks.capacity * 8
      + categories.capacity * 4 + counts.capacity * 4 + hashes.capacity * 8 + extremes.capacity * 4
      + representatives.capacity * 4 + splits.capacity + holders.capacity * 4 + statusCounts.capacity * 4
      + fromFull.capacity * 4 + fullStatus.capacity + marginals.reduce(0) { $0 + $1.memoryBytes }
  }

  /// A category's bit in a run's mask (``masks``): bit `category` below 63; bit 63 stands for
  /// every higher category (a run holding one is read entry by entry).
  @inline(__always)
  static func presenceBit(_ category: UInt32) -> UInt64 { category < 63 ? 1 << UInt64(category) : overflowBit }

  /// The mask bit of the categories from 63 up.
  static let overflowBit: UInt64 = 1 << 63

  /// The status code of a category.
  @inline(__always)
  func status(ofCategory category: UInt32) -> UInt8 { UInt8(truncatingIfNeeded: keys[Int(category)]) }

  /// The value code (0: none) of a category in dimension `d` (an index into ``columns``).
  @inline(__always)
  func code(ofCategory category: UInt32, dimension d: Int) -> UInt32 {
    UInt32(truncatingIfNeeded: keys[Int(category)] >> UInt64(8 + 9 * d)) & 0x1FF
  }

  /// Works out the category of the pin at `position` again (after a change of its status or
  /// properties, or when it is new) and records it.
  @discardableResult
  func updateCategory(ofPin position: Int, in pins: PinSet) -> UInt32 {
    let category = category(ofPin: position, in: pins)
    if position >= pinCategories.count {
      pinCategories.append(contentsOf: repeatElement(0, count: position + 1 - pinCategories.count))
    }
    pinCategories[position] = category
    return category
  }

  /// Works out every pin's category (a bulk build; huge pages: queries read it at scattered
  /// places).
  func assignCategories(in pins: PinSet) {
    // A direct-mapped cache in front of the dictionary: a pin set has few categories, so nearly
    // every pin finds its own there.
    var cachedKeys = [UInt64](repeating: .max, count: 64)
    var cachedNumbers = [UInt32](repeating: 0, count: 64)
    pinCategories = [UInt32](hugePagesCapacity: pins.count) { buffer, count in
      for p in 0..<pins.count {
        let key = key(ofPin: p, in: pins)
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 58)
        if cachedKeys[slot] != key { (cachedKeys[slot], cachedNumbers[slot]) = (key, number(of: key)) }
        buffer[p] = cachedNumbers[slot]
      }
      count = pins.count
    }
  }

  /// The category number of the pin at `position`, registered when new.
  func category(ofPin position: Int, in pins: PinSet) -> UInt32 {
    number(of: key(ofPin: position, in: pins))
  }

  /// The key of the pin at `position`: its status code, then its value code per column.
  @inline(__always)
  private func key(ofPin position: Int, in pins: PinSet) -> UInt64 {
    var key = UInt64(pins.statusCodes[position])
    for (d, column) in columns.enumerated() {
      key |= UInt64(pins.properties[column].code(at: position)) << UInt64(8 + 9 * d)
    }
    return key
  }

  /// The category number of `key`, registered when new (and in each marginal, as the category
  /// its projection makes of it).
  private func number(of key: UInt64) -> UInt32 {
    if let number = numbers[key] { return number }
    let number = UInt32(keys.count)
    keys.append(key)
    numbers[key] = number
    for marginal in marginals {
      marginal.fromFull.append(marginal.number(of: key & marginal.projection))
      marginal.fullStatus.append(UInt8(truncatingIfNeeded: key))
    }
    return number
  }

  /// This runs' category of a pin whose category (in the hierarchy's own runs) is `category`.
  @inline(__always)
  func own(_ category: UInt32) -> UInt32 { isMarginal ? fromFull[Int(category)] : category }

  /// The entries of cluster `number`'s run.
  @inline(__always)
  func run(_ number: Int) -> Range<Int> {
    let start = Int(starts[number])
    return start..<(start + Int(lengths[number]))
  }
}

extension CategoryRuns {
  /// A run being put together from children.
  struct Scratch: Sendable {
    var place: [Int32] = []
    var categories: [UInt32] = [], counts: [UInt32] = [], hashes: [UInt64] = [], extremes: [UInt32] = []
    var representatives: [UInt32] = []
    var splits: [UInt8] = []
    var holders: [UInt32] = []
    var statusCounts: [UInt32] = []

    mutating func reset() {
      for category in categories { place[Int(category)] = -1 }
      categories.removeAll(keepingCapacity: true)
      counts.removeAll(keepingCapacity: true)
      hashes.removeAll(keepingCapacity: true)
      extremes.removeAll(keepingCapacity: true)
      representatives.removeAll(keepingCapacity: true)
      splits.removeAll(keepingCapacity: true)
      holders.removeAll(keepingCapacity: true)
      statusCounts.removeAll(keepingCapacity: true)
    }

    /// Puts the entries in category order (as every run lists them); `width` min/max codes per
    /// entry.
    mutating func sortByCategory(width: Int) {
      guard zip(categories, categories.dropFirst()).contains(where: { $0 > $1 }) else { return }
      var (order, moved32, moved64, moved8): ([Int], [UInt32], [UInt64], [UInt8]) = ([], [], [], [])
      CategoryRuns.categoryOrder(of: categories, categories.indices, into: &order)
      CategoryRuns.reorder(&categories, by: order, at: 0, width: 1, moved: &moved32)
      CategoryRuns.reorder(&counts, by: order, at: 0, width: 1, moved: &moved32)
      CategoryRuns.reorder(&representatives, by: order, at: 0, width: 1, moved: &moved32)
      CategoryRuns.reorder(&holders, by: order, at: 0, width: 1, moved: &moved32)
      CategoryRuns.reorder(&extremes, by: order, at: 0, width: width, moved: &moved32)
      if !statusCounts.isEmpty { CategoryRuns.reorder(&statusCounts, by: order, at: 0, width: 3, moved: &moved32) }
      CategoryRuns.reorder(&hashes, by: order, at: 0, width: 1, moved: &moved64)
      CategoryRuns.reorder(&splits, by: order, at: 0, width: 1, moved: &moved8)
      for (e, category) in categories.enumerated() { place[Int(category)] = Int32(e) }
    }
  }

  /// How a child is combined: a pin (its category, id hash and min/max value codes) or a cluster
  /// (its run).
  enum Child {
    case pin(category: UInt32, hash: UInt64, position: Int)
    case cluster(Int)
  }

  /// Takes the runs of a bulk build (``ClusterIndex/bulkCategoryRuns(order:gathered:runs:)``).
  func adopt(_ entries: consuming Entries) {
    (starts, lengths, masks, unused) = (entries.starts, entries.lengths, entries.masks, 0)
    (categories, counts, hashes, extremes) = (entries.categories, entries.counts, entries.hashes, entries.extremes)
    (representatives, splits, holders) = (entries.representatives, entries.splits, entries.holders)
    statusCounts = entries.statusCounts
  }

  /// Sets cluster `number`'s run from its children's (each child once, pins with their categories
  /// in these runs; the children's runs already set), and its runs in the marginals; returns
  /// whether any changed. `level` is the cluster's (below 255: a validated maxZoom).
  @discardableResult
  func fill(_ number: Int, level: Int, from children: [Child], aggregates: AggregateTable, pins: PinSet) -> Bool {
    var changed = fillOwn(number, level: level, from: children, aggregates: aggregates, pins: pins)
    for marginal in marginals {
      if marginal.fillOwn(number, level: level, from: children, aggregates: aggregates, pins: pins) { changed = true }
    }
    return changed
  }

  /// ``fill(_:level:from:aggregates:pins:)`` of this runs alone (pins' categories are the
  /// hierarchy's, made this runs' with ``own(_:)``).
  private func fillOwn(_ number: Int, level: Int, from children: [Child], aggregates: AggregateTable, pins: PinSet)
    -> Bool
  {
    let width = extremeSlots.count
    // A category a second child holds splits here.
    let splitHere = UInt8(truncatingIfNeeded: level + 1)
    if scratch.place.count < keys.count + 1 {
      scratch.place.append(contentsOf: repeatElement(-1, count: keys.count + 64 - scratch.place.count))
    }
    for child in children {
      switch child {
      case .pin(let pinCategory, let hash, let position):
        let category = own(pinCategory)
        if scratch.place.count <= Int(category) {
          scratch.place.append(contentsOf: repeatElement(-1, count: Int(category) + 64 - scratch.place.count))
        }
        let e = entry(
          for: category, representative: UInt32(position), split: Self.oneLeaf, holder: UInt32(position),
          here: splitHere, width: width)
        scratch.counts[e] &+= 1
        scratch.hashes[e] &+= hash
        if keepsStatusCounts, let k = Self.statusCountSlot(fullStatus[Int(pinCategory)]) {
          scratch.statusCounts[e * 3 + k] &+= 1
        }
        for (k, s) in extremeSlots.enumerated() {
          let code = pins.properties[aggregates.slots[s].column].code(at: position)
          if aggregates.slots[s].beats(
            code, scratch.extremes[e * width + k], texts: pins.properties[aggregates.slots[s].column].values)
          {
            scratch.extremes[e * width + k] = code
          }
        }
      case .cluster(let child):
        let holder = UInt32(truncatingIfNeeded: child) | ClusterIndex.clusterFlag  // a cluster number: below 2³¹
        for i in run(child) {
          let e = entry(
            for: categories[i], representative: representatives[i], split: splits[i], holder: holder,
            here: splitHere, width: width)
          scratch.counts[e] &+= counts[i]
          scratch.hashes[e] &+= hashes[i]
          if keepsStatusCounts {
            for k in 0..<3 { scratch.statusCounts[e * 3 + k] &+= statusCounts[i * 3 + k] }
          }
          for (k, s) in extremeSlots.enumerated() {
            let code = extremes[i * width + k]
            if aggregates.slots[s].beats(
              code, scratch.extremes[e * width + k], texts: pins.properties[aggregates.slots[s].column].values)
            {
              scratch.extremes[e * width + k] = code
            }
          }
        }
      }
    }
    defer { scratch.reset() }
    scratch.sortByCategory(width: width)
    return store(number, width: width)
  }

  /// The scratch entry of `category` for the next child, added (with this representative leaf, the
  /// child's split and the child as its holder) when new; otherwise a second child holds the
  /// category: it splits `here`.
  private func entry(
    for category: UInt32, representative: UInt32, split: UInt8, holder: UInt32, here: UInt8, width: Int
  ) -> Int {
    let placed = scratch.place[Int(category)]
    if placed >= 0 {
      scratch.splits[Int(placed)] = here
      return Int(placed)
    }
    let e = scratch.categories.count
    scratch.place[Int(category)] = Int32(e)
    scratch.categories.append(category)
    scratch.counts.append(0)
    scratch.hashes.append(0)
    scratch.representatives.append(representative)
    scratch.splits.append(split)
    scratch.holders.append(holder)
    scratch.extremes.append(contentsOf: repeatElement(0, count: width))
    if keepsStatusCounts { scratch.statusCounts.append(contentsOf: repeatElement(0, count: 3)) }
    return e
  }

  /// Writes the scratch run as cluster `number`'s: in place when it fits, else at the end.
  private func store(_ number: Int, width: Int) -> Bool {
    if number >= starts.count {
      let rows = Swift.max(number + 1, starts.count + starts.count / 2)
      starts.append(contentsOf: repeatElement(0, count: rows - starts.count))
      lengths.append(contentsOf: repeatElement(0, count: rows - lengths.count))
      masks.append(contentsOf: repeatElement(0, count: rows - masks.count))
    }
    let n = scratch.categories.count
    let old = run(number)
    if old.count == n && sameAsScratch(old, width: width) { return false }
    unused += old.count
    if n > old.count {
      // At the end (the bulk build's path: every run is new).
      starts[number] = UInt32(categories.count)
      categories += scratch.categories
      counts += scratch.counts
      hashes += scratch.hashes
      representatives += scratch.representatives
      splits += scratch.splits
      holders += scratch.holders
      extremes += scratch.extremes
      statusCounts += scratch.statusCounts
    } else {
      let start = old.lowerBound
      unused -= n
      for e in 0..<n {
        categories[start + e] = scratch.categories[e]
        counts[start + e] = scratch.counts[e]
        hashes[start + e] = scratch.hashes[e]
        representatives[start + e] = scratch.representatives[e]
        splits[start + e] = scratch.splits[e]
        holders[start + e] = scratch.holders[e]
        for k in 0..<width { extremes[(start + e) * width + k] = scratch.extremes[e * width + k] }
        if keepsStatusCounts {
          for k in 0..<3 { statusCounts[(start + e) * 3 + k] = scratch.statusCounts[e * 3 + k] }
        }
      }
    }
    lengths[number] = UInt32(n)
    masks[number] = scratch.categories.reduce(0) { $0 | Self.presenceBit($1) }
    return true
  }

  private func sameAsScratch(_ old: Range<Int>, width: Int) -> Bool {
    for (e, i) in old.enumerated() {
      guard categories[i] == scratch.categories[e], counts[i] == scratch.counts[e], hashes[i] == scratch.hashes[e],
        representatives[i] == scratch.representatives[e], splits[i] == scratch.splits[e],
        holders[i] == scratch.holders[e]
      else { return false }
      for k in 0..<width where extremes[i * width + k] != scratch.extremes[e * width + k] { return false }
      if keepsStatusCounts && statusCounts[(i * 3)..<(i * 3 + 3)] != scratch.statusCounts[(e * 3)..<(e * 3 + 3)] {
        return false
      }
    }
    return true
  }

  /// Packs the runs of the live clusters when unused entries outnumber used ones (each marginal's
  /// likewise).
  func compactIfSparse(isLive: (Int) -> Bool) {
    for marginal in marginals { marginal.compactIfSparse(isLive: isLive) }
    guard unused > 4096 && unused > categories.count / 2 else { return }
    let width = extremeSlots.count
    var packed: (categories: [UInt32], counts: [UInt32], hashes: [UInt64], extremes: [UInt32]) = ([], [], [], [])
    var (packedRepresentatives, packedSplits, packedHolders): ([UInt32], [UInt8], [UInt32]) = ([], [], [])
    var packedStatusCounts: [UInt32] = []
    for number in starts.indices {
      let run = run(number)
      starts[number] = UInt32(packed.categories.count)
      guard isLive(number) else {
        (lengths[number], masks[number]) = (0, 0)
        continue
      }
      packed.categories += categories[run]
      packed.counts += counts[run]
      packed.hashes += hashes[run]
      packedRepresentatives += representatives[run]
      packedSplits += splits[run]
      packedHolders += holders[run]
      packed.extremes += extremes[(run.lowerBound * width)..<(run.upperBound * width)]
      if keepsStatusCounts { packedStatusCounts += statusCounts[(run.lowerBound * 3)..<(run.upperBound * 3)] }
    }
    (categories, counts, hashes, extremes) = packed
    (representatives, splits, holders, statusCounts) = (
      packedRepresentatives, packedSplits, packedHolders, packedStatusCounts
    )
    unused = 0
  }

}
