/// The JSON the `prune` command and its batch mode print, written straight into a string (a
/// world camera over ten million pins prints millions of ids; no intermediate JSON values).
public enum PrunedPinsOutput {
  /// `{"visible":["id",...],"invalid":N}`
  public static func visible(_ positions: [UInt32], pins: PinSet) -> String {
    var out = "{\"visible\":["
    out.reserveCapacity(16 + positions.count * 12)
    for (i, position) in positions.enumerated() {
      if i > 0 { out += "," }
      JSONValue.writeString(pins.ids[Int(position)], to: &out)
    }
    out += "],\"invalid\":\(pins.invalidCount)}"
    return out
  }

  /// `{"count":N,"invalid":N}`
  public static func count(_ count: Int, pins: PinSet) -> String {
    "{\"count\":\(count),\"invalid\":\(pins.invalidCount)}"
  }

  /// A GeoJSON FeatureCollection of the visible pins: Point geometry in [lng, lat] order, the id
  /// as the feature id and in properties with the status.
  public static func geoJSON(_ positions: [UInt32], pins: PinSet) -> String {
    var out = "{\"type\":\"FeatureCollection\",\"features\":["
    for (i, position) in positions.enumerated() {
      let p = Int(position)
      if i > 0 { out += "," }
      out += "{\"type\":\"Feature\",\"id\":"
      JSONValue.writeString(pins.ids[p], to: &out)
      out +=
        ",\"geometry\":{\"type\":\"Point\",\"coordinates\":[\(ShortestDecimal.string(pins.longitudes[p])),\(ShortestDecimal.string(pins.latitudes[p]))]},\"properties\":{\"id\":"
      JSONValue.writeString(pins.ids[p], to: &out)
      out += ",\"status\":"
      if let status = pins.status(at: p) { JSONValue.writeString(status.name, to: &out) } else { out += "null" }
      out += "}}"
    }
    out += "],\"invalid\":\(pins.invalidCount)}"
    return out
  }
}
