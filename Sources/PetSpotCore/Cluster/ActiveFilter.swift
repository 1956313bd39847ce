/// A ``ClusterFilter`` resolved against an index's categories: which it shows (redone after every change of the index, which may add codes). A class:
/// queries pass it around without copying its tables.
///
/// It also holds the index's category data as it was when resolved (constant arrays: a query reads
/// them with no copy and no access check); the index drops it before a change and resolves the
/// filter again after, so that changes never copy those arrays.
final class ActiveFilter: Sendable {
  let filter: ClusterFilter
  /// Per category number: shown.
  let categoryShown: [Bool]
  /// Whether every category is shown (the filter changes nothing).
  var showsAll: Bool { !categoryShown.contains(false) }
  /// Per category number: its status code.
  let categoryStatus: [UInt8]
  /// ``CategoryRuns``' arrays.
  let pinCategories: [UInt32], starts: [UInt32], lengths: [UInt32]
  let categories: [UInt32], counts: [UInt32], hashes: [UInt64], extremes: [UInt32], representatives: [UInt32]
  let splits: [UInt8], holders: [UInt32]
  let extremeSlots: [Int], columns: [Int]

  /// - Throws: ``InvalidInput`` (field `filter`) naming a property that is not a counts
  ///   aggregate's.
  init(_ filter: ClusterFilter, pins: PinSet, runs: CategoryRuns) throws(InvalidInput) {
    self.filter = filter
    (pinCategories, starts, lengths) = (runs.pinCategories, runs.starts, runs.lengths)
    (categories, counts, hashes, extremes) = (runs.categories, runs.counts, runs.hashes, runs.extremes)
    (representatives, splits, holders) = (runs.representatives, runs.splits, runs.holders)
    (extremeSlots, columns) = (runs.extremeSlots, runs.columns)
    categoryStatus = runs.keys.indices.map { runs.status(ofCategory: UInt32($0)) }
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
    categoryShown = runs.keys.indices.map { category in
      guard statusShown[Int(runs.status(ofCategory: UInt32(category)))] else { return false }
      for (d, table) in valueShown.enumerated() {
        guard let table else { continue }
        let code = Int(runs.code(ofCategory: UInt32(category), dimension: d))
        guard code < table.count, table[code] else { return false }
      }
      return true
    }
  }

  /// Whether the pin at `position` is shown.
  @inline(__always)
  func shows(_ position: UInt32) -> Bool { categoryShown[Int(pinCategories[Int(position)])] }

  /// The entries of cluster `number`'s run.
  @inline(__always)
  func run(_ number: Int) -> Range<Int> {
    let start = Int(starts[number])
    return start..<(start + Int(lengths[number]))
  }

  /// A shown leaf of cluster `number` (the representative of its first shown category), or `nil`.
  @inline(__always)
  func shownLeaf(_ number: Int) -> UInt32? {
    for i in run(number) where categoryShown[Int(categories[i])] { return representatives[i] }
    return nil
  }

  /// A representative of one of cluster `number`'s shown categories that lies in `window`
  /// (`nil`: none does), and whether the cluster holds a shown leaf at all — one walk over its run.
  @inline(__always)
  func visibleRepresentative(_ number: Int, pins: PinSet, window: VisibilityWindow) -> (
    pin: UInt32?, holdsShown: Bool
  ) {
    var holdsShown = false
    for i in run(number) where categoryShown[Int(categories[i])] {
      holdsShown = true
      let pin = Int(representatives[i])
      if window.contains(x: pins.mercatorX[pin], y: pins.mercatorY[pin]) { return (representatives[i], true) }
    }
    return (nil, holdsShown)
  }

  /// Whether cluster `number` holds a shown leaf.
  @inline(__always)
  func holdsShown(_ number: Int) -> Bool {
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
    for i in run(number) where categoryShown[Int(categories[i])] { count += Int(counts[i]) }
    return count
  }
}
