/// Reading cameras from JSON objects with the field names of docs/camera-model.md.
extension Camera {
  /// Reads and validates a camera from a JSON object: `lat`, `lng`, `latDelta`, `lngDelta`,
  /// `width`, `height` (numbers, required), `heading` (number or null, optional), `pitch` (0 or
  /// null, optional). Unknown fields are ignored.
  /// - Throws: ``InvalidInput`` naming the first missing, mistyped or invalid field.
  public init(json: JSONValue) throws(InvalidInput) {
    guard case .object = json else {
      throw InvalidInput(
        field: nil, code: .malformedJSON, message: "a camera must be a JSON object, not \(json.typeDescription)")
    }
    let lat = try json.requiredNumber("lat", "a finite number in [-90, 90]")
    let lng = try json.requiredNumber("lng", "a finite number in [-180, 180]")
    let latDelta = try json.requiredNumber("latDelta", "a finite number > 0")
    let lngDelta = try json.requiredNumber("lngDelta", "a finite number > 0")
    let width = try json.requiredNumber("width", "a finite number > 0")
    let height = try json.requiredNumber("height", "a finite number > 0")
    let heading = try json.optionalNumber("heading", "a finite number") ?? 0
    let pitch = try json.optionalNumber("pitch", "0 or absent") ?? 0
    try self.init(
      center: GeoCoordinate(latitude: lat, longitude: lng), latitudeDelta: latDelta, longitudeDelta: lngDelta,
      width: width, height: height, heading: heading, pitch: pitch)
  }
}

extension JSONValue {
  /// The number in member `field`; missing, `null` or another type is an error naming the field.
  public func requiredNumber(_ field: String, _ requirement: String) throws(InvalidInput) -> Double {
    try requiredNumber(field, named: field, requirement)
  }

  /// The number in member `key`, reported as `field` (e.g. `pin.x`) when missing or mistyped.
  public func requiredNumber(_ key: String, named field: String, _ requirement: String) throws(InvalidInput) -> Double {
    guard let value = self[key], value != .null else {
      throw InvalidInput(field: field, code: .missingField, message: "\(field) is missing: it must be \(requirement)")
    }
    guard case .number(let number) = value else {
      throw InvalidInput(
        field: field, code: .invalidType, message: "\(field) must be \(requirement), not \(value.typeDescription)")
    }
    return number
  }

  /// The number in member `field`, or `nil` when it is absent or `null`.
  public func optionalNumber(_ field: String, _ requirement: String) throws(InvalidInput) -> Double? {
    try optionalNumber(field, named: field, requirement)
  }

  /// The number in member `key` (reported as `field`), or `nil` when absent or `null`.
  public func optionalNumber(_ key: String, named field: String, _ requirement: String) throws(InvalidInput) -> Double?
  {
    guard let value = self[key], value != .null else { return nil }
    return try requiredNumber(key, named: field, requirement)
  }
}

extension InvalidInput {
  /// The same error with its field written as `prefix.field` (messages start with the field).
  public func prefixed(_ prefix: String) -> InvalidInput {
    guard let field else { return InvalidInput(field: prefix, code: code, message: "\(prefix): \(message)") }
    let text = message.hasPrefix(field) ? "\(prefix).\(message)" : message
    return InvalidInput(field: "\(prefix).\(field)", code: code, message: text)
  }
}
