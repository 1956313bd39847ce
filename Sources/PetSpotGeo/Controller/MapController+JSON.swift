/// The replay format (`petspot-geo replay`): one event per JSON line in, `{"effects","state"}` out.
///
///     {"event":"appear","camera":{...},"t":0}
///     {"event":"gestureBegan"}   {"event":"cameraChanged","camera":{...}}   {"event":"gestureEnded","camera":{...}}
///     {"event":"fetchSucceeded","requestId":2,"announcements":[...]}   {"event":"fetchFailed","requestId":2}
///     {"event":"tapPin","id":"a1"}   {"event":"tapMap"}   {"event":"viewportChanged","width":390,"height":844}
extension MapController.Event {
  /// Decodes an event line (and its optional time `t`, milliseconds).
  /// - Throws: ``InvalidInput`` naming the field.
  public static func decode(_ json: JSONValue) throws(InvalidInput) -> (event: MapController.Event, time: Double?) {
    guard case .string(let name)? = json["event"] else {
      throw InvalidInput(
        field: "event", code: json["event"] == nil ? .missingField : .invalidType,
        message: "event must name the event, e.g. \"gestureEnded\"")
    }
    let time = try json.optionalNumber("t", "a finite number of milliseconds")
    if let time, !time.isFinite {
      throw InvalidInput(field: "t", code: .notFinite, message: "t must be a finite number of milliseconds")
    }
    func camera() throws(InvalidInput) -> Camera {
      guard let value = json["camera"], value != .null else {
        throw InvalidInput(field: "camera", code: .missingField, message: "camera is missing for \(name)")
      }
      do throws(InvalidInput) { return try Camera(json: value) } catch { throw error.prefixed("camera") }
    }
    func requestId() throws(InvalidInput) -> Int {
      let value = try json.requiredNumber("requestId", "a positive integer")
      guard value == value.rounded(), value >= 1, value < 1e15 else {
        throw InvalidInput(field: "requestId", code: .outOfRange, message: "requestId must be a positive integer")
      }
      return Int(value)
    }
    let event: MapController.Event
    switch name {
    case "appear": event = .appear(try camera())
    case "gestureBegan": event = .gestureBegan
    case "cameraChanged": event = .cameraChanged(try camera())
    case "gestureEnded": event = .gestureEnded(try camera())
    case "fetchSucceeded":
      let id = try requestId()
      guard let body = json["announcements"] else {
        throw InvalidInput(
          field: "announcements", code: .missingField, message: "announcements is missing: the response body (an array)"
        )
      }
      event = .fetchSucceeded(requestId: id, try AnnouncementBatch(json: body))
    case "fetchFailed": event = .fetchFailed(requestId: try requestId())
    case "tapPin":
      switch json["id"] {
      case .string(let id)?: event = .tapPin(id)
      case .number(let n)? where n == n.rounded(): event = .tapPin(ShortestDecimal.string(n))
      default: throw InvalidInput(field: "id", code: .missingField, message: "id must be the tapped pin's id")
      }
    case "tapMap": event = .tapMap
    case "viewportChanged":
      event = .viewportChanged(
        width: try json.requiredNumber("width", "a finite number > 0"),
        height: try json.requiredNumber("height", "a finite number > 0"))
    default:
      throw InvalidInput(field: "event", code: .unsupported, message: "unknown event '\(name)'")
    }
    return (event, time)
  }
}

extension MapController.Effect {
  public var json: JSONValue {
    switch self {
    case .fetch(let id, let query):
      .object([
        ("type", .string("fetch")), ("requestId", .number(Double(id))), ("lat", .number(query.center.latitude)),
        ("lng", .number(query.center.longitude)), ("range", .number(Double(query.range))),
        ("query", .string(query.queryString)),
      ])
    case .cancel(let id): .object([("type", .string("cancel")), ("requestId", .number(Double(id)))])
    case .pinsChanged(let ids): .object([("type", .string("pinsChanged")), ("count", .number(Double(ids.count)))])
    case .selectionChanged(let id):
      .object([("type", .string("selectionChanged")), ("selectedId", id.map(JSONValue.string) ?? .null)])
    case .displayChanged(let count): .object([("type", .string("displayChanged")), ("count", .number(Double(count)))])
    case .revealSelection(let camera): .object([("type", .string("revealSelection")), ("camera", camera.inputJSON)])
    }
  }
}

extension Camera {
  /// The camera in the input form (`lat`, `lng`, `latDelta`, `lngDelta`, `width`, `height`,
  /// `heading`; `pitch` and `fov` when tilted): what `cluster --batch` and `replay` read.
  public var inputJSON: JSONValue {
    var fields: [(String, JSONValue)] = [
      ("lat", .number(center.latitude)), ("lng", .number(center.longitude)), ("latDelta", .number(latitudeDelta)),
      ("lngDelta", .number(longitudeDelta)), ("width", .number(width)), ("height", .number(height)),
      ("heading", .number(heading)),
    ]
    if pitch > 0 { fields += [("pitch", .number(pitch)), ("fov", .number(fieldOfView))] }
    return .object(fields)
  }
}

extension MapController {
  /// `{"isLoading","pins":[ids],"selectedId","callout":{...}|null,"calloutPlacement":{...}|null,"droppedAnnouncements"}`,
  /// plus `"calloutPlacementError":"<message>"` (and a null placement) in the rare case that PROJ
  /// or GEOS fail to place the selected pin's callout: reported, never swallowed.
  public var stateJSON: JSONValue {
    stateJSON(placement: Result { () throws(GeoError) in try calloutPlacement() })
  }

  /// ``stateJSON`` with a callout placement already computed (``calloutPlacement()``'s outcome), so
  /// a caller that keeps one does not place the callout twice.
  public func stateJSON(placement: Result<CalloutPlacement?, GeoError>) -> JSONValue {
    var fields: [(String, JSONValue)] = [
      ("isLoading", .bool(isLoading)),
      ("pins", .array(pins.map { .string($0.id) })),
      ("selectedId", selectedId.map(JSONValue.string) ?? .null),
      ("callout", calloutContent?.json ?? .null),
    ]
    switch placement {
    case .success(let placement):
      fields.append(("calloutPlacement", placement?.json ?? .null))
    case .failure(let error):
      fields.append(("calloutPlacement", .null))
      fields.append(("calloutPlacementError", .string(error.description)))
    }
    fields.append(("droppedAnnouncements", .number(Double(droppedAnnouncements))))
    if configuration.clustering != nil { fields += displayJSON }
    return .object(fields)
  }

  /// Clustering on: `"display":{"zoom","level","items":[{"kind","id","count"?,"lat","lng","x","y"}…],
  /// "transitions":[{"kind","from","to"}…]}` (null before the first camera) and
  /// `"selection":{"item","hidden","revealCamera"}` (null without a selected pin in the display).
  private var displayJSON: [(String, JSONValue)] {
    var out: [(String, JSONValue)] = []
    if let display, let index = displayIndex {
      let items: [JSONValue] = display.items.map { item in
        var fields: [(String, JSONValue)] = [("kind", .string(item.kind.rawValue))]
        if let cluster = item.cluster {
          fields += [("id", .string(cluster.id)), ("count", .number(Double(cluster.count)))]
        } else {
          fields.append(("id", .string(index.pins.ids[item.position])))
        }
        fields += [
          ("lat", .number(item.coordinate.latitude)), ("lng", .number(item.coordinate.longitude)),
          ("x", .number(item.point.x)), ("y", .number(item.point.y)),
        ]
        return .object(fields)
      }
      let transitions: [JSONValue] = displayTransitions.map { t in
        .object([
          ("kind", .string(t.kind.rawValue)), ("from", .array(t.from.map { .number(Double($0)) })),
          ("to", .array(t.to.map { .number(Double($0)) })),
        ])
      }
      out.append(
        (
          "display",
          .object([
            ("zoom", .number(display.zoom)), ("level", .number(Double(display.level))), ("items", .array(items)),
            ("transitions", .array(transitions)),
          ])
        ))
    } else {
      out.append(("display", .null))
    }
    if let reveal = selectionReveal {
      out.append(
        (
          "selection",
          .object([
            ("item", reveal.item.map { .number(Double($0)) } ?? .null), ("hidden", .bool(isSelectionHidden)),
            ("revealCamera", reveal.camera.inputJSON),
          ])
        ))
    } else {
      out.append(("selection", .null))
    }
    return out
  }

  /// Handles a replay line and returns `{"effects":[...],"state":{...}}`.
  public func replay(_ line: JSONValue) throws(InvalidInput) -> JSONValue {
    let (event, time) = try MapController.Event.decode(line)
    let effects = try handle(event, at: time)
    return .object([("effects", .array(effects.map(\.json))), ("state", stateJSON)])
  }
}
