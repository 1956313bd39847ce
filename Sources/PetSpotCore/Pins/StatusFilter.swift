/// Which statuses a query keeps: `nil` filter means every pin, whatever its status or none.
public struct StatusFilter: Hashable, Sendable {
  /// The statuses kept.
  public var statuses: Set<PinStatus>

  /// Keeps pins whose status is one of `statuses`.
  public init(_ statuses: Set<PinStatus>) {
    self.statuses = statuses
  }

  /// Parses `MISSING,FOUND` (case-insensitive, ACTIVE = MISSING; other names kept as given).
  public init(parsing text: String) {
    statuses = Set(text.split(separator: ",").compactMap { PinStatus(normalizing: $0.trimmingWhitespace()) })
  }

  /// A 256-entry table over a pin set's status codes: `table[code]` says whether the code passes.
  public func codeTable(for pins: PinSet) -> [Bool] {
    var table = [Bool](repeating: false, count: 256)
    for status in statuses {
      switch status {
      case .missing: table[1] = true
      case .found: table[2] = true
      case .closed: table[3] = true
      case .other(let text):
        if let i = pins.otherStatuses.firstIndex(of: text) { table[i + 4] = true }
      }
    }
    return table
  }
}
