/// Filter hierarchies (docs/clustering.md, "Filters"): a filterable index also keeps hierarchies
/// over the subsets a map filters by — each of MISSING, FOUND and CLOSED; each of the most common
/// values of its counts aggregates' properties (``ClusterOptions/filterValueHierarchies``); and
/// each of those statuses with each of those values — each what a fresh build over its pins would
/// make, over the same pin set (kept even while no pin is in it, so that pins entering it later
/// are clustered there). A filter whose shown pins are exactly a scope's is answered by that
/// scope's hierarchy as an unfiltered query, as fast as a query of an index holding only those
/// pins; any other by the smallest hierarchy holding every pin it shows, through category runs.
/// Every change is applied to every hierarchy.
///
/// One value holds them all: the hierarchy answering its queries (`self`) and the others
/// (``sideHierarchies``), which ``filtered(by:)`` swaps in O(hierarchies). A hierarchy on the side
/// keeps an empty ``pins`` (it is handed the pins for a change), so that the pin set's storage is
/// never shared in a way that a change would copy.
extension ClusterIndex {
  /// The statuses that get a hierarchy of their own: the three a PetSpot map filters by.
  static let hierarchyStatusCodes: [UInt8] = [1, 2, 3]

  /// The scopes of a filterable index's filter hierarchies over `pins`, each with how many pins it
  /// holds: the statuses, then per value (most common first, ``ClusterOptions/filterValueHierarchies``
  /// of them) the value and the value with each status. Each hierarchy keeps 9 bytes per pin of the
  /// set besides its records.
  static func filterScopes(pins: PinSet, options: ClusterOptions) -> [(scope: HierarchyScope, count: Int)] {
    var statusCounts = [Int](repeating: 0, count: 256)
    for code in pins.statusCodes { statusCounts[Int(code)] += 1 }
    var scopes = hierarchyStatusCodes.map { (scope: HierarchyScope(status: $0), count: statusCounts[Int($0)]) }
    // Per counts property and value: its pins by status code (0: none or a status beyond the
    // three, which have no hierarchies).
    var values: [(value: HierarchyScope.Value, count: Int, byStatus: [Int])] = []
    let columns = options.aggregates.filter { $0.kind == .counts }.compactMap { aggregate in
      pins.properties.firstIndex { $0.name == aggregate.property }
    }
    for column in Set(columns).sorted() {
      let property = pins.properties[column]
      var byCodeAndStatus = [Int](repeating: 0, count: (property.values.count + 1) * 4)
      for pin in 0..<pins.count {
        let status = Int(pins.statusCodes[pin])
        byCodeAndStatus[Int(property.code(at: pin)) * 4 + (status < 4 ? status : 0)] += 1
      }
      for code in stride(from: 1, through: property.values.count, by: 1) {
        let byStatus = Array(byCodeAndStatus[(code * 4)..<(code * 4 + 4)])
        values.append((HierarchyScope.Value(column: column, code: UInt32(code)), byStatus.reduce(0, +), byStatus))
      }
    }
    values.sort { ($0.count, $1.value.column, $1.value.code) > ($1.count, $0.value.column, $0.value.code) }
    for entry in values.prefix(options.filterValueHierarchies) {
      scopes.append((HierarchyScope(value: entry.value), entry.count))
      for status in hierarchyStatusCodes {
        scopes.append((HierarchyScope(status: status, value: entry.value), entry.byStatus[Int(status)]))
      }
    }
    return scopes
  }

  /// Builds the filter hierarchies of a filterable index over `pins` (``filterScopes(pins:options:)``),
  /// on two cores: the scopes dealt to the core with fewer pins so far, largest first (each in
  /// two parts when large; their category runs, when kept, are a serial pass).
  static func filterHierarchies(pins: PinSet, options: ClusterOptions) -> [ClusterIndex] {
    let scopes = filterScopes(pins: pins, options: options)
    let build = { (k: Int) in
      // The options were validated by the caller's build.
      var hierarchy = try! ClusterIndex(
        pins: pins, options: options, parts: scopes[k].count >= 50_000 ? 2 : 1, scope: scopes[k].scope)
      hierarchy.pins = PinSet()
      return hierarchy
    }
    var shares: ([Int], [Int]) = ([], [])
    var loads = (0, 0)
    for k in scopes.indices.sorted(by: { scopes[$0].count > scopes[$1].count }) {
      if loads.0 <= loads.1 {
        shares.0.append(k)
        loads.0 += scopes[k].count + 1
      } else {
        shares.1.append(k)
        loads.1 += scopes[k].count + 1
      }
    }
    var built: ([(Int, ClusterIndex)], [(Int, ClusterIndex)]) = ([], [])
    ParallelPair.run({ built.0 = shares.0.map { ($0, build($0)) } }, { built.1 = shares.1.map { ($0, build($0)) } })
    return (built.0 + built.1).sorted { $0.0 < $1.0 }.map(\.1)
  }

  /// The scope of the hierarchy that answers `filter`: of those holding every pin it shows, the
  /// one holding the fewest (a status's when it names exactly that one, a value's when it names
  /// exactly that one of a property, both when it names both), else ``HierarchyScope/all``.
  func scope(for filter: ClusterFilter?) -> HierarchyScope {
    guard let filter else { return .all }
    var best = (scope: HierarchyScope.all, pins: Int.max)
    for hierarchy in [self] + sideHierarchies where hierarchy.scope != .all && hierarchy.pinCount < best.pins {
      if covers(filter, scope: hierarchy.scope) { best = (hierarchy.scope, hierarchy.pinCount) }
    }
    return best.scope
  }

  /// Whether every pin `filter` shows is one of `scope`'s: its statuses are exactly the scope's,
  /// and its values of the scope's property exactly the scope's value.
  private func covers(_ filter: ClusterFilter, scope: HierarchyScope) -> Bool {
    if let status = scope.status {
      guard let statuses = filter.statuses, statuses.count == 1,
        statuses.first == PinSet.status(code: status, others: pins.otherStatuses)
      else { return false }
    }
    if let value = scope.value {
      let property = pins.properties[value.column]
      guard let shown = filter.values[property.name], shown.count == 1, let text = shown.first,
        property.code(of: text) == value.code
      else { return false }
    }
    return true
  }

  /// This index with the hierarchy of `scope` answering queries, the others on the side; no
  /// filter set. O(hierarchies): the arrays are shared, not copied.
  func answeredBy(_ scope: HierarchyScope) -> ClusterIndex {
    guard scope != self.scope, let k = sideHierarchies.firstIndex(where: { $0.scope == scope }) else {
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

  /// `filter` as the hierarchy answering queries applies it: without the clauses its scope
  /// answers (every pin there has the status and the value it shows).
  func withinHierarchy(_ filter: ClusterFilter) -> ClusterFilter {
    var inside = filter
    if scope.status != nil { inside.statuses = nil }
    if let value = scope.value { inside.values[pins.properties[value.column].name] = nil }
    return inside
  }

  /// Whether this hierarchy holds the pin at `pin` (when it is on the map): every pin, or those of
  /// its scope.
  @inline(__always)
  func holdsPinOfItsScope(_ pin: UInt32) -> Bool {
    scope.holds(Int(pin), in: pins)
  }

  /// Whether this hierarchy keeps category runs (``CategoryRuns``): a filterable index's
  /// hierarchy over every pin and those over one value do; one over a status (with or without a
  /// value) only when a counts aggregate over another property is declared. Otherwise a filter it
  /// answers names only what its scope fixes, which it drops (``withinHierarchy(_:)``): its
  /// queries are never filtered, so the runs would never be read.
  var keepsCategoryRuns: Bool {
    guard options.filterable else { return false }
    guard scope.status != nil else { return true }
    let fixed = scope.value.map { pins.properties[$0.column].name }
    return options.aggregates.contains { $0.kind == .counts && $0.property != fixed }
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
