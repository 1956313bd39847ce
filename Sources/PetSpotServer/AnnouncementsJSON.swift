import PetSpotGeo

/// Announcements as JSON, written straight into bytes (the servers' hot path: no String is built
/// per announcement). A pins file's announcement carries `id`, `lastSeenLatitude`,
/// `lastSeenLongitude` and `status` (`null` when the pin has none); a database row more (see
/// `AnnouncementsJSON+Rows`).
enum AnnouncementsJSON {
  /// Every pin of `pins` as a JSON object, in input order. - Complexity: O(n).
  static func objects(of pins: PinSet) -> JSONObjects {
    var objects = JSONObjects()
    objects.reserve(pins.count, averageBytes: 96)
    let statusNames = ([nil, "MISSING", "FOUND", "CLOSED"] + pins.otherStatuses.map(Optional.some)).map {
      name -> [UInt8] in
      guard var name else { return Array("null".utf8) }
      var quoted: [UInt8] = []
      name.withUTF8 { JSONValue.appendString($0, to: &quoted) }
      return quoted
    }
    for p in 0..<pins.count {
      objects.append { out in
        out.append(contentsOf: #"{"id":"#.utf8)
        pins.ids.withUTF8(p) { JSONValue.appendString($0, to: &out) }
        out.append(contentsOf: #","lastSeenLatitude":"#.utf8)
        ShortestDecimal.append(pins.latitudes[p], to: &out)
        out.append(contentsOf: #","lastSeenLongitude":"#.utf8)
        ShortestDecimal.append(pins.longitudes[p], to: &out)
        out.append(contentsOf: #","status":"#.utf8)
        out.append(contentsOf: statusNames[Int(pins.statusCodes[p])])
        out.append(UInt8(ascii: "}"))
      }
    }
    return objects
  }
}
