/// Reading a submitted payload back: what a backend receives in `POST /announcements`.
///
/// The payload's fields are mapped onto a ``FoundReportForm`` and checked by the form's own rules
/// (the pet-details and contact steps; the photo travels separately), so a server applies exactly
/// the rules every client applies. Errors name the payload's fields (`lastSeenDate`,
/// `lastSeenLatitude`, `microchipNumber` …), not the form's.
extension FoundReportPayload {
  /// The payload's field for each form field whose name differs.
  static let payloadFieldNames: [String: String] = [
    "dateFound": "lastSeenDate", "latitude": "lastSeenLatitude", "longitude": "lastSeenLongitude",
    "microchip": "microchipNumber",
  ]

  /// Fields a client may send that are never stored: device-only fields of older clients.
  public static let droppedFields: Set<String> = ["caregiverPhone", "currentAddress"]

  /// Validates a payload object (the `payload` that `found-report validate` prints).
  ///
  /// Strings are required for `species`, `sex`, `lastSeenDate`, `email`, `phone` and, when present,
  /// `breed`, `description`, `microchipNumber` (1–15 ASCII digits); numbers for `lastSeenLatitude`
  /// (degrees in [-90, 90]) and `lastSeenLongitude` (degrees in [-180, 180]); `status`, when
  /// present, must be `"FOUND"`. `caregiverPhone` and `currentAddress` are dropped; other unknown
  /// keys are ignored.
  /// - Throws: ``FoundReportErrors`` listing every invalid field (codes as the form's, plus
  ///   `invalid_type`, `microchip_invalid`, `status_invalid`, `malformed_json`).
  public init(json: JSONValue) throws(FoundReportErrors) {
    guard case .object = json else {
      throw FoundReportErrors(errors: [
        FoundReportFieldError(
          field: "", code: "malformed_json", message: "The payload must be a JSON object, not \(json.typeDescription).")
      ])
    }
    var errors: [FoundReportFieldError] = []
    func text(_ key: String, numbers: Bool = false) -> String {
      switch json[key] {
      case nil, .null?: return ""
      case .string(let s)?: if !numbers { return s }
      case .number(let n)?: if numbers { return ShortestDecimal.string(n) }
      default: break
      }
      let expected = numbers ? "a number" : "a string"
      errors.append(
        FoundReportFieldError(
          field: key, code: "invalid_type",
          message: "\(key) must be \(expected), not \(json[key]?.typeDescription ?? "missing")."))
      return ""
    }
    var form = FoundReportForm()
    form.photo = "uploaded separately"
    form.species = text("species")
    form.sex = text("sex")
    form.breed = text("breed")
    form.dateFound = text("lastSeenDate")
    form.latitude = text("lastSeenLatitude", numbers: true)
    form.longitude = text("lastSeenLongitude", numbers: true)
    form.description = text("description")
    form.email = text("email")
    form.phone = text("phone")
    let microchip = text("microchipNumber")
    if !microchip.isEmpty || json["microchipNumber"] == .string("") {
      let isDigits = microchip.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
      if isDigits && (1...MicrochipNumber.maximumDigits).contains(microchip.utf8.count) {
        form.microchip = microchip
      } else {
        errors.append(
          FoundReportFieldError(
            field: "microchipNumber", code: "microchip_invalid",
            message: "microchipNumber must be 1 to \(MicrochipNumber.maximumDigits) digits."))
      }
    }
    switch json["status"] {
    case nil, .null?, .string("FOUND")?: break
    default:
      errors.append(
        FoundReportFieldError(field: "status", code: "status_invalid", message: "A found report's status is FOUND."))
    }
    let typed = Set(errors.map(\.field))
    for step in [FoundReportForm.Step.petDetails, .contactInformation] {
      for error in form.validate(step) {
        var renamed = error
        renamed.field = Self.payloadFieldNames[error.field] ?? error.field
        // A field of the wrong JSON type was read as empty: its "required" error would mislead.
        if !typed.contains(renamed.field) { errors.append(renamed) }
      }
    }
    guard errors.isEmpty else { throw FoundReportErrors(errors: errors) }
    self.init(form: form)
  }
}

extension JSONValue {
  /// The same value with every object's members sorted by key (stably, so repeated keys keep
  /// their order): two texts of one JSON value have the same canonical serialization.
  public var canonical: JSONValue {
    switch self {
    case .array(let items): .array(items.map(\.canonical))
    case .object(let members):
      .object(
        members.enumerated().sorted { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }
          .map { ($0.element.key, $0.element.value.canonical) })
    default: self
    }
  }

  /// This object without the given keys (other values unchanged).
  public func removingKeys(_ keys: Set<String>) -> JSONValue {
    guard case .object(let members) = self else { return self }
    return .object(members.filter { !keys.contains($0.key) })
  }
}
