/// Reads pins from JSON: an array of announcements as the server returns them (`id`,
/// `lastSeenLatitude`, `lastSeenLongitude`, `status`, other fields ignored), or a GeoJSON
/// FeatureCollection of Point features (`[lon, lat]` order; `id` from the feature, else from its
/// properties, else its position in the array; `status` from its properties).
///
/// A missing or `null` coordinate counts as an invalid row, like an empty CSV cell; a coordinate of
/// another type, a missing id, or a non-Point geometry is a malformed file, reported with the
/// item's index. The members named in `properties` (of an announcement; of a feature's
/// `properties`) become ``PinSet/properties``: strings as they are (trimmed), numbers in their
/// shortest form, booleans as `true`/`false`, absent or `null` for none.
struct JSONPinsReader {
  let path: String
  /// Members to keep as ``PinSet/properties``.
  var properties: [String] = []

  private func malformed(_ index: Int, _ message: String) -> PinsFileError {
    PinsFileError(path: path, location: .index(index), message: message)
  }

  private func parse(_ bytes: [UInt8]) throws(PinsFileError) -> JSONValue {
    do {
      return try JSONParser.parse(bytes: bytes)
    } catch {
      throw PinsFileError(path: path, location: .file, message: error.message)
    }
  }

  func readAnnouncements(_ bytes: [UInt8]) throws(PinsFileError) -> PinSet {
    guard case .array(let items) = try parse(bytes) else {
      throw PinsFileError(path: path, location: .file, message: "expected a JSON array of announcements")
    }
    var pins = PinSet()
    pins.reserveCapacity(items.count)
    for name in properties { pins.declareProperty(name) }
    for (index, item) in items.enumerated() {
      guard case .object = item else { throw malformed(index, "an announcement must be an object") }
      try add(
        index: index, id: item["id"], latitude: item["lastSeenLatitude"], longitude: item["lastSeenLongitude"],
        status: item["status"], latitudeName: "lastSeenLatitude", longitudeName: "lastSeenLongitude", to: &pins)
      try addProperties(of: item, index: index, to: &pins)
    }
    return pins
  }

  func readGeoJSON(_ bytes: [UInt8]) throws(PinsFileError) -> PinSet {
    let root = try parse(bytes)
    guard root["type"] == .string("FeatureCollection"), case .array(let features)? = root["features"] else {
      throw PinsFileError(
        path: path, location: .file, message: "expected a GeoJSON FeatureCollection with a features array")
    }
    var pins = PinSet()
    pins.reserveCapacity(features.count)
    for name in properties { pins.declareProperty(name) }
    for (index, feature) in features.enumerated() {
      guard case .object = feature, feature["type"] == .string("Feature") else {
        throw malformed(index, "expected a GeoJSON Feature")
      }
      let properties = feature["properties"] ?? .null
      let id = feature["id"] ?? properties["id"] ?? .string(String(index))
      var latitude: JSONValue? = nil
      var longitude: JSONValue? = nil
      switch feature["geometry"] {
      case nil, .null?:
        break
      case let geometry?:
        guard geometry["type"] == .string("Point"), case .array(let coordinates)? = geometry["coordinates"],
          coordinates.count >= 2
        else { throw malformed(index, "geometry must be a Point with [lon, lat] coordinates") }
        (longitude, latitude) = (coordinates[0], coordinates[1])
      }
      try add(
        index: index, id: id, latitude: latitude, longitude: longitude, status: properties["status"],
        latitudeName: "latitude", longitudeName: "longitude", to: &pins)
      try addProperties(of: properties, index: index, to: &pins)
    }
    return pins
  }

  private func add(
    index: Int, id: JSONValue?, latitude: JSONValue?, longitude: JSONValue?, status: JSONValue?,
    latitudeName: String, longitudeName: String, to pins: inout PinSet
  ) throws(PinsFileError) {
    let idText: String
    switch id {
    case .string(let text)?: idText = text
    case .number(let number)? where number == number.rounded() && abs(number) < 1e15:
      idText = ShortestDecimal.string(number)
    default: throw malformed(index, "id must be a string (or an integer)")
    }
    let statusValue: PinStatus?
    switch status {
    case nil, .null?: statusValue = nil
    case .string(let text)?: statusValue = PinStatus(normalizing: text)
    default: throw malformed(index, "status must be a string")
    }
    let lat = try number(latitude, latitudeName, index)
    let lng = try number(longitude, longitudeName, index)
    guard let lat, let lng, PinSet.isValidCoordinate(latitude: lat, longitude: lng) else {
      pins.countInvalidRow()
      return
    }
    do throws(PinRejection) {
      try pins.append(id: idText, latitude: lat, longitude: lng, status: statusValue, sourceRow: index)
    } catch {
      throw malformed(index, error.message)
    }
  }

  /// Sets the last pin's ``properties`` from `object`'s members, when that pin came from item `index`.
  private func addProperties(of object: JSONValue, index: Int, to pins: inout PinSet) throws(PinsFileError) {
    guard !properties.isEmpty, pins.count > 0, pins.sourceRows[pins.count - 1] == UInt32(truncatingIfNeeded: index)
    else { return }
    for (k, name) in properties.enumerated() {
      let text: String?
      switch object[name] {
      case nil, .null?: text = nil
      case .string(let value)?: text = value.trimmingWhitespace()
      case .number(let value)?: text = ShortestDecimal.string(value)
      case .bool(let value)?: text = value ? "true" : "false"
      case let other?:
        throw malformed(index, "\(name) must be a string, number or boolean, not \(other.typeDescription)")
      }
      pins.properties[k].setValue(text, at: pins.count - 1)
    }
  }

  /// A coordinate: a number, `nil` when absent or null (an invalid row), else malformed.
  private func number(_ value: JSONValue?, _ name: String, _ index: Int) throws(PinsFileError) -> Double? {
    switch value {
    case nil, .null?: return nil
    case .number(let number)?: return number
    case let other?: throw malformed(index, "\(name) must be a number, not \(other.typeDescription)")
    }
  }
}
