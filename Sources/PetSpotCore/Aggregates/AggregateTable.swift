/// The declared aggregates of every cluster of a ``ClusterIndex``: one slot per aggregate, one row
/// per cluster number (free records keep stale rows, never read).
///
/// A counts slot holds `stride` counts per row (one per distinct value of its property, in the
/// property's code order); a min/max slot holds per row the code of the winning value (0: none).
struct AggregateTable: Sendable {
  struct Slot: Sendable {
    let aggregate: ClusterAggregate
    /// The property's column in ``PinSet/properties``.
    let column: Int
    /// min/max: how values are ordered, once the first value has been seen.
    var order: OrderedValueKind?
    /// min/max: per value code − 1, its position on the order's scale.
    var orderKeys: [Double] = []
    /// counts: counts per row (at least the number of distinct values).
    var stride = 0
    /// counts: value codes − 1 in the order results list them (the texts' byte order).
    var valueOrder: [Int] = []
    var values: [UInt32] = []
  }

  var slots: [Slot] = []
  /// Rows allocated (cluster numbers below this have one).
  var rows = 0

  var isEmpty: Bool { slots.isEmpty }

  var memoryBytes: Int { slots.reduce(0) { $0 + $1.values.capacity * 4 + $1.orderKeys.capacity * 8 } }

  /// Slots for `aggregates` over `pins` (rows follow with ``ensureRows(_:)``).
  /// - Throws: ``InvalidInput`` (field `aggregate`) when the pins lack a property, a counts
  ///   property has too many values, or a min/max property holds a value that is neither a number
  ///   nor a date (or both kinds).
  init(aggregates: [ClusterAggregate], pins: PinSet) throws(InvalidInput) {
    for aggregate in aggregates {
      guard let column = pins.properties.firstIndex(where: { $0.name == aggregate.property }) else {
        throw InvalidInput(
          field: "aggregate", code: .missingField,
          message: "aggregate \(aggregate): the pins carry no property '\(aggregate.property)'")
      }
      var slot = Slot(aggregate: aggregate, column: column)
      try slot.admit(pins.properties[column].values)
      slots.append(slot)
    }
  }

  init() {}

  /// Makes room for cluster numbers below `count`.
  mutating func ensureRows(_ count: Int) {
    guard count > rows else { return }
    let newRows = Swift.max(count, rows + rows / 2)
    for s in slots.indices {
      let width = slots[s].aggregate.kind == .counts ? slots[s].stride : 1
      slots[s].values.append(contentsOf: repeatElement(0, count: (newRows - rows) * width))
    }
    rows = newRows
  }
}

extension AggregateTable.Slot {
  /// Checks that the property's values (all of them, in code order) suit this aggregate, and takes
  /// the new ones in: a wider stride for counts, order keys for min/max.
  /// - Throws: ``InvalidInput`` (field `aggregate`), nothing changed.
  mutating func admit(_ values: [String]) throws(InvalidInput) {
    switch aggregate.kind {
    case .counts:
      guard values.count <= ClusterAggregate.maxCategories else {
        throw InvalidInput(
          field: "aggregate", code: .outOfRange,
          message:
            "aggregate \(aggregate): '\(aggregate.property)' has \(values.count) distinct values; counts keep at most \(ClusterAggregate.maxCategories)"
        )
      }
      if values.count > stride { widen(to: Swift.max(values.count, stride + 4)) }
      if values.count != valueOrder.count {
        valueOrder = values.indices.sorted { values[$0].utf8.lexicographicallyPrecedes(values[$1].utf8) }
      }
    case .min, .max:
      var kind = order
      var keys: [Double] = []
      keys.reserveCapacity(values.count - orderKeys.count)
      for text in values[orderKeys.count...] {
        if kind == nil { kind = OrderedValueKind.of(text) }
        guard let kind, let key = kind.key(text) else {
          let expected =
            kind.map { "every value must be a \($0.rawValue) like the first" }
            ?? "values must be numbers or ISO 8601 dates"
          throw InvalidInput(
            field: "aggregate", code: .malformedValue,
            message: "aggregate \(aggregate): \(expected); '\(text)' is not")
        }
        keys.append(key)
      }
      order = kind
      orderKeys += keys
    }
  }

  /// Re-lays the counts rows with room for `newStride` values.
  private mutating func widen(to newStride: Int) {
    let rows = stride == 0 ? values.count : values.count / stride
    var wider = [UInt32](repeating: 0, count: rows * newStride)
    for r in 0..<rows where stride > 0 {
      for v in 0..<stride { wider[r * newStride + v] = values[r * stride + v] }
    }
    values = wider
    stride = newStride
  }

  /// Whether value `a` beats `b` (codes, 0 for none) for this min/max aggregate: a smaller
  /// (min) or greater (max) key; equal keys go to the text that sorts first.
  @inline(__always)
  func beats(_ a: UInt32, _ b: UInt32, texts: [String]) -> Bool {
    Self.beats(a, b, keys: orderKeys, texts: texts, least: aggregate.kind == .min)
  }

  @inline(__always)
  static func beats(_ a: UInt32, _ b: UInt32, keys: [Double], texts: [String], least: Bool) -> Bool {
    guard a != 0 else { return false }
    guard b != 0 else { return true }
    let ka = keys[Int(a) - 1]
    let kb = keys[Int(b) - 1]
    if ka != kb { return least ? ka < kb : ka > kb }
    return texts[Int(a) - 1].utf8.lexicographicallyPrecedes(texts[Int(b) - 1].utf8)
  }

  /// Fills the rows of the clusters `order` (finest level first, so children come before their
  /// parents) from their children — the bulk build's pass: `heads` are final there, so a
  /// member's node is its head. No allocation per cluster.
  mutating func fillAll(
    order: [UInt32], clusters: [ClusterIndex.Cluster], members: [UInt32], heads: [UInt32], column: PropertyColumn
  ) {
    let (flag, width, least) = (ClusterIndex.clusterFlag, stride, aggregate.kind == .min)
    let (keys, texts, codes) = (orderKeys, column.values, column.codes)
    let counting = aggregate.kind == .counts
    values.withUnsafeMutableBufferPointer { rows in
      for number in order {
        let c = clusters[Int(number)]
        if counting {
          let base = Int(number) * width
          for v in 0..<width { rows[base + v] = 0 }
          func add(_ child: UInt32) {
            if child & flag != 0 {
              let from = Int(child & ~flag) * width
              for v in 0..<width { rows[base + v] &+= rows[from + v] }
            } else if Int(child) < codes.count, codes[Int(child)] != 0 {
              rows[base + Int(codes[Int(child)]) - 1] &+= 1
            }
          }
          add(c.up)
          ClusterIndex.forEachMember(startingAt: c.memberStart, in: members) { add(heads[Int($0)]) }
        } else {
          func value(_ child: UInt32) -> UInt32 {
            child & flag != 0 ? rows[Int(child & ~flag)] : Int(child) < codes.count ? codes[Int(child)] : 0
          }
          var best = value(c.up)
          ClusterIndex.forEachMember(startingAt: c.memberStart, in: members) {
            let code = value(heads[Int($0)])
            if Self.beats(code, best, keys: keys, texts: texts, least: least) { best = code }
          }
          rows[Int(number)] = best
        }
      }
    }
  }

  /// Whether a new value `text` (no pin had it) fits this aggregate, as ``admit(_:)`` would
  /// find with `distinct` values in all.
  func accepts(_ text: String, distinct: Int) -> Bool {
    switch aggregate.kind {
    case .counts: distinct <= ClusterAggregate.maxCategories
    case .min, .max: (order ?? OrderedValueKind.of(text))?.key(text) != nil
    }
  }

  /// Sets row `row` from its children's (cluster references read their rows, pins their value
  /// codes in `column`); returns whether it changed.
  mutating func recompute(row: Int, children: [UInt32], column: PropertyColumn) -> Bool {
    let flag = ClusterIndex.clusterFlag
    if aggregate.kind == .counts {
      let base = row * stride
      var changed = false
      var fresh = [UInt32](repeating: 0, count: stride)
      for child in children {
        if child & flag != 0 {
          let childBase = Int(child & ~flag) * stride
          for v in 0..<stride { fresh[v] &+= values[childBase + v] }
        } else {
          let code = column.code(at: Int(child))
          if code != 0 { fresh[Int(code) - 1] &+= 1 }
        }
      }
      for v in 0..<stride where values[base + v] != fresh[v] {
        values[base + v] = fresh[v]
        changed = true
      }
      return changed
    }
    var best: UInt32 = 0
    for child in children {
      let code = child & flag != 0 ? values[Int(child & ~flag)] : column.code(at: Int(child))
      if beats(code, best, texts: column.values) { best = code }
    }
    defer { values[row] = best }
    return values[row] != best
  }
}
