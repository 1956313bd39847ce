/// Loading pin sets from the pins files of docs/cli.md.
extension PinSet {
  /// The formats ``load(path:)`` reads, chosen by file extension (or the binary magic).
  public enum FileFormat: String, CaseIterable, Sendable {
    case csv, json, geojson
    case binary = "psgpins"
  }

  /// Loads a pins file: `.json` (announcements), `.geojson`, `.psgpins` (binary; also recognised
  /// by its magic), anything else as CSV.
  /// `properties` names extra columns (CSV) or members (JSON, GeoJSON properties) to keep as
  /// ``properties`` (for aggregates); the binary format carries none.
  /// - Throws: ``PinsFileError`` for an unreadable or malformed file, naming the line (CSV) or
  ///   item index (JSON), or a CSV header without a requested column. Invalid coordinates are not
  ///   errors: see ``invalidCount``.
  public static func load(path: String, properties: [String] = []) throws(PinsFileError) -> PinSet {
    let bytes = try FileBytes.read(path)
    return try decode(bytes, format: format(of: path, bytes: bytes), path: path, properties: properties)
  }

  /// The format of a file from its magic bytes, else its extension.
  public static func format(of path: String, bytes: [UInt8]) -> FileFormat {
    if bytes.starts(with: BinaryPinsFormat.magic) { return .binary }
    let lower = path.lowercased()
    if lower.hasSuffix(".geojson") { return .geojson }
    if lower.hasSuffix(".json") { return .json }
    return .csv
  }

  /// Decodes file contents in a given format; `path` is used in error messages.
  /// Text formats must be UTF-8 throughout: a file with an invalid byte is refused with its line,
  /// so no id or status is ever altered (two ids never collapse into the same U+FFFD text).
  public static func decode(_ bytes: [UInt8], format: FileFormat, path: String, properties: [String] = [])
    throws(PinsFileError) -> PinSet
  {
    if format != .binary, let offset = UTF8Validation.firstInvalidOffset(in: bytes) {
      throw PinsFileError(
        path: path, location: .line(UTF8Validation.line(of: offset, in: bytes)),
        message: "not valid UTF-8 (byte \(offset) of the file)")
    }
    var properties = properties
    properties = properties.enumerated().filter { !properties[..<$0.offset].contains($0.element) }.map(\.element)
    switch format {
    case .csv: return try CSVPinsReader(path: path, properties: properties).read(bytes)
    case .json: return try JSONPinsReader(path: path, properties: properties).readAnnouncements(bytes)
    case .geojson: return try JSONPinsReader(path: path, properties: properties).readGeoJSON(bytes)
    case .binary:
      guard properties.isEmpty else {
        throw PinsFileError(
          path: path, location: .file,
          message:
            "the binary pins format carries no properties (asked for: \(properties.joined(separator: ", "))); use CSV or JSON"
        )
      }
      return try BinaryPinsFormat.decode(bytes, path: path)
    }
  }

  /// Writes the set in petspot-geo's binary format (see ``FileFormat/binary``).
  public func writeBinary(to path: String) throws(PinsFileError) {
    try FileBytes.write(BinaryPinsFormat.encode(self), to: path)
  }

  /// Writes the set as CSV (`id,lat,lng,status`), ids quoted where needed.
  public func writeCSV(to path: String) throws(PinsFileError) {
    var out: [UInt8] = Array("id,lat,lng,status\n".utf8)
    out.reserveCapacity(count * 40)
    for i in 0..<count {
      out.append(contentsOf: Self.csvField(ids[i]).utf8)
      out.append(contentsOf: ",\(ShortestDecimal.string(latitudes[i])),\(ShortestDecimal.string(longitudes[i])),".utf8)
      out.append(contentsOf: Self.csvField(status(at: i)?.name ?? "").utf8)
      out.append(UInt8(ascii: "\n"))
    }
    try FileBytes.write(out, to: path)
  }
}

extension PinSet {
  /// One CSV field as RFC 4180 writes it: quoted (with inner quotes doubled) when it holds a
  /// comma, a quote, a line break or leading/trailing white space, as is otherwise.
  static func csvField(_ text: String) -> String {
    let needsQuotes =
      text.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
      || text.first?.isWhitespace == true || text.last?.isWhitespace == true
    return needsQuotes ? "\"" + text.replacingAll("\"", with: "\"\"") + "\"" : text
  }
}

extension String {
  func replacingAll(_ target: Character, with replacement: String) -> String {
    var out = ""
    for c in self { if c == target { out += replacement } else { out.append(c) } }
    return out
  }
}
