/// An announcement's status, normalised as docs/cli.md says: case-insensitive `MISSING`
/// (also spelled `ACTIVE`), `FOUND`, `CLOSED`; any other value kept as given; or none.
public enum PinStatus: Hashable, Sendable, CustomStringConvertible {
  case missing
  case found
  case closed
  /// A status outside the three known ones, exactly as given.
  case other(String)

  /// Normalises a status text; `nil` or empty text means "no status".
  public init?(normalizing text: some StringProtocol) {
    guard !text.isEmpty else { return nil }
    switch text.uppercased() {
    case "MISSING", "ACTIVE": self = .missing
    case "FOUND": self = .found
    case "CLOSED": self = .closed
    default: self = .other(String(text))
    }
  }

  /// The known status (MISSING, FOUND or CLOSED) that UTF-8 `bytes` spell in any ASCII case
  /// (`ACTIVE` too), or `nil` for any other text: what ``init(normalizing:)`` gives those, without
  /// making a String (a pins file's reader asks this first, for every row).
  package static func known(spelledBy bytes: UnsafeBufferPointer<UInt8>) -> PinStatus? {
    guard bytes.count >= 5 && bytes.count <= 7 else { return nil }
    func spells(_ name: StaticString) -> Bool {
      guard name.utf8CodeUnitCount == bytes.count else { return false }
      // ASCII letters: clearing bit 5 upper-cases them; the name is upper case.
      for (k, byte) in bytes.enumerated() where byte & 0xDF != name.utf8Start[k] { return false }
      return true
    }
    if spells("MISSING") || spells("ACTIVE") { return .missing }
    if spells("FOUND") { return .found }
    if spells("CLOSED") { return .closed }
    return nil
  }

  /// The canonical spelling: "MISSING", "FOUND", "CLOSED" or the other value as given.
  public var name: String {
    switch self {
    case .missing: "MISSING"
    case .found: "FOUND"
    case .closed: "CLOSED"
    case .other(let text): text
    }
  }

  public var description: String { name }
}
