/// Which pins one hierarchy of a filterable index holds (docs/clustering.md, "Filters"): every pin
/// on the map, or only those with one status code, or one value of one counts aggregate's
/// property, or both. A filter whose shown pins are exactly a scope's is answered by that scope's
/// hierarchy as an unfiltered query.
package struct HierarchyScope: Hashable, Sendable {
  /// The status code its pins have, or `nil`: any.
  package var status: UInt8?
  /// The column (in ``PinSet/properties``) and value code (1 or more) its pins have, or `nil`: any.
  package var value: Value?

  /// One value of one property.
  package struct Value: Hashable, Sendable {
    package var column: Int
    package var code: UInt32
  }

  /// Every pin on the map.
  package static let all = HierarchyScope()

  /// Whether the pin at `pin` belongs here (when it is on the map).
  @inline(__always)
  func holds(_ pin: Int, in pins: PinSet) -> Bool {
    if let status, pins.statusCodes[pin] != status { return false }
    if let value, pins.properties[value.column].code(at: pin) != value.code { return false }
    return true
  }

  /// How tests and messages name it: `all`, a status code (`2`), `species=CAT`, or both (`2 species=CAT`).
  package func name(in pins: PinSet) -> String {
    let valueName = value.map {
      "\(pins.properties[$0.column].name)=\(pins.properties[$0.column].values[Int($0.code) - 1])"
    }
    return [status.map(String.init), valueName].compactMap { $0 }.joined(separator: " ").nonEmpty ?? "all"
  }
}

extension String {
  fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
