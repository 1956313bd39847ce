import PetSpotGeo

/// The parameters of `GET /announcements?lat=&lng=&range=[&status=][&limit=][&species=][&since=]`,
/// validated (`species` and `since` only where the data has them: the database mode).
struct AnnouncementsQuery: Sendable {
  var center: GeoCoordinate
  var range: Double
  var status: StatusFilter?
  var limit: Int?
  /// Species to keep (compared case-insensitively), or `nil` for all.
  var species: String?
  /// Keep rows updated strictly after this instant (microseconds since 1970, UTC), or `nil`.
  var sinceMicros: Int64?

  /// Reads the query parameters. - Throws: ``InvalidInput`` naming the parameter at fault.
  /// - Parameter filtersAvailable: whether `species` and `since` can be answered (a pins file has
  ///   no update times and may have no species: there they are a 400, never silently ignored).
  init(parameters: (String) throws(InvalidInput) -> Substring?, filtersAvailable: Bool = false) throws(InvalidInput) {
    func number(_ name: String, _ requirement: String, valid: (Double) -> Bool) throws(InvalidInput) -> Double {
      guard let text = try parameters(name) else {
        throw InvalidInput(field: name, code: .missingField, message: "\(name) is missing: it must be \(requirement)")
      }
      var copy = String(text)
      let cell = copy.withUTF8 { DecimalText.cell($0) }
      guard case .number(let value) = cell else {
        throw InvalidInput(
          field: name, code: cell == .missing ? .notFinite : .invalidType, message: "\(name) must be \(requirement)")
      }
      guard valid(value) else {
        throw InvalidInput(field: name, code: .outOfRange, message: "\(name) must be \(requirement)")
      }
      return value
    }
    let lat = try number("lat", "a finite number in [-90, 90]") { abs($0) <= 90 }
    let lng = try number("lng", "a finite number in [-180, 180]") { abs($0) <= 180 }
    center = GeoCoordinate(latitude: lat, longitude: lng)
    range = try number("range", "a finite number of metres >= 0") { $0 >= 0 }
    if let text = try parameters("status") {
      switch PinStatus(normalizing: text) {
      case .missing?: status = StatusFilter([.missing])
      case .found?: status = StatusFilter([.found])
      default: throw InvalidInput(field: "status", code: .outOfRange, message: "status must be MISSING or FOUND")
      }
    }
    if try parameters("limit") != nil {
      let value = try number("limit", "a whole number in [0, \(ServerLimits.maxAnnouncements)]") {
        $0 >= 0 && $0 == $0.rounded() && $0 <= Double(ServerLimits.maxAnnouncements)
      }
      limit = Int(checked: value)
    }
    for name in ["species", "since"] where try parameters(name) != nil && !filtersAvailable {
      throw InvalidInput(
        field: name, code: .unsupported,
        message: "\(name) is answered only by a server on a database (serve --database), not on a pins file")
    }
    if let text = try parameters("species") {
      guard !text.isEmpty, text.count <= 100 else {
        throw InvalidInput(field: "species", code: .outOfRange, message: "species must be 1 to 100 characters")
      }
      species = String(text)
    }
    if let text = try parameters("since") {
      guard let micros = RFC3339.microseconds(text) else {
        throw InvalidInput(
          field: "since", code: .malformedValue,
          message: "since must be an RFC 3339 timestamp such as 2026-11-26T08:00:00Z")
      }
      sinceMicros = micros
    }
  }
}
