/// A value kept per cluster over its leaves' property (``PinSet/properties``), declared in
/// ``ClusterOptions/aggregates``: counts by a categorical property, or the least or greatest value
/// of a number or date property ("the newest report in this cluster").
public struct ClusterAggregate: Hashable, Sendable, CustomStringConvertible {
  /// What is kept.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// Leaves per distinct value (at most ``ClusterAggregate/maxCategories`` values).
    case counts
    /// The least value (numbers or dates: ``OrderedValueKind``).
    case min
    /// The greatest value.
    case max
  }

  /// The property's name (a CSV column header, a JSON/GeoJSON property key).
  public var property: String
  public var kind: Kind

  public init(property: String, kind: Kind) {
    self.property = property
    self.kind = kind
  }

  /// The most distinct values a counts aggregate keeps: every cluster holds one count per value,
  /// so memory is 4 bytes × values × clusters.
  public static var maxCategories: Int { 256 }

  /// Parses `property:kind` (`species:counts`, `lastSeenDate:max`).
  /// - Throws: ``InvalidInput`` (field `aggregate`) for another shape or kind.
  public init(parsing text: String) throws(InvalidInput) {
    guard let colon = text.lastIndex(of: ":"), colon != text.startIndex,
      let kind = Kind(rawValue: String(text[text.index(after: colon)...]))
    else {
      throw InvalidInput(
        field: "aggregate", code: .malformedValue,
        message: "aggregate must be PROPERTY:counts, PROPERTY:min or PROPERTY:max (got '\(text)')")
    }
    self.init(property: String(text[..<colon]), kind: kind)
  }

  /// Checks that `pins` carry every aggregate's property with values that suit it (what building
  /// a ``ClusterIndex`` with them checks first).
  /// - Throws: ``InvalidInput`` (field `aggregate`) naming the aggregate and the value at fault.
  public static func validate(_ aggregates: [ClusterAggregate], over pins: PinSet) throws(InvalidInput) {
    _ = try AggregateTable(aggregates: aggregates, pins: pins)
  }

  /// `property:kind`, as parsed by ``init(parsing:)``.
  public var description: String { "\(property):\(kind.rawValue)" }
}

/// An aggregate's value for one item.
public enum AggregateValue: Hashable, Sendable {
  /// Leaves per value, sorted by value (Unicode scalar order); values no leaf has are left out.
  case counts([CategoryCount])
  /// The least or greatest number, `nil` when no leaf has one.
  case number(Double?)
  /// The least or greatest date as its text in the data, `nil` when no leaf has one.
  case date(String?)
}

/// Leaves having one value of a counts aggregate's property.
public struct CategoryCount: Hashable, Sendable {
  public var value: String
  public var count: Int

  public init(value: String, count: Int) {
    self.value = value
    self.count = count
  }
}
