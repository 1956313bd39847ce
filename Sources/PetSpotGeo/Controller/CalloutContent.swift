/// What the callout card shows for a selected announcement (callout FR-004–FR-009,
/// FR-016–FR-018, T009–T012, T033–T036 in docs/petspot-requirements.md), formatted once for every client.
public struct CalloutContent: Hashable, Sendable {
  /// Pet name, or "Unknown Pet" when missing or empty.
  public var title: String
  /// "Species • Breed" (species title-cased), species alone without a breed; `nil` without a species.
  public var subtitle: String?
  /// "📍 52.2297° N, 21.0122° E": 4 decimals, the hemisphere from the sign of the rounded value.
  public var location: String
  /// "📅 Jan 05, 2025" (`MMM dd, yyyy`); an unreadable or impossible date is shown as given; `nil` when absent.
  public var date: String?
  /// "📧 email", omitted when missing or empty.
  public var email: String?
  /// "📞 phone", omitted when missing or empty.
  public var phone: String?
  /// Omitted when missing or empty.
  public var description: String?
  /// `nil` when missing or empty: the client shows the placeholder.
  public var photoUrl: String?
  /// The status badge: text, background colour, text colour.
  public var badge: Badge?

  public struct Badge: Hashable, Sendable {
    public var text: String
    /// Background, `#RRGGBB`.
    public var color: String
    /// `#FFFFFF`.
    public var textColor: String

    public init(text: String, color: String, textColor: String) {
      (self.text, self.color, self.textColor) = (text, color, textColor)
    }
  }

  public init(_ a: Announcement) {
    func nonEmpty(_ s: String?) -> String? {
      guard let s, !s.trimmingWhitespace().isEmpty else { return nil }
      return s
    }
    title = nonEmpty(a.petName) ?? "Unknown Pet"
    if let species = nonEmpty(a.species) {
      let name = Self.titleCased(species.trimmingWhitespace())
      subtitle = nonEmpty(a.breed).map { "\(name) • \($0.trimmingWhitespace())" } ?? name
    }
    location =
      "📍 " + Self.coordinateText(a.lastSeenLatitude, positive: "N", negative: "S") + ", "
      + Self.coordinateText(a.lastSeenLongitude, positive: "E", negative: "W")
    date = nonEmpty(a.lastSeenDate).map { "📅 " + Self.dateText($0) }
    email = nonEmpty(a.email).map { "📧 \($0)" }
    phone = nonEmpty(a.phone).map { "📞 \($0)" }
    description = nonEmpty(a.description)
    photoUrl = nonEmpty(a.photoUrl)
    badge = a.status.map(Self.badge)
  }

  /// MISSING → "MISSING" on #FF9500, FOUND → "FOUND" on #155DFC, any other → its name in capitals
  /// on #8E8E93 (the tasks file's grey, newer than the research notes' #93A2B4); white text.
  public static func badge(_ status: PinStatus) -> Badge {
    switch status {
    case .missing: Badge(text: "MISSING", color: "#FF9500", textColor: "#FFFFFF")
    case .found: Badge(text: "FOUND", color: "#155DFC", textColor: "#FFFFFF")
    case .closed, .other: Badge(text: status.name.uppercased(), color: "#8E8E93", textColor: "#FFFFFF")
    }
  }

  /// "52.2297° N": four decimals, the letter from the sign of the rounded value (−0.00001 → 0.0000° N).
  static func coordinateText(_ value: Double, positive: String, negative: String) -> String {
    let units = (value * 10_000).rounded()
    let letter = units < 0 ? negative : positive
    // Announcement coordinates are validated (|lat| ≤ 90, |lng| ≤ 180); anything else prints as given.
    guard let magnitude = Int(checked: abs(units)) else { return "\(value)° \(letter)" }
    let fraction = String(magnitude % 10_000)
    return "\(magnitude / 10_000).\(String(repeating: "0", count: 4 - fraction.count))\(fraction)° \(letter)"
  }

  private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

  /// `yyyy-MM-dd` → `MMM dd, yyyy` (English month abbreviations, whatever the locale); anything
  /// else, or an impossible day such as 2025-02-30, as given.
  static func dateText(_ text: String) -> String {
    let trimmed = text.trimmingWhitespace()
    guard trimmed.count == 10, trimmed.contains("-"), let (y, m, d) = FoundDate.parse(trimmed) else { return text }
    return "\(months[m - 1]) \(d < 10 ? "0" : "")\(d), \(y)"
  }

  /// "golden retriever" → "Golden Retriever"; "DOG" → "Dog".
  static func titleCased(_ text: String) -> String {
    text.split(separator: " ", omittingEmptySubsequences: false).map { word in
      word.prefix(1).uppercased() + word.dropFirst().lowercased()
    }.joined(separator: " ")
  }

  /// The content as a JSON object (absent optional parts are `null`).
  public var json: JSONValue {
    func text(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
    return .object([
      ("title", .string(title)), ("subtitle", text(subtitle)), ("location", .string(location)), ("date", text(date)),
      ("email", text(email)), ("phone", text(phone)), ("description", text(description)), ("photoUrl", text(photoUrl)),
      (
        "badge",
        badge.map {
          .object([("text", .string($0.text)), ("color", .string($0.color)), ("textColor", .string($0.textColor))])
        } ?? .null
      ),
    ])
  }
}
