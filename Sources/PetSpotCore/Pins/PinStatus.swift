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
