/// The JSON the `cluster` command prints, written straight into a string.
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
  /// (``writeTransitions(_:to:)``).
  public static func json(
    _ result: ClusterResult, index: ClusterIndex, withLeaves: Bool, reveal: (id: String, PinReveal)? = nil,
    transitions: [ClusterTransition]? = nil
  ) -> String {
    var out = "{\"zoom\":\(number(result.zoom)),\"level\":\(result.level),\"items\":["
    for (i, item) in result.items.enumerated() {
      if i > 0 { out += "," }
      writeItem(item, index: index, withLeaves: withLeaves, to: &out)
    }
    out += "]"
    if let (id, revealed) = reveal { writeReveal(revealed, id: id, to: &out) }
    if let transitions { writeTransitions(transitions, to: &out) }
    out += "}"
    return out
  }

  /// `,"transitions":[{"kind","from":[i…],"to":[j…]}…]`: indices into the previous line's items
  /// (`from`) and this line's (`to`); kinds stay, split, merge, regroup, appear, disappear.
  public static func writeTransitions(_ transitions: [ClusterTransition], to out: inout String) {
    out += ",\"transitions\":["
    for (k, t) in transitions.enumerated() {
      if k > 0 { out += "," }
      out += "{\"kind\":\"\(t.kind.rawValue)\",\"from\":["
      out += t.from.map(String.init).joined(separator: ",")
      out += "],\"to\":["
      out += t.to.map(String.init).joined(separator: ",")
      out += "]}"
    }
    out += "]"
  }

  /// `,"reveal":{"id","item","level","shownAlone","camera":{...}}`: the item holding the pin (its
  /// index in `items`, or null when not in view), the level at which it is its own item, whether
  /// the camera shows it so, and that camera in the input form (`lat`, `lng`, `latDelta`,
  /// `lngDelta`, `width`, `height`, `heading`; `pitch` and `fov` when tilted) — ready for
  /// `cluster --batch`.
  public static func writeReveal(_ reveal: PinReveal, id: String, to out: inout String) {
    out += ",\"reveal\":{\"id\":"
    JSONValue.writeString(id, to: &out)
    out += ",\"item\":\(reveal.item.map(String.init) ?? "null"),\"level\":\(reveal.level)"
    out += ",\"shownAlone\":\(reveal.isShownAlone),\"camera\":"
    let c = reveal.camera
    out += "{\"lat\":\(number(c.center.latitude)),\"lng\":\(number(c.center.longitude))"
    out += ",\"latDelta\":\(number(c.latitudeDelta)),\"lngDelta\":\(number(c.longitudeDelta))"
    out += ",\"width\":\(number(c.width)),\"height\":\(number(c.height)),\"heading\":\(number(c.heading))"
    if c.pitch > 0 { out += ",\"pitch\":\(number(c.pitch)),\"fov\":\(number(c.fieldOfView))" }
    out += "}}"
  }

  /// A GeoJSON FeatureCollection: one Point feature per item at its drawn position ([lng, lat]),
  /// the item's fields as properties; `zoom` and `level` as foreign members.
  public static func geoJSON(
    _ result: ClusterResult, index: ClusterIndex, withLeaves: Bool, reveal: (id: String, PinReveal)? = nil,
    transitions: [ClusterTransition]? = nil
  ) -> String {
    var out = "{\"type\":\"FeatureCollection\",\"zoom\":\(number(result.zoom)),\"level\":\(result.level),\"features\":["
    for (i, item) in result.items.enumerated() {
      if i > 0 { out += "," }
      out += "{\"type\":\"Feature\",\"id\":"
      JSONValue.writeString(id(of: item, index: index), to: &out)
      out +=
        ",\"geometry\":{\"type\":\"Point\",\"coordinates\":[\(number(item.coordinate.longitude)),\(number(item.coordinate.latitude))]},\"properties\":"
      writeItem(item, index: index, withLeaves: withLeaves, to: &out)
      out += "}"
    }
    out += "]"
    if let (id, revealed) = reveal { writeReveal(revealed, id: id, to: &out) }
    if let transitions { writeTransitions(transitions, to: &out) }
    out += "}"
    return out
  }

  /// An item's id: the pin's id, or the cluster's "cluster:" id.
  public static func id(of item: ClusterItem, index: ClusterIndex) -> String {
    item.cluster?.id ?? index.pins.ids[item.position]
  }

  private static func writeItem(_ item: ClusterItem, index: ClusterIndex, withLeaves: Bool, to out: inout String) {
    out += "{\"kind\":\"\(item.kind.rawValue)\",\"id\":"
    JSONValue.writeString(id(of: item, index: index), to: &out)
    if let cluster = item.cluster { out += ",\"count\":\(cluster.count)" }
    out += ",\"lat\":\(number(item.coordinate.latitude)),\"lng\":\(number(item.coordinate.longitude))"
    out += ",\"x\":\(number(item.point.x)),\"y\":\(number(item.point.y))"
    switch item.kind {
    case .cluster:
      let c = item.cluster!
      out += ",\"statusCounts\":{\"MISSING\":\(c.missing),\"FOUND\":\(c.found)"
      if c.closed > 0 { out += ",\"CLOSED\":\(c.closed)" }
      if c.other > 0 { out += ",\"OTHER\":\(c.other)" }
      out += "},\"expansionZoom\":\(c.expansionZoom)"
      if withLeaves {
        out += ",\"leaves\":["
        for (k, leaf) in index.leaves(of: c).enumerated() {
          if k > 0 { out += "," }
          JSONValue.writeString(index.pins.ids[leaf], to: &out)
        }
        out += "]"
      }
    case .spider:
      out += ",\"anchorX\":\(number(item.anchor.x)),\"anchorY\":\(number(item.anchor.y))"
      writeStatus(of: item.position, pins: index.pins, to: &out)
    case .pin:
      writeStatus(of: item.position, pins: index.pins, to: &out)
    }
    writeAggregates(of: item, index: index, to: &out)
    out += "}"
  }

  /// `,"aggregates":{…}` keyed by declaration (`species:counts`): counts as an object of value →
  /// leaves (sorted by value, zero counts left out), min/max as a number or a date string, `null`
  /// when no leaf has a value. Nothing when the index declares no aggregates.
  public static func writeAggregates(of item: ClusterItem, index: ClusterIndex, to out: inout String) {
    guard !index.options.aggregates.isEmpty else { return }
    out += ",\"aggregates\":{"
    for (k, aggregate) in index.options.aggregates.enumerated() {
      if k > 0 { out += "," }
      JSONValue.writeString(aggregate.description, to: &out)
      out += ":"
      writeAggregateValue(index.aggregate(k, of: item), to: &out)
    }
    out += "}"
  }

  /// An aggregate value as JSON: `{"CAT":2,"DOG":1}`, `12.5`, `"2026-11-20"` or `null`.
  public static func writeAggregateValue(_ value: AggregateValue, to out: inout String) {
    switch value {
    case .counts(let counts):
      out += "{"
      for (k, entry) in counts.enumerated() {
        if k > 0 { out += "," }
        JSONValue.writeString(entry.value, to: &out)
        out += ":\(entry.count)"
      }
      out += "}"
    case .number(let number?): out += Self.number(number)
    case .date(let text?): JSONValue.writeString(text, to: &out)
    case .number(nil), .date(nil): out += "null"
    }
  }

  private static func writeStatus(of position: Int, pins: PinSet, to out: inout String) {
    out += ",\"status\":"
    if let status = pins.status(at: position) { JSONValue.writeString(status.name, to: &out) } else { out += "null" }
  }

  private static func number(_ value: Double) -> String { ShortestDecimal.string(value) }
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
