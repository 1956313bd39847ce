/// The form as JSON: the keys are the form's property names (`photo`, `dateFound`, `species`,
/// `breed`, `sex`, `latitude`, `longitude`, `microchip`, `description`, `phone`, `email`,
/// `caregiverPhone`, `currentAddress`). Values are strings; `latitude` and `longitude` may also be
/// numbers (from GPS); missing or `null` means empty. Unknown keys are ignored.
extension FoundReportForm {
  /// Reads a form. - Throws: ``InvalidInput`` for a value of the wrong JSON type.
  public init(json: JSONValue) throws(InvalidInput) {
    guard case .object = json else {
      throw InvalidInput(
        field: nil, code: .malformedJSON, message: "a form must be a JSON object, not \(json.typeDescription)")
    }
    self.init()
    func text(_ key: String, numbersAllowed: Bool = false) throws(InvalidInput) -> String {
      switch json[key] {
      case nil, .null?: return ""
      case .string(let s)?: return s
      case .number(let n)? where numbersAllowed: return ShortestDecimal.string(n)
      case let other?:
        throw InvalidInput(
          field: key, code: .invalidType, message: "\(key) must be a string, not \(other.typeDescription)")
      }
    }
    photo = try text("photo")
    dateFound = try text("dateFound")
    species = try text("species")
    breed = try text("breed")
    sex = try text("sex")
    latitude = try text("latitude", numbersAllowed: true)
    longitude = try text("longitude", numbersAllowed: true)
    microchip = try text("microchip")
    description = try text("description")
    phone = try text("phone")
    email = try text("email")
    caregiverPhone = try text("caregiverPhone")
    currentAddress = try text("currentAddress")
  }

  /// `{"valid":…,"errors":[{"field","code","message"}],"payload":{…}|null}` for a submission of
  /// this form (every step validated).
  public var validationJSON: JSONValue {
    do throws(FoundReportErrors) {
      let payload = try submit()
      return .object([("valid", .bool(true)), ("errors", .array([])), ("payload", payload.json)])
    } catch {
      let errors = error.errors.map { e in
        JSONValue.object([("field", .string(e.field)), ("code", .string(e.code)), ("message", .string(e.message))])
      }
      return .object([("valid", .bool(false)), ("errors", .array(errors)), ("payload", .null)])
    }
  }
}
