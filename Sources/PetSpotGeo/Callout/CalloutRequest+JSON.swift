/// Callout requests as JSON (the `petspot-geo callout --batch` lines):
///
///     {"viewport":{"width":390,"height":844},"insets":{"top":59,"left":0,"bottom":34,"right":0},
///      "margin":8,"pin":{"x":195,"y":600},"pinHeight":40,"gap":10,"callout":{"width":262,"height":360},
///      "arrow":{"width":20,"height":10},"cornerRadius":12,
///      "obstacles":[{"x":0,"y":700,"width":120,"height":100},"POLYGON((150 0,240 0,240 30,150 30,150 0))"]}
///
/// `pin` may instead be `{"lat":..,"lng":..}` with a `camera` object (docs/camera-model.md); the
/// camera's width and height are then the viewport (giving both with different sizes is an error).
/// Obstacles are rectangles or WKT strings (or `{"wkt": "..."}`).
extension CalloutRequest {
  /// Reads a request. - Throws: ``InvalidInput`` naming the missing or invalid field.
  public init(json: JSONValue) throws(InvalidInput) {
    guard case .object = json else {
      throw InvalidInput(
        field: nil, code: .malformedJSON,
        message: "a callout request must be a JSON object, not \(json.typeDescription)")
    }
    func size(_ key: String, required: Bool, default value: (Double, Double)) throws(InvalidInput) -> (Double, Double)?
    {
      guard let object = json[key], object != .null else {
        if required {
          throw InvalidInput(
            field: key, code: .missingField, message: "\(key) is missing: it must be {\"width\":..,\"height\":..}")
        }
        return value
      }
      guard case .object = object else {
        throw InvalidInput(field: key, code: .invalidType, message: "\(key) must be an object with width and height")
      }
      return (
        try object.requiredNumber("width", named: "\(key).width", "a number"),
        try object.requiredNumber("height", named: "\(key).height", "a number")
      )
    }
    func number(_ key: String, _ fallback: Double) throws(InvalidInput) -> Double {
      try json.optionalNumber(key, "a finite number >= 0") ?? fallback
    }
    let camera: Camera? = try json["camera"].flatMap { value throws(InvalidInput) in
      guard value != .null else { return nil }
      do throws(InvalidInput) { return try Camera(json: value) } catch { throw error.prefixed("camera") }
    }
    let viewportGiven = try size("viewport", required: camera == nil, default: (0, 0))!
    var viewport = viewportGiven
    if let camera {
      if json["viewport"] != nil && json["viewport"] != .null
        && (viewportGiven.0 != camera.width || viewportGiven.1 != camera.height)
      {
        throw InvalidInput(
          field: "viewport", code: .outOfRange,
          message: "viewport must equal the camera's width and height when both are given")
      }
      viewport = (camera.width, camera.height)
    }
    let callout = try size("callout", required: true, default: (0, 0))!
    var layout = CalloutLayout(
      viewportWidth: viewport.0, viewportHeight: viewport.1, calloutWidth: callout.0, calloutHeight: callout.1)
    if let insets = json["insets"], insets != .null {
      guard case .object = insets else {
        throw InvalidInput(
          field: "insets", code: .invalidType, message: "insets must be an object {top,left,bottom,right}")
      }
      layout.insets = EdgeInsets(
        top: try insets.optionalNumber("top", named: "insets.top", "a number") ?? 0,
        left: try insets.optionalNumber("left", named: "insets.left", "a number") ?? 0,
        bottom: try insets.optionalNumber("bottom", named: "insets.bottom", "a number") ?? 0,
        right: try insets.optionalNumber("right", named: "insets.right", "a number") ?? 0)
    }
    layout.margin = try number("margin", 8)
    layout.pinHeight = try number("pinHeight", 40)
    layout.gap = try number("gap", 10)
    layout.cornerRadius = try number("cornerRadius", 12)
    let arrow = try size("arrow", required: false, default: (20, 10))!
    (layout.arrowWidth, layout.arrowHeight) = arrow
    guard let pinValue = json["pin"], pinValue != .null else {
      throw InvalidInput(
        field: "pin", code: .missingField,
        message: "pin is missing: {\"x\",\"y\"} in points, or {\"lat\",\"lng\"} with a camera")
    }
    guard case .object = pinValue else {
      throw InvalidInput(field: "pin", code: .invalidType, message: "pin must be an object")
    }
    let pin: Pin
    if pinValue["lat"] != nil || pinValue["lng"] != nil {
      guard let camera else {
        throw InvalidInput(
          field: "camera", code: .missingField, message: "camera is missing: a pin given as lat, lng needs a camera")
      }
      let lat = try pinValue.requiredNumber("lat", named: "pin.lat", "a finite number in [-90, 90]")
      let lng = try pinValue.requiredNumber("lng", named: "pin.lng", "a finite number in [-180, 180]")
      guard GeoCoordinate(latitude: lat, longitude: lng).isValid else {
        throw InvalidInput(
          field: "pin.lat", code: .outOfRange, message: "pin must have lat in [-90, 90] and lng in [-180, 180]")
      }
      pin = .coordinate(GeoCoordinate(latitude: lat, longitude: lng), view: CameraView(camera))
    } else {
      pin = .screen(
        ScreenPoint(
          x: try pinValue.requiredNumber("x", named: "pin.x", "a number"),
          y: try pinValue.requiredNumber("y", named: "pin.y", "a number")))
    }
    var obstacles: [Obstacle] = []
    switch json["obstacles"] {
    case nil, .null?: break
    case .array(let items)?:
      for (i, item) in items.enumerated() {
        let field = "obstacles[\(i)]"
        switch item {
        case .string(let wkt): obstacles.append(.wkt(wkt))
        case .object where item["wkt"] != nil:
          guard case .string(let wkt)? = item["wkt"] else {
            throw InvalidInput(field: field, code: .invalidType, message: "\(field).wkt must be a string")
          }
          obstacles.append(.wkt(wkt))
        case .object:
          obstacles.append(
            .rectangle(
              ScreenRect(
                x: try item.requiredNumber("x", named: "\(field).x", "a number"),
                y: try item.requiredNumber("y", named: "\(field).y", "a number"),
                width: try item.requiredNumber("width", named: "\(field).width", "a number"),
                height: try item.requiredNumber("height", named: "\(field).height", "a number"))))
        default:
          throw InvalidInput(
            field: field, code: .invalidType, message: "\(field) must be a rectangle object or a WKT string")
        }
      }
    case let other?:
      throw InvalidInput(
        field: "obstacles", code: .invalidType, message: "obstacles must be an array, not \(other.typeDescription)")
    }
    self.init(layout: layout, pin: pin, obstacles: obstacles)
  }
}
