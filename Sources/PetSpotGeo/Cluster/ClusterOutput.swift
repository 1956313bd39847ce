/// The JSON the `cluster` command and `GET /clusters` print, written straight into bytes (``JSONWriter``).
///
/// - pin: `{"kind":"pin","id","lat","lng","x","y","status"}`
/// - cluster: `{"kind":"cluster","id","count","lat","lng","x","y","statusCounts":{"MISSING":a,"FOUND":b},"expansionZoom"}`
///   (+ `"CLOSED"`, `"OTHER"` in statusCounts when non-zero; + `"leaves":[ids]` when asked for)
/// - spider: `{"kind":"spider","id","lat","lng","x","y","anchorX","anchorY","status"}`
///
/// Every item also carries `"aggregates":{"species:counts":{"CAT":2,"DOG":1},"lastSeenDate:max":"2026-11-20"}`
/// when the index declares aggregates (``writeAggregates(of:index:to:)``).
///
/// Coordinates are degrees, x and y screen points (x right, y down from the top-left corner).
public enum ClusterOutput {
  /// `{"zoom":z,"level":L,"items":[...]}`: z the camera's fractional zoom, L the hierarchy level used;
  /// with a revealed pin, `"reveal":{...}` after the items (``writeReveal(_:id:to:)``).
  /// With transitions (from the previous result), `"transitions":[...]` after the items
  /// (``writeTransitions(_:to:)``); with a token (the server's), `"token":"…"` last.
  public static func json(
    _ result: ClusterResult, index: ClusterIndex, withLeaves: Bool, reveal: (id: String, PinReveal)? = nil,
    transitions: [ClusterTransition]? = nil, token: String? = nil
  ) -> String {
    jsonBytes(result, index: index, withLeaves: withLeaves, reveal: reveal, transitions: transitions, token: token)
      .text
  }

  /// ``json(_:index:withLeaves:reveal:transitions:token:)`` as UTF-8 bytes (what a server sends).
  public static func jsonBytes(
    _ result: ClusterResult, index: ClusterIndex, withLeaves: Bool, reveal: (id: String, PinReveal)? = nil,
    transitions: [ClusterTransition]? = nil, token: String? = nil
  ) -> JSONWriter {
    var out = JSONWriter(capacity: 64 + 200 * result.items.count)
    out.raw("{")
    writeZoomAndLevel(of: result, to: &out)
    out.raw(",\"items\":[")
    for (i, item) in result.items.enumerated() {
      if i > 0 { out.raw(",") }
      writeItem(item, index: index, withLeaves: withLeaves, to: &out)
    }
    out.raw("]")
    if let (id, revealed) = reveal { writeReveal(revealed, id: id, to: &out) }
    if let transitions { writeTransitions(transitions, to: &out) }
    if let token {
      out.raw(",\"token\":")
      out.string(token)
    }
    out.raw("}")
    return out
  }

  /// `"zoom":z,"level":L`.
  private static func writeZoomAndLevel(of result: ClusterResult, to out: inout JSONWriter) {
    out.raw("\"zoom\":")
    out.number(result.zoom)
    out.raw(",\"level\":")
    out.integer(result.level)
  }

  /// `,"transitions":[{"kind","from":[i…],"to":[j…]}…]`: indices into the previous line's items
  /// (`from`) and this line's (`to`); kinds stay, split, merge, regroup, appear, disappear.
  public static func writeTransitions(_ transitions: [ClusterTransition], to out: inout JSONWriter) {
    out.raw(",\"transitions\":[")
    for (k, t) in transitions.enumerated() {
      if k > 0 { out.raw(",") }
      out.raw("{\"kind\":\"")
      out.raw(t.kind.rawValue)
      out.raw("\",\"from\":[")
      writeIntegers(t.from, to: &out)
      out.raw("],\"to\":[")
      writeIntegers(t.to, to: &out)
      out.raw("]}")
    }
    out.raw("]")
  }

  private static func writeIntegers(_ values: some Sequence<Int>, to out: inout JSONWriter) {
    for (k, value) in values.enumerated() {
      if k > 0 { out.raw(",") }
      out.integer(value)
    }
  }

  /// `,"reveal":{"id","item","level","shownAlone","camera":{...}}`: the item holding the pin (its
  /// index in `items`, or null when not in view), the level at which it is its own item, whether
  /// the camera shows it so, and that camera in the input form (`lat`, `lng`, `latDelta`,
  /// `lngDelta`, `width`, `height`, `heading`; `pitch` and `fov` when tilted) — ready for
  /// `cluster --batch`.
  public static func writeReveal(_ reveal: PinReveal, id: String, to out: inout JSONWriter) {
    out.raw(",\"reveal\":{\"id\":")
    out.string(id)
    out.raw(",\"item\":")
    if let item = reveal.item { out.integer(item) } else { out.raw("null") }
    out.raw(",\"level\":")
    out.integer(reveal.level)
    out.raw(",\"shownAlone\":")
    out.boolean(reveal.isShownAlone)
    let c = reveal.camera
    var fields: [(StaticString, Double)] = [
      ("{\"lat\":", c.center.latitude), (",\"lng\":", c.center.longitude), (",\"latDelta\":", c.latitudeDelta),
      (",\"lngDelta\":", c.longitudeDelta), (",\"width\":", c.width), (",\"height\":", c.height),
      (",\"heading\":", c.heading),
    ]
    if c.pitch > 0 { fields += [(",\"pitch\":", c.pitch), (",\"fov\":", c.fieldOfView)] }
    out.raw(",\"camera\":")
    for (key, value) in fields {
      out.raw(key)
      out.number(value)
    }
    out.raw("}}")
  }

  /// A GeoJSON FeatureCollection: one Point feature per item at its drawn position ([lng, lat]),
  /// the item's fields as properties; `zoom` and `level` as foreign members.
  public static func geoJSON(
    _ result: ClusterResult, index: ClusterIndex, withLeaves: Bool, reveal: (id: String, PinReveal)? = nil,
    transitions: [ClusterTransition]? = nil
  ) -> String {
    var out = JSONWriter(capacity: 64 + 300 * result.items.count)
    out.raw("{\"type\":\"FeatureCollection\",")
    writeZoomAndLevel(of: result, to: &out)
    out.raw(",\"features\":[")
    for (i, item) in result.items.enumerated() {
      if i > 0 { out.raw(",") }
      out.raw("{\"type\":\"Feature\",\"id\":")
      writeId(of: item, index: index, to: &out)
      out.raw(",\"geometry\":{\"type\":\"Point\",\"coordinates\":[")
      out.number(item.coordinate.longitude)
      out.raw(",")
      out.number(item.coordinate.latitude)
      out.raw("]},\"properties\":")
      writeItem(item, index: index, withLeaves: withLeaves, to: &out)
      out.raw("}")
    }
    out.raw("]")
    if let (id, revealed) = reveal { writeReveal(revealed, id: id, to: &out) }
    if let transitions { writeTransitions(transitions, to: &out) }
    out.raw("}")
    return out.text
  }

  /// An item's id: the pin's id, or the cluster's "cluster:" id.
  public static func id(of item: ClusterItem, index: ClusterIndex) -> String {
    item.cluster?.id ?? index.pins.ids[item.position]
  }

  /// An item's id as a JSON string, written without building it (``id(of:index:)``).
  private static func writeId(of item: ClusterItem, index: ClusterIndex, to out: inout JSONWriter) {
    guard let cluster = item.cluster else {
      index.pins.ids.withUTF8(item.position) { out.string(utf8: $0) }
      return
    }
    out.raw("\"cluster:")
    let hex: StaticString = "0123456789abcdef"
    hex.withUTF8Buffer { digits in
      for shift in stride(from: 60, through: 0, by: -4) {
        out.byte(digits[Int((cluster.idHash >> UInt64(shift)) & 15)])
      }
    }
    out.raw("\"")
  }

  private static func writeItem(_ item: ClusterItem, index: ClusterIndex, withLeaves: Bool, to out: inout JSONWriter) {
    out.raw("{\"kind\":\"")
    out.raw(item.kind.rawValue)
    out.raw("\",\"id\":")
    writeId(of: item, index: index, to: &out)
    if let cluster = item.cluster {
      out.raw(",\"count\":")
      out.integer(cluster.count)
    }
    out.raw(",\"lat\":")
    out.number(item.coordinate.latitude)
    out.raw(",\"lng\":")
    out.number(item.coordinate.longitude)
    out.raw(",\"x\":")
    out.number(item.point.x)
    out.raw(",\"y\":")
    out.number(item.point.y)
    switch item.kind {
    case .cluster:
      let c = item.cluster!
      out.raw(",\"statusCounts\":{\"MISSING\":")
      out.integer(c.missing)
      out.raw(",\"FOUND\":")
      out.integer(c.found)
      if c.closed > 0 {
        out.raw(",\"CLOSED\":")
        out.integer(c.closed)
      }
      if c.other > 0 {
        out.raw(",\"OTHER\":")
        out.integer(c.other)
      }
      out.raw("},\"expansionZoom\":")
      out.integer(c.expansionZoom)
      if withLeaves {
        out.raw(",\"leaves\":[")
        for (k, leaf) in index.leaves(of: c).enumerated() {
          if k > 0 { out.raw(",") }
          index.pins.ids.withUTF8(leaf) { out.string(utf8: $0) }
        }
        out.raw("]")
      }
    case .spider:
      out.raw(",\"anchorX\":")
      out.number(item.anchor.x)
      out.raw(",\"anchorY\":")
      out.number(item.anchor.y)
      writeStatus(of: item.position, pins: index.pins, to: &out)
    case .pin:
      writeStatus(of: item.position, pins: index.pins, to: &out)
    }
    writeAggregates(of: item, index: index, to: &out)
    out.raw("}")
  }

  /// `,"aggregates":{…}` keyed by declaration (`species:counts`): counts as an object of value →
  /// leaves (sorted by value, zero counts left out), min/max as a number or a date string, `null`
  /// when no leaf has a value. Nothing when the index declares no aggregates.
  public static func writeAggregates(of item: ClusterItem, index: ClusterIndex, to out: inout JSONWriter) {
    guard !index.options.aggregates.isEmpty else { return }
    out.raw(",\"aggregates\":{")
    for (k, aggregate) in index.options.aggregates.enumerated() {
      if k > 0 { out.raw(",") }
      out.string(aggregate.description)
      out.raw(":")
      writeAggregateValue(index.aggregate(k, of: item), to: &out)
    }
    out.raw("}")
  }

  /// An aggregate value as JSON: `{"CAT":2,"DOG":1}`, `12.5`, `"2026-11-20"` or `null`.
  public static func writeAggregateValue(_ value: AggregateValue, to out: inout JSONWriter) {
    switch value {
    case .counts(let counts):
      out.raw("{")
      for (k, entry) in counts.enumerated() {
        if k > 0 { out.raw(",") }
        out.string(entry.value)
        out.raw(":")
        out.integer(entry.count)
      }
      out.raw("}")
    case .number(let number?): out.number(number)
    case .date(let text?): out.string(text)
    case .number(nil), .date(nil): out.raw("null")
    }
  }

  /// ``writeAggregateValue(_:to:)-(_,JSONWriter)`` appended to a String.
  public static func writeAggregateValue(_ value: AggregateValue, to out: inout String) {
    var writer = JSONWriter()
    writeAggregateValue(value, to: &writer)
    out += writer.text
  }

  private static func writeStatus(of position: Int, pins: PinSet, to out: inout JSONWriter) {
    out.raw(",\"status\":")
    if let status = pins.status(at: position) { out.string(status.name) } else { out.raw("null") }
  }
}

extension ClusterOptions {
  /// Options from a JSON Lines request's optional `minSeparation` and `maxZoom`, over `defaults`.
  /// - Throws: ``InvalidInput`` naming the field (maxZoom must be an integer in 0...22).
  public init(json: JSONValue, defaults: ClusterOptions) throws(InvalidInput) {
    self = defaults
    if let d = try json.optionalNumber("minSeparation", "a finite number of points in [0.01, 1000]") {
      minSeparation = d
    }
    if let z = try json.optionalNumber("maxZoom", "an integer in 0...22") {
      guard z.isFinite, z == z.rounded(), abs(z) < 1e6 else {
        throw InvalidInput(
          field: "maxZoom", code: z.isFinite ? .outOfRange : .notFinite, message: "maxZoom must be an integer in 0...22"
        )
      }
      maxZoom = Int(z)
    }
    try validate()
  }
}
