/// Loading pin sets from the pins files of docs/cli.md.
extension PinSet {
  /// The formats ``load(path:)`` reads, chosen by file extension (or the binary magic).
  public enum FileFormat: String, CaseIterable, Sendable {
    case csv, json, geojson
    case binary = "psgpins"
  }

  /// Loads a pins file: `.json` (announcements), `.geojson`, `.psgpins` (binary; also recognised
  /// by its magic), anything else as CSV.
  /// - Throws: ``PinsFileError`` for an unreadable or malformed file, naming the line (CSV) or
  ///   item index (JSON). Invalid coordinates are not errors: see ``invalidCount``.
  public static func load(path: String) throws(PinsFileError) -> PinSet {
    let bytes = try FileBytes.read(path)
    return try decode(bytes, format: format(of: path, bytes: bytes), path: path)
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
  public static func decode(_ bytes: [UInt8], format: FileFormat, path: String) throws(PinsFileError) -> PinSet {
    switch format {
    case .csv: try CSVPinsReader(path: path).read(bytes)
    case .json: try JSONPinsReader(path: path).readAnnouncements(bytes)
    case .geojson: try JSONPinsReader(path: path).readGeoJSON(bytes)
    case .binary: try BinaryPinsFormat.decode(bytes, path: path)
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
      let id = ids[i]
      if id.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) {
        out.append(contentsOf: ("\"" + id.replacingAll("\"", with: "\"\"") + "\"").utf8)
      } else {
        out.append(contentsOf: id.utf8)
      }
      out.append(
        contentsOf:
          ",\(ShortestDecimal.string(latitudes[i])),\(ShortestDecimal.string(longitudes[i])),\(status(at: i)?.name ?? "")\n"
          .utf8)
    }
    try FileBytes.write(out, to: path)
  }
}

extension String {
  func replacingAll(_ target: Character, with replacement: String) -> String {
    var out = ""
    for c in self { if c == target { out += replacement } else { out.append(c) } }
    return out
  }
}
