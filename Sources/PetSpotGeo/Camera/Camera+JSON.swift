/// Reading cameras from JSON objects with the field names of docs/camera-model.md.
extension Camera {
  /// Reads and validates a camera from a JSON object with the field names of
  /// docs/camera-model.md: `lat`, `lng`, `latDelta`, `lngDelta`, `width`, `height` (numbers,
  /// required), `heading`, `pitch`, `fov` (number or null, optional) — or, for the corner form,
  /// `corners` (four `[lat, lng]` pairs), `width`, `height` and optionally `lat` and `lng`
  /// together; `latDelta`, `lngDelta`, `heading`, `pitch` and `fov` must then be absent or null.
  /// Unknown fields are ignored.
  /// - Throws: ``InvalidInput`` naming the first missing, mistyped or invalid field.
  public init(json: JSONValue) throws(InvalidInput) {
    guard case .object = json else {
      throw InvalidInput(
        field: nil, code: .malformedJSON, message: "a camera must be a JSON object, not \(json.typeDescription)")
    }
    if let corners = json["corners"], corners != .null {
      try self.init(cornersJSON: corners, in: json)
      return
    }
    let lat = try json.requiredNumber("lat", "a finite number in [-90, 90]")
    let lng = try json.requiredNumber("lng", "a finite number")
    let latDelta = try json.requiredNumber("latDelta", "a finite number > 0")
    let lngDelta = try json.requiredNumber("lngDelta", "a finite number > 0")
    let width = try json.requiredNumber("width", "a finite number > 0")
    let height = try json.requiredNumber("height", "a finite number > 0")
    let heading = try json.optionalNumber("heading", "a finite number") ?? 0
    let pitch = try json.optionalNumber("pitch", "a finite number of degrees ≥ 0") ?? 0
    let fov = try json.optionalNumber("fov", "a finite number of degrees in (0, 180)") ?? Camera.defaultFieldOfView
    try self.init(
      center: GeoCoordinate(latitude: lat, longitude: lng), latitudeDelta: latDelta, longitudeDelta: lngDelta,
      width: width, height: height, heading: heading, pitch: pitch, fieldOfView: fov)
  }

  /// The corner form from its JSON object (`corners` not null).
  private init(cornersJSON: JSONValue, in json: JSONValue) throws(InvalidInput) {
    for field in Self.flatOnlyFields where json[field] != nil && json[field] != .null {
      throw InvalidInput(
        field: field, code: .unsupported,
        message: "\(field) cannot be combined with corners (the corners already say what the camera shows)")
    }
    let lat = try json.optionalNumber("lat", "a finite number in [-90, 90]")
    let lng = try json.optionalNumber("lng", "a finite number")
    if (lat == nil) != (lng == nil) {
      let missing = lat == nil ? "lat" : "lng"
      throw InvalidInput(
        field: missing, code: .missingField, message: "\(missing) is missing: lat and lng go together with corners")
    }
    let width = try json.requiredNumber("width", "a finite number > 0")
    let height = try json.requiredNumber("height", "a finite number > 0")
    let requirement =
      "corners must be four [lat, lng] pairs of numbers (top-left, top-right, bottom-right, bottom-left)"
    guard case .array(let pairs) = cornersJSON, pairs.count == 4 else {
      throw InvalidInput(field: "corners", code: .invalidType, message: requirement)
    }
    var corners: [GeoCoordinate] = []
    for pair in pairs {
      guard case .array(let numbers) = pair, numbers.count == 2, case .number(let a) = numbers[0],
        case .number(let b) = numbers[1]
      else { throw InvalidInput(field: "corners", code: .invalidType, message: requirement) }
      corners.append(GeoCoordinate(latitude: a, longitude: b))
    }
    let center = lat.map { GeoCoordinate(latitude: $0, longitude: lng!) }
    try self.init(corners: corners, width: width, height: height, center: center)
  }

  /// The fields a corner-form camera must not have, in the order errors name them.
  static var flatOnlyFields: [String] { ["latDelta", "lngDelta", "heading", "pitch", "fov"] }
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
