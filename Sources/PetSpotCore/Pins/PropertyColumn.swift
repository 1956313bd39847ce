/// One extra property of the pins — a CSV column or a JSON/GeoJSON property such as `species` or
/// `lastSeenDate`: per pin a text value or none, each distinct text stored once.
///
/// A value type (`Sendable`). Pins past the end of ``codes`` have no value, so pins appended to a
/// ``PinSet`` after the column was filled need no entry.
public struct PropertyColumn: Hashable, Sendable {
  /// The property's name as asked for (`species`).
  public let name: String
  /// Per pin: 0 for no value, else 1 + the value's index in ``values``.
  package private(set) var codes: [UInt32] = []
  /// The distinct texts, in order of first appearance.
  public private(set) var values: [String] = []
  /// Code by text.
  private var lookup: [String: UInt32] = [:]

  /// An empty column: no pin has a value.
  public init(name: String) {
    self.name = name
  }

  /// The text of pin `pin`'s value, or `nil` when it has none.
  public func value(at pin: Int) -> String? {
    let code = self.code(at: pin)
    return code == 0 ? nil : values[Int(code) - 1]
  }

  /// Pin `pin`'s value code: 0 for none, else 1 + its index in ``values``.
  @inline(__always)
  package func code(at pin: Int) -> UInt32 {
    pin < codes.count ? codes[pin] : 0
  }

  /// The code a text has, or `nil` when no pin ever had it.
  package func code(of text: String) -> UInt32? { lookup[text] }

  /// Sets pin `pin`'s value; `nil` or the empty text means none. Values once seen stay in
  /// ``values`` (their codes never change).
  public mutating func setValue(_ value: String?, at pin: Int) {
    var code: UInt32 = 0
    if let value { code = intern(value) }
    if pin >= codes.count {
      if code == 0 { return }
      codes.append(contentsOf: repeatElement(0, count: pin + 1 - codes.count))
    }
    codes[pin] = code
  }

  /// The code of `text`, added to ``values`` when new (0 for the empty text).
  package mutating func intern(_ text: String) -> UInt32 {
    guard !text.isEmpty else { return 0 }
    if let code = lookup[text] { return code }
    values.append(text)
    let code = UInt32(values.count)
    lookup[text] = code
    return code
  }

  /// The same values for the pins `kept` (in that order): what ``PinSet/withoutRetired()`` keeps.
  func selecting(_ kept: [Int]) -> PropertyColumn {
    var out = PropertyColumn(name: name)
    for (new, old) in kept.enumerated() { out.setValue(value(at: old), at: new) }
    return out
  }
}

extension PinSet {
  /// The column named `name` (exact match), or `nil`.
  public func property(named name: String) -> PropertyColumn? {
    properties.first { $0.name == name }
  }

  /// Sets pin `pin`'s value of property `name` (`nil` or "" for none), adding the column when new.
  /// - Precondition: `pin` is in `0 ..< count`.
  public mutating func setProperty(_ name: String, to value: String?, at pin: Int) {
    precondition(pin >= 0 && pin < count, "no pin at position \(pin)")
    if let k = properties.firstIndex(where: { $0.name == name }) {
      properties[k].setValue(value, at: pin)
    } else {
      var column = PropertyColumn(name: name)
      column.setValue(value, at: pin)
      properties.append(column)
    }
  }

  /// Sets a whole column, replacing the one of the same name.
  public mutating func setProperty(_ column: PropertyColumn) {
    properties.removeAll { $0.name == column.name }
    properties.append(column)
  }

  /// Adds an empty column named `name` unless there is one (pins then have no value).
  public mutating func declareProperty(_ name: String) {
    if property(named: name) == nil { properties.append(PropertyColumn(name: name)) }
  }
}
