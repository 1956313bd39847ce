/// The JSON the `cluster` command prints, written straight into a string.
///
/// - pin: `{"kind":"pin","id","lat","lng","x","y","status"}`
/// - cluster: `{"kind":"cluster","id","count","lat","lng","x","y","statusCounts":{"MISSING":a,"FOUND":b},"expansionZoom"}`
///   (+ `"CLOSED"`, `"OTHER"` in statusCounts when non-zero; + `"leaves":[ids]` when asked for)
/// - spider: `{"kind":"spider","id","lat","lng","x","y","anchorX","anchorY","status"}`
///
/// Coordinates are degrees, x and y screen points (x right, y down from the top-left corner).
public enum ClusterOutput {
  /// `{"zoom":z,"level":L,"items":[...]}`: z the camera's fractional zoom, L the hierarchy level used.
  public static func json(_ result: ClusterResult, index: ClusterIndex, withLeaves: Bool) -> String {
    var out = "{\"zoom\":\(number(result.zoom)),\"level\":\(result.level),\"items\":["
    for (i, item) in result.items.enumerated() {
      if i > 0 { out += "," }
      writeItem(item, index: index, withLeaves: withLeaves, to: &out)
    }
    out += "]}"
    return out
  }

  /// A GeoJSON FeatureCollection: one Point feature per item at its drawn position ([lng, lat]),
  /// the item's fields as properties; `zoom` and `level` as foreign members.
  public static func geoJSON(_ result: ClusterResult, index: ClusterIndex, withLeaves: Bool) -> String {
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
    out += "]}"
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
    out += "}"
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
