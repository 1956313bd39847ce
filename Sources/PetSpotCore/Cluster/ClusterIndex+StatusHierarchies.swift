/// Per-status hierarchies (docs/clustering.md, "Filters"): a filterable index also keeps, for each
/// of MISSING, FOUND and CLOSED, a hierarchy over the pins of that status alone — what a fresh
/// build over them would make, over the same pin set (kept even while no pin has the status, so
/// that pins taking it later are clustered there too). A filter
/// whose statuses are exactly one of those is answered by that hierarchy: the query is then an
/// unfiltered one (or, with property clauses too, filtered within that status), as fast as a query
/// of an index holding only those pins. Every change is applied to every hierarchy.
///
/// One value holds them all: the hierarchy answering its queries (`self`) and the others
/// (``sideHierarchies``), which ``filtered(by:)`` swaps in O(hierarchies). A hierarchy on the side
/// keeps an empty ``pins`` (it is handed the pins for a change), so that the pin set's storage is
/// never shared in a way that a change would copy.
extension ClusterIndex {
  /// The statuses that get a hierarchy of their own: the three a PetSpot map filters by.
  static let hierarchyStatusCodes: [UInt8] = [1, 2, 3]

  /// Builds the per-status hierarchies of a filterable index over `pins`, one per status of
  /// ``hierarchyStatusCodes``: the first on one core, the others on the other (each in two parts
  /// when large; their category runs, when kept, are a serial pass).
  static func statusHierarchies(pins: PinSet, options: ClusterOptions) -> [ClusterIndex] {
    var counts = [Int](repeating: 0, count: 256)
    for code in pins.statusCodes { counts[Int(code)] += 1 }
    let build = { (code: UInt8) in
      // The options were validated by the caller's build.
      var hierarchy = try! ClusterIndex(
        pins: pins, options: options, parts: counts[Int(code)] >= 50_000 ? 2 : 1, onlyStatus: code)
      hierarchy.pins = PinSet()
      return hierarchy
    }
    var (first, others): ([ClusterIndex], [ClusterIndex]) = ([], [])
    ParallelPair.run(
      { first = [build(hierarchyStatusCodes[0])] }, { others = hierarchyStatusCodes.dropFirst().map(build) })
    return first + others
  }

  /// The status code of the hierarchy that answers `filter`: its only status when that has a
  /// hierarchy of its own (here or on the side), else `nil` (the hierarchy over every pin).
  func hierarchyStatus(for filter: ClusterFilter?) -> UInt8? {
    guard let statuses = filter?.statuses, statuses.count == 1, let status = statuses.first else { return nil }
    let code: UInt8? =
      switch status {
      case .missing?: 1
      case .found?: 2
      case .closed?: 3
      default: nil
      }
    guard let code, hierarchyStatus == code || sideHierarchies.contains(where: { $0.hierarchyStatus == code })
    else { return nil }
    return code
  }

  /// This index with the hierarchy of status `code` (`nil`: over every pin) answering queries,
  /// the others on the side; no filter set. O(hierarchies): the arrays are shared, not copied.
  func answeredBy(status code: UInt8?) -> ClusterIndex {
    guard code != hierarchyStatus, let k = sideHierarchies.firstIndex(where: { $0.hierarchyStatus == code }) else {
      return self
    }
    var sides = sideHierarchies
    var chosen = sides[k]
    var current = self
    (current.sideHierarchies, current.pins) = ([], PinSet())
    (current.requestedFilter, current.activeFilter) = (nil, nil)
    sides[k] = current
    (chosen.pins, chosen.sideHierarchies) = (pins, sides)
    return chosen
  }

  /// `filter` as the hierarchy answering queries applies it: without its status clause in a
  /// per-status hierarchy (every pin there has the one status it shows).
  func withinHierarchy(_ filter: ClusterFilter) -> ClusterFilter {
    guard hierarchyStatus != nil else { return filter }
    var inside = filter
    inside.statuses = nil
    return inside
  }

  /// Whether this hierarchy holds the pin at `pin` (when it is on the map): every pin, or those of
  /// its status.
  @inline(__always)
  func holdsPinsOfItsStatus(_ pin: UInt32) -> Bool {
    hierarchyStatus.map { pins.statusCodes[Int(pin)] == $0 } ?? true
  }

  /// Whether this hierarchy keeps category runs (``CategoryRuns``): a filterable index's
  /// hierarchy over every pin does, a per-status one only when a counts aggregate is declared.
  /// Without one, a filter it answers names its status alone, which it drops
  /// (``withinHierarchy(_:)``): its queries are never filtered, so the runs would never be read.
  var keepsCategoryRuns: Bool {
    options.filterable && (hierarchyStatus == nil || options.aggregates.contains { $0.kind == .counts })
  }

  /// Applies `change` to every hierarchy on the side, each handed this index's pins while it
  /// runs (and an empty pin set again after, so that the storage stays unshared).
  mutating func updateSideHierarchies(_ change: (inout ClusterIndex) -> Void) {
    guard !sideHierarchies.isEmpty else { return }
    var sides = sideHierarchies
    sideHierarchies = []
    for k in sides.indices {
      sides[k].pins = pins
      change(&sides[k])
      sides[k].pins = PinSet()
    }
    sideHierarchies = sides
  }

  /// Bytes the hierarchies on the side hold.
  var sideHierarchiesMemoryBytes: Int { sideHierarchies.reduce(0) { $0 + $1.memoryBytes } }
}
