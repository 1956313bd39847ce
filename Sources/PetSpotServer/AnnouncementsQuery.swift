import PetSpotGeo

/// The parameters of `GET /announcements?lat=&lng=&range=[&status=][&limit=]`, validated.
struct AnnouncementsQuery: Sendable {
  var center: GeoCoordinate
  var range: Double
  var status: StatusFilter?
  var limit: Int?

  /// Reads the query parameters. - Throws: ``InvalidInput`` naming the parameter at fault.
  init(parameters: (String) throws(InvalidInput) -> Substring?) throws(InvalidInput) {
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
  }
}
